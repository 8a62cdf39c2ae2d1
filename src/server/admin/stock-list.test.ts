import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { addDays, daysBetween, localDay } from "@/domain/reports/range";
import { parseStockCsv } from "@/domain/stock/import";
import { STOCK_EXPORT_COLUMNS, STOCK_EXPORT_FIGURES } from "@/domain/stock/stock-csv";
import { parse } from "csv-parse/sync";
import { parseStockListQuery } from "@/domain/stock/stock-list";
import { PLACEHOLDER_IMAGE } from "@/domain/stock/vehicle";
import { serverNow } from "@/server/base/clock";
import * as t from "@/server/db/schema";
import { listLocations } from "@/server/repositories/sites";
import { listStockView } from "@/server/reports/stock-list";
import { createMemoryRateLimiter, limiters } from "@/server/http/rate-limit";
import { bulkUpdateVehicles } from "@/server/repositories/stock-list";
import { ADMIN, adminRequest, callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { postStockImport } from "./api/stock";
import { getStockCsv, postBulk } from "./api/stock-list";

/*
 * The stock list (docs/features/back-office.md, "The stock list") on the app's database: the
 * repository's filters and sorts with the stock report's views and leads, the bulk actions' handler
 * (each action, its checks, audit, price history, edited fields) and the CSV export. The cars are
 * this file's own (stock numbers ZSL-…), removed after; on PostgreSQL the test files share one database.
 */

const SITE = 1001;
const PREFIX = "ZSL-";
const DAY = 86_400_000;
const HOUR = 3_600_000;
const db = setupAppDatabase({
  after: async () => {
    const ids = (
      await db
        .select({ id: t.vehicles.id })
        .from(t.vehicles)
        .where(like(t.vehicles.stockNumber, `${PREFIX}%`))
    ).map((x) => x.id);
    if (ids.length) await db.delete(t.leads).where(inArray(t.leads.vehicleId, ids));
    await db.delete(t.reportVehicleViews).where(like(t.reportVehicleViews.vehicleSlug, "zsl-%"));
    await db.delete(t.auditLog).where(like(t.auditLog.entity, `vehicle:${PREFIX}%`));
    await db.delete(t.vehicles).where(like(t.vehicles.stockNumber, `${PREFIX}%`));
  },
});

let sales = "";
let manager = "";
let locations: number[] = [];
let now = 0;
let tz = "";
/** the file's cars by stock number suffix */
const car: Record<string, number> = {};

/** Five cars: A sold, B hidden, C no photo and no price, D and E aged; views and leads on each. */
beforeAll(async () => {
  [sales, manager] = await Promise.all([staffCookie("sales@parksidemotorgroup.com.au"), staffCookie("manager@parksidemotorgroup.com.au")]);
  locations = (await listLocations(db, SITE)).map((l) => l.id);
  now = serverNow();
  const [site] = await db.select({ tz: t.sites.timezone }).from(t.sites).where(eq(t.sites.id, SITE));
  tz = site!.tz;
  const today = localDay(now, tz);
  /*
   * n of the site's days before now, at the same local time. n × 24 hours is not that across a
   * daylight-saving change: at half past midnight in Sydney's summer, 70 × 24 hours back is half
   * past eleven the evening before the intended day, in winter time, and the car reads 71 days.
   */
  const daysAgo = (n: number) => {
    const at = now - n * DAY;
    return new Date(at + daysBetween(localDay(at, tz), addDays(today, -n)) * HOUR);
  };
  const rows = [
    { s: "A", days: 10, price: 20000, status: "sold", soldDays: 3, carType: "used", make: "Toyota", model: "Hilux", photos: 5 },
    { s: "B", days: 20, price: 30000, show: false, carType: "used", make: "Mazda", model: "CX-5", photos: 3 },
    // C: the feed counts 4 photos but none came: the storefront shows the placeholder, so it has no photo
    { s: "C", days: 30, price: null, carType: "new", make: "Kia", model: "Sportage", photos: 4, none: true },
    // D: the main photo is the placeholder, the thumbnails real: the storefront shows the first thumbnail
    { s: "D", days: 70, price: 19990, carType: "demo", make: "Ford", model: "Ranger", photos: 8, loc: 1, placeholder: true },
    { s: "E", days: 100, price: 45000, carType: "used", make: "Ford", model: "Everest", photos: 2, rego: "ABC123" },
  ];
  for (const r of rows) {
    const [v] = await db
      .insert(t.vehicles)
      .values({
        siteId: SITE,
        slug: `zsl-${r.s.toLowerCase()}`,
        stockNumber: `${PREFIX}${r.s}`,
        make: r.make,
        model: r.model,
        year: 2022,
        carType: r.carType,
        price: r.price,
        priceType: r.price ? "Drive Away" : null,
        status: r.status ?? "in_stock",
        showOnDealerWebsite: r.show ?? true,
        photosCount: r.photos,
        primaryImageUrl: r.none || r.placeholder ? PLACEHOLDER_IMAGE : `/images/zsl-${r.s.toLowerCase()}-0`,
        thumbnails: r.none ? [] : Array.from({ length: r.photos }, (_, i) => `/images/zsl-${r.s.toLowerCase()}-${i}`),
        rego: r.rego ?? null,
        vin: r.s === "D" ? "JTMHV05J604123456" : null,
        description: r.s === "E" ? '=HYPERLINK("http://x")' : null,
        locationId: r.loc ? locations[1]! : locations[0]!,
        listedAt: daysAgo(r.days),
        soldAt: r.soldDays ? daysAgo(r.soldDays) : null,
      })
      .returning({ id: t.vehicles.id });
    car[r.s] = v!.id;
  }
  // views: B 7 in the last week and 7 more before; D 3 this week and 40 three weeks ago; leads: E 2, D 1 three weeks ago
  await db.insert(t.reportVehicleViews).values([
    { siteId: SITE, day: today, vehicleSlug: "zsl-b", views: 7 },
    { siteId: SITE, day: addDays(today, -12), vehicleSlug: "zsl-b", views: 7 },
    { siteId: SITE, day: addDays(today, -1), vehicleSlug: "zsl-d", views: 3 },
    { siteId: SITE, day: addDays(today, -20), vehicleSlug: "zsl-d", views: 40 },
    { siteId: SITE, day: addDays(today, -45), vehicleSlug: "zsl-e", views: 500 },
  ]);
  const lead = (vehicleId: number, ago: number, isMock = false) => ({
    id: randomUUID(),
    siteId: SITE,
    category: "Used Vehicle Enquiry",
    name: "Stock list test",
    payload: {},
    vehicleId,
    isMock,
    createdAt: daysAgo(ago),
  });
  await db.insert(t.leads).values([lead(car.E!, 1), lead(car.E!, 2), lead(car.D!, 20), lead(car.D!, 1, true)]);
});

const list = (qs: string) => {
  const p = new URLSearchParams(`q=${PREFIX}&${qs}`);
  return listStockView(
    db,
    { id: SITE, timezone: tz },
    parseStockListQuery((k) => p.get(k)),
    now,
    { offset: 0, limit: 50 },
  );
};
const names = async (qs: string) => (await list(qs)).rows.map((r) => r.stockNumber.slice(PREFIX.length)).join("");

describe("listStockView", () => {
  test("each car's figures: days in stock (to the sale for a sold car), the reports' views and leads over 7 and 30 days", async () => {
    const { rows, total } = await list("");
    expect(total).toBe(5);
    const by = Object.fromEntries(rows.map((r) => [r.stockNumber.slice(PREFIX.length), r]));
    expect([by.A!.days, by.B!.days, by.D!.days, by.E!.days]).toEqual([7, 20, 70, 100]);
    expect([by.B!.views7, by.B!.views30, by.D!.views7, by.D!.views30, by.E!.views30]).toEqual([7, 14, 3, 43, 0]);
    // a demo site's mock lead is not counted, as in the reports
    expect([by.E!.leads7, by.E!.leads30, by.D!.leads7, by.D!.leads30]).toEqual([2, 2, 0, 1]);
    expect(by.D!.locationName).toBeTruthy();
    expect([by.C!.noPhoto, by.D!.noPhoto]).toEqual([true, false]);
  });

  test.each([
    ["", "ABCDE"],
    ["condition=used", "ABE"],
    ["condition=demo", "D"],
    ["status=sold", "A"],
    ["status=in_stock", "BCDE"],
    ["status=hidden", "B"],
    ["no_photo=1", "C"],
    ["no_price=1", "C"],
    ["over=60", "DE"],
    ["over=90", "E"],
    ["sort=days", "EDCBA"],
    ["sort=days&dir=asc", "ABCDE"],
    ["sort=price&dir=asc", "DABEC"],
    ["sort=price", "EBADC"],
    ["sort=views7", "BDACE"],
    ["sort=views30", "DBACE"],
    ["sort=leads7", "EABCD"],
    ["sort=leads30", "EDABC"],
    ["over=60&sort=price&dir=asc", "DE"],
  ])("%s → %s", async (qs, want) => {
    expect(await names(qs)).toBe(want);
  });

  test.each([
    ["a rego", "abc123", "E"],
    ["a VIN", "JTMHV05J6", "D"],
    ["words", "ford ranger", "D"],
    ["compacted words", "cx5", "B"],
  ])("search by %s", async (_, q, want) => {
    const p = new URLSearchParams({ q });
    const { rows } = await listStockView(
      db,
      { id: SITE, timezone: tz },
      parseStockListQuery((k) => p.get(k)),
      now,
      { offset: 0, limit: 500 },
    );
    expect(rows.filter((r) => r.stockNumber.startsWith(PREFIX)).map((r) => r.stockNumber.slice(PREFIX.length))).toEqual([want]);
  });

  test("a location filter", async () => {
    expect(await names(`location=${locations[1]}`)).toBe("D");
  });

  test("another site's list does not have them", async () => {
    const p = new URLSearchParams({ q: PREFIX });
    const { total } = await listStockView(
      db,
      { id: 1002, timezone: tz },
      parseStockListQuery((k) => p.get(k)),
      now,
      { offset: 0, limit: 50 },
    );
    expect(total).toBe(0);
  });
});

const bulk = (cookie: string, body: unknown, siteId = String(SITE)) =>
  callAdmin(postBulk, `/api/admin/sites/${siteId}/vehicles/bulk`, { siteId }, { method: "POST", cookie, body });
const formBulk = (cookie: string, form: string) =>
  postBulk(
    new Request(`http://${ADMIN}/api/admin/sites/${SITE}/vehicles/bulk`, {
      method: "POST",
      headers: { host: ADMIN, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    }),
    { params: Promise.resolve({ siteId: String(SITE) }) },
  );
const vehicle = async (id: number) => (await db.select().from(t.vehicles).where(eq(t.vehicles.id, id)))[0]!;

describe("POST …/vehicles/bulk", () => {
  test("sales staff may not; a bad body is 422 with a message per field", async () => {
    expect((await bulk(sales, { ids: [car.D], action: "hide" })).status).toBe(403);
    const res = await bulk(manager, { ids: [], action: "move" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      ids: "Select at least one car",
      location_id: "Choose the location to move the cars to",
    });
    const bad = await bulk(manager, { ids: [car.D], action: "price", price: { by: "percent", amount: 500 } });
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      "price.amount": "Enter a percentage from -100 to 100, at most two decimals",
    });
    // a location of another site
    const elsewhere = await bulk(manager, { ids: [car.D], action: "move", location_id: 1 });
    expect(elsewhere.status).toBe(422);
    // neither JSON nor a form: 415; a prototype key in the body is just an unknown key
    const text = await postBulk(
      new Request(`http://${ADMIN}/api/admin/sites/${SITE}/vehicles/bulk`, {
        method: "POST",
        headers: { host: ADMIN, cookie: manager, "content-type": "text/plain" },
        body: "ids=1",
      }),
      { params: Promise.resolve({ siteId: String(SITE) }) },
    );
    expect(text.status).toBe(415);
    const proto = await bulk(manager, JSON.parse(`{"__proto__": {"action": "sold"}, "ids": [${car.D}]}`));
    expect(proto.status).toBe(422);
    expect((await vehicle(car.D!)).status).toBe("in_stock");
  });

  test("a price drop: rounded, audited, in the price history, edited here; no price and other sites' cars skipped", async () => {
    const [other] = await db.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, 1002)).limit(1);
    const res = await bulk(manager, { ids: [car.D, car.E, car.C, other!.id], action: "price", price: { by: "percent", amount: -5 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { changed: number; skipped: Array<{ id: number; reason: string }>; message: string };
    expect(body.changed).toBe(2);
    expect(body.skipped).toEqual([
      { id: other!.id, reason: "not on this site" },
      { id: car.C, reason: "without a price" },
    ]);
    expect(body.message).toBe("2 cars changed. The website shows it now. Skipped 1 car not on this site, 1 car without a price.");
    const d = await vehicle(car.D!);
    expect([d.price, d.editedFields]).toEqual([18991, ["price"]]);
    expect((await vehicle(car.E!)).price).toBe(42750);
    const history = await db
      .select()
      .from(t.vehiclePriceChanges)
      .where(and(eq(t.vehiclePriceChanges.siteId, SITE), eq(t.vehiclePriceChanges.vehicleId, car.D!)));
    expect(history.map((h) => [h.oldPrice, h.newPrice])).toEqual([[19990, 18991]]);
    const audit = await db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `vehicle:${PREFIX}D`));
    expect(audit.map((a) => [a.action, (a.before as { price: number }).price, (a.after as { price: number }).price])).toEqual([
      ["vehicle.update", 19990, 18991],
    ]);
    // the other site's car is untouched
    expect((await vehicle(other!.id)).editedFields).toEqual([]);
  });

  test("hide, show, move and sold; a car already so is skipped", async () => {
    expect(((await (await bulk(manager, { ids: [car.D], action: "hide" })).json()) as { changed: number }).changed).toBe(1);
    expect((await vehicle(car.D!)).showOnDealerWebsite).toBe(false);
    expect(((await (await bulk(manager, { ids: [car.D, car.E], action: "show" })).json()) as { changed: number }).changed).toBe(1);
    expect((await vehicle(car.D!)).showOnDealerWebsite).toBe(true);
    await bulk(manager, { ids: [car.E], action: "move", location_id: locations[2] });
    const e = await vehicle(car.E!);
    expect([e.locationId, e.editedFields]).toEqual([locations[2], ["locationId", "price"]]);
    const sold = (await (await bulk(manager, { ids: [car.A, car.E], action: "sold" })).json()) as { changed: number; skipped: unknown };
    expect(sold).toMatchObject({ changed: 1, skipped: [{ id: car.A, reason: "already so" }] });
    const after = await vehicle(car.E!);
    expect([after.status, after.soldAt !== null, after.editedFields]).toEqual(["sold", true, ["locationId", "price", "status"]]);
  });

  test("the list's form: marking sold asks first, then goes back to the same view with the counts", async () => {
    const ask = await formBulk(
      manager,
      `ids=${car.B}&ids=${car.C}&action=sold&back=${encodeURIComponent("condition=used&sort=days&evil=1")}`,
    );
    expect(ask.status).toBe(303);
    expect(ask.headers.get("location")).toBe(`/sites/${SITE}/stock?condition=used&sort=days&selected=${car.B}%2C${car.C}&confirm=sold`);
    expect((await vehicle(car.B!)).status).toBe("in_stock");
    const done = await formBulk(manager, `ids=${car.B}&ids=${car.C}&action=sold&confirm=1&back=${encodeURIComponent("condition=used")}`);
    expect(done.headers.get("location")).toBe(`/sites/${SITE}/stock?condition=used&done=2-0-0-0`);
    expect((await vehicle(car.C!)).status).toBe("sold");
    const wrong = await formBulk(manager, `ids=${car.B}&action=price&price_by=percent&price_amount=abc`);
    expect(wrong.headers.get("location")).toBe(`/sites/${SITE}/stock?selected=${car.B}&bulk_error=price`);
  });
});

describe("GET …/stock.csv", () => {
  const csv = (cookie: string, qs: string) =>
    callAdmin(getStockCsv, `/api/admin/sites/${SITE}/stock.csv?${qs}`, { siteId: String(SITE) }, { cookie });

  test("the view's cars in the stock file's columns, injection-safe, and it imports again", async () => {
    const res = await csv(sales, `q=${PREFIX}&over=60&sort=days`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await res.text();
    const [head, ...lines] = text.trim().split("\n");
    expect(head).toBe(STOCK_EXPORT_COLUMNS.join(","));
    expect(lines.map((l) => l.split(",")[0])).toEqual([`${PREFIX}E`, `${PREFIX}D`]);
    // a formula in a description is written as text
    const all = await (await csv(sales, `q=${PREFIX}`)).text();
    expect(all).toContain(`"'=HYPERLINK(""http://x"")"`);
    const parsed = parseStockCsv(all, { thisYear: 2026, locationIds: locations });
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => [r.stock_number, r.price ?? null, r.car_type])).toEqual([
      [`${PREFIX}A`, 20000, "used"],
      [`${PREFIX}B`, 30000, "used"],
      [`${PREFIX}C`, null, "new"],
      [`${PREFIX}D`, 18991, "demo"],
      [`${PREFIX}E`, 42750, "used"],
    ]);
    expect(parsed.ignoredColumns).toEqual([...STOCK_EXPORT_FIGURES]);
    // what the website shows of each car: B is hidden (whatever its status says), C has no photo
    const rows = parse(all, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.stock_number!.slice(PREFIX.length), r.shown_on_website, r.featured, r.photo_count])).toEqual([
      ["A", "yes", "no", "5"],
      ["B", "no", "no", "3"],
      ["C", "yes", "no", "0"],
      ["D", "yes", "no", "8"],
      ["E", "yes", "no", "2"],
    ]);
  });

  test.each([
    "sort=__proto__&dir=constructor",
    "q=%00%01&location=abc&over=61",
    "q=%E0%A4%A&status=%ZZ&page=-1",
    "condition=__proto__&no_photo=%00",
  ])("odd values are ignored, never a 500: %s", async (qs) => {
    const res = await csv(sales, qs);
    expect(res.status).toBe(200);
    expect((await res.text()).split("\n")[0]).toBe(STOCK_EXPORT_COLUMNS.join(","));
  });

  test("another site's staff: 403; not the back-office host: 404", async () => {
    // Parkside's salesperson asks for Ridgeline's stock (on PostgreSQL the test files share one
    // database, and another file's test makes Ridgeline's owner a Parkside manager)
    expect((await callAdmin(getStockCsv, "/api/admin/sites/1002/stock.csv", { siteId: "1002" }, { cookie: sales })).status).toBe(403);
    const res = await getStockCsv(
      adminRequest(`/api/admin/sites/${SITE}/stock.csv`, { cookie: sales, host: "parkside-motor-group.localhost" }),
      {
        params: Promise.resolve({ siteId: String(SITE) }),
      },
    );
    expect(res.status).toBe(404);
  });
});

describe("limits: bulk actions and import checks per staff member, in short transactions", () => {
  /** The limiter of `prefix` at `limit` a window for this test only (the deployed limits are higher). */
  function limitTo(prefix: string, limit: number) {
    const saved = limiters().get(prefix);
    limiters().set(prefix, createMemoryRateLimiter({ limit, windowMs: 600_000, prefix: `${prefix}-${randomUUID().slice(0, 8)}` }));
    onTestFinished(() => {
      if (saved) limiters().set(prefix, saved);
      else limiters().delete(prefix);
    });
  }

  test("past a staff member's bulk limit: 429 with Retry-After and a sentence; the form goes back to the list saying so; others go on", async () => {
    limitTo("staff-bulk", 2);
    expect((await bulk(manager, { ids: [car.D], action: "hide" })).status).toBe(200);
    expect((await bulk(manager, { ids: [car.D], action: "show" })).status).toBe(200);
    const refused = await bulk(manager, { ids: [car.D], action: "hide" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many bulk changes/);
    expect((await vehicle(car.D!)).showOnDealerWebsite).toBe(true);
    const form = await formBulk(manager, `ids=${car.D}&action=hide&back=${encodeURIComponent("condition=used")}`);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/sites/${SITE}/stock?condition=used&selected=${car.D}&bulk_error=rate`);
    // the owner is another staff member: their own count
    const owner = await staffCookie("owner@parksidemotorgroup.com.au");
    expect((await bulk(owner, { ids: [car.D], action: "show" })).status).toBe(200);
  });

  test("past a staff member's import-check limit: 429 with a sentence", async () => {
    limitTo("staff-import-check", 1);
    const check = () =>
      postStockImport(
        new Request(`http://${ADMIN}/api/admin/sites/${SITE}/stock/imports`, {
          method: "POST",
          headers: { host: ADMIN, cookie: manager, "content-type": "text/csv" },
          body: "stock_number,make\nZSL-X,Toyota\n",
        }),
        { params: Promise.resolve({ siteId: String(SITE) }) },
      );
    expect((await check()).status).not.toBe(429);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many stock files checked/);
  });

  test("a bulk action on many cars is made in batches, each its own short transaction, so the database is never held long", async () => {
    let transactions = 0;
    const counting = { transaction: (fn: never) => (transactions++, db.transaction(fn)) } as unknown as typeof db;
    const ids = [car.A!, car.B!, car.C!, car.D!, car.E!];
    const by = { id: "t", name: "T", email: "t@example.com" };
    const result = await bulkUpdateVehicles(counting, SITE, { ids, action: "hide", confirm: false }, by, new Date(), 2);
    expect(transactions).toBe(3);
    expect(result.changed.length + result.skipped.length).toBe(5);
    await bulkUpdateVehicles(db, SITE, { ids, action: "show", confirm: false }, by, new Date());
  });
});
