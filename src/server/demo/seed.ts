import "server-only";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { catalogueChanged } from "@/server/cache";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { demoContent } from "./content";
import { generateDemoData, holidayHours } from "./generate";
import { DEMO_FEATURE_RULES, DEMO_SITES } from "./sites";
import { writeKeyedRule } from "@/server/repositories/feature-rules";

export const DEMO_SITE_IDS = DEMO_SITES.map((s) => s.id);
const ANCHOR_KEY = "demo_clock_anchor";
/** Bumped when the demo content changes, so that an existing database gets it on its next start. */
export const DEMO_CONTENT_VERSION = "6";
const CONTENT_KEY = "demo_content_version";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Replaces the demo sites' content (pages, posts, offers…) with the demo's, dated from `now`, and
 * their settings that came after the first seed (feature switches, integrations, garage name, payment provider, finance terms).
 */
async function writeDemoContent(tx: Tx, now: number) {
  for (const site of DEMO_SITES) {
    await tx
      .update(t.sites)
      .set({
        features: site.features,
        integrations: site.integrations ?? {},
        garageName: site.garageName ?? null,
        paymentProvider: site.paymentProvider ?? null,
        finance: site.finance ?? {},
      })
      .where(eq(t.sites.id, site.id));
    await tx.delete(t.contentEntries).where(eq(t.contentEntries.siteId, site.id));
    const rows = demoContent(site, now).map((c) => ({ ...c, siteId: site.id, updatedAt: c.publishedAt }));
    if (rows.length) await tx.insert(t.contentEntries).values(rows);
  }
  await tx
    .insert(t.meta)
    .values({ key: CONTENT_KEY, value: DEMO_CONTENT_VERSION })
    .onConflictDoUpdate({ target: t.meta.key, set: { value: DEMO_CONTENT_VERSION } });
}

/** A database seeded before the demo content existed (or with an older version of it) gets the current one. */
export async function refreshDemoContent(db: Db, now = Date.now()): Promise<boolean> {
  const [row] = await db.select().from(t.meta).where(eq(t.meta.key, CONTENT_KEY));
  if (row?.value === DEMO_CONTENT_VERSION) return false;
  const present = await db.select({ id: t.sites.id }).from(t.sites).where(inArray(t.sites.id, DEMO_SITE_IDS));
  if (present.length === 0) return false;
  await db.transaction((tx) => writeDemoContent(tx, now));
  catalogueChanged(DEMO_SITE_IDS);
  return true;
}

export async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Writes the demo tenants (DEMO_DATA.md) in one transaction. Catalogue data of the demo
 * sites is replaced; leads and customers are never touched.
 */
export async function seedDemoData(db: Db, now = Date.now()): Promise<{ sites: number; vehicles: number }> {
  const data = generateDemoData(now);
  await db.transaction(async (tx) => {
    for (const d of data) {
      const { id: _id, ...update } = d.site;
      await tx.insert(t.sites).values(d.site).onConflictDoUpdate({ target: t.sites.id, set: update });
      await tx.delete(t.vehicles).where(eq(t.vehicles.siteId, d.site.id));
      await tx.delete(t.reviews).where(eq(t.reviews.siteId, d.site.id));
      await tx.delete(t.reviewSummaries).where(eq(t.reviewSummaries.siteId, d.site.id));
      await tx.delete(t.specialHours).where(eq(t.specialHours.siteId, d.site.id));
      // dealerships and locations keep their ids, so a lead's location survives a re-seed
      // (a lead's car does not: stock is replaced, and the lead keeps its payload)
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
    await writeDemoContent(tx, now);
    for (const { key, ...rule } of DEMO_FEATURE_RULES) await writeKeyedRule(tx as unknown as Db, key, rule);
    await tx
      .insert(t.meta)
      .values({ key: ANCHOR_KEY, value: String(now) })
      .onConflictDoUpdate({ target: t.meta.key, set: { value: String(now) } });
  });
  catalogueChanged(data.map((d) => d.site.id));
  return { sites: data.length, vehicles: data.reduce((n, d) => n + d.vehicles.length, 0) };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.sites);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo data is written relative to the time it was seeded ("sold 2 days ago", "listed
 * this week"). So that DEMO_DATA.md's counts stay exact on any later day, each start moves the
 * demo tenants' timestamps forward by the time elapsed since the last anchor, and renews their
 * holiday hours for the current and next year.
 */
export async function reanchorDemoClock(db: Db, now = Date.now()): Promise<number> {
  const [anchor] = await db.select().from(t.meta).where(eq(t.meta.key, ANCHOR_KEY));
  if (!anchor) return 0;
  const delta = now - Number(anchor.value);
  if (!(delta > 60_000)) return 0;
  const interval = sql.raw(`interval '${Math.floor(delta / 1000)} seconds'`);
  await db.transaction(async (tx) => {
    await tx
      .update(t.vehicles)
      .set({ listedAt: sql`${t.vehicles.listedAt} + ${interval}`, soldAt: sql`${t.vehicles.soldAt} + ${interval}` })
      .where(inArray(t.vehicles.siteId, DEMO_SITE_IDS));
    await tx
      .update(t.reviews)
      .set({ reviewDate: sql`${t.reviews.reviewDate} + ${interval}`, replyDate: sql`${t.reviews.replyDate} + ${interval}` })
      .where(inArray(t.reviews.siteId, DEMO_SITE_IDS));
    await tx
      .update(t.contentEntries)
      .set({
        publishedAt: sql`${t.contentEntries.publishedAt} + ${interval}`,
        expiresAt: sql`${t.contentEntries.expiresAt} + ${interval}`,
        updatedAt: sql`${t.contentEntries.updatedAt} + ${interval}`,
      })
      .where(inArray(t.contentEntries.siteId, DEMO_SITE_IDS));
    const year = new Date(now).getUTCFullYear();
    if (new Date(Number(anchor.value)).getUTCFullYear() !== year) {
      for (const id of DEMO_SITE_IDS) {
        await tx.delete(t.specialHours).where(eq(t.specialHours.siteId, id));
        await tx.insert(t.specialHours).values(holidayHours(id, year));
      }
    }
    await tx
      .update(t.meta)
      .set({ value: String(now) })
      .where(eq(t.meta.key, ANCHOR_KEY));
  });
  catalogueChanged(DEMO_SITE_IDS);
  return delta;
}
