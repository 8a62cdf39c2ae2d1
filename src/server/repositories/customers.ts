import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import type { CustomerEnquiry } from "@/domain/accounts/enquiry";

/**
 * A signed-in customer's own data on one site: the watchlist, saved searches, saved details and
 * enquiries. Every query carries the customer and the site.
 */

export async function listWatchlistIds(db: Db, userId: string, siteId: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.watchlistItems.vehicleId })
    .from(t.watchlistItems)
    .where(and(eq(t.watchlistItems.userId, userId), eq(t.watchlistItems.siteId, siteId)))
    .orderBy(desc(t.watchlistItems.createdAt), desc(t.watchlistItems.vehicleId));
  return rows.map((r) => r.id);
}

/** Adds this site's cars (ids already known to be this site's); a car already there stays once. */
export async function addToWatchlist(db: Db, userId: string, siteId: number, vehicleIds: readonly number[]): Promise<void> {
  if (vehicleIds.length === 0) return;
  await db
    .insert(t.watchlistItems)
    .values(vehicleIds.map((vehicleId) => ({ userId, siteId, vehicleId })))
    .onConflictDoNothing();
}

export async function removeFromWatchlist(db: Db, userId: string, siteId: number, vehicleId: number): Promise<void> {
  await db
    .delete(t.watchlistItems)
    .where(and(eq(t.watchlistItems.userId, userId), eq(t.watchlistItems.siteId, siteId), eq(t.watchlistItems.vehicleId, vehicleId)));
}

export type SavedSearchRow = { id: string; href: string; label: string; lastSeenAt: Date; createdAt: Date };

export async function listSavedSearches(db: Db, userId: string, siteId: number): Promise<SavedSearchRow[]> {
  return db
    .select({
      id: t.savedSearches.id,
      href: t.savedSearches.href,
      label: t.savedSearches.label,
      lastSeenAt: t.savedSearches.lastSeenAt,
      createdAt: t.savedSearches.createdAt,
    })
    .from(t.savedSearches)
    .where(and(eq(t.savedSearches.userId, userId), eq(t.savedSearches.siteId, siteId)))
    .orderBy(desc(t.savedSearches.createdAt));
}

export const MAX_SAVED_SEARCHES = 20;

/** Saves a search (once per URL; saving it again marks it seen now). False when the customer already has the most. */
export async function saveSearch(db: Db, userId: string, siteId: number, href: string, label: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(t.savedSearches)
      .where(and(eq(t.savedSearches.userId, userId), eq(t.savedSearches.siteId, siteId)))) as [{ n: number }];
    const updated = await tx
      .update(t.savedSearches)
      .set({ lastSeenAt: now, label })
      .where(and(eq(t.savedSearches.userId, userId), eq(t.savedSearches.siteId, siteId), eq(t.savedSearches.href, href)))
      .returning({ id: t.savedSearches.id });
    if (updated.length) return true;
    if (n >= MAX_SAVED_SEARCHES) return false;
    await tx.insert(t.savedSearches).values({ userId, siteId, href, label, lastSeenAt: now, createdAt: now });
    return true;
  });
}

export async function removeSavedSearch(db: Db, userId: string, siteId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(t.savedSearches)
    .where(and(eq(t.savedSearches.userId, userId), eq(t.savedSearches.siteId, siteId), eq(t.savedSearches.id, id)))
    .returning({ id: t.savedSearches.id });
  return rows.length > 0;
}

/** The garage was looked at: "new since last visit" counts from now on. */
export async function markSearchesSeen(db: Db, userId: string, siteId: number, now: Date): Promise<void> {
  await db
    .update(t.savedSearches)
    .set({ lastSeenAt: now })
    .where(and(eq(t.savedSearches.userId, userId), eq(t.savedSearches.siteId, siteId)));
}

export async function getCustomerDetails(db: Db, userId: string): Promise<Record<string, string>> {
  const [row] = await db.select({ details: t.customerDetails.details }).from(t.customerDetails).where(eq(t.customerDetails.userId, userId));
  return row?.details ?? {};
}

export async function saveCustomerDetails(db: Db, userId: string, details: Record<string, string>, now: Date): Promise<void> {
  await db
    .insert(t.customerDetails)
    .values({ userId, details, updatedAt: now })
    .onConflictDoUpdate({ target: t.customerDetails.userId, set: { details, updatedAt: now } });
}

/** The customer's enquiries on this site, newest first, with the car each was about. */
export async function listCustomerEnquiries(db: Db, userId: string, siteId: number, limit = 50): Promise<CustomerEnquiry[]> {
  const rows = await db
    .select({
      id: t.leads.id,
      category: t.leads.category,
      subcategory: t.leads.subcategory,
      createdAt: t.leads.createdAt,
      year: t.vehicles.year,
      make: t.vehicles.make,
      model: t.vehicles.model,
      slug: t.vehicles.slug,
    })
    .from(t.leads)
    .leftJoin(t.vehicles, and(eq(t.vehicles.siteId, t.leads.siteId), eq(t.vehicles.id, t.leads.vehicleId)))
    .where(and(eq(t.leads.customerId, userId), eq(t.leads.siteId, siteId), eq(t.leads.isMock, false)))
    .orderBy(desc(t.leads.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    subcategory: r.subcategory,
    createdAt: r.createdAt,
    vehicle: r.make && r.model && r.slug ? { year: r.year, make: r.make, model: r.model, slug: r.slug } : null,
  }));
}
