import "server-only";
import { reservedAmong } from "./orders";
import { and, asc, eq, inArray } from "drizzle-orm";
import { withEdited } from "@/domain/stock/edited";
import { changedPrice, type Bulk } from "@/domain/stock/stock-list";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * The stock list's writes (docs/features/back-office.md, "The stock list"): the bulk actions on a
 * selection of cars. The list itself is a read model beside the stock report
 * (src/server/reports/stock-list.ts). Every query carries the site's id: another site's car is simply not found.
 */

const v = t.vehicles;

/** The stock numbers and titles of some of a site's cars (the "Mark 2 cars sold?" question lists them). */
export async function stockNumbersOf(db: Db, siteId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: v.id, stockNumber: v.stockNumber, year: v.year, make: v.make, model: v.model, badge: v.badge })
    .from(v)
    .where(and(eq(v.siteId, siteId), inArray(v.id, [...ids])))
    .orderBy(asc(v.stockNumber));
}

export type BulkSkip = { id: number; reason: "not on this site" | "without a price" | "already so" | "reserved online" };
export type BulkResult = { changed: number[]; skipped: BulkSkip[]; listingChanged: boolean };

/** What a car's audit entry shows of a bulk change: the fields it can touch. */
const touched = (x: typeof v.$inferSelect) => ({
  status: x.status,
  show_on_dealer_website: x.showOnDealerWebsite,
  location_id: x.locationId,
  price: x.price,
});

/**
 * Cars changed per transaction. The embedded database runs one transaction at a time for every
 * site, so 500 cars (each an update and an audit entry) in one would hold other dealers' pages for
 * as long; in batches each waits at most one batch.
 */
export const BULK_BATCH = 50;

/**
 * A bulk action on some of a site's cars, in batches of `batch` cars, each batch its own transaction
 * (a batch done stays done if a later one fails): each car changed is audited
 * ("vehicle.update", before and after; a price change also lands in the price history by the
 * vehicles table's trigger) and its changed feed fields are marked edited here, so the next feed
 * does not undo the sale, the move or the price drop. Ids not of the site are skipped, as are cars
 * without a price for a price change and cars already so. The location is checked by the caller.
 */
export async function bulkUpdateVehicles(
  db: Db,
  siteId: number,
  bulk: Bulk,
  by: Actor,
  now: Date,
  batch = BULK_BATCH,
): Promise<BulkResult> {
  const all = [...new Set(bulk.ids)];
  const missing: BulkSkip[] = [];
  const result: BulkResult = { changed: [], skipped: [], listingChanged: false };
  for (let i = 0; i < all.length; i += batch) {
    const ids = all.slice(i, i + batch);
    await db.transaction(async (tx) => {
      const cars = await tx
        .select()
        .from(v)
        .where(and(eq(v.siteId, siteId), inArray(v.id, ids)))
        .orderBy(asc(v.id))
        .for("update");
      const found = new Set(cars.map((c) => c.id));
      // a car reserved online is not sold, hidden or repriced until its reservation is released or converted
      const reserved =
        bulk.action === "sold" || bulk.action === "hide" || bulk.action === "price" ? await reservedAmong(tx, siteId, ids, now) : new Map();
      missing.push(...ids.filter((id) => !found.has(id)).map((id) => ({ id, reason: "not on this site" as const })));
      for (const car of cars) {
        if (reserved.has(car.id)) {
          result.skipped.push({ id: car.id, reason: "reserved online" });
          continue;
        }
        let set: Partial<typeof v.$inferInsert> & { editedFields?: string[] };
        let edited: string[] = [];
        if (bulk.action === "sold") {
          set = { status: "sold", soldAt: car.soldAt ?? now };
          edited = ["status"];
        } else if (bulk.action === "hide" || bulk.action === "show") {
          set = { showOnDealerWebsite: bulk.action === "show" };
        } else if (bulk.action === "move") {
          set = { locationId: bulk.location_id! };
          edited = ["locationId"];
        } else {
          const price = changedPrice(car.price, bulk.price!);
          if (price === null) {
            result.skipped.push({ id: car.id, reason: "without a price" });
            continue;
          }
          set = { price };
          edited = ["price"];
        }
        const same = Object.entries(set).every(([k, x]) => k === "soldAt" || car[k as keyof typeof car] === x);
        if (same) {
          result.skipped.push({ id: car.id, reason: "already so" });
          continue;
        }
        const [after] = await tx
          .update(v)
          .set({ ...set, editedFields: withEdited(car.editedFields, edited) })
          .where(and(eq(v.siteId, siteId), eq(v.id, car.id)))
          .returning();
        await writeAudit(tx, {
          siteId,
          by,
          action: "vehicle.update",
          entity: `vehicle:${car.stockNumber}`,
          before: touched(car),
          after: { ...touched(after!), bulk: bulk.action },
        });
        result.changed.push(car.id);
        // the site's listed stock moved (sold, hidden, shown): its counts show on every page
        if (bulk.action !== "move" && bulk.action !== "price") result.listingChanged = true;
      }
    });
  }
  return { ...result, skipped: [...missing, ...result.skipped] };
}

/** Whether a location is one of the site's. */
export async function isSiteLocation(db: Db, siteId: number, locationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: t.locations.id })
    .from(t.locations)
    .where(and(eq(t.locations.siteId, siteId), eq(t.locations.id, locationId)));
  return Boolean(row);
}
