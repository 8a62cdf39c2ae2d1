import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoValuation } from "@/domain/lookups/valuation";
import { DEFAULT_FEATURES } from "@/domain/site/features";
import { serverNow } from "@/server/base/clock";
import * as t from "@/server/db/schema";
import { liveLeadRoutes } from "@/server/leads/handlers";
import { setupAppDatabase } from "@/server/testing/app-database";
import { postTo } from "@/server/testing/requests";
import { TRADE_IN_LEAD } from "@/server/testing/trade-in";
import { valuationRoute } from "@/server/leads/lookup-api";
import { LookupUnavailableError } from "./providers";
import { AutoGrabValuation, RedbookValuation, siteValuationProvider } from "./valuation";

/*
 * The trade-in figure: the route the lookup form calls, the lead that carries the range (worked
 * out on the server, never taken from the browser), and the vendors' adapters against a local fake.
 */
const db = setupAppDatabase();
const PARKSIDE = "parkside-motor-group.localhost:3000"; // autograb: the fake AutoGrab valuation
const HARBOUR = "harbour-city-pre-owned.localhost:3000"; // the used-only site: a lookup too
const RIDGELINE = "ridgeline-motorcycles.localhost:3000"; // no lookup: no figure
const post = (body: unknown, host = PARKSIDE, headers: Record<string, string> = {}) =>
  postTo(valuationRoute, "/api/trade-in-valuation", body, host, headers);
const corolla = { make: "Toyota", model: "Corolla", year: 2019, badge: "Ascent Sport", odometer: 84_000, condition: "Good" };

describe("POST /api/trade-in-valuation", () => {
  test("a looked-up car: its range from the site's provider (the demo's market model here)", async () => {
    const res = await post(corolla);
    expect(res.status).toBe(200);
    const expected = demoValuation({ ...corolla, condition: "Good" }, new Date(serverNow()).getUTCFullYear());
    expect(await res.json()).toEqual({ found: true, ...expected, provider: "autograb" });
    expect(await (await post(corolla, HARBOUR)).json()).toMatchObject({ found: true, low: expected.low });
  });

  test.each([
    ["no model", { ...corolla, model: "" }, 422, "model"],
    ["an odometer in words", { ...corolla, odometer: "lots" }, 422, "odometer"],
    ["an unknown condition", { ...corolla, condition: "Mint" }, 422, "condition"],
    ["a __proto__ key", '{"make":"Toyota","model":"Corolla","year":2019,"odometer":1,"condition":"Good","__proto__":{"a":1}}', 422, null],
    ["not JSON", "{", 400, null],
    ["5 KB", { ...corolla, make: "A".repeat(5000) }, 413, null],
  ])("%s → %i", async (_, body, status, field) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    const answer = await res.json();
    expect(answer.error).toBeTruthy();
    if (field) expect(Object.keys(answer.errors ?? {})).toContain(field);
  });

  test("a site without a lookup, and an unknown site: 404; another website: 403", async () => {
    expect((await post(corolla, RIDGELINE)).status).toBe(404);
    expect((await post(corolla, "nobody.localhost:3000")).status).toBe(404);
    expect((await post(corolla, PARKSIDE, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  test("the dealer's switch off: no provider, so no figure", () => {
    const on = { ...DEFAULT_FEATURES, autograb: true };
    expect(siteValuationProvider({ features: on })?.name).toBe("autograb");
    expect(siteValuationProvider({ features: { ...on, trade_in_valuation: false } })).toBeNull();
    expect(siteValuationProvider({ features: { ...DEFAULT_FEATURES, nevdis: true } })?.name).toBe("redbook");
  });
});

describe("the trade-in lead carries the range the shopper saw", () => {
  const createLead = liveLeadRoutes().create;
  const lead = (over: Record<string, unknown> = {}) => ({ lead: { ...TRADE_IN_LEAD, ...over } });
  const stored = async (res: Response) => {
    const [row] = await db
      .select()
      .from(t.leads)
      .where(eq(t.leads.id, (await res.json()).lead.id));
    return row!.payload as Record<string, unknown>;
  };

  test("worked out on the server with the site's provider", async () => {
    const res = await postTo(createLead, "/api/leads", lead(), PARKSIDE);
    expect(res.status).toBe(201);
    const range = demoValuation({ ...corolla, condition: "Good" }, new Date(serverNow()).getUTCFullYear());
    expect((await stored(res)).trade_in_valuation).toEqual({ ...range, provider: "autograb" });
  });

  test("a range the browser sends is never stored; a car with too little known gets none", async () => {
    const forged = await postTo(createLead, "/api/leads", lead({ trade_in_valuation: { low: 90_000, high: 99_000 } }), PARKSIDE);
    if (forged.status === 201) expect((await stored(forged)).trade_in_valuation).not.toMatchObject({ low: 90_000 });
    else expect(forged.status).toBe(422);
    const bare = await postTo(createLead, "/api/leads", lead({ trade_in_vehicle: { source: "manual", make: "Toyota" } }), PARKSIDE);
    expect(bare.status).toBe(201);
    expect(await stored(bare)).not.toHaveProperty("trade_in_valuation");
  });
});

describe("the vendors' valuation adapters, against a local fake of each", () => {
  let server: Server;
  let base = "";
  let answer: () => [number, unknown] = () => [200, {}];
  const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const [status, json] = answer();
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const fast = { backoffMs: 5, timeoutMs: 1000 };
  const car = { make: "Toyota", model: "Corolla", year: 2019, badge: "Ascent Sport", odometer: 84_000, condition: "Good" as const };

  test("AutoGrab: POST the car with the key; its trade prices become our range", async () => {
    answer = () => [200, { prediction: { trade_low: 18_512.4, trade_high: 21_040 } }];
    expect(await new AutoGrabValuation({ base, apiKey: "k1", ...fast }).value(car)).toEqual({ low: 18_512, high: 21_040 });
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/v2/valuations/predict", headers: { authorization: "ApiKey k1" } });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      region: "au",
      make: "Toyota",
      model: "Corolla",
      year: 2019,
      badge: "Ascent Sport",
      kms: 84_000,
      condition: "good",
    });
  });

  test("Redbook: GET with the car in the address and a bearer token", async () => {
    answer = () => [200, { tradeInLow: 17_900, tradeInHigh: 20_300 }];
    expect(await new RedbookValuation({ base, apiKey: "k2", ...fast }).value(car)).toEqual({ low: 17_900, high: 20_300 });
    expect(seen.at(-1)).toMatchObject({
      method: "GET",
      url: "/v1/au/valuations?make=Toyota&model=Corolla&year=2019&badge=Ascent+Sport&odometer=84000&condition=good",
      headers: { authorization: "Bearer k2" },
    });
  });

  test("no figure is null; a nonsense range is a failed valuation, never shown", async () => {
    answer = () => [200, { prediction: {} }];
    expect(await new AutoGrabValuation({ base, apiKey: "k1", ...fast }).value(car)).toBeNull();
    answer = () => [404, {}];
    expect(await new RedbookValuation({ base, apiKey: "k2", ...fast }).value(car)).toBeNull();
    answer = () => [200, { tradeInLow: 30_000, tradeInHigh: 20_000 }];
    await expect(new RedbookValuation({ base, apiKey: "k2", ...fast }).value(car)).rejects.toBeInstanceOf(LookupUnavailableError);
    answer = () => [503, {}];
    await expect(new AutoGrabValuation({ base, apiKey: "k1", ...fast }).value(car)).rejects.toBeInstanceOf(LookupUnavailableError);
  });
});
