import "server-only";
import { referrerHost } from "@/domain/reports/source";
import { financeQuote } from "@/domain/leads/finance-quote";
import { financeOf } from "@/domain/site/finance";
import { ValuationRequestSchema, type Valuation } from "@/domain/lookups/valuation";
import type { TradeInVehicle } from "@/domain/lookups/lookup";
import { siteValuationProvider, valueTradeIn } from "@/server/lookups/valuation";
import { randomUUID } from "node:crypto";
import { leadFormSchema, wholeNumber } from "@/domain/leads/form-schema";
import { serverNow } from "@/server/base/clock";
import { FORMS, formRulesOf, leadFormSite, visibleFields, type FieldName, type FormDef, type FormRules } from "@/domain/leads/forms";
import { leadFormKind, LeadMetaSchema, normalizeLeadPayload, prepareLead, type LeadSite, type PreparedLead } from "@/domain/leads/lead";
import { FORM_NOT_OFFERED, MSG } from "@/domain/leads/messages";
import { vehicleEnquiryCategory } from "@/domain/leads/answers";
import { marketingConsent } from "@/domain/leads/consent";
import { isFormOffered } from "@/domain/site/routes";
import { resolveTenant, tenantKeyToParam } from "@/domain/site/tenant";
import { env } from "@/server/base/env";
import { getDb } from "@/server/db";
import { fieldErrors } from "@/server/http/api";
import {
  getLeadPayload,
  insertLead,
  leadAsFirstStored,
  leadOfIdempotencyKey,
  updateLead,
  type LeadFileRecord,
} from "@/server/repositories/leads";
import { hasErrorCode } from "@/server/db/errors";
import { IDEMPOTENCY_REUSED_MESSAGE, IDEMPOTENCY_WINDOW_MS } from "@/domain/leads/idempotency";
import { wakeDeliveryWorker } from "@/server/delivery/worker";
import { assignInTurn } from "./assignment";
import { adminOrigin } from "@/server/http/admin-host";
import { siteLog } from "@/server/base/log";
import { getVehicleBySlug } from "@/server/repositories/vehicles";
import type { SiteContext } from "@/server/site/context";
import { isSlotTaken } from "@/server/repositories/bookings";
import { bookingAsked, bookingTaken, holdOf } from "./lead-booking";
import { bookedTimesChanged } from "@/server/cache";
import { deliveryAddresses } from "@/domain/site/lead-destinations";

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

type SiteForms = { minute: number; rules: FormRules; schemas: Map<FormDef["kind"], ReturnType<typeof leadFormSchema>> };
/**
 * A site's form rules and zod schemas, kept per site context (a cached context is one object for
 * a few seconds) and minute: building a form's schema cost more CPU than the rest of a lead's
 * validation. Slots counted from the minute's start differ from the second's by nothing
 * a shopper can choose (slots are 15 minutes apart and may start an hour back).
 */
const siteForms = new WeakMap<SiteContext, SiteForms>();

function formsOf(ctx: SiteContext): SiteForms {
  const minute = Math.floor(serverNow() / 60_000);
  let forms = siteForms.get(ctx);
  if (forms?.minute !== minute) {
    // today's dates from now; test-drive slots with no notice: a slot the form offered when it was opened (an hour's notice) is still taken
    forms = { minute, rules: formRulesOf(leadFormSite(ctx, minute * 60_000, { notice: 0 })), schemas: new Map() };
    siteForms.set(ctx, forms);
  }
  return forms;
}

/** The site facts that shape its forms: the browser gets the same (leadFormSite → formRulesOf). */
export function formRules(ctx: SiteContext): FormRules {
  return formsOf(ctx).rules;
}

/** The form's zod schema for this site (the browser builds the same from the same rules). */
function formSchema(ctx: SiteContext, form: FormDef) {
  const forms = formsOf(ctx);
  let schema = forms.schemas.get(form.kind);
  if (!schema) forms.schemas.set(form.kind, (schema = leadFormSchema(form, forms.rules)));
  return schema;
}

export function leadSite(ctx: SiteContext): LeadSite {
  const primary = ctx.locations.find((l) => l.isPrimary) ?? null;
  return {
    slug: ctx.site.slug,
    fixedDealershipSlug: ctx.features.fixed_dealership_slug,
    pushToPrimary: ctx.features.push_leads_to_primary_location,
    primary: primary ? { id: primary.id, dealershipSlug: primary.dealershipSlug } : null,
    locations: ctx.locations.map((l) => ({ id: l.id, dealershipSlug: l.dealershipSlug })),
  };
}

const NOT_THIS_SITE = "This enquiry was sent from another website.";

/** The page URL a lead says it came from must be a page of this site (it never chooses the site). */
function urlIsThisSite(url: string, ctx: SiteContext, requestHost: string | null): boolean {
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== "https:" && u.protocol !== "http:") return false;
    host = u.host;
  } catch {
    return false;
  }
  const key = resolveTenant(host, env().DEFAULT_SITE);
  const requestKey = resolveTenant(requestHost, env().DEFAULT_SITE);
  if (key.by === requestKey.by && tenantKeyToParam(key) === tenantKeyToParam(requestKey)) return true;
  return key.by === "slug" ? key.slug === ctx.site.slug : key.domain === ctx.site.domainName?.replace(/^www\./, "");
}

/**
 * Every lead may name its dealership and location (`dealership_slug`, `location_id`),
 * also where its form does not ask for them (finance, fleet, careers…). Given, they must be this
 * site's; absent, the server rules choose (primary location).
 */
function siteChoices(lead: Record<string, unknown>, form: FormDef, ctx: SiteContext): Record<string, unknown> {
  const rules = formRules(ctx);
  const shown = visibleFields(form, rules);
  const out: Record<string, unknown> = {};
  const given = (v: unknown) => v !== undefined && v !== null && v !== "";
  // one the site does not have is left out where the site overrides it anyway (the spec's primary-location push, fixed slugs)
  if (!shown.includes("location") && given(lead.location)) {
    const r = wholeNumber().safeParse(lead.location);
    const known = r.success && ctx.locations.some((l) => l.id === r.data);
    if (!known && !rules.overrides?.location) throw new LeadValidationError({ location: MSG.required });
    if (known) out.location = r.data;
  }
  if (!shown.includes("dealership_slug") && given(lead.dealership_slug)) {
    const slug = typeof lead.dealership_slug === "string" ? lead.dealership_slug.trim() : "";
    const known = ctx.dealerships.some((d) => d.slug === slug);
    if (!known && !rules.overrides?.dealership) throw new LeadValidationError({ dealership_slug: MSG.required });
    if (known) out.dealership_slug = slug;
  }
  return out;
}

type Submission = {
  ctx: SiteContext;
  lead: Record<string, unknown>;
  userAgent: string | null;
  host?: string | null;
  /** fields this caller may leave out although the form asks for them (the car history payload) */
  optional?: readonly FieldName[];
  /** the marketing consent the lead already keeps (an update): kept while the answer stays the same */
  consentBefore?: unknown;
};

/**
 * Validates with the form's own schema and applies the server rules; throws LeadValidationError.
 * The payload may be the spec's own (no `form`: the form follows category/subcategory; `location_id`).
 */
export async function validateLead({ ctx, lead: raw, userAgent, host = null, optional, consentBefore }: Submission) {
  const lead = normalizeLeadPayload(raw);
  const meta = LeadMetaSchema.safeParse(lead);
  if (!meta.success) throw new LeadValidationError(fieldErrors(meta.error));
  if (meta.data.company_website) throw new RejectedLeadError();
  if (meta.data.website_slug !== undefined && meta.data.website_slug !== ctx.site.slug)
    throw new LeadValidationError({ website_slug: NOT_THIS_SITE });
  if (meta.data.url !== undefined && !urlIsThisSite(meta.data.url, ctx, host)) throw new LeadValidationError({ url: NOT_THIS_SITE });
  const kind = leadFormKind(lead, { sellMyCar: ctx.features.sell_my_car });
  if (!isFormOffered(kind, ctx.routes)) throw new LeadValidationError({ form: FORM_NOT_OFFERED });
  const form = FORMS[kind];
  const found = meta.data.vehicle ? await getVehicleBySlug(await getDb(), ctx.site, meta.data.vehicle) : null;
  const car = found && !found.hidden ? found.vehicle : null;
  const now = serverNow();
  const asked = bookingAsked(ctx, kind, lead, car ? { id: car.id, locationId: car.locationId ?? null } : null, now);
  const schema = optional?.length
    ? leadFormSchema({ ...form, optional: [...form.optional, ...optional] }, formRules(ctx))
    : formSchema(ctx, form);
  const fields = schema.safeParse(lead);
  if (!fields.success) throw new LeadValidationError(fieldErrors(fields.error));
  const values = { ...fields.data, ...siteChoices(lead, form, ctx), ...(meta.data.name ? { name: meta.data.name } : {}) };
  let vehicleId: number | null = null;
  let vehicleLocationId: number | null = null;
  let category = form.category ?? String(values.category);
  const aboutACar = form.kind === "vehicle" || form.kind === "test-drive";
  if (aboutACar && (lead.category === "Used Vehicle Enquiry" || lead.category === "Demo Vehicle Enquiry")) category = lead.category;
  if (car) {
    vehicleId = car.id;
    vehicleLocationId = car.locationId ?? null;
    // an enquiry or test drive about a car is filed by its car_type (docs/features/forms-and-leads.md)
    if (aboutACar) category = vehicleEnquiryCategory(car.carType);
  }
  const booking = asked ? await holdOf(ctx, asked, now) : null;
  // the wall clock, as the database stamps the lead's row
  const consent = marketingConsent(values.opt_in, new Date(), consentBefore);
  const prepared: PreparedLead = {
    ...prepareLead(
      values,
      { category, subcategory: form.subcategory ?? null, url: meta.data.url, userAgent, vehicleLocationId },
      leadSite(ctx),
    ),
    form: form.kind,
    vehicle: meta.data.vehicle ?? null,
    page_id: meta.data.page_id ?? null,
    visited_pages: meta.data.visited_pages,
    linked_query_params: meta.data.linked_query_params,
    // only a host is kept (never a path or query, which may name a person)
    ...(referrerHost(meta.data.first_referrer) ? { first_referrer: referrerHost(meta.data.first_referrer)! } : {}),
    has_files: meta.data.has_files ?? false,
    ...(booking ? { booking_start: booking.start } : {}),
    // the words beside the box, ticked or not, and when: what the dealer may rely on to send offers
    ...(consent ? { marketing_consent: consent } : {}),
    // only the forms that ask about the shopper's own vehicle carry it
    ...(meta.data.trade_in_vehicle && form.fields.includes("trade_vehicle") ? { trade_in_vehicle: meta.data.trade_in_vehicle } : {}),
    // the finance forms carry the calculator's figures, the repayment worked out again with the site's fees
    ...(meta.data.finance_quote && form.fields.includes("loan_amount")
      ? { finance_quote: financeQuote(meta.data.finance_quote, financeOf(ctx.site)) }
      : {}),
  };
  // the trade-in's range as the shopper was shown it: worked out here again, never taken from the browser
  if (prepared.trade_in_vehicle) {
    const valuation = await tradeInValuation(ctx, meta.data.trade_in_vehicle);
    if (valuation) prepared.trade_in_valuation = valuation;
  }
  return { prepared, vehicleId, booking: booking && asked ? { ...booking, asked } : null };
}

/** How long a lead waits for its trade-in range before it is stored without one (the lead is never held up for long). */
const VALUATION_WAIT_MS = 2_000;

/** The range the site's provider gives the lead's looked-up car, or null (no figure on this site, too little known, the vendor down or slow). */
async function tradeInValuation(ctx: SiteContext, v: TradeInVehicle | undefined): Promise<Valuation | null> {
  const provider = siteValuationProvider(ctx, serverNow);
  const asked = ValuationRequestSchema.safeParse({
    make: v?.make,
    model: v?.model,
    year: v?.year,
    ...(v?.badge ? { badge: v.badge } : {}),
    odometer: v?.odometer,
    condition: v?.condition,
  });
  if (!provider || !asked.success) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), VALUATION_WAIT_MS)));
  try {
    return await Promise.race([valueTradeIn(provider, asked.data, serverNow()), late]);
  } catch {
    return null; // the vendor failed: the lead goes on without a figure
  } finally {
    clearTimeout(timer);
  }
}

export { deliveryAddresses };

/**
 * A repeat of a submission already stored (the same Idempotency-Key and the same body): answered
 * with the first lead's answer, and nothing is stored.
 */
export class IdempotentReplay extends Error {
  constructor(readonly body: { lead: Record<string, unknown> }) {
    super("A repeat of a stored enquiry.");
  }
}

/** The answer to a lead's creation: the lead with its id, when it was stored and its attachments. */
function createdAnswer(
  id: string,
  lead: PreparedLead,
  createdAt: Date,
  files: ReadonlyArray<{ filename: string; contentType: string; size: number }>,
) {
  return {
    id,
    ...lead,
    created_at: createdAt.toISOString(),
    files: [...files]
      .sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0))
      .map((f) => ({ filename: f.filename, content_type: f.contentType, size: f.size })),
  };
}

export type Idempotency = { key: string; hash: string };

/**
 * What an Idempotency-Key already answers: nothing (a new submission), the first lead's answer
 * (IdempotentReplay) for the same body, or a LeadValidationError for another body.
 */
async function earlierAnswer(siteId: number, idem: Idempotency): Promise<IdempotentReplay | LeadValidationError | null> {
  const db = await getDb();
  // the wall clock, as the database stamps the key (never a test clock)
  const stored = await leadOfIdempotencyKey(db, siteId, idem.key, new Date(Date.now() - IDEMPOTENCY_WINDOW_MS));
  if (!stored) return null;
  if (stored.requestHash !== idem.hash) return new LeadValidationError({ idempotency_key: IDEMPOTENCY_REUSED_MESSAGE });
  const first = await leadAsFirstStored(db, siteId, stored.leadId);
  return first ? new IdempotentReplay({ lead: createdAnswer(stored.leadId, first.payload, first.createdAt, first.files) }) : null;
}

/**
 * Stores a new lead (with its attachments' records) and returns it with its unguessable id. With an
 * Idempotency-Key, a repeat within 24 hours throws IdempotentReplay (or LeadValidationError for a
 * different body) and stores nothing; two repeats at once are decided by the key's unique index.
 */
export async function createLead(
  s: Submission & {
    mock: boolean;
    files?: (leadId: string) => Promise<LeadFileRecord[]>;
    id?: string;
    customerId?: string | null;
    idempotency?: Idempotency;
  },
) {
  if (s.idempotency) {
    const earlier = await earlierAnswer(s.ctx.site.id, s.idempotency);
    if (earlier) throw earlier;
  }
  const { prepared, vehicleId, booking } = await validateLead(s);
  const id = s.id ?? randomUUID();
  const files = s.files ? await s.files(id) : [];
  const lead = files.length ? { ...prepared, has_files: true } : prepared;
  const row = await insertLead(await getDb(), s.ctx.site.id, lead, {
    id,
    isMock: s.mock || s.ctx.features.mock_leads,
    vehicleId,
    files,
    customerId: s.customerId,
    deliverTo: deliveryAddresses(s.ctx, lead.location_id),
    ...(s.idempotency ? { idempotency: s.idempotency } : {}),
    ...(booking ? { booking: booking.hold } : {}),
  }).catch(async (e: unknown) => {
    if (booking && isSlotTaken(e)) throw await bookingTaken(s.ctx, booking.asked, serverNow());
    // the same key stored meanwhile by a repeat that arrived with this one: its answer is ours
    if (s.idempotency && hasErrorCode(e, (c) => c === "23505")) {
      const earlier = await earlierAnswer(s.ctx.site.id, s.idempotency);
      if (earlier) throw earlier;
    }
    throw e;
  });
  wakeDeliveryWorker(); // delivered within the second, by this process's worker (or any other's)
  // the car's or the workshop's form pages no longer offer the time just booked (where it is full)
  if (booking) bookedTimesChanged(s.ctx.site.id, booking.hold);
  // on a round-robin site, the next salesperson in turn at its location (never at the lead's cost)
  if (!s.mock && !s.ctx.features.mock_leads)
    await assignInTurn(await getDb(), { siteId: s.ctx.site.id, id: row.id, locationId: lead.location_id ?? null }, adminOrigin()).catch(
      (err: Error) => siteLog(s.ctx.site.id).warn({ err: err.message }, "round-robin assignment failed"),
    );
  return createdAnswer(row.id, lead, row.createdAt, files);
}

/** The stored lead as a payload again (its form, its location as the location field). */
function storedPayload(p: PreparedLead): Record<string, unknown> {
  const { location_id, user_agent: _ua, source: _s, website_slug: _w, ...rest } = p;
  const present = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
  return { ...present, ...(location_id != null ? { location: location_id } : {}) };
}

/**
 * Updates a lead of this site: a partial update (lead_id), merged with what is stored and
 * validated as a whole; its attachments and `has_files` stay, and files sent with it are added.
 * The submission is kept in the lead's history and delivered to the dealer like a new
 * lead (an update that changes nothing sends nothing). Null when the id is not one of this
 * site's leads (checked before any validation).
 */
export async function changeLead(s: Submission & { mock: boolean; id: string; files?: (leadId: string) => Promise<LeadFileRecord[]> }) {
  const db = await getDb();
  const isMock = s.mock || s.ctx.features.mock_leads;
  const stored = await getLeadPayload(db, s.ctx.site.id, s.id, isMock);
  if (!stored) return null;
  const { lead_id: _id, ...changes } = s.lead;
  const { prepared } = await validateLead({
    ...s,
    lead: { ...storedPayload(stored), ...changes },
    consentBefore: stored.marketing_consent,
  });
  const files = s.files ? await s.files(s.id) : [];
  const updated = await updateLead(db, s.ctx.site.id, s.id, isMock, prepared, {
    files,
    deliverTo: deliveryAddresses(s.ctx, prepared.location_id),
  });
  if (!updated) return null;
  if (updated.changed) wakeDeliveryWorker();
  return {
    id: s.id,
    ...updated.lead,
    ...(files.length ? { files: files.map((f) => ({ filename: f.filename, content_type: f.contentType, size: f.size })) } : {}),
  };
}
