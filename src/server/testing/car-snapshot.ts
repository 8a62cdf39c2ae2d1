import "server-only";
import { and, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/**
 * For tests that change a demo car (its fields or its photos): the car's row, its photos and its
 * feed's photo fetches as they are now, and a function that puts them back. On PostgreSQL every
 * test file shares one database, and another file that picks "a car of this site" may pick the
 * same one: a price or a photo left on it shows up in that file's figures.
 */
export async function snapshotCar(db: Db, siteId: number, vehicleId: number): Promise<() => Promise<void>> {
  const [row] = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, vehicleId)));
  if (!row) throw new Error(`snapshotCar: no car ${vehicleId} at site ${siteId}`);
  const ofCar = <T extends typeof t.vehiclePhotos | typeof t.photoFetches>(table: T) =>
    and(eq(table.siteId, siteId), eq(table.vehicleId, vehicleId));
  const [photos, fetches] = await Promise.all([
    db.select().from(t.vehiclePhotos).where(ofCar(t.vehiclePhotos)),
    db.select().from(t.photoFetches).where(ofCar(t.photoFetches)),
  ]);
  return async () => {
    await db.transaction(async (tx) => {
      await tx.delete(t.vehiclePhotos).where(ofCar(t.vehiclePhotos));
      await tx.delete(t.photoFetches).where(ofCar(t.photoFetches));
      if (photos.length) await tx.insert(t.vehiclePhotos).values(photos);
      if (fetches.length) await tx.insert(t.photoFetches).values(fetches);
      // every column but the id and those the database works out itself (the search columns)
      const kinds = getTableColumns(t.vehicles);
      const columns = Object.fromEntries(
        Object.entries(row).filter(([k]) => k !== "id" && !kinds[k as keyof typeof kinds].generated),
      ) as Partial<typeof t.vehicles.$inferInsert>;
      await tx.update(t.vehicles).set(columns).where(eq(t.vehicles.id, vehicleId));
    });
  };
}
