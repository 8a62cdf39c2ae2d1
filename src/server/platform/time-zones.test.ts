import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { followUpDue } from "@/domain/leads/follow-up";
import { localTime, openState } from "@/domain/locations/hours";
import { weeklyDue } from "@/domain/reports/weekly";
import { leadHours, responseState } from "@/domain/staff/response";
import type { Location, SiteRecord } from "@/domain/site/types";
import { reportSites, siteRange } from "@/server/reports/reports";
import { getSiteContext } from "@/server/site/context";
import { deleteRunSites, setupAppDatabase } from "@/server/testing/app-database";
import { callPlatform } from "@/server/testing/requests";
import { postLocation, postWebsite } from "./websites-api";

/*
 * A dealer in Midland WA, made through the platform API with no time zone given, on a clock in Perth:
 * each surface that tells the time or the day counts in Perth's, not Melbourne's (three hours ahead
 * in December).
 */
const run = randomBytes(3).toString("hex");
const db = setupAppDatabase({ after: () => deleteRunSites(db, run) });

const at = (iso: string) => Date.parse(iso);
// Monday 7 December 2026
const MON_0815_PERTH = at("2026-12-07T00:15:00Z"); // 11:15 am in Melbourne
const MON_0630_PERTH = at("2026-12-06T22:30:00Z"); // 9:30 am Monday in Melbourne
const SUN_2130_PERTH = at("2026-12-06T13:30:00Z"); // 0:30 am Monday in Melbourne

let site: SiteRecord;
let midland: Location;
beforeAll(async () => {
  const made = await callPlatform(postWebsite, {}, "POST", {
    name: "Swan Valley Cars",
    slug: `swan-valley-cars-${run}`,
    template: "default",
    domain_name: `swanvalleycars-${run}.com.au`,
  });
  const { id, slug } = await made.json();
  const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    weekday === 0 ? { weekday, status: "Closed", open: null, close: null } : { weekday, status: "Open", open: "08:30", close: "17:30" },
  );
  const added = await callPlatform(postLocation, { siteId: String(id) }, "POST", {
    name: "Swan Valley Cars Midland",
    contact_detail: { phone: "(08) 9274 0000", email: "sales@swanvalleycars.com.au" },
    address: { street: "1 Great Eastern Hwy", city: "Midland", state: "WA", postcode: "6056" },
    opening_hours: week,
  });
  expect(added.status).toBe(201);
  const ctx = (await getSiteContext(slug))!;
  site = ctx.site;
  midland = ctx.locations[0]!;
});

describe("a new WA dealer counts in Perth's time, surface by surface", () => {
  test("the zones: the site's and its location's", () => {
    expect([site.timezone, midland.timezone]).toEqual(["Australia/Perth", "Australia/Perth"]);
  });

  test("open now: at 8:15 am in Perth the yard is not open yet", () => {
    expect(openState(MON_0815_PERTH, midland.timezone, midland.openingHours, [], midland.id)).toMatchObject({
      state: "closed",
      detail: "Opens at 8:30 am",
    });
  });

  test("the hours' today: at 9:30 pm on Sunday in Perth, today is Sunday", () => {
    expect(localTime(SUN_2130_PERTH, midland.timezone)).toMatchObject({ date: "2026-12-06", weekday: 0 });
  });

  test("the response timer: a lead at 8 am answered at 8:40 am has waited 10 open minutes", () => {
    const hours = leadHours(
      { siteTimezone: site.timezone, locationTimezone: midland.timezone, openingHours: midland.openingHours, locationId: midland.id },
      [],
    );
    const state = responseState(new Date(at("2026-12-07T00:00:00Z")), null, at("2026-12-07T00:40:00Z"), 15, hours);
    expect(state).toMatchObject({ minutes: 10, late: false });
  });

  test("follow-ups: one for Monday is not due at 9:30 pm on Sunday in Perth", () => {
    expect(followUpDue("contacted", "2026-12-07", localTime(SUN_2130_PERTH, site.timezone).date)).toBe(false);
    expect(followUpDue("contacted", "2026-12-06", localTime(SUN_2130_PERTH, site.timezone).date)).toBe(true);
  });

  test("reports: the last 7 days end on Sunday in Perth", async () => {
    const [reported] = await reportSites(db, [site.id]);
    expect(siteRange({ preset: "7d" }, reported!, SUN_2130_PERTH)).toMatchObject({ from: "2026-11-30", to: "2026-12-06" });
  });

  test("the Monday email: not before 8 am on Monday in Perth", async () => {
    const [reported] = await reportSites(db, [site.id]);
    expect(weeklyDue(localTime(MON_0630_PERTH, reported!.timezone))).toBeNull();
    expect(weeklyDue(localTime(MON_0815_PERTH, reported!.timezone))).toBe("2026-11-30");
  });
});
