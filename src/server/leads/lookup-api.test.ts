import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postTo } from "@/server/testing/requests";
import { TRADE_IN_LEAD } from "@/server/testing/trade-in";
import { setupAppDatabase } from "@/server/testing/app-database";
import * as t from "@/server/db/schema";
import { liveLeadRoutes } from "@/server/leads/handlers";
import { localCarHistory } from "@/server/lookups/car-history";
import { carHistoryRoute, lookupForPage, lookupRoute } from "./lookup-api";
import { getSiteContext } from "@/server/site/context";
import { LOOKUP_MSG } from "@/domain/lookups/lookup";
import { AutoGrabProvider, LookupUnavailableError, NevdisProvider, RedbookProvider, requestJson } from "@/server/lookups/providers";

/*
 * The lookup routes and the car history route through what the browser calls, on the app's
 * database (PGlite here, PostgreSQL in CI's data-layer run); the real adapters against a local fake
 * of each vendor.
 */
const db = setupAppDatabase();

const PARKSIDE = "parkside-motor-group.localhost:3000"; // autograb (and redbook)
const OUTBACK = "outback-truck-centre.localhost:3000"; // nevdis
const RIDGELINE = "ridgeline-motorcycles.localhost:3000"; // none
const post = (
  route: (r: Request) => Promise<Response>,
  path: string,
  body: unknown,
  host = PARKSIDE,
  headers: Record<string, string> = {},
) => postTo(route, path, body, host, headers);
const autograb = lookupRoute("/api/simple-autograb-lookup");
const nevdis = lookupRoute("/api/nevdis");

describe("POST /api/simple-autograb-lookup and /api/nevdis (the local fake provider: no API keys here)", () => {
  test("a demo rego: the vehicle's make, model, year and VIN", async () => {
    const res = await post(autograb, "/api/simple-autograb-lookup", { rego: "abc 123", state: "vic" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      found: true,
      provider: "autograb",
      vehicle: {
        make: "Toyota",
        model: "Corolla",
        year: 2019,
        vin: "JTNKU3JE60J012345",
        badge: "Ascent Sport",
        body: "Hatch",
        colour: "White",
      },
    });
    const truck = await post(nevdis, "/api/nevdis", { rego: "TRK001", state: "qld" }, OUTBACK);
    expect(await truck.json()).toMatchObject({ found: true, provider: "nevdis", vehicle: { make: "Isuzu", model: "NPR" } });
  });

  test("an unknown rego, or a demo rego in another state: not found", async () => {
    for (const body of [
      { rego: "NOPE99", state: "vic" },
      { rego: "ABC123", state: "nsw" },
    ]) {
      const res = await post(autograb, "/api/simple-autograb-lookup", body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ found: false, provider: "autograb" });
    }
  });

  test("the provider down: 503 with Retry-After (the form goes on by hand)", async () => {
    const res = await post(autograb, "/api/simple-autograb-lookup", { rego: "DOWN01", state: "vic" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
  });

  test.each([
    ["a rego with symbols", { rego: "<b>1</b>", state: "vic" }, 422, "rego"],
    ["a 10-character rego", { rego: "ABCDEFGHIJ", state: "vic" }, 422, "rego"],
    ["an empty rego", { rego: "", state: "vic" }, 422, "rego"],
    ["no state", { rego: "ABC123" }, 422, "state"],
    ["an unknown state", { rego: "ABC123", state: "xx" }, 422, "state"],
    ["an extra key", { rego: "ABC123", state: "vic", __proto__x: 1 }, 422, "__proto__x"],
    ["a __proto__ key", '{"rego":"ABC123","state":"vic","__proto__":{"a":1}}', 422, null],
    ["a NUL", { rego: "ABC\u0000", state: "vic" }, 422, "rego"],
    ["not JSON", "{", 400, null],
    ["5 KB", { rego: "A".repeat(5000), state: "vic" }, 413, null],
  ])("%s → %i", async (_, body, status, field) => {
    const res = await post(autograb, "/api/simple-autograb-lookup", body);
    expect(res.status).toBe(status);
    const answer = await res.json();
    expect(answer.error).toBeTruthy();
    if (field) expect(Object.keys(answer.errors ?? {})).toContain(field);
  });

  test("the route the site's flags do not choose, a site without lookups and an unknown site: 404; form posts 415; other websites 403", async () => {
    expect((await post(nevdis, "/api/nevdis", { rego: "ABC123", state: "vic" })).status).toBe(404); // parkside uses autograb
    expect((await post(autograb, "/api/simple-autograb-lookup", { rego: "TRK001", state: "qld" }, OUTBACK)).status).toBe(404);
    expect((await post(autograb, "/api/simple-autograb-lookup", { rego: "ABC123", state: "vic" }, RIDGELINE)).status).toBe(404);
    expect((await post(autograb, "/api/simple-autograb-lookup", { rego: "ABC123", state: "vic" }, "nobody.localhost:3000")).status).toBe(
      404,
    );
    expect(
      (
        await post(autograb, "/api/simple-autograb-lookup", "rego=ABC123", PARKSIDE, {
          "content-type": "application/x-www-form-urlencoded",
        })
      ).status,
    ).toBe(415);
    expect(
      (await post(autograb, "/api/simple-autograb-lookup", { rego: "ABC123", state: "vic" }, PARKSIDE, { "sec-fetch-site": "cross-site" }))
        .status,
    ).toBe(403);
  });
});

describe("POST /api/carClarityCustomer", () => {
  const createLead = liveLeadRoutes().create;
  const tradeIn = TRADE_IN_LEAD;

  test("a trade-in lead carries its looked-up vehicle, and goes on to the car history provider as stored", async () => {
    const res = await post(createLead, "/api/leads", { lead: tradeIn });
    expect(res.status).toBe(201);
    const id = (await res.json()).lead.id as string;
    const [row] = await db.select().from(t.leads).where(eq(t.leads.id, id));
    expect((row!.payload as Record<string, unknown>).trade_in_vehicle).toEqual(tradeIn.trade_in_vehicle);

    const sent = await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { lead_id: id, first_name: "Forged" } });
    expect(sent.status).toBe(202);
    expect((await sent.json()).reference).toMatch(/^local-/);
    expect(localCarHistory().sent.find((c) => c.external_id === id)).toMatchObject({
      first_name: "Mary", // the stored lead's, not the caller's
      vehicle: { rego: "ABC123", state: "vic", vin: "JTNKU3JE60J012345", odometer: 84000 },
    });
  });

  test("the spec's lead payload itself (no lead_id) is checked like a lead and sent; bare or wrapped", async () => {
    const before = localCarHistory().sent.length;
    const { form: _f, trade_in_vehicle: _t, ...spec } = tradeIn;
    const wrapped = await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { ...spec, website_slug: "parkside-motor-group" } });
    expect(wrapped.status).toBe(202);
    const bare = await post(carHistoryRoute, "/api/carClarityCustomer", { ...spec, first_name: "Maria" });
    expect(bare.status).toBe(202);
    const sent = localCarHistory().sent.slice(before);
    expect(sent.map((c) => [c.first_name, c.vehicle.rego])).toEqual([
      ["Mary", "ABC123"],
      ["Maria", "ABC123"],
    ]);
    // a payload that is not a valid trade-in lead is refused with its fields, and nothing is sent
    const bad = await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { ...spec, email: "nope" } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.email).toBeTruthy();
    expect((await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { ...spec, form: "contact" } })).status).toBe(422);
    expect(localCarHistory().sent.length).toBe(before + 2);
  });

  test("the lead payload alone (no vehicle description, no odometer) is taken and sent", async () => {
    const before = localCarHistory().sent.length;
    const spec = {
      name: "Mary Smith",
      first_name: "Mary",
      last_name: "Smith",
      email: "mary@example.com",
      phone: "0412 345 678",
      postcode: "3134",
      website_slug: "parkside-motor-group",
      source: "Website",
      visited_pages: ["/sell-my-car"],
      linked_query_params: {},
      has_files: false,
      Rego: "ABC123",
      state: "vic",
    };
    const res = await post(carHistoryRoute, "/api/carClarityCustomer", { lead: spec });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(202);
    expect(localCarHistory().sent.slice(before)).toMatchObject([
      { first_name: "Mary", vehicle: { rego: "ABC123", state: "vic", description: null, odometer: null } },
    ]);
    // what the spec does list is still checked by its rules
    const bad = await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { ...spec, postcode: "31" } });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(["postcode"]);
    // and a lead sent to /api/leads by the trade-in form still needs its vehicle
    const lead = await post(liveLeadRoutes().create, "/api/leads", { lead: { ...spec, form: "trade-in" } });
    expect(lead.status).toBe(422);
  });

  test("a trade-in vehicle that is not one is refused with the lead", async () => {
    const res = await post(createLead, "/api/leads", { lead: { ...tradeIn, trade_in_vehicle: { source: "autograb", vin: "nope" } } });
    expect(res.status).toBe(422);
  });

  test.each([
    ["an unknown lead", { lead: { lead_id: "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e" } }, 404],
    ["a lead id that is not one", { lead: { lead_id: "1 or 1=1" } }, 422],
    ["no lead", {}, 422],
    ["not JSON", "{", 400],
  ])("%s → %i, nothing sent", async (_, body, status) => {
    const before = localCarHistory().sent.length;
    expect((await post(carHistoryRoute, "/api/carClarityCustomer", body)).status).toBe(status);
    expect(localCarHistory().sent.length).toBe(before);
  });

  test("another kind of lead, and a site without the provider: 404", async () => {
    const contact = await post(createLead, "/api/leads", {
      lead: { form: "chat", first_name: "Mary", email: "mary@example.com", message: "Hello" },
    });
    expect(contact.status).toBe(201);
    const id = (await contact.json()).lead.id;
    expect((await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { lead_id: id } })).status).toBe(404);
    expect((await post(carHistoryRoute, "/api/carClarityCustomer", { lead: { lead_id: id } }, RIDGELINE)).status).toBe(404);
  });
});

describe("the vendors' adapters, against a local fake of each", () => {
  let server: Server;
  let base = "";
  let hits = 0;
  let answer: (url: string) => [number, unknown] = () => [200, {}];
  const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        hits += 1;
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const [status, json] = answer(req.url!);
        if (status === 0) return void req.socket.destroy(); // a dropped connection
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const fast = { backoffMs: 5, timeoutMs: 1000 };

  test("NEVDIS: GET with the key header; the registry's fields become our vehicle", async () => {
    answer = () => [
      200,
      {
        vehicle: {
          make: "Isuzu",
          model: "NPR",
          year_of_manufacture: 2017,
          vin: "jalfrr90ph7012345",
          variant: "45-155",
          body_type: "Cab Chassis",
        },
      },
    ];
    const v = await new NevdisProvider({ base, apiKey: "k1", ...fast }).lookup({ rego: "TRK001", state: "qld" });
    expect(v).toEqual({
      make: "Isuzu",
      model: "NPR",
      year: 2017,
      vin: "JALFRR90PH7012345",
      badge: "45-155",
      body: "Cab Chassis",
      colour: null,
    });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/v1/vehicles?plate=TRK001&state=QLD", headers: { "x-api-key": "k1" } });
  });

  test("AutoGrab: POST {region, rego, state}; Redbook: GET by state and rego, the first result", async () => {
    answer = () => [200, { vehicle: { make: "Toyota", model: "Corolla", year: "2019", vin: "JTNKU3JE60J012345", badge: "Ascent Sport" } }];
    expect(await new AutoGrabProvider({ base, apiKey: "k2", ...fast }).lookup({ rego: "ABC123", state: "vic" })).toMatchObject({
      make: "Toyota",
      year: 2019,
    });
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/v2/vehicles/registration_lookup", headers: { authorization: "ApiKey k2" } });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ region: "au", rego: "ABC123", state: "VIC" });
    answer = () => [200, { results: [{ makeDescription: "Ford", familyDescription: "Ranger", yearGroup: 2018, badgeDescription: "XLT" }] }];
    expect(await new RedbookProvider({ base, apiKey: "k3", ...fast }).lookup({ rego: "XYZ789", state: "nsw" })).toMatchObject({
      make: "Ford",
      model: "Ranger",
      vin: null,
    });
    expect(seen.at(-1)).toMatchObject({ url: "/v1/au/vehicles/rego/nsw/XYZ789", headers: { authorization: "Bearer k3" } });
    answer = () => [200, { results: [] }];
    expect(await new RedbookProvider({ base, apiKey: "k3", ...fast }).lookup({ rego: "XYZ789", state: "nsw" })).toBeNull();
  });

  test("404 is not found; a nonsense answer is a failed lookup, not a car", async () => {
    answer = () => [404, {}];
    expect(await new NevdisProvider({ base, apiKey: "k", ...fast }).lookup({ rego: "A1", state: "vic" })).toBeNull();
    answer = () => [200, { vehicle: { make: "", model: "X", year_of_manufacture: 99 } }];
    await expect(new NevdisProvider({ base, apiKey: "k", ...fast }).lookup({ rego: "A1", state: "vic" })).rejects.toBeInstanceOf(
      LookupUnavailableError,
    );
  });

  test.each([
    ["5xx", 503, 3],
    ["a dropped connection", 0, 3],
    ["4xx", 401, 1],
    ["429", 429, 1],
  ])("%s: %i attempts in all (2 more at most, none after a 4xx)", async (_, status, attempts) => {
    answer = () => [status, {}];
    const before = hits;
    await expect(requestJson("x", `${base}/any`, {}, fast)).rejects.toBeInstanceOf(LookupUnavailableError);
    expect(hits - before).toBe(attempts);
  });

  test("a failure then a success: the retry answers", async () => {
    let n = 0;
    answer = () => (n++ === 0 ? [502, {}] : [200, { ok: true }]);
    expect(await requestJson("x", `${base}/any`, {}, fast)).toEqual({ ok: true });
  });
});

describe("the rego step without JavaScript: the trade-in page looks the rego up itself", () => {
  const ctxOf = async (slug: string) => (await getSiteContext(slug))!;
  let ip = 0;
  const ask = async (slug: string, query: Record<string, string>) => lookupForPage(await ctxOf(slug), query, `10.7.0.${++ip}`);

  test("found: the car, as the lead carries it, and its line for the form", async () => {
    expect(await ask("parkside-motor-group", { rego: "abc 123", state: "VIC" })).toEqual({
      rego: "ABC123",
      state: "vic",
      title: "2019 Toyota Corolla Ascent Sport",
      vehicle: {
        source: "autograb",
        make: "Toyota",
        model: "Corolla",
        year: 2019,
        vin: "JTNKU3JE60J012345",
        badge: "Ascent Sport",
        rego: "ABC123",
        state: "vic",
      },
    });
    expect(await ask("outback-truck-centre", { rego: "TRK001", state: "qld" })).toMatchObject({ title: "2017 Isuzu NPR 45-155" });
  });

  test.each([
    ["not found", { rego: "NOPE99", state: "vic" }, { rego: "NOPE99", state: "vic", note: LOOKUP_MSG.notFound }],
    ["the provider down", { rego: "DOWN01", state: "vic" }, { rego: "DOWN01", state: "vic", note: LOOKUP_MSG.unavailable }],
    [
      "a bad rego",
      { rego: "ABC-123!!", state: "vic" },
      { rego: "ABC-123!!", state: "vic", errors: { rego: "Please enter a valid rego." } },
    ],
  ])("%s: on by hand, the rego kept", async (_, query, answer) => {
    expect(await ask("parkside-motor-group", query)).toEqual(answer);
  });

  test("no rego asked, or a site with no lookup: nothing to look up", async () => {
    expect(await ask("parkside-motor-group", {})).toBeNull();
    expect(await ask("ridgeline-motorcycles", { rego: "ABC123", state: "vic" })).toBeNull();
  });

  test("the lookups' rate limit holds here too: past it, on by hand", async () => {
    const ctx = await ctxOf("parkside-motor-group");
    let last = null;
    for (let i = 0; i < 40; i++) last = await lookupForPage(ctx, { rego: "NOPE99", state: "vic" }, "10.7.9.9");
    expect(last).toEqual({ rego: "NOPE99", state: "vic", note: LOOKUP_MSG.tooMany });
  });
});
