import "server-only";
import { and, eq, max, ne, or, sql } from "drizzle-orm";
import type { LocationFields } from "@/domain/platform/location-record";
import type { DealershipFields } from "@/domain/platform/dealership-record";
import type { NewSite } from "@/domain/platform/site-record";
import type { Dealership, Location, SiteRecord } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { writeAudit, type Actor } from "./audit";
import { isUniqueViolation } from "./row";
import { zoneOfLocations } from "@/domain/site/region";
import { toDealership, toLocation, toSite } from "./sites";

/*
 * Sites and locations written from their records (the platform API and the console).
 * Each write is one transaction with its audit entry; a slug, domain or id another site holds is
 * a conflict naming the field, checked first and backed by the unique indexes.
 */

export type Conflict = { conflict: Record<string, string> };
const taken = (field: string, message: string): Conflict => ({ conflict: { [field]: message } });

/** The lowest id above every site's (the demo's are 1001–1007), for a record that brings none. */
const FIRST_SITE_ID = 2001;

async function siteConflict(
  tx: Db,
  s: Partial<Pick<NewSite, "slug" | "domainName" | "domains">> & { id?: number | null },
  except: number | null,
): Promise<Conflict | null> {
  // every name this record claims: its domain and its others; no other site may have any of them either way
  const names = [s.domainName, ...(s.domains ?? [])].filter((d): d is string => Boolean(d));
  const clauses = [
    s.slug ? eq(t.sites.slug, s.slug) : undefined,
    s.id ? eq(t.sites.id, s.id) : undefined,
    ...names.map((d) => or(eq(t.sites.domainName, d), sql`${d} = any(${t.sites.domains})`)),
  ].filter((c) => c !== undefined);
  if (!clauses.length) return null;
  const rows = await tx
    .select({ id: t.sites.id, slug: t.sites.slug, domainName: t.sites.domainName, domains: t.sites.domains })
    .from(t.sites)
    .where(except === null ? or(...clauses) : and(or(...clauses), ne(t.sites.id, except)));
  for (const r of rows) {
    if (s.id && r.id === s.id) return taken("id", `Site ${r.id} already exists`);
    if (s.slug && r.slug === s.slug) return taken("slug", `The slug ${r.slug} is another site's`);
    const theirs = new Set([r.domainName, ...r.domains]);
    if (s.domainName && theirs.has(s.domainName)) return taken("domain_name", `${s.domainName} is another site's domain`);
    const i = (s.domains ?? []).findIndex((d) => theirs.has(d));
    if (i >= 0) return taken(`domains.${i}`, `${s.domains![i]} is another site's domain`);
  }
  return null;
}

/** A new site; a conflict when its id, slug or domain is another site's. */
export async function createSite(db: Db, s: NewSite, by: Actor): Promise<SiteRecord | Conflict> {
  try {
    return await db.transaction(async (tx) => {
      const clash = await siteConflict(tx as unknown as Db, s, null);
      if (clash) return clash;
      const [top] = await tx.select({ id: max(t.sites.id) }).from(t.sites);
      const id = s.id ?? Math.max(FIRST_SITE_ID, (top?.id ?? 0) + 1);
      const [row] = await tx
        .insert(t.sites)
        .values({ ...s, id })
        .returning();
      await writeAudit(tx, { siteId: id, by, action: "site.create", entity: "site", before: null, after: row });
      return toSite(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return taken("slug", "Another site was created with this slug, domain or id at the same moment");
    throw e;
  }
}

/** Changes a site's record; null for an unknown site, a conflict when a new slug or domain is another site's. */
export async function updateSite(db: Db, siteId: number, changes: Partial<NewSite>, by: Actor): Promise<SiteRecord | Conflict | null> {
  const { id: _id, ...set } = changes;
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(t.sites).where(eq(t.sites.id, siteId)).for("update");
      if (!before) return null;
      const clash = await siteConflict(tx as unknown as Db, { slug: set.slug, domainName: set.domainName, domains: set.domains }, siteId);
      if (clash) return clash;
      const [row] = await tx
        .update(t.sites)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(t.sites.id, siteId))
        .returning();
      const changed = Object.keys(set) as Array<keyof typeof set>;
      const pick = (r: typeof before) => Object.fromEntries(changed.map((k) => [k, r[k as keyof typeof r]]));
      const action =
        set.published === true && !before.published
          ? "site.publish"
          : set.published === false && before.published
            ? "site.unpublish"
            : "site.update";
      await writeAudit(tx, { siteId, by, action, entity: "site", before: pick(before), after: pick(row!) });
      return (await followLocations(tx as unknown as Db, siteId, by)) ?? toSite(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return taken("slug", "Another site took this slug or domain at the same moment");
    throw e;
  }
}

export const isConflict = (r: unknown): r is Conflict => typeof r === "object" && r !== null && "conflict" in r;

/**
 * A site whose zone follows its locations (no operator set one) takes the zone of their state again
 * after a location or the site changed, in the same transaction; the site as it is now when it moved.
 */
async function followLocations(tx: Db, siteId: number, by: Actor): Promise<SiteRecord | null> {
  const [site] = await tx.select().from(t.sites).where(eq(t.sites.id, siteId)).for("update");
  if (!site || site.timezoneSet) return null;
  const rows = await tx.select().from(t.locations).where(eq(t.locations.siteId, siteId));
  const zone = zoneOfLocations(toSite(site).country, rows.map(toLocation));
  if (!zone || zone === site.timezone) return null;
  const [row] = await tx.update(t.sites).set({ timezone: zone }).where(eq(t.sites.id, siteId)).returning();
  await writeAudit(tx, {
    siteId,
    by,
    action: "site.update",
    entity: "site",
    before: { timezone: site.timezone },
    after: { timezone: zone },
  });
  return toSite(row!);
}

/** Why a location's dealership or slug cannot be used on this site, or null. */
type Refusal = { status: 409 | 422; errors: Record<string, string> };
async function locationProblem(tx: Db, siteId: number, l: Partial<LocationFields>, except: number | null): Promise<Refusal | null> {
  if (l.dealershipId != null) {
    const [d] = await tx
      .select({ id: t.dealerships.id })
      .from(t.dealerships)
      .where(and(eq(t.dealerships.siteId, siteId), eq(t.dealerships.id, l.dealershipId)));
    if (!d) return { status: 422, errors: { dealership_id: "Not a dealership of this site" } };
  }
  if (l.slug) {
    const [other] = await tx
      .select({ id: t.locations.id })
      .from(t.locations)
      .where(and(eq(t.locations.siteId, siteId), eq(t.locations.slug, l.slug), except === null ? undefined : ne(t.locations.id, except)));
    if (other) return { status: 409, errors: { slug: `Another location of this site has the slug ${l.slug}` } };
  }
  return null;
}

async function dealershipSlug(tx: Db, siteId: number, dealershipId: number | null | undefined) {
  if (dealershipId == null) return dealershipId === null ? null : undefined;
  const [d] = await tx
    .select({ slug: t.dealerships.slug })
    .from(t.dealerships)
    .where(and(eq(t.dealerships.siteId, siteId), eq(t.dealerships.id, dealershipId)));
  return d?.slug ?? null;
}

export type LocationWrite = Location | Refusal | null;

/** A new location of the site (its id the next of the platform's); null for an unknown site. */
export async function createLocation(db: Db, siteId: number, l: LocationFields, by: Actor): Promise<LocationWrite> {
  return db.transaction(async (tx) => {
    const [site] = await tx.select({ timezone: t.sites.timezone }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!site) return null;
    const problem = await locationProblem(tx as unknown as Db, siteId, l, null);
    if (problem) return problem;
    const [top] = await tx.select({ id: max(t.locations.id) }).from(t.locations);
    const id = Math.max(FIRST_SITE_ID * 10, (top?.id ?? 0) + 1);
    const [row] = await tx
      .insert(t.locations)
      .values({
        ...l,
        id,
        siteId,
        timezone: l.timezone ?? site.timezone,
        dealershipSlug: (await dealershipSlug(tx as unknown as Db, siteId, l.dealershipId)) ?? null,
      })
      .returning();
    await tx
      .update(t.sites)
      .set({ updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "location.create", entity: `location:${id}`, before: null, after: row });
    await followLocations(tx as unknown as Db, siteId, by);
    return toLocation(row!);
  });
}

/** Changes one location of the site; null when the site has no such location. */
export async function updateLocation(
  db: Db,
  siteId: number,
  locationId: number,
  l: Partial<LocationFields>,
  by: Actor,
): Promise<LocationWrite> {
  return db.transaction(async (tx) => {
    const where = and(eq(t.locations.siteId, siteId), eq(t.locations.id, locationId));
    const [before] = await tx.select().from(t.locations).where(where).for("update");
    if (!before) return null;
    const problem = await locationProblem(tx as unknown as Db, siteId, l, locationId);
    if (problem) return problem;
    const slug = await dealershipSlug(tx as unknown as Db, siteId, l.dealershipId);
    const [row] = await tx
      .update(t.locations)
      .set({ ...l, ...(slug !== undefined ? { dealershipSlug: slug } : {}) })
      .where(where)
      .returning();
    await tx
      .update(t.sites)
      .set({ updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    const changed = Object.keys(l) as Array<keyof typeof before>;
    const pick = (r: typeof before) => Object.fromEntries(changed.map((k) => [k, r[k]]));
    await writeAudit(tx, {
      siteId,
      by,
      action: "location.update",
      entity: `location:${locationId}`,
      before: pick(before),
      after: pick(row!),
    });
    await followLocations(tx as unknown as Db, siteId, by);
    return toLocation(row!);
  });
}

/** Every location of the site, hidden ones too, in their order (the console and the publish checklist). */
export async function listAllLocations(db: Db, siteId: number): Promise<Location[]> {
  const rows = await db.select().from(t.locations).where(eq(t.locations.siteId, siteId)).orderBy(t.locations.position, t.locations.id);
  return rows.map(toLocation);
}

/** A new dealership of the site (its id the next of the platform's); null for an unknown site; 409 for a slug the site has. */
export async function createDealership(db: Db, siteId: number, d: DealershipFields, by: Actor): Promise<Dealership | Refusal | null> {
  return db.transaction(async (tx) => {
    const [site] = await tx.select({ id: t.sites.id }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!site) return null;
    const clash = await dealershipSlugTaken(tx as unknown as Db, siteId, d.slug, null);
    if (clash) return clash;
    const [top] = await tx.select({ id: max(t.dealerships.id) }).from(t.dealerships);
    const id = Math.max(FIRST_SITE_ID * 10, (top?.id ?? 0) + 1);
    const [row] = await tx
      .insert(t.dealerships)
      .values({ ...d, id, siteId })
      .returning();
    await tx
      .update(t.sites)
      .set({ updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "dealership.create", entity: `dealership:${id}`, before: null, after: row });
    return toDealership(row!);
  });
}

/** Changes one dealership of the site (its locations' dealership_slug follow a new slug); null when the site has none such. */
export async function updateDealership(
  db: Db,
  siteId: number,
  dealershipId: number,
  d: Partial<DealershipFields>,
  by: Actor,
): Promise<Dealership | Refusal | null> {
  return db.transaction(async (tx) => {
    const where = and(eq(t.dealerships.siteId, siteId), eq(t.dealerships.id, dealershipId));
    const [before] = await tx.select().from(t.dealerships).where(where).for("update");
    if (!before) return null;
    const clash = d.slug ? await dealershipSlugTaken(tx as unknown as Db, siteId, d.slug, dealershipId) : null;
    if (clash) return clash;
    const [row] = await tx.update(t.dealerships).set(d).where(where).returning();
    if (d.slug && d.slug !== before.slug)
      await tx
        .update(t.locations)
        .set({ dealershipSlug: d.slug })
        .where(and(eq(t.locations.siteId, siteId), eq(t.locations.dealershipId, dealershipId)));
    await tx
      .update(t.sites)
      .set({ updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "dealership.update", entity: `dealership:${dealershipId}`, before, after: row });
    return toDealership(row!);
  });
}

async function dealershipSlugTaken(tx: Db, siteId: number, slug: string, except: number | null): Promise<Refusal | null> {
  const [other] = await tx
    .select({ id: t.dealerships.id })
    .from(t.dealerships)
    .where(and(eq(t.dealerships.siteId, siteId), eq(t.dealerships.slug, slug), except === null ? undefined : ne(t.dealerships.id, except)));
  return other ? { status: 409, errors: { slug: `Another dealership of this site has the slug ${slug}` } } : null;
}
