import { randomUUID } from "node:crypto";
import { z } from "zod";
import { FORMS, formRulesOf, leadFormSchema, type FormRules, type LeadFormSite } from "@/domain/leads/forms";
import { phoneMarket } from "@/domain/leads/phone";
import { LeadMetaSchema, prepareLead, type LeadSite, type PreparedLead } from "@/domain/leads/lead";
import { getDb } from "@/server/db";
import { insertLead, updateLead, type LeadFileRecord } from "@/server/repositories/leads";
import { getVehicleBySlug } from "@/server/repositories/vehicles";
import type { SiteContext } from "@/server/site-context";

export class LeadValidationError extends Error {
  constructor(readonly errors: Record<string, string>) {
    super("Please check the highlighted fields.");
  }
}

/** A submission that filled the honeypot field: refused, never stored. */
export class RejectedLeadError extends Error {
  constructor() {
    super("Your enquiry could not be accepted.");
  }
}

/** The first message per field, as the form shows it: `{ field: message }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "lead";
    if (!out.has(key)) out.set(key, issue.message);
  }
  return Object.fromEntries(out);
}

/** What a site's forms need to know (passed to the browser form; the server derives the same rules). */
export function leadFormSite(ctx: SiteContext): LeadFormSite {
  return {
    market: phoneMarket(ctx.site.country),
    zip: ctx.site.country === "US",
    leadBase: ctx.features.mock_leads ? "/mock" : "/api",
    locations: ctx.locations.map((l) => ({ id: l.id, name: l.name })),
    dealerships: ctx.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    messageOptional: ctx.features.contact_message_optional,
  };
}

/** The site facts that shape its forms: the browser gets the same (leadFormSite → formRulesOf). */
export function formRules(ctx: SiteContext): FormRules {
  return formRulesOf(leadFormSite(ctx));
}

export function leadSite(ctx: SiteContext): LeadSite {
  const primary = ctx.locations.find((l) => l.isPrimary) ?? ctx.locations[0] ?? null;
  return {
    slug: ctx.site.slug,
    fixedDealershipSlug: ctx.features.fixed_dealership_slug,
    pushToPrimary: ctx.features.push_leads_to_primary_location,
    primary: primary ? { id: primary.id, dealershipSlug: primary.dealershipSlug } : null,
    locations: ctx.locations.map((l) => ({ id: l.id, dealershipSlug: l.dealershipSlug })),
    defaultDealershipSlug: ctx.dealerships[0]?.slug ?? null,
  };
}

type Submission = { ctx: SiteContext; lead: Record<string, unknown>; userAgent: string | null };

/** Validates with the form's own schema and applies the server rules; throws LeadValidationError. */
export async function validateLead({ ctx, lead, userAgent }: Submission) {
  const meta = LeadMetaSchema.safeParse(lead);
  if (!meta.success) throw new LeadValidationError(fieldErrors(meta.error));
  if (meta.data.company_website) throw new RejectedLeadError();
  const form = FORMS[meta.data.form];
  const fields = leadFormSchema(form, formRules(ctx)).safeParse(lead);
  if (!fields.success) throw new LeadValidationError(fieldErrors(fields.error));
  const values = fields.data as Record<string, unknown>;
  let vehicleId: number | null = null;
  let category = form.category ?? String(values.category);
  if (meta.data.vehicle) {
    const found = await getVehicleBySlug(await getDb(), ctx.site, meta.data.vehicle);
    if (found && !found.hidden) {
      vehicleId = found.vehicle.id;
      if (form.kind === "vehicle") category = found.vehicle.carType === "used" ? "Used Vehicle Enquiry" : "New Vehicle Enquiry";
    }
  }
  const prepared: PreparedLead = {
    ...prepareLead(values, { category, subcategory: form.subcategory ?? null, url: meta.data.url, userAgent }, leadSite(ctx)),
    form: form.kind,
    vehicle: meta.data.vehicle ?? null,
    page_id: meta.data.page_id ?? null,
    visited_pages: meta.data.visited_pages,
    linked_query_params: meta.data.linked_query_params,
    has_files: meta.data.has_files ?? false,
  };
  return { prepared, vehicleId };
}

/** Stores a new lead (with its attachments' records) and returns it with its unguessable id. */
export async function createLead(s: Submission & { mock: boolean; files?: (leadId: string) => Promise<LeadFileRecord[]>; id?: string }) {
  const { prepared, vehicleId } = await validateLead(s);
  const id = s.id ?? randomUUID();
  const files = s.files ? await s.files(id) : [];
  const lead = files.length ? { ...prepared, has_files: true } : prepared;
  const row = await insertLead(await getDb(), s.ctx.site.id, lead, { id, isMock: s.mock || s.ctx.features.mock_leads, vehicleId, files });
  return { id: row.id, ...lead, created_at: row.createdAt.toISOString(), files: files.map((f) => ({ filename: f.filename, content_type: f.contentType, size: f.size })) };
}

/** Updates a lead of this site; null when the id is not one of this site's leads. */
export async function changeLead(s: Submission & { mock: boolean; id: string }) {
  const { prepared } = await validateLead(s);
  const updated = await updateLead(await getDb(), s.ctx.site.id, s.id, s.mock || s.ctx.features.mock_leads, prepared);
  return updated ? { id: s.id, ...updated } : null;
}
