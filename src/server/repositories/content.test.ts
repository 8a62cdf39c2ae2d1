import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { liveOffers, publishedPosts } from "@/domain/content/content";
import * as t from "@/server/db/schema";
import { reanchorDemoClock, refreshDemoContent, seedDemoData } from "@/server/demo/seed";
import { createTestDatabase } from "@/server/testing/test-db";
import { getContent, listContent, listModelRows, listPageSlugs } from "./content";
import { getSiteByKey } from "./sites";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);
const DAY = 86_400_000;
const PARKSIDE = 1001;
const RIDGELINE = 1002;
const TASMAN = 1003;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, NOW);
});
afterAll(() => database?.close());

describe("demo content (docs/features/content-and-seo.md: content facts)", () => {
  test.each([
    [PARKSIDE, ["about-us", "community-partners-sponsorships", "privacy-policy", "terms-and-conditions", "tyre-and-battery-centre"]],
    [RIDGELINE, ["about-us", "privacy-policy", "terms-and-conditions"]],
    [TASMAN, ["about-us", "privacy-policy", "terms-and-conditions"]],
  ])("site %i has the pages %j", async (siteId, pages) => {
    expect(await listPageSlugs(database.db, siteId, NOW)).toEqual(pages);
  });

  test("parkside: 8 posts, 6 offers of which 5 are live, 5 brand texts, 5 model texts, 3 section texts", async () => {
    const of = (kind: Parameters<typeof listContent>[2]) => listContent(database.db, PARKSIDE, kind);
    expect(publishedPosts(await of("post"), NOW)).toHaveLength(8);
    const offers = await of("offer");
    expect(offers).toHaveLength(6);
    expect(liveOffers(offers, NOW).map((o) => o.slug)).not.toContain("end-of-winter-service-special");
    expect(liveOffers(offers, NOW)).toHaveLength(5);
    expect((await of("brand")).map((b) => b.slug).sort()).toEqual(["kgm", "mazda", "mercedes-benz", "skoda", "suzuki"]);
    expect(await of("model")).toHaveLength(5);
    expect((await of("section")).map((s) => s.slug).sort()).toEqual(["careers", "electric-vehicles", "fleet"]);
  });

  test("ridgeline has 5 news posts; the other sites have no posts or offers", async () => {
    expect(await listContent(database.db, RIDGELINE, "post")).toHaveLength(5);
    for (const id of [TASMAN, 1004, 1005, 1006, 1007]) {
      expect(await listContent(database.db, id, "post")).toEqual([]);
      expect(await listContent(database.db, id, "offer")).toEqual([]);
    }
  });

  test("content is the tenant's own: a slug of one site is not found on another", async () => {
    expect(await getContent(database.db, PARKSIDE, "page", "tyre-and-battery-centre")).not.toBeNull();
    expect(await getContent(database.db, TASMAN, "page", "tyre-and-battery-centre")).toBeNull();
    expect(await getContent(database.db, RIDGELINE, "post", "winter-car-care-checklist")).toBeNull();
    const about = (await getContent(database.db, TASMAN, "page", "about-us"))!;
    expect(about.body).toContain("Tasman Campers");
    expect(about.body).not.toContain("Parkside");
  });

  test("the model rows give each model its lowest price among unsold, priced cars", async () => {
    const parkside = (await getSiteByKey(database.db, { by: "slug", slug: "parkside-motor-group" }))!;
    const rows = await listModelRows(database.db, parkside, NOW);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(413);
    const cx5 = rows.filter((r) => r.make === "Mazda" && r.model === "CX-5");
    expect(cx5.length).toBeGreaterThan(0);
    const cars = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, PARKSIDE));
    const expected = Math.min(
      ...cars
        .filter((c) => c.make === "Mazda" && c.model === "CX-5" && c.status !== "sold" && c.showOnDealerWebsite && c.price !== null)
        .map((c) => c.price!),
    );
    expect(Math.min(...cx5.map((r) => r.minPrice ?? Infinity))).toBe(expected);
  });

  test("content dates move with the demo clock; a database without the content gets it on its next start", async () => {
    const before = (await getContent(database.db, PARKSIDE, "offer", "end-of-winter-service-special"))!;
    await reanchorDemoClock(database.db, NOW + 10 * DAY);
    const after = (await getContent(database.db, PARKSIDE, "offer", "end-of-winter-service-special"))!;
    expect(after.expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(10 * DAY);
    await database.db.delete(t.contentEntries);
    await database.db.delete(t.meta).where(eq(t.meta.key, "demo_content_version"));
    expect(await refreshDemoContent(database.db, NOW)).toBe(true);
    expect(await listPageSlugs(database.db, PARKSIDE, NOW)).toHaveLength(5);
    expect(await refreshDemoContent(database.db, NOW)).toBe(false);
  });
});
