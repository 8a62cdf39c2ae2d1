import "server-only";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { FeatureRule } from "@/domain/site/features";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import type { Tx } from "./deliveries";
import { writeKeyedRule } from "./feature-rules";
import { putMeta } from "./meta";

/*
 * The demo's writes: its tenants' catalogue and content, the clock that keeps their dates recent, a
 * year of report history, and the synthetic dealers a benchmark grows the database with. The demo
 * (src/server/demo) draws the rows; this writes them. Only the demo's sites are touched: every
 * statement names them, and leads and customers of other sites are never written.
 */

export type NewSite = typeof t.sites.$inferInsert;
export type NewDealership = typeof t.dealerships.$inferInsert;
export type NewLocation = typeof t.locations.$inferInsert;
export type NewSpecialHours = typeof t.specialHours.$inferInsert;
export type NewVehicle = typeof t.vehicles.$inferInsert;
export type NewReview = typeof t.reviews.$inferInsert;
export type NewReviewSummary = typeof t.reviewSummaries.$inferInsert;

/** One demo tenant's catalogue, as its tables' rows. */
export type SiteRows = {
  site: NewSite;
  dealerships: NewDealership[];
  locations: NewLocation[];
  specialHours: NewSpecialHours[];
  vehicles: NewVehicle[];
  reviews: NewReview[];
  reviewSummaries: NewReviewSummary[];
};

/** A demo tenant's settings that came after its first seed, and its content entries (pages, posts, offers…). */
export type DemoSiteContent = Pick<NewSite, "features" | "integrations" | "garageName" | "paymentProvider" | "finance"> & {
  id: number;
  content: Array<Omit<typeof t.contentEntries.$inferInsert, "siteId">>;
};

/** A year of a site's report history: visits by day and source, leads and their notes, cars' page views. */
export type HistoryRows = {
  visits: Array<typeof t.reportVisits.$inferInsert>;
  leads: Array<typeof t.leads.$inferInsert>;
  notes: Array<typeof t.leadNotes.$inferInsert>;
  views: Array<typeof t.reportVehicleViews.$inferInsert>;
};

/** A platform feature rule the demo writes under its own key. */
export type KeyedRule = FeatureRule & { key: string; position: number };

/** Many rows in statements of `size` (one statement of thousands of rows passes the drivers' parameter limits). */
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Replaces each site's later settings and its content entries. */
async function replaceContent(tx: Tx, sites: readonly DemoSiteContent[]) {
  for (const { id, content, ...settings } of sites) {
    await tx.update(t.sites).set(settings).where(eq(t.sites.id, id));
    await tx.delete(t.contentEntries).where(eq(t.contentEntries.siteId, id));
    if (content.length) await tx.insert(t.contentEntries).values(content.map((c) => ({ ...c, siteId: id })));
  }
}

const putAllMeta = async (tx: Tx, meta: Record<string, string>) => {
  for (const [key, value] of Object.entries(meta)) await putMeta(tx, key, value);
};

/**
 * Writes the demo tenants in one transaction: each site's record upserted, its stock, reviews and
 * holiday hours replaced, its dealerships and locations upserted by id (so a lead's location survives
 * a re-seed; a lead's car does not, and the lead keeps its payload) and those no longer in the demo
 * removed; then the content, the platform rules and the meta values.
 */
export async function writeDemoSites(
  db: Db,
  o: { sites: readonly SiteRows[]; content: readonly DemoSiteContent[]; rules: readonly KeyedRule[]; meta: Record<string, string> },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const d of o.sites) {
      const { id: _id, ...update } = d.site;
      await tx.insert(t.sites).values(d.site).onConflictDoUpdate({ target: t.sites.id, set: update });
      await tx.delete(t.vehicles).where(eq(t.vehicles.siteId, d.site.id));
      await tx.delete(t.reviews).where(eq(t.reviews.siteId, d.site.id));
      await tx.delete(t.reviewSummaries).where(eq(t.reviewSummaries.siteId, d.site.id));
      await tx.delete(t.specialHours).where(eq(t.specialHours.siteId, d.site.id));
      for (const row of d.dealerships)
        await tx.insert(t.dealerships).values(row).onConflictDoUpdate({ target: t.dealerships.id, set: row });
      for (const row of d.locations) await tx.insert(t.locations).values(row).onConflictDoUpdate({ target: t.locations.id, set: row });
      const locationIds = d.locations.map((l) => l.id);
      await tx
        .delete(t.locations)
        .where(and(eq(t.locations.siteId, d.site.id), notInArray(t.locations.id, locationIds.length ? locationIds : [-1])));
      const dealershipIds = d.dealerships.map((x) => x.id);
      await tx
        .delete(t.dealerships)
        .where(and(eq(t.dealerships.siteId, d.site.id), notInArray(t.dealerships.id, dealershipIds.length ? dealershipIds : [-1])));
      await tx.insert(t.specialHours).values(d.specialHours);
      await insertChunks(d.vehicles, (c) => tx.insert(t.vehicles).values(c));
      if (d.reviews.length) await insertChunks(d.reviews, (c) => tx.insert(t.reviews).values(c));
      if (d.reviewSummaries.length) await tx.insert(t.reviewSummaries).values(d.reviewSummaries);
    }
    await replaceContent(tx, o.content);
    for (const { key, ...rule } of o.rules) await writeKeyedRule(tx as unknown as Db, key, rule);
    await putAllMeta(tx, o.meta);
  });
}

/** Replaces the sites' later settings and content entries, and stores the meta values, in one transaction. */
export async function writeDemoContent(db: Db, content: readonly DemoSiteContent[], meta: Record<string, string>): Promise<void> {
  await db.transaction(async (tx) => {
    await replaceContent(tx, content);
    await putAllMeta(tx, meta);
  });
}

/**
 * Moves the sites' dated rows (cars listed and sold, reviews and replies, content published, expiring
 * and updated) `seconds` later, replaces their holiday hours when given, and stores the meta values,
 * in one transaction.
 */
export async function shiftDemoDates(
  db: Db,
  siteIds: readonly number[],
  seconds: number,
  o: { holidayHours?: ReadonlyArray<{ siteId: number; rows: NewSpecialHours[] }>; meta: Record<string, string> },
): Promise<void> {
  if (!Number.isSafeInteger(seconds)) throw new Error(`shiftDemoDates: whole seconds expected, not ${seconds}`);
  const interval = sql.raw(`interval '${seconds} seconds'`);
  const ids = [...siteIds];
  await db.transaction(async (tx) => {
    await tx
      .update(t.vehicles)
      .set({ listedAt: sql`${t.vehicles.listedAt} + ${interval}`, soldAt: sql`${t.vehicles.soldAt} + ${interval}` })
      .where(inArray(t.vehicles.siteId, ids));
    await tx
      .update(t.reviews)
      .set({ reviewDate: sql`${t.reviews.reviewDate} + ${interval}`, replyDate: sql`${t.reviews.replyDate} + ${interval}` })
      .where(inArray(t.reviews.siteId, ids));
    await tx
      .update(t.contentEntries)
      .set({
        publishedAt: sql`${t.contentEntries.publishedAt} + ${interval}`,
        expiresAt: sql`${t.contentEntries.expiresAt} + ${interval}`,
        updatedAt: sql`${t.contentEntries.updatedAt} + ${interval}`,
      })
      .where(inArray(t.contentEntries.siteId, ids));
    for (const { siteId, rows } of o.holidayHours ?? []) {
      await tx.delete(t.specialHours).where(eq(t.specialHours.siteId, siteId));
      if (rows.length) await tx.insert(t.specialHours).values(rows);
    }
    await putAllMeta(tx, o.meta);
  });
}

/** The ids of the site's locations, hidden ones too, in the order the database gives them. */
export async function locationIdsOf(db: Db, siteId: number): Promise<number[]> {
  return (await db.select({ id: t.locations.id }).from(t.locations).where(eq(t.locations.siteId, siteId))).map((l) => l.id);
}

/** The site's cars in stock or sold (those a report's history can name), in the order the database gives them. */
export async function stockForHistory(db: Db, siteId: number): Promise<Array<{ id: number; carType: string; slug: string }>> {
  return db
    .select({ id: t.vehicles.id, carType: t.vehicles.carType, slug: t.vehicles.slug })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), inArray(t.vehicles.status, ["in_stock", "sold"])));
}

/**
 * Adds report history in one transaction (a day's rollup, lead or car view already stored wins) and
 * stores the meta values (how far the history is written).
 */
export async function writeHistory(db: Db, rows: HistoryRows, meta: Record<string, string>): Promise<void> {
  await db.transaction(async (tx) => {
    await insertChunks(rows.visits, (c) => tx.insert(t.reportVisits).values(c).onConflictDoNothing(), 500);
    await insertChunks(rows.leads, (c) => tx.insert(t.leads).values(c).onConflictDoNothing(), 250);
    await insertChunks(rows.notes, (c) => tx.insert(t.leadNotes).values(c), 500);
    await insertChunks(rows.views, (c) => tx.insert(t.reportVehicleViews).values(c).onConflictDoNothing(), 500);
    await putAllMeta(tx, meta);
  });
}

/** How many cars the database holds, every site's. */
export async function countAllVehicles(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.vehicles);
  return row?.n ?? 0;
}

/** A new site with its dealerships, locations and cars, in one transaction (the synthetic dealers of a benchmark). */
export async function insertSite(db: Db, rows: Pick<SiteRows, "site" | "dealerships" | "locations" | "vehicles">): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(t.sites).values(rows.site);
    await tx.insert(t.dealerships).values(rows.dealerships);
    await tx.insert(t.locations).values(rows.locations);
    await insertChunks(rows.vehicles, (c) => tx.insert(t.vehicles).values(c), 250);
  });
}

/** Refreshes the planner's statistics (after a bulk load, so the timed queries plan as on a live database). */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
