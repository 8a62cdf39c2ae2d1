import { describe, expect, test } from "vitest";
import { modelRange } from "@/server/content/service";
import { getSiteContext } from "@/server/site/context";
import { firstStock, getVehiclePage, searchStock } from "@/server/stock/service";
import { parseSearch } from "@/domain/stock/search";
import { setupAppDatabase } from "@/server/testing/app-database";
import { recordPageTags, tagged, trackPageTags } from "./page-tags";

setupAppDatabase();

/** The tags one render records (its reads run inside, as src/server/edge/server.ts runs a page). */
async function tagsOf(render: () => Promise<unknown>): Promise<string[]> {
  const [p, tags] = trackPageTags(render);
  await p;
  return [...tags].sort();
}

describe("trackPageTags", () => {
  test("each render keeps its own tags, across awaits, while others run beside it", async () => {
    const slow = (tag: string, ms: number) => async () => {
      recordPageTags(`${tag}:a`);
      await new Promise((r) => setTimeout(r, ms));
      recordPageTags(`${tag}:b`);
      await tagged(Promise.resolve(3), (n) => [`${tag}:${n}`]);
    };
    const [a, b] = await Promise.all([tagsOf(slow("x", 20)), tagsOf(slow("y", 5))]);
    expect(a).toEqual(["x:3", "x:a", "x:b"]);
    expect(b).toEqual(["y:3", "y:a", "y:b"]);
  });

  test("outside a render nothing is recorded and nothing fails", () => {
    expect(() => recordPageTags("site:1")).not.toThrow();
  });
});

describe("the data reads record what a page shows", () => {
  const now = Date.parse("2026-11-26T00:00:00Z");
  const ctxOf = async () => (await getSiteContext("parkside-motor-group"))!;

  test("the site context: its site", async () => {
    const ctx = await ctxOf();
    expect(await tagsOf(() => getSiteContext("parkside-motor-group"))).toEqual([`site:${ctx.site.id}`]);
  });

  test("lists of stock: the site's stock, when the list is read again from the catalogue cache too", async () => {
    const ctx = await ctxOf();
    const query = parseSearch("new-used-and-demo-cars", {}, ctx.site.defaultSort);
    for (let i = 0; i < 2; i++) {
      expect(await tagsOf(() => searchStock(ctx, query, now))).toEqual([`stock:${ctx.site.id}`]);
      expect(await tagsOf(() => firstStock(ctx, "latest", 4, now))).toEqual([`stock:${ctx.site.id}`]);
      expect(await tagsOf(() => modelRange(ctx, now))).toContain(`stock:${ctx.site.id}`);
    }
  });

  test("a vehicle page: its car and each similar car it shows", async () => {
    const ctx = await ctxOf();
    const [car] = await firstStock(ctx, "latest", 1, now);
    for (let i = 0; i < 2; i++) {
      let page: Awaited<ReturnType<typeof getVehiclePage>> = null;
      const tags = await tagsOf(async () => (page = await getVehiclePage(ctx, car!.slug, now)));
      expect(page).not.toBeNull();
      const ids = [page!.vehicle, ...page!.similar].map((v) => `vehicle:${ctx.site.id}:${v.id}`);
      expect(page!.similar.length).toBeGreaterThan(0);
      expect(tags).toEqual([...new Set(ids)].sort());
    }
  });
});
