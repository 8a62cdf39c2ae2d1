import "server-only";
import type { Db } from "@/server/db/client";
import { analyzeDatabase, countAllVehicles, insertSite } from "@/server/repositories/demo-data";
import { generateSite } from "./generate";
import { DEMO_SITES } from "./sites";

/**
 * Grows the database to `total` vehicles by adding synthetic dealers (ids 900000+), each a copy of
 * a demo site's shape with its own stock, so per-site queries can be timed on a large database.
 * A dealer of `perSite` vehicles: the platform's stock is thousands per dealer, not millions.
 */
export async function seedSynthetic(db: Db, total: number, perSite = 500, now = Date.now()): Promise<number> {
  let missing = total - (await countAllVehicles(db));
  let k = 0;
  while (missing > 0) {
    const template = DEMO_SITES[k % DEMO_SITES.length]!;
    const id = 900_000 + k;
    const size = Math.min(perSite, missing);
    const used = template.stock.find((b) => b.carType === "used") ?? template.stock[0]!;
    const site = {
      ...template,
      id,
      slug: `synthetic-${k}`,
      domainName: `synthetic-${k}.example.com`,
      dealerships: template.dealerships.map((d, i) => ({ ...d, id: id * 10 + i, slug: `${d.slug}-${k}` })),
      locations: template.locations.map((l, i) => ({ ...l, id: id * 10 + i, slug: `${l.slug}-${k}`, dealershipId: id * 10 })),
      stock: [{ ...used, carType: "used" as const, count: size, locations: template.locations.map((_, i) => id * 10 + i) }],
      specials: { newArrivals: 5 },
      hidden: {},
      reviews: undefined,
    };
    const rows = generateSite(site, now);
    await insertSite(db, rows);
    missing -= rows.vehicles.length;
    k++;
  }
  await analyzeDatabase(db);
  return k;
}
