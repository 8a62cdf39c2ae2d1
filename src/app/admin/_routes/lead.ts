import "server-only";
import { notFound } from "next/navigation";
import { readableChanges } from "@/domain/leads/answers";
import { telHref } from "@/domain/site/links";
import { vehicleHref } from "@/domain/site/vehicle";
import { leadHandlingOf, responseState } from "@/domain/staff/response";
import { can, roleOn, sitesFor } from "@/domain/staff/roles";
import { requireStaff } from "@/server/admin/pages";
import { requestWallNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { leadDetails } from "@/server/delivery/messages";
import { getInboxLead } from "@/server/repositories/inbox";
import { listSpecialHours } from "@/server/repositories/locations";
import { getSiteById } from "@/server/repositories/sites";
import { listSiteStaff } from "@/server/repositories/staff";
import type { IdParams } from "./params";
import { isCanonicalUuid } from "@/domain/ids";

/** One lead the staff member reads, with what the page shows of it and what their role lets them do; a 404 otherwise. */
export async function loadLead(params: IdParams) {
  const staff = await requireStaff();
  const { id } = await params;
  if (!isCanonicalUuid(id)) notFound();
  const db = await getDb();
  const lead = await getInboxLead(db, sitesFor(staff.roles, "leads.read"), id);
  if (!lead) notFound();
  const site = await getSiteById(db, lead.siteId);
  const payload = lead.payload as Record<string, unknown>;
  const mayUpdate = can(roleOn(staff.roles, lead.siteId), "leads.update");
  const mayAssign = can(roleOn(staff.roles, lead.siteId), "leads.assign");
  const [team, specials] = await Promise.all([mayAssign ? listSiteStaff(db, lead.siteId) : [], listSpecialHours(db, lead.siteId)]);
  // the response timer: the lead's stamps are the database's clock, so the wall clock runs it
  const target = leadHandlingOf(lead.leadHandling).response_minutes;
  const response = responseState(lead.createdAt, lead.firstContactAt, requestWallNow(), target, {
    timeZone: lead.siteTimezone,
    weekly: lead.openingHours ?? [],
    specials,
    locationId: lead.locationId,
  });
  return {
    lead,
    details: leadDetails(lead.payload as never),
    submissions: lead.submissions.map((sub, i) => {
      const before = lead.submissions[i - 1];
      return {
        seq: sub.seq,
        at: sub.at,
        form: sub.form,
        files: sub.files,
        details: sub.seq === 0 ? leadDetails(sub.payload as never) : [],
        changes: before ? readableChanges(sub.changes, before.payload, sub.payload) : [],
      };
    }),
    visited: Array.isArray(payload.visited_pages)
      ? (payload.visited_pages as unknown[]).filter((p): p is string => typeof p === "string")
      : [],
    linkParams:
      payload.linked_query_params && typeof payload.linked_query_params === "object"
        ? Object.entries(payload.linked_query_params as Record<string, unknown>).map(([k, v]) => [k, String(v)] as [string, string])
        : [],
    sentFrom: typeof payload.url === "string" ? payload.url : null,
    carHref: lead.vehicleSlug && site ? new URL(vehicleHref(site.template, lead.vehicleSlug), site.url).toString() : null,
    phoneHref: lead.phone ? telHref(lead.phone, site?.country) : null,
    response: { ...response, target },
    mayUpdate,
    team: mayAssign ? team.map((m) => ({ id: m.id, name: m.name, role: m.role })) : null,
  };
}
