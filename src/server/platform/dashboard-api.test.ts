import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SearchPageTemplatesSchema, SearchSlugsSchema, WebsiteSessionSchema, type SiteChanged } from "@/domain/platform/contract";
import { setupAppDatabase } from "@/server/testing/app-database";
import * as t from "@/server/db/schema";
import { env } from "@/server/base/env";
import {
  basicAuthOk,
  PLATFORM_AUTH_FAILURES,
  getOpenApi,
  getSearchPageTemplates,
  getSearchSlugs,
  getWebsiteSession,
  putOpeningHours,
  postStockFeed,
  putSpecialHours,
} from "./dashboard-api";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "./webhook";

/*
 * Contract tests of the dashboard's data API, through its route handlers on the app's database
 * (PGlite here, PostgreSQL in CI's data-layer run): shape, authentication, caching headers, bad ids,
 * and the writes that change a site and send the signed webhook to a local receiver.
 */
const PARKSIDE = 1001;
const MAZDA = 10012;
const reader = `Basic ${Buffer.from("test-storefront:test-reader-password").toString("base64")}`;
const admin = `Basic ${Buffer.from("test-admin:test-admin-password").toString("base64")}`;

type Route<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;
const call = <P extends Record<string, string>>(route: Route<P>, path: string, params: P, init: RequestInit = {}) =>
  route(new Request(`http://dashboard.localhost${path}`, init), { params: Promise.resolve(params) });
const session = (siteId: string, headers: Record<string, string> = {}) =>
  call(
    getWebsiteSession,
    `/api/v1/websites/${siteId}/website_session_data.json`,
    { siteId },
    { headers: { accept: "application/json", ...headers } },
  );
const slugs = (siteId: string, headers: Record<string, string> = {}) =>
  call(getSearchSlugs, `/websites/${siteId}/pages/search_slugs.json`, { siteId }, { headers });
const templates = (siteId: string, headers: Record<string, string> = {}) =>
  call(getSearchPageTemplates, `/websites/${siteId}/search_page_templates.json`, { siteId }, { headers });
const putHours = (siteId: string, locationId: string, body: unknown, headers: Record<string, string> = { authorization: admin }) =>
  call(
    putOpeningHours,
    `/api/v1/websites/${siteId}/locations/${locationId}/opening_hours.json`,
    { siteId, locationId },
    {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
  );
const putSpecial = (siteId: string, body: unknown, headers: Record<string, string> = { authorization: admin }) =>
  call(
    putSpecialHours,
    `/api/v1/websites/${siteId}/special_hours.json`,
    { siteId },
    {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
  );

const week = (monday: { open: string; close: string }) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    weekday === 0
      ? { weekday, status: "Closed", open: null, close: null }
      : { weekday, status: "Open", ...(weekday === 1 ? monday : { open: "09:00", close: "17:00" }) },
  );

// a storefront's webhook receiver on loopback: it checks each notice's signature as a storefront does
const received: Array<{ notice: SiteChanged; signed: boolean }> = [];
let receiver: Server;
const database = setupAppDatabase();
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const signed = verifyWebhook(
        "test-webhook-secret-0123456789",
        { signature: String(req.headers[SIGNATURE_HEADER] ?? ""), timestamp: String(req.headers[TIMESTAMP_HEADER] ?? "") },
        body,
        Date.now(),
      );
      received.push({ notice: JSON.parse(body) as SiteChanged, signed });
      res.writeHead(signed ? 200 : 401).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  // the typed env is parsed once per process; this file's receiver port is known only now
  env().PLATFORM_WEBHOOK_URLS = [`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/platform/webhook`];
});
afterAll(async () => {
  env().PLATFORM_WEBHOOK_URLS = [];
  await new Promise((r) => receiver.close(r));
});

describe("GET /api/v1/websites/{siteId}/website_session_data.json", () => {
  test("parkside: navigation, special hours and visible locations, in the contract's shape", async () => {
    const res = await session(String(PARKSIDE));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = WebsiteSessionSchema.parse(await res.json())!;
    expect(body.navigation.header.map((i) => i.label)).toContain("Our Stock");
    expect(body.locations.map((l) => l.slug)).toContain("parkside-mazda");
    expect(body.locations.find((l) => l.id === MAZDA)!.contact_detail.opening_hours).toHaveLength(7);
  });

  test("an unknown site: 200 with JSON null", async () => {
    const res = await session("999999");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("null");
  });

  test("caching headers: public, a strong ETag, Last-Modified; If-None-Match and If-Modified-Since answer 304", async () => {
    const res = await session(String(PARKSIDE));
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=604800");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const lastModified = res.headers.get("last-modified")!;
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    const again = await session(String(PARKSIDE), { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect((await session(String(PARKSIDE), { "if-none-match": '"other"' })).status).toBe(200);
    expect((await session(String(PARKSIDE), { "if-modified-since": lastModified })).status).toBe(304);
    expect((await session(String(PARKSIDE), { "if-modified-since": "Thu, 01 Jan 2015 00:00:00 GMT" })).status).toBe(200);
  });
});

describe("GET /websites/{siteId}/pages/search_slugs.json and search_page_templates.json (Basic auth)", () => {
  test.each([
    ["no credentials", undefined],
    ["the wrong password", `Basic ${Buffer.from("test-storefront:nope").toString("base64")}`],
    ["the administrator's credentials", admin],
    ["another scheme", "Bearer test-reader-password"],
    ["a malformed header", "Basic %%%"],
  ])("%s → 401 with WWW-Authenticate", async (_, authorization) => {
    for (const fetchIt of [slugs, templates]) {
      const res = await fetchIt(String(PARKSIDE), authorization ? { authorization } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Basic realm="dealer-platform-api", charset="UTF-8"');
      expect(await res.json()).toEqual({ error: "Authentication required." });
    }
  });

  test("failed attempts are throttled per client (429 with Retry-After, the right password included); others are not", async () => {
    const guesser = { "x-real-ip": "10.31.0.1" };
    const wrong = `Basic ${Buffer.from("test-storefront:guess").toString("base64")}`;
    for (let i = 0; i < PLATFORM_AUTH_FAILURES; i++)
      expect((await slugs(String(PARKSIDE), { ...guesser, authorization: wrong })).status).toBe(401);
    const blocked = await slugs(String(PARKSIDE), { ...guesser, authorization: reader });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // a client whose credentials are right is never counted down
    for (let i = 0; i < PLATFORM_AUTH_FAILURES + 5; i++)
      expect((await slugs(String(PARKSIDE), { "x-real-ip": "10.31.0.2", authorization: reader })).status).toBe(200);
  });

  test("search slugs: each landing page with its filters, privately cacheable", async () => {
    const res = await slugs(String(PARKSIDE), { authorization: reader });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=60, stale-while-revalidate=604800");
    expect(res.headers.get("etag")).toBeTruthy();
    const body = SearchSlugsSchema.parse(await res.json());
    expect(body.search_slugs).toContainEqual({ slug: "mazda", kind: "make", filters: { make: "Mazda" } });
    expect(body.search_slugs.some((s) => s.kind === "model" && s.slug.startsWith("mazda/"))).toBe(true);
    expect(body.search_slugs.some((s) => s.kind === "body")).toBe(true);
  });

  test("templates: parkside's own make H1 over the platform's words", async () => {
    const res = await templates(String(PARKSIDE), { authorization: reader });
    expect(res.status).toBe(200);
    const body = SearchPageTemplatesSchema.parse(await res.json());
    expect(body.search_page_templates.make.h1).toBe("{conditions} {make} {nouns} in {city}");
    expect(body.search_page_templates.model.h1).toBe("{conditions} {make} {model}");
  });

  test("an unknown site: 404", async () => {
    expect((await slugs("999999", { authorization: reader })).status).toBe(404);
    expect((await templates("999999", { authorization: reader })).status).toBe(404);
  });

  test("no credentials configured on the dashboard: nobody gets in", () => {
    expect(basicAuthOk(reader, undefined, undefined)).toBe(false);
    expect(basicAuthOk("Basic Og==", "", "")).toBe(false); // ":" against an empty pair
    expect(basicAuthOk(reader, "test-storefront", "test-reader-password")).toBe(true);
  });
});

describe("malformed site ids: 400, never 500", () => {
  test.each(["abc", "0", "01", "-5", "1e3", "1001.0", "__proto__", "%00", "9999999999", "1001 "])("%j", async (id) => {
    for (const res of [await session(id), await slugs(id, { authorization: reader }), await templates(id, { authorization: reader })]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "The site id must be a positive whole number." });
    }
  });
});

describe("GET /api/v1/openapi.json", () => {
  test("the contract, with the three reads and their schemas", async () => {
    const res = await call(getOpenApi, "/api/v1/openapi.json", {});
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/websites/{siteId}/website_session_data.json",
        "/websites/{siteId}/pages/search_slugs.json",
        "/websites/{siteId}/search_page_templates.json",
      ]),
    );
  });
});

describe("the dashboard's writes: a changed site is served changed at once, and storefronts are told", () => {
  test("PUT opening hours: stored, the session shows them, a new ETag, a signed site.changed webhook", async () => {
    received.length = 0;
    const before = await session(String(PARKSIDE));
    const res = await putHours(String(PARKSIDE), String(MAZDA), { opening_hours: week({ open: "08:15", close: "18:45" }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-platform-webhooks")).toBe("delivered=1; failed=0");
    const loc = (await res.json()) as { contact_detail: { opening_hours: Array<{ weekday: number; formated_hours: string }> } };
    expect(loc.contact_detail.opening_hours.find((h) => h.weekday === 1)!.formated_hours).toBe("8:15 am - 6:45 pm");

    const after = await session(String(PARKSIDE), { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    const mazda = WebsiteSessionSchema.parse(await after.json())!.locations.find((l) => l.id === MAZDA)!;
    expect(mazda.contact_detail.opening_hours.find((h) => h.weekday === 1)).toMatchObject({ open: "08:15", close: "18:45" });
    expect(received).toEqual([
      { notice: expect.objectContaining({ type: "site.changed", site_id: PARKSIDE, changed: ["locations"] }), signed: true },
    ]);
  });

  test("PUT special hours: replaced for the site; a location of another site is refused and nothing changes", async () => {
    received.length = 0;
    const christmas = { date: "2026-12-25", name: "Christmas Day", status: "Closed", start_hour: null, end_hour: null, location_id: null };
    const res = await putSpecial(String(PARKSIDE), { special_hours: [christmas] });
    expect(res.status).toBe(200);
    const body = WebsiteSessionSchema.parse(await (await session(String(PARKSIDE))).json())!;
    expect(body.special_hours).toEqual([christmas]);
    expect(received).toHaveLength(1);

    const foreign = await putSpecial(String(PARKSIDE), { special_hours: [{ ...christmas, location_id: 10021 }] });
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toEqual({
      error: "Please correct the special hours.",
      errors: { "special_hours.0.location_id": "Not a location of this site" },
    });
    expect(WebsiteSessionSchema.parse(await (await session(String(PARKSIDE))).json())!.special_hours).toEqual([christmas]);
  });

  test.each([
    ["the reader's credentials", () => putHours(String(PARKSIDE), String(MAZDA), { opening_hours: [] }, { authorization: reader }), 401],
    ["no credentials", () => putHours(String(PARKSIDE), String(MAZDA), { opening_hours: [] }, {}), 401],
    ["a location of another site (ridgeline's)", () => putHours(String(PARKSIDE), "10021", { opening_hours: [] }), 404],
    ["an unknown site", () => putHours("999999", String(MAZDA), { opening_hours: [] }), 404],
    ["a malformed location id", () => putHours(String(PARKSIDE), "abc", { opening_hours: [] }), 400],
    ["a body that is not JSON", () => putHours(String(PARKSIDE), String(MAZDA), "{nope"), 400],
    [
      "a body sent as text",
      () => putHours(String(PARKSIDE), String(MAZDA), "{}", { authorization: admin, "content-type": "text/plain" }),
      415,
    ],
  ])("%s → %i", async (_, send, status) => {
    expect((await send()).status).toBe(status);
  });

  test("bad hours: 422 with a message per field, nothing stored", async () => {
    const res = await putHours(String(PARKSIDE), String(MAZDA), { opening_hours: week({ open: "18:00", close: "08:00" }) });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: "Please correct the opening hours.",
      errors: { "opening_hours.1.close": "Closing time must be after opening time" },
    });
    const mazda = WebsiteSessionSchema.parse(await (await session(String(PARKSIDE))).json())!.locations.find((l) => l.id === MAZDA)!;
    expect(mazda.contact_detail.opening_hours.find((h) => h.weekday === 1)).toMatchObject({ open: "08:15", close: "18:45" });
  });
});

describe("POST /api/v1/websites/{siteId}/stock_feed.csv (a dealer-management system's feed)", () => {
  const LAKESIDE = "1006";
  const feed = (csv: string, headers: Record<string, string> = { authorization: admin }, query = "") =>
    call(
      postStockFeed,
      `/api/v1/websites/${LAKESIDE}/stock_feed.csv${query}`,
      { siteId: LAKESIDE },
      {
        method: "POST",
        headers: { "content-type": "text/csv", ...headers },
        body: csv,
      },
    );
  const HEAD = "stock_number,make,model,year,car_type,price";

  test("administrator credentials only; CSV only", async () => {
    expect((await feed(`${HEAD}\nX1,Jayco,Journey,2024,new,1`, {})).status).toBe(401);
    expect((await feed(`${HEAD}\nX1,Jayco,Journey,2024,new,1`, { authorization: reader })).status).toBe(401);
    expect((await feed("{}", { authorization: admin, "content-type": "application/json" })).status).toBe(415);
    const unknown = await call(
      postStockFeed,
      "/api/v1/websites/999/stock_feed.csv",
      { siteId: "999" },
      {
        method: "POST",
        headers: { "content-type": "text/csv", authorization: admin },
        body: HEAD,
      },
    );
    expect(unknown.status).toBe(404);
  });

  test("errors: 422 with the report, nothing written", async () => {
    const res = await feed(`${HEAD}\nX1,Jayco,Journey,2024,new,1\nX2,Jayco,,2024,new,1`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.report.errors).toEqual([{ line: 3, field: "model", message: "Enter the model" }]);
  });

  test("a full feed is applied; one that would sell most of the stock is held for the back-office", async () => {
    const db = database;
    const cars = await db
      .select({ n: t.vehicles.stockNumber })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1006), eq(t.vehicles.status, "in_stock")));
    const keep = cars[0]!.n;
    const first = await feed(`${HEAD}\n${keep},Jayco,Journey,2024,new,99990\nFEED-1,Jayco,Conquest,2025,new,120000`);
    expect(first.status).toBe(200);
    expect((await first.json()).plan).toMatchObject({ add: 1, update: 1, missing: cars.length - 1, sell: [] });
    const second = await feed(`${HEAD}\n${keep},Jayco,Journey,2024,new,99990\nFEED-1,Jayco,Conquest,2025,new,120000`);
    expect(second.status).toBe(409);
    const held = await second.json();
    expect(held.status).toBe("held");
    const [imp] = await db.select().from(t.stockImports).where(eq(t.stockImports.id, held.import_id));
    expect([imp!.status, imp!.source]).toEqual(["held", "feed"]);
    const stillInStock = await db
      .select({ n: t.vehicles.stockNumber })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1006), eq(t.vehicles.status, "in_stock")));
    expect(stillInStock.length).toBe(cars.length + 1);
  });

  test("a feed leaves a price and a sale a person made alone; with overwrite_edited=1 it sets them", async () => {
    const db = database;
    await db.insert(t.vehicles).values([
      {
        siteId: 1006,
        slug: "feed-edited-1",
        stockNumber: "FEED-E1",
        make: "Jayco",
        model: "Journey",
        year: 2024,
        carType: "new",
        price: 80000,
      },
      {
        siteId: 1006,
        slug: "feed-edited-2",
        stockNumber: "FEED-E2",
        make: "Jayco",
        model: "Journey",
        year: 2024,
        carType: "new",
        price: 81000,
      },
    ]);
    // what a bulk action on the stock list leaves: a dropped price and a sale, each marked edited here
    await db
      .update(t.vehicles)
      .set({ price: 76000, editedFields: ["price"] })
      .where(and(eq(t.vehicles.siteId, 1006), eq(t.vehicles.stockNumber, "FEED-E1")));
    await db
      .update(t.vehicles)
      .set({ status: "sold", soldAt: new Date(), editedFields: ["status"] })
      .where(and(eq(t.vehicles.siteId, 1006), eq(t.vehicles.stockNumber, "FEED-E2")));
    const file = `${HEAD},status\nFEED-E1,Jayco,Journey,2024,new,80000,in_stock\nFEED-E2,Jayco,Journey,2024,new,81000,in_stock`;
    const state = async () =>
      (
        await db
          .select({ n: t.vehicles.stockNumber, price: t.vehicles.price, status: t.vehicles.status })
          .from(t.vehicles)
          .where(and(eq(t.vehicles.siteId, 1006), inArray(t.vehicles.stockNumber, ["FEED-E1", "FEED-E2"])))
          .orderBy(t.vehicles.stockNumber)
      ).map((v) => [v.n, v.price, v.status]);
    try {
      // a partial feed (full=0): the other cars of the site are not counted missing
      expect((await feed(file, { authorization: admin }, "?full=0")).status).toBe(200);
      expect(await state()).toEqual([
        ["FEED-E1", 76000, "in_stock"],
        ["FEED-E2", 81000, "sold"],
      ]);
      expect((await feed(file, { authorization: admin }, "?full=0&overwrite_edited=1")).status).toBe(200);
      expect(await state()).toEqual([
        ["FEED-E1", 80000, "in_stock"],
        ["FEED-E2", 81000, "in_stock"],
      ]);
    } finally {
      await db.delete(t.vehicles).where(and(eq(t.vehicles.siteId, 1006), inArray(t.vehicles.stockNumber, ["FEED-E1", "FEED-E2"])));
    }
  });

  test("a price header's words set the price type of each car with a price that does not say its own", async () => {
    const db = database;
    const file =
      "Stock No,Make,Model,Year,Type,Price + ORC,Price Type\nFEED-T1,Jayco,Journey,2024,new,79990,\nFEED-T2,Jayco,Journey,2024,new,81990,Drive Away";
    try {
      const res = await feed(file, { authorization: admin }, "?full=0");
      expect(res.status).toBe(200);
      const cars = await db
        .select({ n: t.vehicles.stockNumber, price: t.vehicles.price, priceType: t.vehicles.priceType })
        .from(t.vehicles)
        .where(and(eq(t.vehicles.siteId, 1006), inArray(t.vehicles.stockNumber, ["FEED-T1", "FEED-T2"])))
        .orderBy(t.vehicles.stockNumber);
      expect(cars.map((v) => [v.n, v.price, v.priceType])).toEqual([
        ["FEED-T1", 79990, "Excl. Govt. Charges"],
        ["FEED-T2", 81990, "Drive Away"],
      ]);
    } finally {
      await db.delete(t.vehicles).where(and(eq(t.vehicles.siteId, 1006), inArray(t.vehicles.stockNumber, ["FEED-T1", "FEED-T2"])));
    }
  });
});
