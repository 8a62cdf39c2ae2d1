import "server-only";
import { and, eq } from "drizzle-orm";
import type { VehicleEdit } from "@/domain/stock/import";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * Stock as staff list and edit it by hand for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: a car of another site
 * is simply not found.
 */

export async function getStaffVehicle(db: Db, siteId: number, id: number) {
  const [v] = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)));
  return v ?? null;
}

const editable = (v: typeof t.vehicles.$inferSelect) => ({
  price: v.price,
  odometer: v.odometer,
  status: v.status,
  show_on_dealer_website: v.showOnDealerWebsite,
  description: v.description ?? "",
});

/** A hand edit of one car, audited; null when the site has no such car. */
export async function updateVehicle(db: Db, siteId: number, id: number, edit: VehicleEdit, by: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .for("update");
    if (!before) return null;
    // only the fields the edit names: one left out keeps its value
    const set = {
      ...(edit.price !== undefined ? { price: edit.price } : {}),
      ...(edit.odometer !== undefined ? { odometer: edit.odometer } : {}),
      ...(edit.status !== undefined ? { status: edit.status, soldAt: edit.status === "sold" ? (before.soldAt ?? now) : null } : {}),
      ...(edit.show_on_dealer_website !== undefined ? { showOnDealerWebsite: edit.show_on_dealer_website } : {}),
      ...(edit.description !== undefined ? { description: edit.description } : {}),
    };
    if (Object.keys(set).length === 0) return { vehicle: before, listingChanged: false };
    const [after] = await tx
      .update(t.vehicles)
      .set(set)
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .returning();
    await writeAudit(tx, {
      siteId,
      by,
      action: "vehicle.update",
      entity: `vehicle:${before.stockNumber}`,
      before: editable(before),
      after: editable(after!),
    });
    // whether the site's listed stock moved (sold, hidden, coming soon): its counts show on every page
    return {
      vehicle: after!,
      listingChanged: before.status !== after!.status || before.showOnDealerWebsite !== after!.showOnDealerWebsite,
    };
  });
}
