import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ALERT_DIGEST_EVERY_MS } from "@/domain/accounts/alerts";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { rowsOf } from "./row";

/*
 * A customer's alerts. Every query carries the customer and the site; a car is read
 * through the customer's own watchlist row, so an alert can only ever name a car of that site.
 */

const w = t.watchlistItems;
const s = t.savedSearches;
const d = t.alertDigests;

/** Turns a watched car's alert on (remembering its price and status now, so only later news is told) or off; false when the car is not on the watchlist. */
export async function setCarAlert(db: Db, userId: string, siteId: number, vehicleId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(w)
    .set(
      on
        ? {
            alerts: true,
            alertPrice: sql`(select ${t.vehicles.price} from ${t.vehicles} where ${t.vehicles.siteId} = ${siteId} and ${t.vehicles.id} = ${vehicleId})`,
            alertStatus: sql`(select ${t.vehicles.status} from ${t.vehicles} where ${t.vehicles.siteId} = ${siteId} and ${t.vehicles.id} = ${vehicleId})`,
          }
        : { alerts: false },
    )
    .where(and(eq(w.userId, userId), eq(w.siteId, siteId), eq(w.vehicleId, vehicleId)))
    .returning({ id: w.vehicleId });
  return rows.length > 0;
}

/** Turns a saved search's alert on (new matches count from now) or off; false when it is not this customer's. */
export async function setSearchAlert(db: Db, userId: string, siteId: number, id: string, on: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(s)
    .set(on ? { alerts: true, alertedAt: now } : { alerts: false })
    .where(and(eq(s.userId, userId), eq(s.siteId, siteId), eq(s.id, id)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** Every alert of the customer on the site turned off (the one-click unsubscribe); how many were on. */
export async function turnOffAlerts(db: Db, userId: string, siteId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const cars = await tx
      .update(w)
      .set({ alerts: false })
      .where(and(eq(w.userId, userId), eq(w.siteId, siteId), eq(w.alerts, true)))
      .returning({ id: w.vehicleId });
    const searches = await tx
      .update(s)
      .set({ alerts: false })
      .where(and(eq(s.userId, userId), eq(s.siteId, siteId), eq(s.alerts, true)))
      .returning({ id: s.id });
    return cars.length + searches.length;
  });
}

/** Which of the customer's watched cars and saved searches have alerts on (the garage's switches). */
export async function alertSwitches(db: Db, userId: string, siteId: number): Promise<{ cars: Set<number>; searches: Set<string> }> {
  const [cars, searches] = await Promise.all([
    db
      .select({ id: w.vehicleId })
      .from(w)
      .where(and(eq(w.userId, userId), eq(w.siteId, siteId), eq(w.alerts, true))),
    db
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.userId, userId), eq(s.siteId, siteId), eq(s.alerts, true))),
  ]);
  return { cars: new Set(cars.map((r) => r.id)), searches: new Set(searches.map((r) => r.id)) };
}

export type DigestCandidate = { userId: string; siteId: number };

/**
 * Customers (per site) with an alert on whose last digest went a day ago or more, and whom no
 * process is working on: each is then claimed (claimDigest) before its digest is built.
 */
export async function digestCandidates(db: Db, now: number, limit: number): Promise<DigestCandidate[]> {
  const dueBefore = new Date(now - ALERT_DIGEST_EVERY_MS).toISOString();
  const at = new Date(now).toISOString();
  const result = await db.execute(sql`
    select p.user_id, p.site_id from (
      select ${w.userId} as user_id, ${w.siteId} as site_id from ${w} where ${w.alerts}
      union
      select ${s.userId}, ${s.siteId} from ${s} where ${s.alerts}
    ) p
    left join ${d} on ${d.userId} = p.user_id and ${d.siteId} = p.site_id
    where (${d.lastSentAt} is null or ${d.lastSentAt} <= ${dueBefore})
      and (${d.claimedUntil} is null or ${d.claimedUntil} < ${at})
    order by p.site_id, p.user_id
    limit ${limit}`);
  return rowsOf<{ user_id: string; site_id: number }>(result).map((r) => ({ userId: String(r.user_id), siteId: Number(r.site_id) }));
}

/** Claims one customer's digest for `forMs` (false when another process has it, or it went out meanwhile). */
export async function claimDigest(db: Db, c: DigestCandidate, now: number, forMs: number): Promise<boolean> {
  const until = new Date(now + forMs);
  const rows = await db
    .insert(d)
    .values({ userId: c.userId, siteId: c.siteId, claimedUntil: until })
    .onConflictDoUpdate({
      target: [d.userId, d.siteId],
      set: { claimedUntil: until },
      setWhere: sql`(${d.claimedUntil} is null or ${d.claimedUntil} < ${new Date(now).toISOString()})
        and (${d.lastSentAt} is null or ${d.lastSentAt} <= ${new Date(now - ALERT_DIGEST_EVERY_MS).toISOString()})`,
    })
    .returning({ userId: d.userId });
  return rows.length > 0;
}

export type WatchedRow = {
  vehicleId: number;
  slug: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  price: number | null;
  status: string;
  alertPrice: number | null;
  alertStatus: string | null;
};

/** The customer's watched cars with alerts on, as the site has them now (a car the site hides is left out). */
export async function watchedWithAlerts(db: Db, c: DigestCandidate): Promise<WatchedRow[]> {
  const v = t.vehicles;
  return db
    .select({
      vehicleId: v.id,
      slug: v.slug,
      year: v.year,
      make: v.make,
      model: v.model,
      badge: v.badge,
      price: v.price,
      status: v.status,
      alertPrice: w.alertPrice,
      alertStatus: w.alertStatus,
    })
    .from(w)
    .innerJoin(v, and(eq(v.siteId, w.siteId), eq(v.id, w.vehicleId)))
    .where(and(eq(w.userId, c.userId), eq(w.siteId, c.siteId), eq(w.alerts, true), eq(v.showOnDealerWebsite, true)));
}

export type AlertSearchRow = { id: string; href: string; label: string; alertedAt: Date };

export async function searchesWithAlerts(db: Db, c: DigestCandidate): Promise<AlertSearchRow[]> {
  const rows = await db
    .select({ id: s.id, href: s.href, label: s.label, alertedAt: s.alertedAt, createdAt: s.createdAt })
    .from(s)
    .where(and(eq(s.userId, c.userId), eq(s.siteId, c.siteId), eq(s.alerts, true)))
    .orderBy(s.createdAt);
  return rows.map((r) => ({ id: r.id, href: r.href, label: r.label, alertedAt: r.alertedAt ?? r.createdAt }));
}

/**
 * The round's outcome for one customer: the cars' price and status become what was last told (a
 * rise or a first price needs no email, and is the base for the next drop); searches told of count
 * new cars from now; when a digest went its time is kept, else the customer waits until `recheckAt`.
 */
export async function finishDigest(
  db: Db,
  c: DigestCandidate,
  o: {
    now: number;
    sent: boolean;
    cars: Array<{ vehicleId: number; price: number | null; status: string }>;
    toldSearches: string[];
    /** with nothing sent: not looked at again before this */
    recheckAt: number;
  },
): Promise<void> {
  const at = new Date(o.now);
  await db.transaction(async (tx) => {
    for (const car of o.cars)
      await tx
        .update(w)
        .set({ alertPrice: car.price, alertStatus: car.status })
        .where(and(eq(w.userId, c.userId), eq(w.siteId, c.siteId), eq(w.vehicleId, car.vehicleId)));
    if (o.toldSearches.length)
      await tx
        .update(s)
        .set({ alertedAt: at })
        .where(and(eq(s.userId, c.userId), eq(s.siteId, c.siteId), inArray(s.id, o.toldSearches)));
    await tx
      .update(d)
      .set(o.sent ? { lastSentAt: at, claimedUntil: null } : { claimedUntil: new Date(o.recheckAt) })
      .where(and(eq(d.userId, c.userId), eq(d.siteId, c.siteId)));
  });
}

/** The customer's address and name, and whether the address was confirmed (alerts go to confirmed addresses only). */
export async function alertRecipient(db: Db, userId: string): Promise<{ email: string; name: string; verified: boolean } | null> {
  const [row] = await db
    .select({ email: t.customerUsers.email, name: t.customerUsers.name, verified: t.customerUsers.emailVerified })
    .from(t.customerUsers)
    .where(eq(t.customerUsers.id, userId));
  return row ?? null;
}
