import "server-only";
import { wakeDeliveryWorker } from "@/server/delivery/worker";
import { canReserve, checkoutSchema, DEPOSIT_CENTS, STORE_MSG, type CheckoutInput } from "@/domain/store/checkout";
import { formatPrice } from "@/domain/format/price";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { originFor } from "@/server/auth/auth";
import { currentCustomer } from "@/server/auth/handlers";
import { catalogueChanged } from "@/server/cache";
import { requestNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { fieldErrors, HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { checkOrigin, readJson } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { env } from "@/server/base/env";
import { deliveryAddresses, validateLead } from "@/server/leads/lead-service";
import {
  getOrder,
  reserveVehicle,
  setOrderReference,
  setTestPaymentOutcome,
  settleOrder,
  testPaymentOutcome,
  type OrderRow,
} from "@/server/repositories/orders";
import { getVehicleBySlug } from "@/server/repositories/vehicles";
import type { SiteContext } from "@/server/site/context";
import { paymentProviderFor, TestPaymentProvider, type PaymentProvider } from "./payments";
import { isUuid } from "@/domain/ids";
import { isMediaType } from "@/domain/http/content-type";

const MAX_BODY = 8 * 1024;
const ORIGIN_MESSAGE = "Reservations can only be made on this website.";

const testProvider = new TestPaymentProvider(async (reference) => testPaymentOutcome(await getDb(), reference));

/** The site's payment provider, or null where it takes none (no store, or a provider without its key). */
export function storeProvider(ctx: SiteContext): PaymentProvider | null {
  return ctx.features.enable_store ? paymentProviderFor(ctx.site.paymentProvider, testProvider) : null;
}

/** The deposit as the site writes money ("$500"). */
export const depositLabel = () => formatPrice(DEPOSIT_CENTS / 100);

const limiter = () => sharedLimiter("checkout", { limit: env().LEAD_RATE_LIMIT, windowMs: 10 * 60_000, databaseUrl: env().DATABASE_URL });

/**
 * POST /api/checkout {vehicle_slug, first_name, last_name, email, phone, postcode, accept_terms} —
 * reserve a car: 201 {order_id, redirect_url} (the provider's hosted checkout); 422 with field
 * messages; 409 when another buyer holds the car; 404 where the site has no store.
 */
export const checkoutRoute = siteApi(async (req, ctx) => {
  const provider = storeProvider(ctx);
  if (!provider) throw new HttpError(404, "This site does not take reservations online.");
  checkOrigin(req, ORIGIN_MESSAGE);
  if (!isMediaType(req.headers.get("content-type"), "application/json"))
    throw new HttpError(415, "Send the reservation as application/json.");
  const parsed = checkoutSchema(ctx.site.country).safeParse(await readJson(req, MAX_BODY));
  if (!parsed.success) throw new HttpError(422, "Please check the highlighted fields.", {}, fieldErrors(parsed.error, "form"));
  await limitOrThrow(
    limiter(),
    `${ctx.site.id}|${clientAddressOf(req)}`,
    "Too many attempts from this connection. Please try again in a few minutes.",
  );
  const order = await reserve(req, ctx, parsed.data, provider);
  return json(201, order);
});

async function reserve(req: Request, ctx: SiteContext, input: CheckoutInput, provider: PaymentProvider) {
  const db = await getDb();
  const now = requestNow();
  const found = await getVehicleBySlug(db, ctx.site, input.vehicle_slug, now);
  if (!found || found.hidden || !canReserve({ status: found.vehicle.status, price: found.vehicle.price, listed: found.listed }))
    throw new HttpError(422, STORE_MSG.unavailable, {}, { vehicle_slug: STORE_MSG.unavailable });
  const v = found.vehicle;
  const host = req.headers.get("host");
  // the reservation is also the dealer's lead, through the lead pipeline's own rules
  const { prepared } = await validateLead({
    ctx,
    lead: {
      form: "vehicle",
      vehicle: v.slug,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      phone: input.phone,
      postcode: input.postcode,
      ...(v.locationId ? { location: v.locationId } : {}),
      message: `Reserved online with a refundable deposit of ${depositLabel()}.`,
    },
    userAgent: req.headers.get("user-agent"),
    host,
  });
  const customer = await currentCustomer(req.headers, ctx);
  const r = await reserveVehicle(db, {
    siteId: ctx.site.id,
    vehicleId: v.id,
    lead: { ...prepared, subcategory: "Reserve Online" },
    customerId: customer?.id ?? null,
    currency: ctx.site.currency,
    provider: provider.name,
    firstName: input.first_name,
    now: new Date(now),
    holder: { email: input.email, clientAddress: clientAddressOf(req) },
    deliverTo: deliveryAddresses(ctx, prepared.location_id ?? v.locationId),
  });
  if (!r.ok) throw new HttpError(409, r.reason === "holds" ? STORE_MSG.tooManyHolds : STORE_MSG.taken);
  wakeDeliveryWorker();
  catalogueChanged([ctx.site.id]); // the car's page says it is reserved
  const origin = originFor(host ?? "localhost");
  const back = `${origin}/checkout/confirmed?order=${r.order.id}`;
  try {
    const checkout = await provider.createCheckout({
      orderId: r.order.id,
      amountCents: r.order.amountCents,
      currency: r.order.currency,
      description: `Refundable deposit: ${vehicleTitle(v)} (stock no. ${v.stockNumber})`,
      customerEmail: input.email,
      successUrl: back,
      cancelUrl: `${back}&cancelled=1`,
    });
    await setOrderReference(db, ctx.site.id, r.order.id, checkout.reference);
    return { order_id: r.order.id, redirect_url: checkout.redirectUrl };
  } catch (e) {
    // no checkout, no hold: the car is free again at once
    await settleOrder(db, ctx.site.id, r.order.id, "cancelled", new Date(requestNow()));
    catalogueChanged([ctx.site.id]);
    if (e instanceof HttpError) throw e;
    throw new HttpError(503, "Payments are not available right now. Please try again shortly or call us.", { "retry-after": "60" });
  }
}

/**
 * The order as the buyer's return from the provider finds it: a pending order is settled by what
 * the provider says now (never by the return address alone). Null for an unknown order.
 */
export async function confirmOrder(ctx: SiteContext, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const order = await getOrder(db, ctx.site.id, id);
  if (!order || order.status !== "pending" || !order.providerRef) return order;
  const provider = order.provider === "test" ? testProvider : storeProvider(ctx);
  if (!provider) return order;
  const status = await provider.status(order.providerRef);
  if (status === "open") return order;
  const settled = await settleOrder(db, ctx.site.id, id, status, new Date(requestNow()));
  catalogueChanged([ctx.site.id]);
  return settled;
}

/**
 * POST /api/checkout/test-pay {order, outcome: "paid" | "cancelled"} — the local test provider's
 * hosted page answering for the buyer (only on sites whose provider is the test one).
 */
export const testPayRoute = siteApi(async (req, ctx) => {
  if (storeProvider(ctx)?.name !== "test") throw new HttpError(404, "Not found.");
  checkOrigin(req, ORIGIN_MESSAGE);
  const body = (await readJson(req, 1024)) as { order?: unknown; outcome?: unknown } | null;
  const id = typeof body?.order === "string" ? body.order : "";
  const outcome = body?.outcome === "paid" || body?.outcome === "cancelled" ? body.outcome : null;
  if (!isUuid(id) || !outcome) throw new HttpError(422, "Please check the request.", {}, { order: "Give an order id and an outcome." });
  if (!(await setTestPaymentOutcome(await getDb(), ctx.site.id, id, outcome))) throw new HttpError(404, STORE_MSG.unknownOrder);
  return json(200, { redirect_url: `/checkout/confirmed?order=${id}${outcome === "cancelled" ? "&cancelled=1" : ""}` });
});
