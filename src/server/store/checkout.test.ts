import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STORE_MSG } from "@/domain/store/checkout";
import { setupAppDatabase } from "@/server/testing/app-database";
import * as t from "@/server/db/schema";
import { getSiteContext } from "@/server/site/context";
import { unpaidHolds } from "@/server/repositories/orders";
import { unreservedCars } from "@/server/testing/store-cars";
import { checkoutRoute, confirmOrder, testPayRoute } from "./checkout-service";
import { StripeCheckoutProvider } from "./payments";

/*
 * Reserve online on parkside (enable_store, payment_provider "test"), through the routes the
 * browser uses, on the app's database (PGlite here, PostgreSQL in CI's data-layer run).
 */
const db = setupAppDatabase();

const PARKSIDE = "parkside-motor-group.localhost:3000";
const buyer = {
  first_name: "Mary",
  last_name: "Smith",
  email: "mary@example.com",
  phone: "0412 345 678",
  postcode: "3134",
  accept_terms: true,
};

function post(
  route: (r: Request) => Promise<Response>,
  path: string,
  body: unknown,
  host = PARKSIDE,
  headers: Record<string, string> = {},
) {
  return route(
    new Request(`http://${host}${path}`, {
      method: "POST",
      headers: {
        host,
        "content-type": "application/json",
        "x-real-ip": `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}
let buyers = 0;
/** Each reservation by its own buyer (a shopper may hold only 2 unpaid: that test names its buyer). */
const reserve = (slug: string, over: Record<string, unknown> = {}, host?: string, headers?: Record<string, string>) =>
  post(checkoutRoute, "/api/checkout", { vehicle_slug: slug, ...buyer, email: `mary.${++buyers}@example.com`, ...over }, host, headers);

/** Parkside cars that can be reserved and that no other test of this file has used. */
const used = new Set<number>();
async function freeCar(): Promise<{ id: number; slug: string }> {
  const rows = await unreservedCars(db, 50);
  const car = rows.find((r) => !used.has(r.id))!;
  used.add(car.id);
  return car;
}
const activeOrders = (vehicleId: number) =>
  db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.siteId, 1001), eq(t.orders.vehicleId, vehicleId), inArray(t.orders.status, ["pending", "paid"])));

describe("POST /api/checkout", () => {
  test("20 buyers at once: exactly one order, one reserved car, one lead; the others hear it is taken", async () => {
    const car = await freeCar();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(car.slug, { email: `buyer${i}@example.com` })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({ error: STORE_MSG.taken });
    const orders = await activeOrders(car.id);
    expect(orders).toHaveLength(1);
    const leads = await db
      .select()
      .from(t.leads)
      .where(and(eq(t.leads.siteId, 1001), eq(t.leads.vehicleId, car.id), eq(t.leads.subcategory, "Reserve Online")));
    expect(leads.map((l) => l.id)).toEqual([orders[0]!.leadId]);
  });

  test("the winner goes to the provider's checkout; paying reserves the car, and a second buyer is refused", async () => {
    const car = await freeCar();
    const res = await reserve(car.slug, { email: "mary@example.com" });
    expect(res.status).toBe(201);
    const { order_id, redirect_url } = await res.json();
    expect(redirect_url).toBe(`/checkout/pay?order=${order_id}`);
    const paid = await post(testPayRoute, "/api/checkout/test-pay", { order: order_id, outcome: "paid" });
    expect(await paid.json()).toEqual({ redirect_url: `/checkout/confirmed?order=${order_id}` });
    const ctx = (await getSiteContext("parkside-motor-group"))!;
    expect((await confirmOrder(ctx, order_id))?.status).toBe("paid");
    expect((await reserve(car.slug, { email: "late@example.com" })).status).toBe(409);
    // the order and the lead carry the buyer; the lead is the dealer's notice
    const [lead] = await db
      .select()
      .from(t.leads)
      .where(eq(t.leads.id, (await activeOrders(car.id))[0]!.leadId));
    expect(lead).toMatchObject({ firstName: "Mary", email: "mary@example.com", subcategory: "Reserve Online" });
  });

  test("a cancelled payment frees the car at once; an unpaid hold lapses after 30 minutes", async () => {
    const ctx = (await getSiteContext("parkside-motor-group"))!;
    const car = await freeCar();
    const first = await (await reserve(car.slug)).json();
    await post(testPayRoute, "/api/checkout/test-pay", { order: first.order_id, outcome: "cancelled" });
    expect((await confirmOrder(ctx, first.order_id))?.status).toBe("cancelled");
    const second = await reserve(car.slug);
    expect(second.status).toBe(201);
    // the second buyer never pays: 31 minutes later the car is free again
    const { order_id } = await second.json();
    await db
      .update(t.orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(t.orders.id, order_id));
    expect((await reserve(car.slug)).status).toBe(201);
    expect(await activeOrders(car.id)).toHaveLength(1);
  });

  test.each([
    ["no terms", { accept_terms: false }, "accept_terms"],
    ["a bad phone", { phone: "12" }, "phone"],
    ["a bad email", { email: "mary" }, "email"],
    ["digits in a name", { first_name: "M4ry" }, "first_name"],
    ["an extra field", { admin: true }, "admin"],
  ])("%s → 422 with the field's message, nothing stored", async (_why, over, field) => {
    const car = await freeCar();
    const res = await reserve(car.slug, over);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(field);
    expect(await activeOrders(car.id)).toHaveLength(0);
  });

  test("cars that cannot be reserved: unknown, sold, without a price, or another tenant's", async () => {
    const [sold] = await db
      .select({ slug: t.vehicles.slug })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.status, "sold")))
      .limit(1);
    const [noPrice] = await db
      .select({ slug: t.vehicles.slug })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1001), sql`${t.vehicles.price} is null`))
      .limit(1);
    const [theirs] = await db.select({ slug: t.vehicles.slug }).from(t.vehicles).where(eq(t.vehicles.siteId, 1003)).limit(1);
    for (const slug of ["no-such-car", sold!.slug, noPrice!.slug, theirs!.slug, "__proto__"]) {
      const res = await reserve(slug);
      expect(res.status, slug).toBe(422);
      expect((await res.json()).errors.vehicle_slug).toBe(STORE_MSG.unavailable);
    }
  });

  test("a site without the store: 404; another website's page: 403; not JSON: 415 or 400", async () => {
    const car = await freeCar();
    expect((await reserve(car.slug, {}, "tasman-campers.localhost:3000")).status).toBe(404);
    expect((await reserve(car.slug, {}, PARKSIDE, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(checkoutRoute, "/api/checkout", "{nope")).status).toBe(400);
    expect((await post(testPayRoute, "/api/checkout/test-pay", { order: "not-a-uuid", outcome: "paid" })).status).toBe(422);
    expect((await post(testPayRoute, "/api/checkout/test-pay", { order: crypto.randomUUID(), outcome: "paid" })).status).toBe(404);
    expect(await activeOrders(car.id)).toHaveLength(0);
  });

  test("an unknown or malformed order is nobody's", async () => {
    const ctx = (await getSiteContext("parkside-motor-group"))!;
    expect(await confirmOrder(ctx, "x")).toBeNull();
    expect(await confirmOrder(ctx, crypto.randomUUID())).toBeNull();
  });
});

describe("Stripe Checkout adapter (against a local fake of Stripe's API)", () => {
  let server: Server;
  let base: string;
  const seen: Array<{ method: string; url: string; auth: string; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization), body });
        res.setHeader("content-type", "application/json");
        if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
          if (req.headers.authorization !== "Bearer sk_test_good") {
            res.statusCode = 401;
            return res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API key for mary@example.com" } }));
          }
          return res.end(JSON.stringify({ id: "cs_test_123", url: "https://checkout.stripe.example/c/pay/cs_test_123" }));
        }
        const m = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(req.url!);
        if (req.method === "GET" && m) {
          const state = {
            cs_test_paid: { payment_status: "paid", status: "complete" },
            cs_test_open: { payment_status: "unpaid", status: "open" },
          };
          return res.end(JSON.stringify(state[m[1] as keyof typeof state] ?? { payment_status: "unpaid", status: "expired" }));
        }
        res.statusCode = 404;
        res.end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test("creates a hosted checkout with the amount, currency, order and return addresses", async () => {
    const stripe = new StripeCheckoutProvider("sk_test_good", base);
    const r = await stripe.createCheckout({
      orderId: "0d9e2a1c-0000-4000-8000-000000000001",
      amountCents: 50_000,
      currency: "AUD",
      description: "Refundable deposit: 2021 Mazda CX-5",
      customerEmail: "mary@example.com",
      successUrl: "https://www.parksidemotorgroup.com.au/checkout/confirmed?order=x",
      cancelUrl: "https://www.parksidemotorgroup.com.au/checkout/confirmed?order=x&cancelled=1",
    });
    expect(r).toEqual({ redirectUrl: "https://checkout.stripe.example/c/pay/cs_test_123", reference: "cs_test_123" });
    const call = seen.at(-1)!;
    expect(call.auth).toBe("Bearer sk_test_good");
    const form = new URLSearchParams(call.body);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "aud",
      "line_items[0][price_data][unit_amount]": "50000",
      client_reference_id: "0d9e2a1c-0000-4000-8000-000000000001",
      success_url: "https://www.parksidemotorgroup.com.au/checkout/confirmed?order=x",
    });
  });

  test.each([
    ["cs_test_paid", "paid"],
    ["cs_test_open", "open"],
    ["cs_test_gone", "cancelled"],
    ["not-a-session", "cancelled"],
  ])("status of %s → %s", async (ref, expected) => {
    expect(await new StripeCheckoutProvider("sk_test_good", base).status(ref)).toBe(expected);
  });

  test("a refused call is an error (the message, which can name the customer, is not kept)", async () => {
    const bad = new StripeCheckoutProvider("sk_test_bad", base);
    const call = bad.createCheckout({
      orderId: "x",
      amountCents: 1,
      currency: "AUD",
      description: "x",
      customerEmail: "mary@example.com",
      successUrl: "https://a.example",
      cancelUrl: "https://a.example",
    });
    await expect(call).rejects.toThrow("stripe /v1/checkout/sessions answered 401");
    await expect(call).rejects.not.toThrow(/mary/);
  });
});

describe("holding the whole stock", () => {
  test("at most 2 unpaid holds per shopper: by email, by connection; a clear message beyond; counted in the health report", async () => {
    const [a, b, c, d] = [await freeCar(), await freeCar(), await freeCar(), await freeCar()];
    const same = { email: "hoarder@example.com" };
    expect((await reserve(a.slug, same)).status).toBe(201);
    expect((await reserve(b.slug, { email: "HOARDER@example.com" })).status).toBe(201);
    const third = await reserve(c.slug, same);
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({ error: STORE_MSG.tooManyHolds });
    expect(await activeOrders(c.id)).toEqual([]);
    // another email from one connection is the same shopper
    const ip = { "x-real-ip": "10.9.9.9" };
    expect((await reserve(c.slug, {}, undefined, ip)).status).toBe(201);
    expect((await reserve(d.slug, {}, undefined, ip)).status).toBe(201);
    const e = await freeCar();
    expect((await reserve(e.slug, {}, undefined, ip)).status).toBe(409);
    expect(await unpaidHolds(db, new Date())).toBeGreaterThanOrEqual(4);
  });
});
