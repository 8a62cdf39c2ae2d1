import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/** Parkside's priced cars on show that no order has named yet, by id: the cars a reservation test may take. */
export function unreservedCars(db: Db, limit: number): Promise<Array<{ id: number; slug: string; price: number | null }>> {
  return db
    .select({ id: t.vehicles.id, slug: t.vehicles.slug, price: t.vehicles.price })
    .from(t.vehicles)
    .where(
      and(
        eq(t.vehicles.siteId, 1001),
        eq(t.vehicles.status, "in_stock"),
        eq(t.vehicles.showOnDealerWebsite, true),
        isNotNull(t.vehicles.price),
        sql`not exists (select 1 from orders o where o.site_id = ${t.vehicles.siteId} and o.vehicle_id = ${t.vehicles.id})`,
      ),
    )
    .orderBy(t.vehicles.id)
    .limit(limit);
}
