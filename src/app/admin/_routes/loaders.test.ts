import { beforeAll, describe, expect, test, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { getDb } from "@/server/db";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { ADMIN, staffCookie } from "@/server/testing/admin-requests";
import { loadConsole } from "./console";
import { loadGroupReports } from "./group-reports";
import { loadLead } from "./lead";
import { loadLeads } from "./leads";
import { loadSiteReports } from "./site-reports";
import { loadStock } from "./stock-list";
import { loadSettings } from "./settings";
import { loadAudit } from "./audit";
import { loadTeam } from "./team";
import { loadNewVehicle } from "./stock";

/*
 * The back-office's loaders on the demo's database: who is let in (a redirect to the sign-in page,
 * a 404 for a site or page not theirs), what the query asks for, and the data their view is given.
 * The request's headers (its host and the staff member's cookie) are the test's.
 */
let request = new Headers({ host: ADMIN });
vi.mock("next/headers", () => ({ headers: async () => request }));
const as = (cookie: string | null) => {
  request = new Headers(cookie ? { host: ADMIN, cookie } : { host: ADMIN });
};

const NOT_FOUND = /NEXT_HTTP_ERROR_FALLBACK;404/;
const FORBIDDEN = /NEXT_HTTP_ERROR_FALLBACK;403/;
const params = <T>(p: T) => Promise.resolve(p);
const query = (q: Record<string, string> = {}) => Promise.resolve(q);

setupAppDatabase();
const cookies: Record<string, string> = {};
beforeAll(async () => {
  for (const who of ["sales", "manager", "group"] as const) cookies[who] = await staffCookie(`${who}@parksidemotorgroup.com.au`);
  cookies.ridgeline = await staffCookie("owner@ridgelinemotorcycles.com.au");
});

test("not signed in: every loader sends to the sign-in page", async () => {
  as(null);
  for (const load of [() => loadLeads(query()), () => loadConsole(), () => loadGroupReports(query())])
    await expect(load()).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT;replace;/sign-in;") });
});

describe("reports", () => {
  test("a manager's site: the period asked for; one that cannot be read gives its messages and the last 30 days", async () => {
    as(cookies.manager!);
    const week = (await loadSiteReports(params({ siteId: "1001" }), query({ preset: "7d", by: "day" })))!;
    expect([week.site.name, week.range.preset, week.errors, week.groupLink]).toEqual(["Parkside Motor Group", "7d", null, false]);
    const bad = (await loadSiteReports(params({ siteId: "1001" }), query({ from: "2026-13-40" })))!;
    expect(bad.errors).not.toBeNull();
    expect(bad.range.preset).toBe("30d");
  });

  test.each([
    ["ridgeline", "1001"],
    ["manager", "not-a-site"],
  ])("%s on site %s: 404", async (who, siteId) => {
    as(cookies[who]!);
    await expect(loadSiteReports(params({ siteId }), query())).rejects.toThrow(NOT_FOUND);
  });

  test("the group view: a dealer principal's three sites; sales may not open it (403)", async () => {
    as(cookies.group!);
    const group = (await loadGroupReports(query({ preset: "90d", by: "week" })))!;
    expect(group.group.sites.map((s) => s.name)).toEqual(["Parkside Motor Group", "Ridgeline Motorcycles", "Tasman Campers"]);
    as(cookies.sales!);
    await expect(loadGroupReports(query())).rejects.toThrow(FORBIDDEN);
  });
});

test.each([
  ["settings", () => loadSettings(params({ siteId: "1001" }), query())],
  ["reports", () => loadSiteReports(params({ siteId: "1001" }), query())],
  ["audit log", () => loadAudit(params({ siteId: "1001" }))],
  ["team", () => loadTeam(params({ siteId: "1001" }))],
  ["add a car", () => loadNewVehicle(params({ siteId: "1001" }), query())],
])("a salesperson opening their site's %s: 403 (a page their role may not open), not 404", async (_page, load) => {
  as(cookies.sales!);
  await expect(load()).rejects.toThrow(FORBIDDEN);
  // another site's page is still not shown to exist
  as(cookies.ridgeline!);
  await expect(load()).rejects.toThrow(NOT_FOUND);
});

describe("leads", () => {
  test("the inbox: the filter read from the query, each lead with its response timer", async () => {
    as(cookies.sales!);
    const inbox = await loadLeads(query({ status: "new", site: "1001" }));
    expect(inbox.filter).toMatchObject({ status: "new", site: 1001 });
    expect(inbox.sites.map((s) => s.id)).toEqual([1001]);
    expect(inbox.leads.length).toBeGreaterThan(0);
    for (const l of inbox.leads) {
      expect([l.siteId, l.status]).toEqual([1001, "new"]);
      expect(l.response).toEqual({ contacted: false, minutes: expect.any(Number), late: expect.any(Boolean) });
    }
  });

  test("a lead: its answers and what sales may do (update, not assign); a malformed or another site's id is a 404", async () => {
    as(cookies.sales!);
    const [first] = (await loadLeads(query())).leads;
    const lead = await loadLead(params({ id: first!.id }), query());
    expect(lead.lead.id).toBe(first!.id);
    expect([lead.mayUpdate, lead.team]).toEqual([true, null]);
    expect(lead.response.target).toBeGreaterThan(0);
    await expect(loadLead(params({ id: "not-a-uuid" }), query())).rejects.toThrow(NOT_FOUND);
    as(cookies.ridgeline!);
    await expect(loadLead(params({ id: first!.id }), query())).rejects.toThrow(NOT_FOUND);
  });
});

test("a lead page: the car as a card, car pages by their names, the cars they looked at, their other enquiries, filled replies", async () => {
  as(cookies.sales!);
  const db = await getDb();
  const [car, other] = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, 1001), isNotNull(t.vehicles.primaryImageUrl)))
    .limit(2);
  const lead = randomUUID();
  const earlier = randomUUID();
  const email = `loader-${lead.slice(0, 8)}@example.com`;
  await db.insert(t.leads).values([
    {
      id: lead,
      siteId: 1001,
      category: "Loader test",
      firstName: "Lou",
      name: "Lou Test",
      email,
      phone: "0412 000 111",
      vehicleId: car!.id,
      payload: { visited_pages: ["/", `/cars/${other!.slug}`, `/cars/${car!.slug}?ref=x`] },
    },
    { id: earlier, siteId: 1001, category: "Loader test", email, payload: {}, createdAt: new Date(Date.now() - 86_400_000) },
  ]);
  try {
    const page = await loadLead(params({ id: lead }), query());
    expect(page.car).toMatchObject({
      id: car!.id,
      stock: car!.stockNumber,
      href: expect.stringMatching(new RegExp(`/cars/${car!.slug}$`)),
    });
    expect(page.car!.photo).toMatch(/[?&]w=320\b/);
    expect(page.visited.map((p) => p.label)).toEqual(["Home page", vehicleTitle(other!), vehicleTitle(car!)]);
    expect(page.viewedCars.map((v) => v.id)).toEqual([other!.id]);
    expect(page.others.map((o) => o.id)).toEqual([earlier]);
    expect(page.replies.sms).toMatch(/^sms:\+61412000111\?body=Hi%20Lou%2C%20it's%20Sam%20Sales%20from%20/);
    expect(decodeURIComponent(page.replies.email!)).toContain(`Your enquiry about the ${vehicleTitle(car!)}`);
    expect([page.calls, page.callSaved]).toEqual([[], false]);
  } finally {
    await db.delete(t.leads).where(eq(t.leads.category, "Loader test"));
  }
});

describe("stock", () => {
  test.each([
    [{}, 1],
    [{ page: "2" }, 2],
    [{ page: "0" }, 1],
    [{ page: "abc" }, 1],
  ])("page of %o is %i", async (q, pageNo) => {
    as(cookies.sales!);
    const stock = await loadStock(params({ siteId: "1001" }), query(q));
    expect(stock.query.page).toBe(pageNo);
    expect(stock.rows.length).toBeLessThanOrEqual(50);
    expect(stock.edit).toBe(false); // sales read the stock, managers edit it
  });

  test("each car's thumbnail is the photo the storefront shows: none of Parkside's cars with photos shows the placeholder", async () => {
    as(cookies.manager!);
    const rows = [];
    for (let page = 1; ; page++) {
      const stock = await loadStock(params({ siteId: "1001" }), query({ page: String(page) }));
      rows.push(...stock.rows);
      if (page >= stock.pages) break;
    }
    const withPhotos = rows.filter((r) => r.photos > 0);
    expect(withPhotos.length).toBeGreaterThan(300);
    expect(withPhotos.filter((r) => !r.thumbnail || r.thumbnail.includes("placeholder")).map((r) => r.stockNumber)).toEqual([]);
    // the "No photo" filter finds the cars without one
    const none = await loadStock(params({ siteId: "1001" }), query({ no_photo: "1" }));
    expect(none.rows.every((r) => r.thumbnail === null)).toBe(true);
  });

  test("the words looked for are cut to 100 characters", async () => {
    as(cookies.manager!);
    const stock = await loadStock(params({ siteId: "1001" }), query({ q: "x".repeat(150) }));
    expect([stock.query.q.length, stock.total, stock.edit]).toEqual([100, 0, true]);
  });

  test("filters and sort from the address; a question to confirm only for a manager, with the cars it names", async () => {
    as(cookies.manager!);
    const stock = await loadStock(params({ siteId: "1001" }), query({ condition: "used", sort: "days", status: "__proto__" }));
    expect([stock.query.condition, stock.query.sort, stock.query.dir, stock.query.status]).toEqual(["used", "days", "desc", null]);
    expect(stock.rows.length).toBe(50);
    expect(stock.rows.every((r) => r.condition === "used")).toBe(true);
    const days = stock.rows.map((r) => r.days);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const ids = stock.rows.slice(0, 2).map((r) => r.id);
    const ask = await loadStock(params({ siteId: "1001" }), query({ confirm: "sold", selected: ids.join(",") }));
    expect(ask.confirm.map((c) => c.id).sort()).toEqual([...ids].sort());
    as(cookies.sales!);
    const sales = await loadStock(params({ siteId: "1001" }), query({ confirm: "sold", selected: ids.join(",") }));
    expect([sales.confirm, sales.selected, sales.outcome]).toEqual([[], [], null]);
  });
});

test("the console is for operators: a 404 for a dealer's staff", async () => {
  as(cookies.group!);
  await expect(loadConsole()).rejects.toThrow(NOT_FOUND);
});
