import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { addDays, changeLabel, localDay, reportRange } from "@/domain/reports/range";
import * as t from "@/server/db/schema";
import { groupCsvRoute, reportCsvRoute } from "@/server/admin/api/reports";
import { groupReports } from "./group";
import { HISTORY_SITE } from "@/server/demo/history";
import { callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { funnelReport, leadsReport, reportSites, siteRange, siteReports } from "./reports";
import { teamReport } from "./team";
import { stockReport } from "./stock";
import { median } from "@/domain/reports/stats";
import { runWeeklyRound } from "./weekly";
import { putWeeklyReport } from "@/server/admin/api/me";
import type { MailMessage, Mailer } from "@/server/mail/mailer";
import { purgeOldEvents, refreshRollups } from "./rollup";

/*
 * The reports' numbers against the database's own counts (the app's database: PGlite
 * here, PostgreSQL in CI's data-layer run), on the demo's year of parkside history; the visits
 * rollup kept from raw events; old events purged; and the CSV route's rules.
 */
const db = setupAppDatabase();
const NOW = Date.now();

const site = async () => (await reportSites(db, [HISTORY_SITE]))[0]!;
const today = async () => localDay(NOW, (await site()).timezone);

/** Leads of a site (parkside unless told) between two local days, counted by SQL alone. */
async function sqlCount(from: string, to: string, siteId = HISTORY_SITE): Promise<number> {
  const tz = (await reportSites(db, [siteId]))[0]!.timezone;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.leads)
    .where(
      and(
        eq(t.leads.siteId, siteId),
        eq(t.leads.isMock, false),
        sql`${t.leads.createdAt} >= ((${from}::date)::timestamp at time zone ${tz})`,
        sql`${t.leads.createdAt} < ((${addDays(to, 1)}::date)::timestamp at time zone ${tz})`,
      ),
    );
  return Number(row!.n);
}

describe("the leads report (the demo's year of parkside)", () => {
  test.each(["7d", "30d", "90d", "12m"])("%s: the totals, every breakdown and the series add up to SQL's count", async (preset) => {
    const range = reportRange({ preset }, await today())!;
    const r = await leadsReport(db, await site(), range);
    expect(r.total, "the demo has leads in this period").toBeGreaterThan(0);
    expect(r.total).toBe(await sqlCount(range.from, range.to));
    expect(r.previous).toBe(await sqlCount(range.previous.from, range.previous.to));
    const sum = (rows: Array<{ now: number }>) => rows.reduce((n, x) => n + x.now, 0);
    for (const rows of [r.series, r.bySource, r.byType, r.byLocation, r.byCondition]) expect(sum(rows)).toBe(r.total);
    expect(r.series.reduce((n, p) => n + p.before, 0)).toBe(r.previous);
  });

  test("a lead's source is read from its first page's parameters and referrer", async () => {
    // a day of its own, long before the demo's year (other test files add leads today on a shared database)
    const range = reportRange({ from: "2024-03-12", to: "2024-03-12" }, "2024-12-31")!;
    const before = await leadsReport(db, await site(), range);
    const base = { siteId: HISTORY_SITE, category: "General Enquiry", createdAt: new Date(Date.parse("2024-03-12T12:00:00+11:00")) };
    const ids = (
      await db
        .insert(t.leads)
        .values([
          { ...base, payload: { linked_query_params: { gclid: "x", utm_source: "google", utm_medium: "cpc", utm_campaign: "test-camp" } } },
          { ...base, payload: { first_referrer: "www.bing.com" } },
          { ...base, payload: { linked_query_params: { utm_source: "newsletter", utm_medium: "email" } } },
          { ...base, payload: {} },
          { ...base, isMock: true, payload: {} },
        ])
        .returning({ id: t.leads.id })
    ).map((r) => r.id);
    try {
      const after = await leadsReport(db, await site(), range);
      const of = (r: typeof after, key: string) => r.bySource.find((s) => s.key === key)!.now;
      expect(after.total - before.total, "a mock lead is not counted").toBe(4);
      for (const key of ["paid-search", "organic", "campaign", "direct"]) expect(of(after, key) - of(before, key), key).toBe(1);
      expect(after.byCampaign.find((c) => c.label === "google / cpc / test-camp")?.now).toBe(1);
    } finally {
      for (const id of ids) await db.delete(t.leads).where(eq(t.leads.id, id));
    }
  });
});

describe("the visits rollup and the funnel", () => {
  test("a session's events become one visit of its source, with each step it reached; a re-run counts it once", async () => {
    const s = await site();
    // a day of its own, long before the demo's year, so the demo's rows never meet it
    const at = Date.parse("2024-03-05T02:00:00Z"); // 1 pm in Melbourne
    const day = localDay(at, s.timezone);
    const ev = (eventId: number, url: string, props: Record<string, unknown> = {}, session = "sess-rollup-1", dt = 0) => ({
      siteId: HISTORY_SITE,
      eventId,
      category: "x",
      url,
      anonId: "anon-1",
      sessionId: session,
      properties: props,
      createdAt: new Date(at + dt),
    });
    const rows = await db
      .insert(t.analyticsEvents)
      .values([
        ev(1, "https://www.parksidemotorgroup.com.au/?utm_source=newsletter&utm_medium=email", { referrer: "" }),
        ev(1, "https://www.parksidemotorgroup.com.au/search/used-cars", {}, "sess-rollup-1", 1000),
        ev(8, "https://www.parksidemotorgroup.com.au/cars/x", {}, "sess-rollup-1", 2000),
        ev(22, "https://www.parksidemotorgroup.com.au/cars/x", {}, "sess-rollup-1", 3000),
        ev(1, "https://www.parksidemotorgroup.com.au/", { referrer: "https://www.google.com.au/" }, "sess-rollup-2"),
        ev(1, "https://www.parksidemotorgroup.com.au/", { referrer: "https://www.parksidemotorgroup.com.au/" }, "sess-rollup-3"),
      ])
      .returning({ id: t.analyticsEvents.id });
    try {
      await refreshRollups(db, NOW);
      await refreshRollups(db, NOW); // nothing new: the same rows
      const got = await db
        .select()
        .from(t.reportVisits)
        .where(and(eq(t.reportVisits.siteId, HISTORY_SITE), eq(t.reportVisits.day, day)));
      const by = Object.fromEntries(got.map((r) => [r.channel, r]));
      expect(by.campaign).toMatchObject({ visits: 1, searchVisits: 1, vehicleVisits: 1, enquiryVisits: 1, reservationVisits: 0 });
      expect(by.organic).toMatchObject({ visits: 1, searchVisits: 0, enquiryVisits: 0 });
      expect(by.direct).toMatchObject({ visits: 1 }); // its own site as referrer is no source
      const funnel = await funnelReport(db, s, reportRange({ from: day, to: day }, "2024-12-31")!);
      expect(funnel.steps.map((x) => x.now)).toEqual([3, 1, 1, 1, 0]);
    } finally {
      await db.delete(t.analyticsEvents).where(sql`${t.analyticsEvents.id} in ${rows.map((r) => r.id)}`);
      await db.delete(t.reportVisits).where(and(eq(t.reportVisits.siteId, HISTORY_SITE), eq(t.reportVisits.day, day)));
    }
  });

  test("the demo's funnel has every step, narrowing as it goes", async () => {
    const funnel = await funnelReport(db, await site(), reportRange({ preset: "30d" }, await today())!);
    const steps = funnel.steps.map((s) => s.now);
    expect(steps[0]).toBeGreaterThan(1000);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!).toBeLessThanOrEqual(steps[i - 1]!);
    expect(funnel.byChannel.map((c) => c.channel)).toContain("paid-search");
  });

  test("raw events older than 13 months are deleted, at most once a day; newer ones stay", async () => {
    const base = { siteId: HISTORY_SITE, eventId: 1, category: "x", url: "https://x/", anonId: "a", sessionId: "s", properties: {} };
    const [old, recent] = await db
      .insert(t.analyticsEvents)
      .values([
        { ...base, createdAt: new Date(NOW - 14 * 31 * 86_400_000) },
        { ...base, createdAt: new Date(NOW - 12 * 30 * 86_400_000) },
      ])
      .returning({ id: t.analyticsEvents.id });
    await db.delete(t.meta).where(eq(t.meta.key, "report_events_purged_at"));
    expect(await purgeOldEvents(db, NOW)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: t.analyticsEvents.id })
      .from(t.analyticsEvents)
      .where(sql`${t.analyticsEvents.id} in (${old!.id}, ${recent!.id})`);
    expect(left.map((r) => r.id)).toEqual([recent!.id]);
    expect(await purgeOldEvents(db, NOW + 3_600_000)).toBe(0); // once a day
    await db.delete(t.analyticsEvents).where(eq(t.analyticsEvents.id, recent!.id));
  });
});

describe("the stock report", () => {
  test("vehicle page views are rolled up per car and day; the most viewed, the cars without a price, days in stock", async () => {
    const s = await site();
    const [car] = await db
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, HISTORY_SITE), eq(t.vehicles.status, "in_stock"), eq(t.vehicles.showOnDealerWebsite, true)))
      .limit(1);
    const at = Date.parse("2024-03-05T02:00:00Z");
    const day = localDay(at, s.timezone);
    const view = (session: string) => ({
      siteId: HISTORY_SITE,
      eventId: 8,
      category: "Vehicle",
      url: `https://www.parksidemotorgroup.com.au/cars/${car!.slug}`,
      anonId: session,
      sessionId: session,
      properties: { car_slug: car!.slug },
      createdAt: new Date(at),
    });
    const events = await db
      .insert(t.analyticsEvents)
      .values(Array.from({ length: 40 }, (_, i) => view(`stock-${i}`)))
      .returning({ id: t.analyticsEvents.id });
    try {
      await refreshRollups(db, NOW);
      const [rolled] = await db
        .select()
        .from(t.reportVehicleViews)
        .where(and(eq(t.reportVehicleViews.siteId, HISTORY_SITE), eq(t.reportVehicleViews.day, day)));
      expect(rolled).toMatchObject({ vehicleSlug: car!.slug, views: 40 });
      const stock = await stockReport(db, s, reportRange({ from: day, to: day }, "2024-12-31")!, NOW);
      expect(stock.top[0]).toMatchObject({ id: car!.id, views: 40 });
      const [listed] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.vehicles)
        .where(
          and(
            eq(t.vehicles.siteId, HISTORY_SITE),
            eq(t.vehicles.showOnDealerWebsite, true),
            sql`${t.vehicles.status} in ('in_stock', 'coming_soon')`,
          ),
        );
      expect(stock.listed).toBe(Number(listed!.n));
      expect(stock.daysByCondition.reduce((n, r) => n + r.cars, 0)).toBe(stock.listed);
      expect(stock.noPrice.length, "DEMO_DATA: exactly one parkside car has no price").toBe(1);
      expect(stock.bottom).toHaveLength(20);
    } finally {
      await db.delete(t.analyticsEvents).where(sql`${t.analyticsEvents.id} in ${events.map((e) => e.id)}`);
      await db.delete(t.reportVehicleViews).where(and(eq(t.reportVehicleViews.siteId, HISTORY_SITE), eq(t.reportVehicleViews.day, day)));
      await db.delete(t.reportVisits).where(and(eq(t.reportVisits.siteId, HISTORY_SITE), eq(t.reportVisits.day, day)));
    }
  });
});

describe("price changes (a trigger records every one)", () => {
  test("a price changed in the database is recorded once, and the stock report shows views a day the week before and after", async () => {
    const s = await site();
    const [car] = await db
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, HISTORY_SITE), eq(t.vehicles.status, "in_stock"), sql`${t.vehicles.price} is not null`))
      .limit(1);
    const before = car!.price!;
    // changes another test file made to this car earlier (on PostgreSQL the files share one database)
    const pc = t.vehiclePriceChanges;
    const earlier = new Set((await db.select({ id: pc.id }).from(pc).where(eq(pc.vehicleId, car!.id))).map((c) => c.id));
    try {
      await db.update(t.vehicles).set({ price: before }).where(eq(t.vehicles.id, car!.id)); // the same price: no change
      await db
        .update(t.vehicles)
        .set({ price: before - 1000 })
        .where(eq(t.vehicles.id, car!.id));
      const changes = (await db.select().from(pc).where(eq(pc.vehicleId, car!.id))).filter((c) => !earlier.has(c.id));
      expect(changes.map((c) => [c.oldPrice, c.newPrice])).toEqual([[before, before - 1000]]);
      // its views: 2 a day over the week before, 10 today
      const day = localDay(Date.now(), s.timezone);
      const r = t.reportVehicleViews;
      await db.delete(r).where(and(eq(r.siteId, HISTORY_SITE), eq(r.vehicleSlug, car!.slug)));
      await db
        .insert(r)
        .values([
          ...Array.from({ length: 7 }, (_, i) => ({ siteId: HISTORY_SITE, day: addDays(day, -(i + 1)), vehicleSlug: car!.slug, views: 2 })),
          { siteId: HISTORY_SITE, day, vehicleSlug: car!.slug, views: 10 },
        ]);
      const stock = await stockReport(db, s, reportRange({ preset: "7d" }, day)!, NOW);
      expect(stock.priceChanges[0]).toMatchObject({
        vehicleId: car!.id,
        from: before,
        to: before - 1000,
        day,
        viewsBefore: 2,
        viewsAfter: 10,
      });
    } finally {
      await db.update(t.vehicles).set({ price: before }).where(eq(t.vehicles.id, car!.id));
      await db.delete(t.vehiclePriceChanges).where(eq(t.vehiclePriceChanges.vehicleId, car!.id));
    }
  });
});

describe("the team's report", () => {
  test("the demo's 30 days: statuses add up to the leads report's total; every answered lead is counted once per person and per location", async () => {
    const range = reportRange({ preset: "30d" }, await today())!;
    const [team, leads] = await Promise.all([teamReport(db, await site(), range, NOW), leadsReport(db, await site(), range)]);
    expect(team.total).toBe(leads.total);
    expect(team.byStatus.reduce((n, s) => n + s.now, 0)).toBe(leads.total);
    const answered = (rows: typeof team.byPerson) => rows.reduce((n, r) => n + r.answered, 0);
    expect(answered(team.byPerson)).toBe(answered(team.byLocation));
    expect(team.byPerson.map((p) => p.label)).toContain("Sam Sales");
    expect(team.target).toBe(15);
  });

  test("response minutes count opening hours only: a Wednesday lead answered in 20 minutes is late, one in 10 is not; one waiting is listed", async () => {
    const s = await site();
    const base = { siteId: HISTORY_SITE, category: "Team test", locationId: 10012, payload: {} };
    // the location's hours as DEMO_DATA gives them (another test file may have changed them on a shared database)
    const loc = and(eq(t.locations.siteId, HISTORY_SITE), eq(t.locations.id, 10012));
    const [{ hours: kept }] = (await db.select({ hours: t.locations.openingHours }).from(t.locations).where(loc)) as [{ hours: unknown }];
    const open = (weekday: number, from: string, to: string) => ({ weekday, status: "Open" as const, open: from, close: to });
    await db
      .update(t.locations)
      .set({ openingHours: [open(0, "10:00", "16:00"), ...[1, 2, 3, 4, 5, 6].map((d) => open(d, "09:00", "17:00"))] as never })
      .where(loc);
    // Wednesday 6 March 2024, 10:30 in Melbourne (UTC+11)
    const at = Date.parse("2024-03-06T10:30:00+11:00");
    const rows = await db
      .insert(t.leads)
      .values([
        { ...base, name: "Late", status: "contacted", createdAt: new Date(at), firstContactAt: new Date(at + 20 * 60_000) },
        { ...base, name: "Quick", status: "contacted", createdAt: new Date(at), firstContactAt: new Date(at + 10 * 60_000) },
        // sent Friday 5:30 pm (closed), contacted Saturday 9:10 am: 10 open minutes
        {
          ...base,
          name: "Weekend",
          status: "contacted",
          createdAt: new Date(Date.parse("2024-03-08T17:30:00+11:00")),
          firstContactAt: new Date(Date.parse("2024-03-09T09:10:00+11:00")),
        },
        { ...base, name: "Waiting", status: "new", createdAt: new Date(at) },
      ])
      .returning({ id: t.leads.id, name: t.leads.name });
    try {
      for (const r of rows.slice(0, 3))
        await db
          .insert(t.leadNotes)
          .values({ siteId: HISTORY_SITE, leadId: r.id, staffName: "Tess Team", statusFrom: "new", statusTo: "contacted", body: "" });
      const team = await teamReport(
        db,
        s,
        reportRange({ from: "2024-03-04", to: "2024-03-10" }, "2024-12-31")!,
        Date.parse("2024-03-11T12:00:00+11:00"),
      );
      expect(team.total).toBe(4);
      expect(team.byPerson).toEqual([{ key: "Tess Team", label: "Tess Team", answered: 3, median: 10, withinTarget: 2, late: 1 }]);
      expect(team.byLocation).toEqual([{ key: "10012", label: "Parkside Mazda", answered: 3, median: 10, withinTarget: 2, late: 1 }]);
      expect(team.late, "the 20-minute lead and the one still waiting").toBe(2);
      expect(team.waiting.map((w) => w.name)).toEqual(["Waiting"]);
    } finally {
      await db
        .update(t.locations)
        .set({ openingHours: kept as never })
        .where(loc);
      for (const r of rows) await db.delete(t.leadNotes).where(eq(t.leadNotes.leadId, r.id));
      await db.delete(t.leads).where(eq(t.leads.category, "Team test"));
    }
  });

  test.each([
    [[], null],
    [[5], 5],
    [[9, 1, 5], 5],
    [[1, 2, 3, 10], 3],
  ])("median(%j) → %j", (xs, want) => expect(median(xs)).toBe(want));
});

describe("GET /api/admin/sites/{siteId}/reports/{name}.csv", () => {
  test("managers get each report as CSV with the same numbers; sales, another site, a bad name or period are refused", async () => {
    const manager = await staffCookie("manager@parksidemotorgroup.com.au");
    const get = (siteId: string, report: string, query = "?preset=30d", cookie = manager) =>
      callAdmin(reportCsvRoute, `/api/admin/sites/${siteId}/reports/${report}${query}`, { siteId, report }, { cookie });
    const res = await get("1001", "leads-by-source.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-by-source-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text()).trim().split("\n");
    expect(lines[0]).toBe("source,this_period,previous_period");
    const range = reportRange({ preset: "30d" }, await today())!;
    const total = lines.slice(1).reduce((n, l) => n + Number(l.split(",")[1]), 0);
    expect(total).toBe(await sqlCount(range.from, range.to));
    expect((await get("1001", "funnel.csv")).status).toBe(200);
    expect((await (await get("1001", "stock.csv")).text()).split("\n")[0]).toBe("vehicle_id,car,views,enquiries,days_in_stock");
    expect((await (await get("1001", "team-response.csv")).text()).split("\n")[0]).toBe(
      "group,name,answered,median_open_minutes,within_target,late",
    );
    expect((await get("1001", "leads-over-time.csv", "?from=2026-01-01&to=2026-01-31&by=week")).status).toBe(200);

    expect((await get("1001", "nothing.csv")).status).toBe(404);
    expect((await get("1001", "funnel")).status).toBe(404);
    expect((await get("1001", "funnel.csv", "?from=2026-02-30&to=2026-03-01")).status).toBe(422);
    expect((await get("1001", "funnel.csv", "?by=%00")).status).toBe(422);
    expect((await get("1001", "funnel.csv", "?to=2026-13-01")).status).toBe(422);
    expect((await get("1002", "funnel.csv")).status).toBe(403);
    expect((await get("abc", "funnel.csv")).status).toBe(404);
    expect((await get("1001", "funnel.csv", "?preset=30d", await staffCookie("sales@parksidemotorgroup.com.au"))).status).toBe(403);
    expect((await get("1001", "funnel.csv", "?preset=30d", "")).status).toBe(401);
  });
});

describe("the group view: several sites side by side", () => {
  test("each site counted in its own days, and the group's totals their sum", async () => {
    const ids = [1001, 1002, 1003];
    const r = await groupReports(db, ids, { preset: "30d" }, NOW);
    if ("errors" in r) throw new Error("a valid query");
    const sites = await reportSites(db, ids);
    // the dates are read in the latest of the sites' days (tasman's New Zealand is ahead of Victoria)
    expect(r.range.to).toBe(
      sites
        .map((s) => localDay(NOW, s.timezone))
        .sort()
        .at(-1),
    );
    expect(r.group.sites.map((s) => s.id)).toEqual(ids);
    expect(r.group.sites.map((s) => s.name)).toEqual(ids.map((id) => sites.find((s) => s.id === id)!.name));
    // each site's row counts its own last 30 days (a day behind New Zealand's for two hours a night)
    for (const s of r.group.sites) {
      const own = siteRange(
        { preset: "30d" },
        sites.find((x) => x.id === s.id)!,
        NOW,
      );
      if ("errors" in own) throw new Error("a valid query");
      expect(s.leads, `site ${s.id}`).toBe(await sqlCount(own.from, own.to, s.id));
      expect(s.leadsBefore, `site ${s.id} before`).toBe(await sqlCount(own.previous.from, own.previous.to, s.id));
    }
    // the demo's year: parkside, and the group's two smaller sites
    for (const s of r.group.sites) expect(s.leads, `the demo's year of site ${s.id}`).toBeGreaterThan(0);
    expect(r.group.sites[0]!.leads, "parkside is the busiest").toBeGreaterThan(r.group.sites[1]!.leads);
    const sum = (k: "leads" | "visits" | "late") => r.group.sites.reduce((n, s) => n + s[k], 0);
    expect(r.group.total.leads).toBe(sum("leads"));
    expect(r.group.total.visits).toBe(sum("visits"));
    expect(r.group.total.late).toBe(sum("late"));
    expect(r.group.series.reduce((n, p) => n + p.now, 0)).toBe(r.group.total.leads);
    expect(r.group.bySource.reduce((n, p) => n + p.now, 0)).toBe(r.group.total.leads);
    const stock = await stockReport(
      db,
      sites.find((s) => s.id === 1001)!,
      r.range,
      NOW,
    );
    // the group's stock counts and the stock report's lists are one rule
    const p = r.group.sites[0]!;
    expect([p.listed, p.noPhotos, p.noPrice]).toEqual([stock.listed, stock.noPhotos.length, stock.noPrice.length]);
    expect(p.noPrice, "the demo's one car without a price (DEMO_DATA)").toBe(1);
    expect(await groupReports(db, ids, { from: "2026-02-30" }, NOW)).toEqual({ errors: { from: "Enter the first day as a date." } });
  });

  test("a site's row in the group view is its own report for the same period, with New Zealand already a day ahead of Victoria", async () => {
    // 00:30 on 20 November in Auckland (UTC+13) is 22:30 on 19 November in Melbourne (UTC+11)
    const now = Date.parse("2026-11-20T00:30:00+13:00");
    const ids = [1002, 1003];
    const sites = await reportSites(db, ids);
    expect(sites.map((s) => localDay(now, s.timezone)).sort()).toEqual(["2026-11-19", "2026-11-20"]);
    // ridgeline's (Melbourne) leads just inside and just outside its own last 7 and 30 days
    const at = (iso: string) => ({
      siteId: 1002,
      category: "Day boundary test",
      name: "Boundary",
      status: "new",
      payload: {},
      createdAt: new Date(iso),
    });
    await db
      .insert(t.leads)
      .values([
        at("2026-11-13T00:10:00+11:00"),
        at("2026-11-12T23:50:00+11:00"),
        at("2026-10-21T00:05:00+11:00"),
        at("2026-10-20T23:55:00+11:00"),
        at("2026-11-19T22:20:00+11:00"),
      ]);
    try {
      const queries: Array<Record<string, string>> = [
        { preset: "7d" },
        { preset: "30d" },
        { preset: "90d" },
        { from: "2026-11-01", to: "2026-11-20" },
      ];
      for (const query of queries) {
        const group = await groupReports(db, ids, query, now);
        if ("errors" in group) throw new Error("a valid query");
        for (const id of ids) {
          const own = await siteReports(db, id, query, now);
          if (!own || "errors" in own) throw new Error("a valid query");
          const row = group.group.sites.find((s) => s.id === id)!;
          const what = `site ${id}, ${JSON.stringify(query)}`;
          expect(row.leads, what).toBe(own.leads.total);
          expect(row.leadsBefore, what).toBe(own.leads.previous);
          expect(row.leads, what).toBe(await sqlCount(own.range.from, own.range.to, id));
          expect([row.visits, row.visitsBefore], what).toEqual([own.funnel.steps[0]!.now, own.funnel.steps[0]!.before]);
          expect(row.late, what).toBe(own.team.late);
        }
        // the chart is drawn on the group's dates and still holds every lead of every site
        expect(group.group.series.reduce((n, p) => n + p.now, 0)).toBe(group.group.total.leads);
        expect(group.group.series.reduce((n, p) => n + p.before, 0)).toBe(group.group.total.previous);
      }
      // Melbourne's last 7 days are 13 to 19 November: the lead ten minutes into the 13th is one of them
      const own = await siteReports(db, 1002, { preset: "7d" }, now);
      if (!own || "errors" in own) throw new Error("a valid query");
      expect([own.range.from, own.range.to]).toEqual(["2026-11-13", "2026-11-19"]);
    } finally {
      await db.delete(t.leads).where(eq(t.leads.category, "Day boundary test"));
    }
  });

  test("GET /api/admin/reports/{name}.csv: the sites where one reads reports; sales and a bad name or period refused", async () => {
    const group = await staffCookie("group@parksidemotorgroup.com.au");
    const get = (report: string, query = "?preset=30d", cookie = group) =>
      callAdmin(groupCsvRoute, `/api/admin/reports/${report}${query}`, { report }, { cookie });
    const res = await get("sites.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="group-sites-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = (await res.text())
      .trim()
      .split("\n")
      .map((l) => l.split(","));
    expect(rows[0]!.slice(0, 3)).toEqual(["site_id", "site", "leads"]);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual(expect.arrayContaining([1001, 1002, 1003]));
    expect(ids, "in id order").toEqual([...ids].sort((a, b) => a - b));
    const range = reportRange({ preset: "30d" }, await groupReports(db, [1001], {}, NOW).then((g) => ("range" in g ? g.range.to : "")))!;
    expect(Number(rows.find((r) => r[0] === "1001")![2])).toBe(await sqlCount(range.from, range.to));
    for (const name of ["leads-over-time.csv", "leads-by-source.csv", "leads-by-type.csv"])
      expect((await get(name)).status, name).toBe(200);
    // one site is a group of one
    expect((await get("sites.csv", "", await staffCookie("owner@ridgelinemotorcycles.com.au"))).status).toBe(200);

    expect((await get("stock.csv")).status).toBe(404);
    expect((await get("sites")).status).toBe(404);
    expect((await get("__proto__.csv")).status).toBe(404);
    expect((await get("sites.csv", "?to=2026-13-01")).status).toBe(422);
    expect((await get("sites.csv", "?preset=%00")).status).toBe(422);
    expect((await get("sites.csv", "?preset=30d", await staffCookie("sales@parksidemotorgroup.com.au"))).status).toBe(403);
    expect((await get("sites.csv", "?preset=30d", "")).status).toBe(401);
  });
});

describe("the weekly email", () => {
  // the seeded sites were created with the test database (today): the weeks mailed here are older,
  // so each test says when its sites were created, and puts the dates back after
  const createdAt = async (dates: Record<number, Date> | Date) => {
    const kept = await db.select({ id: t.sites.id, createdAt: t.sites.createdAt }).from(t.sites);
    if (dates instanceof Date) await db.update(t.sites).set({ createdAt: dates });
    else
      for (const [id, at] of Object.entries(dates))
        await db
          .update(t.sites)
          .set({ createdAt: at })
          .where(eq(t.sites.id, Number(id)));
    return async () => {
      for (const k of kept) await db.update(t.sites).set({ createdAt: k.createdAt }).where(eq(t.sites.id, k.id));
    };
  };
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => (mails.push(m), { messageId: `<w${mails.length}@test>` }) };
  const round = (local: string) =>
    runWeeklyRound(db, Date.parse(`${local}+11:00`), { mailer, adminOrigin: "http://admin.localhost:3000", wallNow: NOW });

  test("a week that ended before the site was created is not mailed; the site's first week is", async () => {
    mails.length = 0;
    // parkside opened on Monday 23 November at 9 am (its own time): the week of the 16th was before it
    const restore = await createdAt({ 1001: new Date("2026-11-23T09:00:00+11:00") });
    const parkside = () => mails.filter((m) => m.subject.startsWith("Parkside Motor Group:"));
    try {
      await round("2026-11-23T10:00:00");
      expect(parkside(), "no report of the week before it existed").toEqual([]);
      await round("2026-11-30T09:00:00");
      expect(parkside().length, "its first week's report").toBeGreaterThan(0);
    } finally {
      await restore();
      await db.delete(t.weeklyReports);
      mails.length = 0;
    }
  });

  test("from Monday 8 am, once a week per site, to each owner and manager who kept it on; never to sales", async () => {
    const restore = await createdAt(new Date("2026-01-01T00:00:00Z"));
    // the database may be shared with other test files (CI's PostgreSQL run), which give people more roles:
    // parkside's own emails are read, by their recipients
    const to = () =>
      mails
        .filter((m) => m.subject.startsWith("Parkside Motor Group:"))
        .map((m) => m.to)
        .sort();
    try {
      await round("2026-11-23T07:30:00");
      expect(to(), "Monday before 8 am").toEqual([]);
      await round("2026-11-23T08:05:00");
      expect(to()).toEqual(expect.arrayContaining(["manager@parksidemotorgroup.com.au", "owner@parksidemotorgroup.com.au"]));
      expect(to()).not.toContain("sales@parksidemotorgroup.com.au");
      expect(new Set(to()).size, "one email a person").toBe(to().length);
      expect(
        mails.some((m) => m.to === "owner@ridgelinemotorcycles.com.au" && m.subject.startsWith("Ridgeline")),
        "ridgeline's own",
      ).toBe(true);
      const parkside = mails.find((m) => m.to === "owner@parksidemotorgroup.com.au")!;
      const range = reportRange({ from: "2026-11-16", to: "2026-11-22" }, "2026-11-23")!;
      const total = await sqlCount(range.from, range.to);
      expect(parkside.subject).toBe(
        `Parkside Motor Group: ${total} lead${total === 1 ? "" : "s"} last week (${changeLabel(total, await sqlCount(range.previous.from, range.previous.to))})`,
      );
      expect(parkside.text).toContain("http://admin.localhost:3000/sites/1001/reports?from=2026-11-16&to=2026-11-22&by=day");
      expect(parkside.from).toEqual({ name: "Parkside Motor Group" });
      // once a week: the rest of the week sends nothing
      mails.length = 0;
      await round("2026-11-25T10:00:00");
      expect(to(), "parkside's week went on Monday").toEqual([]);
      // the manager turns it off: next Monday only the owners
      const manager = await staffCookie("manager@parksidemotorgroup.com.au");
      const put = (body: unknown, cookie = manager) =>
        callAdmin(
          putWeeklyReport,
          "/api/admin/me/weekly-report",
          {},
          { method: "PUT", cookie, body, headers: { origin: "http://admin.localhost" } },
        );
      expect((await put({ on: "no" })).status).toBe(422);
      expect((await put({ on: false }, "")).status).toBe(401);
      expect((await put({ on: false })).status).toBe(200);
      await round("2026-11-30T09:00:00");
      expect(to()).toContain("owner@parksidemotorgroup.com.au");
      expect(to()).not.toContain("manager@parksidemotorgroup.com.au");
      expect((await put({ on: true })).status).toBe(200);
    } finally {
      await restore();
      await db.delete(t.weeklyReports);
    }
  });
});
