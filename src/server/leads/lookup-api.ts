import "server-only";
import { randomUUID } from "node:crypto";
import { LeadEnvelopeSchema, type PreparedLead } from "@/domain/leads/lead";
import { CAR_HISTORY_OPTIONAL } from "@/domain/leads/forms";
import { LOOKUP_MSG, LookupRequestSchema, lookupTitle, tradeInFromLookup, type LookupAnswer, type RegoStep } from "@/domain/lookups/lookup";
import { lookupProviderOf } from "@/domain/site/features";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { fieldErrors, HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { checkOrigin, readJson } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { siteLog } from "@/server/base/log";
import { getLeadPayload } from "@/server/repositories/leads";
import { LeadValidationError, validateLead } from "@/server/leads/lead-service";
import type { SiteContext } from "@/server/site/context";
import { CarClarityProvider, carHistoryCustomer, localCarHistory, type CarHistoryProvider } from "@/server/lookups/car-history";
import { LookupUnavailableError, siteLookupProviderOf, type VehicleLookupProvider } from "@/server/lookups/providers";
import { siteValuationProvider, valueTradeIn } from "@/server/lookups/valuation";
import { VALUATION_MSG, ValuationRequestSchema } from "@/domain/lookups/valuation";
import { serverNow } from "@/server/base/clock";
import { isUuid } from "@/domain/ids";
import { isMediaType } from "@/domain/http/content-type";

const MAX_BODY = 4 * 1024;
const limiter = () => sharedLimiter("lookup", { limit: env().LOOKUP_RATE_LIMIT, windowMs: 10 * 60_000, databaseUrl: env().DATABASE_URL });

/** The site's lookup provider for this route, or a 404 where the site's flags give the route none. */
export function siteLookupProvider(ctx: SiteContext, route: "/api/nevdis" | "/api/simple-autograb-lookup"): VehicleLookupProvider | null {
  const chosen = lookupProviderOf(ctx.features);
  if (!chosen || chosen.endpoint !== route) return null;
  return siteLookupProviderOf(ctx.features);
}

async function guard(req: Request, ctx: SiteContext) {
  checkOrigin(req, "Lookups can only be made on this website.");
  if (!isMediaType(req.headers.get("content-type"), "application/json")) throw new HttpError(415, "Send the lookup as application/json.");
  await limitOrThrow(
    limiter(),
    `${ctx.site.id}|${clientAddressOf(req)}`,
    "Too many lookups from this connection. Please enter your vehicle’s details by hand.",
  );
}

/**
 * POST /api/nevdis and POST /api/simple-autograb-lookup {rego, state} — vehicle lookup (docs/features/vehicle-lookups.md):
 * 200 {found: true, vehicle: {make, model, year, vin, badge, body, colour}, provider} or
 * {found: false, provider}; 422 for a bad rego or state; 503 {error} with Retry-After when the
 * provider fails (the form goes on by hand); 404 where the site's flags do not use this route.
 */
export const lookupRoute = (route: "/api/nevdis" | "/api/simple-autograb-lookup") =>
  siteApi(async (req, ctx) => {
    const provider = siteLookupProvider(ctx, route);
    if (!provider) throw new HttpError(404, "This site has no vehicle lookup here.");
    await guard(req, ctx);
    const parsed = LookupRequestSchema.safeParse(await readJson(req, MAX_BODY));
    if (!parsed.success) throw new HttpError(422, "Please check the rego and state.", {}, fieldErrors(parsed.error, "lookup"));
    try {
      const vehicle = await provider.lookup(parsed.data);
      const answer: LookupAnswer = vehicle ? { found: true, vehicle, provider: provider.name } : { found: false, provider: provider.name };
      return json(200, answer);
    } catch (err) {
      if (!(err instanceof LookupUnavailableError)) throw err;
      // the rego is the shopper's: it is not logged
      siteLog(ctx.site.id).warn({ provider: provider.name, status: err.status }, "vehicle lookup failed");
      return json(503, { error: "Vehicle lookup isn’t available right now." }, { "retry-after": "60" });
    }
  });

/**
 * The trade-in's rego step posted without JavaScript: a GET of its own page with `?rego=&state=`
 * (a rego and state name no person), looked up here with the site's provider under the lookups'
 * rate limit, so that the page draws the next step. Null where there is nothing to look up (no rego
 * asked, or a site with no lookup); a rego not found, the provider down or the limit reached go on by
 * hand with their note, the rego kept.
 */
export async function lookupForPage(
  ctx: SiteContext,
  query: { rego?: string; state?: string },
  clientAddress: string,
): Promise<RegoStep | null> {
  if (query.rego === undefined) return null;
  const provider = lookupProviderOf(ctx.features) ? siteLookupProviderOf(ctx.features) : null;
  if (!provider) return null;
  const asked = { rego: query.rego.slice(0, 20), state: (query.state ?? "").slice(0, 10) };
  const parsed = LookupRequestSchema.safeParse(asked);
  if (!parsed.success) return { ...asked, errors: fieldErrors(parsed.error, "lookup") };
  const { rego, state } = parsed.data;
  const allowed = await limiter().take(`${ctx.site.id}|${clientAddress}`, 1);
  if (!allowed.ok) return { rego, state, note: LOOKUP_MSG.tooMany };
  try {
    const v = await provider.lookup(parsed.data);
    if (!v) return { rego, state, note: LOOKUP_MSG.notFound };
    return { rego, state, title: lookupTitle(v), vehicle: tradeInFromLookup(provider.name, v, rego, state) };
  } catch (err) {
    if (!(err instanceof LookupUnavailableError)) throw err;
    siteLog(ctx.site.id).warn({ provider: provider.name, status: err.status }, "vehicle lookup failed");
    return { rego, state, note: LOOKUP_MSG.unavailable };
  }
}

/** The site's car history provider: local in the demo, CarClarity with its key; null where the site sends none. */
export function carHistoryProviderFor(ctx: SiteContext): CarHistoryProvider | null {
  const mode = ctx.site.integrations.car_history;
  if (mode === "local") return localCarHistory();
  const { CAR_HISTORY_API_KEY: apiKey, CAR_HISTORY_API_BASE: base } = env();
  if (mode === "live" && apiKey) return new CarClarityProvider({ base, apiKey });
  return null;
}

/**
 * POST /api/carClarityCustomer — the lead payload (as {lead:{…}} or bare) goes
 * to the car history provider. With a `lead_id` of this site the stored lead is sent (never as the
 * caller describes it); without one, the payload itself, checked with its form's own rules like a
 * lead. 202 {reference}; 404 for an unknown lead or a site without the provider; 422 for
 * a payload that is not a trade-in or sell-my-car lead; 503 when the provider fails.
 */
export const carHistoryRoute = siteApi(async (req, ctx) => {
  const provider = carHistoryProviderFor(ctx);
  if (!provider) throw new HttpError(404, "Not found.");
  await guard(req, ctx);
  const raw = await readJson(req, MAX_BODY);
  const wrapped = LeadEnvelopeSchema.safeParse(raw);
  const bare =
    raw && typeof raw === "object" && !Array.isArray(raw) && !Object.hasOwn(raw, "lead") ? (raw as Record<string, unknown>) : null;
  const payload = wrapped.success ? wrapped.data.lead : bare;
  if (!payload || Object.keys(payload).length === 0)
    throw new HttpError(422, 'Send the lead as {"lead": {…}}.', {}, { lead: 'Send the lead as {"lead": {…}}.' });
  let leadId: string;
  let lead: PreparedLead | null;
  if (payload.lead_id !== undefined) {
    if (!isUuid(payload.lead_id)) throw new HttpError(422, "Please check the highlighted fields.", {}, { lead_id: "Unknown lead." });
    leadId = payload.lead_id;
    lead = await getLeadPayload(await getDb(), ctx.site.id, leadId, ctx.features.mock_leads);
    if (!lead || (lead.form !== "trade-in" && lead.form !== "sell-my-car")) throw new HttpError(404, "Unknown lead.");
  } else {
    // the spec's payload on its own: the trade-in (or sell-my-car) form's rules, as for POST /api/leads
    const form = payload.form ?? (ctx.features.sell_my_car ? "sell-my-car" : "trade-in");
    if (form !== "trade-in" && form !== "sell-my-car")
      throw new HttpError(
        422,
        "Please check the highlighted fields.",
        {},
        { form: "Only trade-in and sell-my-car leads go to the car history provider." },
      );
    try {
      lead = (
        await validateLead({
          ctx,
          lead: { ...payload, form },
          userAgent: req.headers.get("user-agent"),
          host: req.headers.get("host"),
          optional: CAR_HISTORY_OPTIONAL,
        })
      ).prepared;
    } catch (e) {
      if (e instanceof LeadValidationError) throw new HttpError(422, e.message, {}, e.errors);
      throw e;
    }
    leadId = randomUUID();
  }
  try {
    const { reference } = await provider.send(carHistoryCustomer(leadId, lead));
    return json(202, { reference });
  } catch (err) {
    if (!(err instanceof LookupUnavailableError)) throw err;
    siteLog(ctx.site.id).warn({ provider: provider.name, status: err.status }, "car history not sent");
    return json(503, { error: "Please try again shortly." }, { "retry-after": "60" });
  }
});

/**
 * POST /api/trade-in-valuation {make, model, year, badge?, odometer, condition} — the
 * trade-in range for a looked-up car. 200 {found: true, low, high, provider} or {found: false,
 * provider}; 422 with field messages; 503 with Retry-After when the vendor fails (the form goes on:
 * "we'll be in touch"); 404 where the site offers no figure (no lookup, or the dealer's switch off).
 */
export const valuationRoute = siteApi(async (req, ctx) => {
  const provider = siteValuationProvider(ctx, serverNow);
  if (!provider) throw new HttpError(404, "This site gives no trade-in figure.");
  await guard(req, ctx);
  const parsed = ValuationRequestSchema.safeParse(await readJson(req, MAX_BODY));
  if (!parsed.success) throw new HttpError(422, "Please check the vehicle's details.", {}, fieldErrors(parsed.error, "valuation"));
  try {
    const v = await valueTradeIn(provider, parsed.data, serverNow());
    return json(200, v ? { found: true, low: v.low, high: v.high, provider: v.provider } : { found: false, provider: provider.name });
  } catch (err) {
    if (!(err instanceof LookupUnavailableError)) throw err;
    siteLog(ctx.site.id).warn({ provider: provider.name, status: err.status }, "trade-in valuation failed");
    return json(503, { error: VALUATION_MSG.unavailable }, { "retry-after": "60" });
  }
});
