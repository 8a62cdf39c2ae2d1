import "server-only";
import { notFound } from "next/navigation";
import { readableChanges } from "@/domain/leads/answers";
import { telHref } from "@/domain/site/links";
import { vehicleHref } from "@/domain/site/vehicle";
import { leadHandlingOf, leadHours, responseState } from "@/domain/staff/response";
import { asLeadStatus, can, roleOn, sitesFor } from "@/domain/staff/roles";
import { requireStaff } from "@/server/admin/pages";
import { requestWallNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { leadDetails } from "@/server/delivery/messages";
import { getInboxLead } from "@/server/repositories/inbox";
import { listSpecialHours } from "@/server/repositories/locations";
import { getSiteById } from "@/server/repositories/sites";
import { listSiteStaff } from "@/server/repositories/staff";
import { oneParam, type IdParams, type SearchParams } from "./params";
import { isCanonicalUuid } from "@/domain/ids";
import { cookies } from "next/headers";
import { THUMB_WIDTH, imageUrl } from "@/domain/format/image";
import { formatPrice } from "@/domain/format/price";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { fillTemplate, mailtoHref, replyTemplatesOf, smsHref, visitedPage } from "@/domain/leads/follow-up";
import { vehicleTitle } from "@/domain/stock/vehicle";
import type { Template } from "@/domain/site/types";
import { CALL_FLASH_COOKIE, UPDATE_FLASH_COOKIE } from "@/server/admin/api/leads";
import { leadPageVehicles, listLeadCalls, listOtherEnquiries } from "@/server/repositories/lead-calls";

type CarRow = Awaited<ReturnType<typeof leadPageVehicles>>[number];

/** A car as the lead page's card shows it: a small photo, its title, price, stock number and its page on the website. */
const carCard = (v: CarRow, template: Template, siteUrl: string) => ({
  id: v.id,
  title: vehicleTitle(v),
  price: v.status === "sold" ? "Sold" : formatPrice(v.price),
  stock: v.stockNumber,
  href: new URL(vehicleHref(template, v.slug), siteUrl).toString(),
  photo: v.photo ? imageUrl(v.photo, { width: THUMB_WIDTH }) : null,
});
export type LeadCarCard = ReturnType<typeof carCard>;

/** A refused "Log a call" form, read back from its cookie for this attempt (what was typed and the messages). */
async function callFlashOf(siteId: number, attempt: string | undefined) {
  if (!attempt || attempt === "saved") return null;
  const known = (k: string) => ["outcome", "note", "follow_up_on", "form"].includes(k);
  const f = decodeFormFlash((await cookies()).get(CALL_FLASH_COOKIE)?.value, siteId, attempt, known);
  return f && { errors: f.errors, values: f.values };
}

/** A refused "Update" form (status and note), read back from its cookie for this attempt. */
async function updateFlashOf(siteId: number, attempt: string | undefined) {
  if (!attempt || attempt === "saved") return null;
  const known = (k: string) => ["status", "note", "form"].includes(k);
  const f = decodeFormFlash((await cookies()).get(UPDATE_FLASH_COOKIE)?.value, siteId, attempt, known);
  return f && { errors: f.errors, values: f.values };
}

/** How "Take it" went, from the address its post came back to (anything else: nothing to say). */
const takeOutcome = (v: string | undefined): "taken" | "refused" | null => (v === "taken" || v === "refused" ? v : null);

/** One lead the staff member reads, with what the page shows of it and what their role lets them do; a 404 otherwise. */
export async function loadLead(params: IdParams, searchParams: SearchParams) {
  const staff = await requireStaff();
  const { id } = await params;
  const sp = await searchParams;
  if (!isCanonicalUuid(id)) notFound();
  const db = await getDb();
  const lead = await getInboxLead(db, sitesFor(staff.roles, "leads.read"), id);
  if (!lead) notFound();
  const site = await getSiteById(db, lead.siteId);
  const payload = lead.payload as Record<string, unknown>;
  const mayUpdate = can(roleOn(staff.roles, lead.siteId), "leads.update");
  const mayAssign = can(roleOn(staff.roles, lead.siteId), "leads.assign");
  const visited = Array.isArray(payload.visited_pages)
    ? (payload.visited_pages as unknown[]).filter((p): p is string => typeof p === "string").map(visitedPage)
    : [];
  const viewedSlugs = [...new Set(visited.flatMap((p) => (p.kind === "vehicle" ? [p.slug] : [])))];
  const [team, specials, calls, others, flash, updateFlash] = await Promise.all([
    mayAssign ? listSiteStaff(db, lead.siteId) : [],
    listSpecialHours(db, lead.siteId),
    listLeadCalls(db, lead.siteId, lead.id),
    listOtherEnquiries(db, lead.siteId, lead),
    callFlashOf(lead.siteId, oneParam(sp, "call")),
    updateFlashOf(lead.siteId, oneParam(sp, "update")),
  ]);
  // the cars of the page: the lead's, those the shopper looked at and those of their other enquiries, in one query
  const carIds = [lead.vehicleId, ...others.map((o) => o.vehicleId)].filter((v): v is number => v !== null);
  const cars = site ? await leadPageVehicles(db, lead.siteId, carIds, viewedSlugs) : [];
  const card = (v: CarRow | undefined) => (v && site ? carCard(v, site.template, site.url) : null);
  const byId = new Map(cars.map((v) => [v.id, v]));
  const bySlug = new Map(cars.map((v) => [v.slug, v]));
  const car = lead.vehicleId === null ? null : card(byId.get(lead.vehicleId));
  // the one-tap replies: the site's templates with the shopper's first name, the car and the salesperson
  const templates = replyTemplatesOf((lead.leadHandling as { reply_templates?: unknown }).reply_templates);
  const fill = (text: string) =>
    fillTemplate(text, {
      first_name: lead.firstName ?? lead.name?.split(" ")[0] ?? null,
      car: car?.title ?? lead.vehicleName,
      salesperson: staff.name,
      site: lead.siteName,
    });
  // the response timer: the lead's stamps are the database's clock, so the wall clock runs it
  const target = leadHandlingOf(lead.leadHandling).response_minutes;
  const response = responseState(lead.createdAt, lead.firstContactAt, requestWallNow(), target, leadHours(lead, specials));
  return {
    lead,
    details: leadDetails(lead.payload as never, lead.siteTimezone),
    submissions: lead.submissions.map((sub, i) => {
      const before = lead.submissions[i - 1];
      return {
        seq: sub.seq,
        at: sub.at,
        form: sub.form,
        files: sub.files,
        details: sub.seq === 0 ? leadDetails(sub.payload as never, lead.siteTimezone) : [],
        changes: before ? readableChanges(sub.changes, before.payload, sub.payload) : [],
      };
    }),
    visited: visited.map((p) => {
      const v = p.kind === "vehicle" ? bySlug.get(p.slug) : undefined;
      return { path: p.path, label: v ? vehicleTitle(v) : p.kind === "page" ? p.label : p.path, car: Boolean(v) };
    }),
    car,
    viewedCars: viewedSlugs.flatMap((slug) => {
      const v = bySlug.get(slug);
      return v && v.id !== lead.vehicleId ? [card(v)!] : [];
    }),
    others: others.map((o) => ({
      id: o.id,
      at: o.createdAt,
      form: o.category,
      status: asLeadStatus(o.status),
      car: o.vehicleId === null ? null : card(byId.get(o.vehicleId)),
    })),
    calls,
    callForm: flash,
    callSaved: oneParam(sp, "call") === "saved",
    updateForm: updateFlash,
    updateSaved: oneParam(sp, "update") === "saved",
    replies: {
      sms: lead.phone ? smsHref(lead.phone, fill(templates.sms), site?.country) : null,
      email: lead.email ? mailtoHref(lead.email, fill(templates.email_subject), fill(templates.email_body)) : null,
    },
    linkParams:
      payload.linked_query_params && typeof payload.linked_query_params === "object"
        ? Object.entries(payload.linked_query_params as Record<string, unknown>).map(([k, v]) => [k, String(v)] as [string, string])
        : [],
    sentFrom: typeof payload.url === "string" ? payload.url : null,
    phoneHref: lead.phone ? telHref(lead.phone, site?.country) : null,
    response: { ...response, target },
    mayUpdate,
    team: mayAssign ? team.map((m) => ({ id: m.id, name: m.name, role: m.role })) : null,
    take: takeOutcome(oneParam(sp, "take")),
  };
}
