import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "@/server/db";
import * as t from "@/server/db/schema";
import { ADMIN, callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { applyStockImport, postStockImport } from "./api/stock";
import { getNextStockNumber, postHandBack, postLookup, postVehicle, postVehicleEdit, putVehicle } from "./api/vehicles";
import { siteHasLookup } from "@/server/stock/editing";
import { formValuesOf } from "@/domain/stock/vehicle-form";

/*
 * Cars by hand through the back-office's route handlers on the app's database: add (201, 422 per
 * field, a stock number the site has, another site's location, roles), edit every field with
 * "edited here", hand back, the rego lookup, the plain form posts, a stock file after a hand edit, and
 * a price header that names the price type.
 */

const SITE = 1001;
const TAG = "HAND-";
const database = setupAppDatabase({
  after: () => database.delete(t.vehicles).where(and(eq(t.vehicles.siteId, SITE), inArray(t.vehicles.make, ["Handmade", "Handmade2"]))),
});
let manager = "";
let sales = "";
let ridgeline = "";
let ridgelineId = 0;
beforeAll(async () => {
  [manager, sales, ridgeline] = await Promise.all([
    staffCookie("manager@parksidemotorgroup.com.au"),
    staffCookie("sales@parksidemotorgroup.com.au"),
    staffCookie("owner@ridgelinemotorcycles.com.au"),
  ]);
  const [r] = await (await getDb()).select({ id: t.sites.id }).from(t.sites).where(eq(t.sites.slug, "ridgeline-motorcycles"));
  ridgelineId = r!.id;
});

const car = (n: string, extra: Record<string, unknown> = {}) => ({
  stock_number: `${TAG}${n}`,
  make: "Handmade",
  model: "Roadster",
  year: 2023,
  car_type: "used",
  ...extra,
});
const add = (body: unknown, cookie = manager, siteId = String(SITE)) =>
  callAdmin(postVehicle, `/api/admin/sites/${siteId}/vehicles`, { siteId }, { method: "POST", cookie, body });
const put = (id: number, body: unknown, cookie = manager, siteId = String(SITE)) =>
  callAdmin(putVehicle, `/api/admin/sites/${siteId}/vehicles/${id}`, { siteId, id: String(id) }, { method: "PUT", cookie, body });
const handBack = (id: number, body: unknown) =>
  callAdmin(
    postHandBack,
    `/api/admin/sites/${SITE}/vehicles/${id}/hand-back`,
    { siteId: String(SITE), id: String(id) },
    { method: "POST", cookie: manager, body },
  );
const row = async (id: number) => (await (await getDb()).select().from(t.vehicles).where(eq(t.vehicles.id, id)))[0]!;
/** A stock file checked, then applied, through the back-office's handlers: what the check said. */
const importFile = async (csv: string, query = "") => {
  const checked = await (
    await callAdmin(
      postStockImport,
      `/api/admin/sites/${SITE}/stock/imports?${query}`,
      { siteId: String(SITE) },
      { method: "POST", cookie: manager, csv },
    )
  ).json();
  expect(checked.status).toBe("checked");
  const res = await callAdmin(
    applyStockImport,
    `/api/admin/sites/${SITE}/stock/imports/${checked.id}/apply`,
    { siteId: String(SITE), id: String(checked.id) },
    { method: "POST", cookie: manager, body: {} },
  );
  expect(res.status).toBe(200);
  return checked;
};
/** A plain form post, as a browser without JavaScript sends it. */
const form = (path: string, fields: Record<string, string>) =>
  new Request(`http://${ADMIN}${path}`, {
    method: "POST",
    headers: { host: ADMIN, cookie: manager, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("adding a car", () => {
  test("201 with the car, listed now, at the primary location, audited, on the storefront's stock", async () => {
    const res = await add(
      car("A1", { vin: "jm0kf4w7a00123456", price: "$31,990", features: ["Sunroof", "Tow bar"], special: true, colour: "Blue" }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.vehicle).toMatchObject({
      stock_number: `${TAG}A1`,
      status: "in_stock",
      editor_href: `/sites/${SITE}/stock/${body.vehicle.id}`,
    });
    expect(body.vehicle.website_href).toMatch(/\/cars\/2023-handmade-roadster-hand-a1$/);
    const v = await row(body.vehicle.id);
    expect(v).toMatchObject({
      vin: "JM0KF4W7A00123456",
      price: 31990,
      features: ["Sunroof", "Tow bar"],
      special: true,
      featured: false,
      showOnDealerWebsite: true,
      colour: "Blue",
      // typed in here, not listed by a feed: a full feed that leaves it out does not sell it
      editedFields: ["status"],
    });
    const [primary] = await (
      await getDb()
    )
      .select({ id: t.locations.id })
      .from(t.locations)
      .where(and(eq(t.locations.siteId, SITE), eq(t.locations.isPrimary, true)));
    expect(primary).toBeDefined();
    expect(v.locationId).toBe(primary!.id);
    const [audit] = await (
      await getDb()
    )
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "vehicle.create"), eq(t.auditLog.entity, `vehicle:${TAG}A1`)));
    expect((audit!.after as { price: number }).price).toBe(31990);
  });

  test.each([
    [{ ...car("B1"), vin: "JM0KF4W7A0012345O" }, { vin: "A VIN has 17 letters and digits (no I, O or Q)" }],
    [
      { ...car("B2"), make: "", year: "1800" },
      { make: "Enter the make", year: "Enter a year from 1900" },
    ],
    [{ ...car("B3"), price: "cheap" }, { price: "Enter the price as a whole number" }],
    [
      { ...car("B4"), stock_number: "hand-a1" },
      { stock_number: expect.stringMatching(/^Stock number HAND-A1 is already on the 2023 Handmade Roadster/) },
    ],
    [{ ...car("B5"), location_id: 99999 }, { location_id: "Location 99999 is not one of this site's locations" }],
    [{ ...car("B6"), features: "x".repeat(81) }, { "features.0": "Keep each feature under 80 characters" }],
    [
      { ...car("B7"), price_type: "Cheap", price: "0x10", make: "\u200B\u202E" },
      {
        price_type: "Choose the price type: Drive Away or Excl. Govt. Charges",
        price: "Enter the price as a whole number",
        make: "Enter the make",
      },
    ],
  ])("422 with a message per field: %j", async (body, errors) => {
    const res = await add(body);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual(errors);
  });

  test("another site's location is refused; a sales role may not add; an unknown site is 404", async () => {
    const [other] = await (await getDb()).select({ id: t.locations.id }).from(t.locations).where(eq(t.locations.siteId, ridgelineId));
    expect((await add(car("C1", { location_id: other!.id }))).status).toBe(422);
    expect((await add(car("C2"), sales)).status).toBe(403);
    expect((await add(car("C3"), manager, "abc")).status).toBe(404);
    expect((await add(car("C4"), manager, String(ridgelineId))).status).toBe(403);
  });

  test("the next stock number follows the site's own and is not taken", async () => {
    const res = await callAdmin(
      getNextStockNumber,
      `/api/admin/sites/${SITE}/vehicles/next-stock-number`,
      { siteId: String(SITE) },
      { cookie: manager },
    );
    const { stock_number } = await res.json();
    const taken = await (await getDb()).select({ s: t.vehicles.stockNumber }).from(t.vehicles).where(eq(t.vehicles.siteId, SITE));
    expect(taken.map((r) => r.s.toUpperCase())).not.toContain(stock_number.toUpperCase());
    expect((await add(car("X", { stock_number }))).status).toBe(201);
  });

  test("a plain form post (no JavaScript): on to the editor, or back to the form with what was typed", async () => {
    const ok = await postVehicle(
      form(`/api/admin/sites/${SITE}/vehicles`, {
        ...car("F1"),
        make: "Handmade2",
        year: "2022",
        featured: "false",
        special: "on",
      } as unknown as Record<string, string>),
      {
        params: Promise.resolve({ siteId: String(SITE) }),
      },
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toMatch(new RegExp(`^/sites/${SITE}/stock/\\d+\\?added=1$`));
    const id = Number(/stock\/(\d+)/.exec(ok.headers.get("location")!)![1]);
    expect(await row(id)).toMatchObject({ special: true, featured: false, year: 2022 });
    const bad = await postVehicle(
      form(`/api/admin/sites/${SITE}/vehicles`, { ...car("F2"), vin: "NOPE", description: "Typed by hand" } as unknown as Record<
        string,
        string
      >),
      {
        params: Promise.resolve({ siteId: String(SITE) }),
      },
    );
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toMatch(new RegExp(`^/sites/${SITE}/stock/new\\?attempt=\\w+$`));
    const cookie = decodeURIComponent(bad.headers.get("set-cookie")!.split(";")[0]!.split("=")[1]!);
    expect(JSON.parse(cookie)).toMatchObject({
      errors: { vin: expect.any(String) },
      values: { description: "Typed by hand", vin: "NOPE" },
    });
  });
});

describe("editing a car", () => {
  let id = 0;
  beforeAll(async () => {
    id = (await (await add(car("E1", { price: 20000, colour: "Red", rego: "ABC1" }))).json()).vehicle.id;
  });

  test("every field, partial; the fields whose value changed are edited here, audited before and after", async () => {
    const every = {
      stock_number: `${TAG}E1B`,
      vin: "JM0KF4W7A00123457",
      rego: "XYZ9",
      make: "Handmade",
      model: "Tourer",
      badge: "GT",
      series: "Mk II",
      year: 2024,
      car_type: "demo",
      price: 25990,
      price_type: "Drive away",
      subscription_weekly: 199,
      odometer: 1500,
      colour: "Red", // the same: not "edited"
      body_type: "Coupe",
      fuel: "Petrol",
      transmission: "Manual",
      drive: "RWD",
      seats: 2,
      doors: 2,
      status: "coming_soon",
      description: "Hand built",
      features: "Heated seats\nSoft top",
      show_on_dealer_website: false,
      featured: true,
      special: true,
    };
    const res = await put(id, every);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.changed).not.toContain("colour");
    const v = await row(id);
    expect(v).toMatchObject({
      stockNumber: `${TAG}E1B`,
      model: "Tourer",
      carType: "demo",
      priceType: "Drive Away", // the listed spelling of "Drive away"
      subscriptionWeekly: 199,
      seats: 2,
      status: "coming_soon",
      features: ["Heated seats", "Soft top"],
      showOnDealerWebsite: false,
      featured: true,
      special: true,
    });
    expect(v.editedFields).toEqual(
      [
        "badge",
        "bodyType",
        "carType",
        "description",
        "doors",
        "drive",
        "fuel",
        "model",
        "odometer",
        "price",
        "priceType",
        "rego",
        "seats",
        "series",
        "status",
        "subscriptionWeekly",
        "transmission",
        "vin",
        "year",
      ].sort(),
    );
    const [audit] = await (
      await getDb()
    )
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "vehicle.update"), eq(t.auditLog.entity, `vehicle:${TAG}E1`)))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(audit!.before).toMatchObject({ price: 20000, model: "Roadster" });
    expect(audit!.after).toMatchObject({ price: 25990, model: "Tourer" });
    expect(audit!.before).not.toHaveProperty("colour");
    // a field left out is unchanged; "" clears one that may be empty
    expect((await put(id, { badge: "" })).status).toBe(200);
    expect(await row(id)).toMatchObject({ badge: null, model: "Tourer", price: 25990 });
  });

  test("sold sets when; a stock number the site has and bad values are 422; unknown car 404; sales 403", async () => {
    expect((await put(id, { status: "sold" })).status).toBe(200);
    expect((await row(id)).soldAt).toBeInstanceOf(Date);
    expect((await put(id, { status: "in_stock" })).status).toBe(200);
    expect((await row(id)).soldAt).toBeNull();
    const taken = await put(id, { stock_number: `${TAG.toLowerCase()}a1` });
    expect(taken.status).toBe(422);
    expect(Object.keys((await taken.json()).errors)).toEqual(["stock_number"]);
    expect((await put(id, { vin: "SHORT" })).status).toBe(422);
    expect((await put(id, { location_id: 99999 })).status).toBe(422);
    expect((await put(999999, { price: 1 })).status).toBe(404);
    expect((await put(id, { price: 1 }, sales)).status).toBe(403);
  });

  test("a field the car does not have is a 422 naming it, in words, and nothing is saved", async () => {
    const before = await row(id);
    const res = await put(id, { price: 12345, colur: "Red", Odometer: 10 });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      colur: "Unknown field: check its name, or leave it out.",
      Odometer: "Unknown field: check its name, or leave it out.",
    });
    expect((await row(id)).price).toBe(before.price);
    // the validator's words never reach the answer: a description sent as a list
    const wrong = await put(id, { description: ["a"] });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ description: "Enter text." });
  });

  test("hand back one field, then all: audited; unknown names are 422", async () => {
    expect((await handBack(id, { fields: ["price"] })).status).toBe(200);
    expect((await row(id)).editedFields).not.toContain("price");
    expect((await handBack(id, { fields: ["nonsense"] })).status).toBe(422);
    expect((await handBack(id, { fields: [] })).status).toBe(422);
    const all = await handBack(id, { fields: "all" });
    expect((await all.json()).edited_fields).toEqual([]);
    expect((await row(id)).editedFields).toEqual([]);
    const audits = await (
      await getDb()
    )
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "vehicle.hand_back"), eq(t.auditLog.entity, `vehicle:${TAG}E1B`)));
    expect(audits.length).toBe(2);
  });

  test("hand all back leaves the photos mark: the photos' own hand-back puts the feed's photos back", async () => {
    const db = await getDb();
    await db
      .update(t.vehicles)
      .set({ editedFields: ["photos", "price"] })
      .where(and(eq(t.vehicles.siteId, SITE), eq(t.vehicles.id, id)));
    expect((await handBack(id, { fields: "all" })).status).toBe(200);
    expect((await row(id)).editedFields).toEqual(["photos"]);
    // the photos have their own hand-back: asked here, a 422 that says where
    const photos = await handBack(id, { fields: ["photos"] });
    expect(photos.status).toBe(422);
    expect((await photos.json()).errors.fields).toMatch(/Use the feed's photos again/);
    expect((await row(id)).editedFields).toEqual(["photos"]);
    await db
      .update(t.vehicles)
      .set({ editedFields: [] })
      .where(and(eq(t.vehicles.siteId, SITE), eq(t.vehicles.id, id)));
  });

  test("the editor's plain form post saves and comes back; a hand-back button posts one field", async () => {
    const params = { params: Promise.resolve({ siteId: String(SITE), id: String(id) }) };
    const saved = await postVehicleEdit(
      form(`/api/admin/sites/${SITE}/vehicles/${id}`, { price: "30000", show_on_dealer_website: "on" }),
      params,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/sites/${SITE}/stock/${id}?saved=1`);
    expect((await row(id)).editedFields).toContain("price");
    const back = await postHandBack(form(`/api/admin/sites/${SITE}/vehicles/${id}/hand-back`, { price: "30000", field: "price" }), params);
    expect(back.status).toBe(303);
    expect((await row(id)).editedFields).not.toContain("price");
  });

  test("a stock file after a hand edit keeps the edited price and status; with overwrite_edited it sets them", async () => {
    expect((await put(id, { price: 27777, status: "coming_soon" })).status).toBe(200);
    const csv = `stock_number,make,model,year,car_type,price,status,colour\n${TAG}E1B,Handmade,Tourer,2024,demo,29999,in_stock,Green`;
    const run = async (query: string) => (await importFile(csv, `full=0${query}`)).report.plan.changes[0].changes as string[];
    const said = await run("");
    expect(said).toContain("Price: kept, edited here ($27,777; the file says $29,999)");
    expect(await row(id)).toMatchObject({ price: 27777, status: "coming_soon", colour: "Green" });
    await run("&overwrite_edited=1");
    expect(await row(id)).toMatchObject({ price: 29999, status: "in_stock" });
    // what the import overwrote is the feed's again: no longer marked edited here
    expect((await row(id)).editedFields).not.toEqual(expect.arrayContaining(["price"]));
    expect((await row(id)).editedFields).not.toEqual(expect.arrayContaining(["status"]));
  });

  test("a file whose price header says Drive Away sets the price and its type; the preview says both", async () => {
    const run = async (csv: string) => (await importFile(csv, "full=0")).report;
    await run(`Stock No,Make,Model,Year,Type,Price\n${TAG}DA1,Handmade,Tourer,2024,used,"$40,000"`);
    const [added] = await (
      await getDb()
    )
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, SITE), eq(t.vehicles.stockNumber, `${TAG}DA1`)));
    expect(added).toMatchObject({ price: 40000, priceType: null });
    const report = await run(`Stock No,Make,Model,Year,Type,Price (Drive Away)\n${TAG}DA1,Handmade,Tourer,2024,used,"$38,990"`);
    expect(report.headerPriceType).toEqual({ header: "Price (Drive Away)", priceType: "Drive Away" });
    expect(report.plan.changes).toEqual([
      { stock_number: `${TAG}DA1`, changes: ["Price: $40,000 → $38,990", "Price type: (empty) → Drive Away"] },
    ]);
    expect(await row(added!.id)).toMatchObject({ price: 38990, priceType: "Drive Away" });
  });

  test("a description from a Windows file (CRLF) is not marked edited when only the price is saved", async () => {
    const db = await getDb();
    await db
      .update(t.vehicles)
      .set({ description: "One owner.\r\nFull history.", editedFields: [] })
      .where(and(eq(t.vehicles.siteId, SITE), eq(t.vehicles.id, id)));
    const form = { ...formValuesOf(await row(id)), price: "26000" };
    expect((await put(id, form)).status).toBe(200);
    expect((await row(id)).editedFields).toEqual(["price"]);
  });

  test("a car added by hand stays in stock through full feeds that leave it out", async () => {
    const res = await add(car("FEED1"));
    expect([res.status, res.status === 201 ? null : await res.clone().text()]).toEqual([201, null]);
    const added = (await res.json()).vehicle.id as number;
    // every other car the site lists, as it is: only the one added by hand is missing from the feed
    const others = await (
      await getDb()
    )
      .select({
        n: t.vehicles.stockNumber,
        make: t.vehicles.make,
        model: t.vehicles.model,
        year: t.vehicles.year,
        type: t.vehicles.carType,
      })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, SITE), ne(t.vehicles.status, "sold"), ne(t.vehicles.id, added)));
    const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const file = `stock_number,make,model,year,car_type\n${others.map((c) => [c.n, cell(c.make), cell(c.model), c.year, c.type].join(",")).join("\n")}`;
    for (let i = 0; i < 2; i++) await importFile(file, "full=1");
    expect(await row(added)).toMatchObject({ status: "in_stock", missingFeeds: 2 });
  });
});

describe("the rego lookup", () => {
  const look = (body: unknown, cookie = manager, siteId = String(SITE)) =>
    callAdmin(postLookup, `/api/admin/sites/${siteId}/vehicles/lookup`, { siteId }, { method: "POST", cookie, body });

  test("fills make, model, year, VIN, badge, body and colour where the site has a lookup", async () => {
    expect(await siteHasLookup(SITE)).toBe(true);
    const res = await look({ rego: "1cx5maz", state: "VIC" });
    expect(await res.json()).toMatchObject({
      found: true,
      fill: {
        make: "Mazda",
        model: "CX-5",
        year: 2021,
        vin: "JM0KF4W7A00123456",
        badge: "Maxx Sport",
        body_type: "SUV",
        colour: "Soul Red",
        rego: "1CX5MAZ",
      },
    });
    expect(await (await look({ rego: "NOPE1", state: "vic" })).json()).toMatchObject({ found: false });
    expect((await look({ rego: "DOWN01", state: "vic" })).status).toBe(503);
    expect((await look({ rego: "!!", state: "vic" })).status).toBe(422);
  });

  test("404 where the site has none", async () => {
    expect(await siteHasLookup(ridgelineId)).toBe(false);
    expect((await look({ rego: "ABC123", state: "vic" }, ridgeline, String(ridgelineId))).status).toBe(404);
  });

  test("a staff member's look-ups are limited like a shopper's connection (each is a paid call): 429 with Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 40; i++) {
      last = await look({ rego: "1CX5MAZ", state: "VIC" });
      if (last.status === 429) break;
      expect(last.status).toBe(200);
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
