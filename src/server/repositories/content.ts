import "server-only";
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { CONTENT_KINDS, type ContentEntry, type ContentKind } from "@/domain/content/types";
import type { ModelRow } from "@/domain/content/content";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { oneOf } from "./row";
import { visibleStock, type StockSite } from "./stock";

type Row = typeof t.contentEntries.$inferSelect;

/** A stored content row → the app's ContentEntry (an unknown kind is a data error, never guessed). */
export function toContentEntry(r: Row): ContentEntry {
  return {
    id: r.id,
    kind: oneOf(CONTENT_KINDS, r.kind, { table: "content_entries", id: r.id, column: "kind" }),
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    body: r.body,
    image: r.image,
    author: r.author,
    make: r.make,
    publishedAt: r.publishedAt,
    expiresAt: r.expiresAt,
    updatedAt: r.updatedAt,
    price: r.price,
    saving: r.saving,
    subscriptionWeekly: r.subscriptionWeekly,
    terms: r.terms,
  };
}

/** Every entry of one kind on a site (the domain decides what is listed and in what order). */
export async function listContent(db: Db, siteId: number, kind: ContentKind): Promise<ContentEntry[]> {
  const rows = await db
    .select()
    .from(t.contentEntries)
    .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.kind, kind)))
    .orderBy(asc(t.contentEntries.id));
  return rows.map(toContentEntry);
}

export async function getContent(db: Db, siteId: number, kind: ContentKind, slug: string): Promise<ContentEntry | null> {
  const [row] = await db
    .select()
    .from(t.contentEntries)
    .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.kind, kind), eq(t.contentEntries.slug, slug)));
  return row ? toContentEntry(row) : null;
}

/** The slugs of a site's published pages (menus and route rules link only to pages that exist). */
export async function listPageSlugs(db: Db, siteId: number, now: number): Promise<string[]> {
  const rows = await db
    .select({ slug: t.contentEntries.slug })
    .from(t.contentEntries)
    .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.kind, "page"), lte(t.contentEntries.publishedAt, new Date(now))))
    .orderBy(asc(t.contentEntries.slug));
  return rows.map((r) => r.slug);
}

/** Listed stock per brand, model, condition, fuel and body, with the lowest price of an unsold, priced car. */
export async function listModelRows(db: Db, site: StockSite, now: number): Promise<Array<Omit<ModelRow, "brand"> & { make: string }>> {
  const v = t.vehicles;
  return db
    .select({
      make: v.make,
      model: v.model,
      carType: v.carType,
      fuel: v.fuel,
      body: v.bodyType,
      count: sql<number>`count(*)::int`,
      minPrice: sql<number | null>`min(${v.price}) filter (where ${v.status} <> 'sold' and ${isNotNull(v.price)})`,
    })
    .from(v)
    .where(visibleStock(site, now))
    .groupBy(v.make, v.model, v.carType, v.fuel, v.bodyType);
}

/** One entry of the site by id (the back-office's editor). */
export async function getContentById(db: Db, siteId: number, id: number): Promise<ContentEntry | null> {
  const [row] = await db
    .select()
    .from(t.contentEntries)
    .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id)));
  return row ? toContentEntry(row) : null;
}
