import "server-only";
import { blogSettings } from "@/domain/content/content";
import { searchPageTemplates } from "@/domain/stock/landing";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { TenantKey } from "@/domain/site/tenant";
import type { Country, Dealership, Location, LocationType, OpeningHourEntry, SiteRecord, SpecialHoursEntry } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { oneOf } from "./row";
import { writeAudit, type Actor } from "./audit";
import { listSpecialHours } from "./locations";
import { leadDeliveryConfig, type LeadDeliveryConfig } from "@/domain/leads/delivery";

type SiteRow = typeof t.sites.$inferSelect;
type LocationRow = typeof t.locations.$inferSelect;

export function toSite(r: SiteRow): SiteRecord {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    dealershipId: r.dealershipId,
    dealershipGroup: r.dealershipGroup,
    manufacturerId: r.manufacturerId,
    manufacturer: r.manufacturer,
    template: r.template,
    primaryVehicleOverride: r.primaryVehicleOverride,
    url: r.url,
    domainName: r.domainName,
    domains: r.domains,
    country: oneOf<Country>(["AU", "NZ", "US"], r.country, { table: "sites", id: r.id, column: "country" }),
    timezone: r.timezone,
    timezoneSet: r.timezoneSet,
    currency: r.currency,
    phone: r.phone,
    email: r.email,
    socialUrls: r.socialUrls,
    logo: r.logo,
    colours: r.colours,
    features: r.features,
    integrations: r.integrations,
    searchPresets: r.searchPresets,
    navigation: r.navigation,
    defaultSort: r.defaultSort,
    includeSoldCarsDays: r.includeSoldCarsDays,
    paymentProvider: r.paymentProvider,
    garageName: r.garageName,
    financeProvider: r.financeProvider,
    finance: r.finance,
    openingHours: r.openingHours,
    gmbProfiles: r.gmbProfiles,
    blogs: blogSettings(r.blogs),
    searchPageTemplates: searchPageTemplates(r.searchPageTemplates),
    published: r.published,
    noStockYet: r.noStockYet,
  };
}

export function toLocation(r: LocationRow): Location {
  return {
    id: r.id,
    dealershipId: r.dealershipId,
    name: r.name,
    slug: r.slug,
    dealershipSlug: r.dealershipSlug,
    position: r.position,
    locationType: oneOf<LocationType>(["sales", "service", "parts"], r.locationType, {
      table: "locations",
      id: r.id,
      column: "location_type",
    }),
    locationSubtype: r.locationSubtype,
    isPrimary: r.isPrimary,
    visible: r.visible,
    manufacturers: r.manufacturers,
    gmbProfileId: r.gmbProfileId,
    dealerLicenseNumber: r.dealerLicenseNumber,
    motorVehicleRepairer: r.motorVehicleRepairer,
    averageRating: r.averageRating,
    reviewCount: r.reviewCount,
    image: r.image,
    timezone: r.timezone,
    contactDetail: r.contactDetail,
    openingHours: r.openingHours,
    address: r.address,
  };
}

/** Find the tenant for a resolved host key (slug, or domain with or without www). */
export async function getSiteByKey(db: Db, key: TenantKey): Promise<SiteRecord | null> {
  const bare = key.by === "domain" ? key.domain.replace(/^www\./, "") : "";
  const where =
    key.by === "slug"
      ? eq(t.sites.slug, key.slug)
      : or(eq(t.sites.domainName, key.domain), eq(t.sites.domainName, bare), sql`${bare} = any(${t.sites.domains})`);
  const [row] = await db.select().from(t.sites).where(where).limit(1);
  return row ? toSite(row) : null;
}

export async function listSites(db: Db): Promise<SiteRecord[]> {
  return (await db.select().from(t.sites).orderBy(asc(t.sites.id))).map(toSite);
}

export async function listLocations(db: Db, siteId: number): Promise<Location[]> {
  const rows = await db.select().from(t.locations).where(eq(t.locations.siteId, siteId)).orderBy(asc(t.locations.position));
  return rows.map(toLocation).filter((l) => l.visible);
}

type DealershipRow = typeof t.dealerships.$inferSelect;
export const toDealership = (r: DealershipRow): Dealership => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  make: r.make,
  url: r.url,
  logo: r.logo,
  position: r.position,
  visible: r.visible,
});

/** The site's dealerships in their order; hidden ones too when `all` (the console). */
export async function listDealerships(db: Db, siteId: number, all = false): Promise<Dealership[]> {
  const rows = await db
    .select()
    .from(t.dealerships)
    .where(eq(t.dealerships.siteId, siteId))
    .orderBy(asc(t.dealerships.position), asc(t.dealerships.id));
  return rows.map(toDealership).filter((d) => all || d.visible);
}

export async function getSiteById(db: Db, siteId: number): Promise<SiteRecord | null> {
  const [row] = await db.select().from(t.sites).where(eq(t.sites.id, siteId)).limit(1);
  return row ? toSite(row) : null;
}

/** Every site's id, drafts included, in id order. */
export async function listSiteIds(db: Db): Promise<number[]> {
  return (await db.select({ id: t.sites.id }).from(t.sites).orderBy(asc(t.sites.id))).map((r) => r.id);
}

/** How many sites the database holds, drafts included. */
export async function countSites(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.sites);
  return row?.n ?? 0;
}

/** What the back-office names a site by, for these sites (in no set order; unknown ids are left out). */
export async function listSiteLabels(db: Db, siteIds: readonly number[]) {
  if (!siteIds.length) return [];
  return db
    .select({
      id: t.sites.id,
      name: t.sites.name,
      slug: t.sites.slug,
      timezone: t.sites.timezone,
      country: t.sites.country,
      url: t.sites.url,
      currency: t.sites.currency,
      template: t.sites.template,
    })
    .from(t.sites)
    .where(inArray(t.sites.id, [...siteIds]));
}

/** The site's credentials for the services the server calls on its behalf (`{}` for none or an unknown site). */
export async function getSiteSecretsOf(db: Db, siteId: number): Promise<SiteRow["secrets"]> {
  const [row] = await db.select({ secrets: t.sites.secrets }).from(t.sites).where(eq(t.sites.id, siteId));
  return row?.secrets ?? {};
}

/** When the site's platform data last changed (the data API's Last-Modified), or null for an unknown site. */
export async function getSiteUpdatedAt(db: Db, siteId: number): Promise<Date | null> {
  const [row] = await db.select({ at: t.sites.updatedAt }).from(t.sites).where(eq(t.sites.id, siteId)).limit(1);
  return row?.at ?? null;
}

/** Replaces one location's weekly hours (scoped to its site), audited, and marks the site changed; null when the site has no such location. */
export async function updateLocationHours(
  db: Db,
  siteId: number,
  locationId: number,
  hours: OpeningHourEntry[],
  by: Actor,
): Promise<Location | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ openingHours: t.locations.openingHours })
      .from(t.locations)
      .where(and(eq(t.locations.siteId, siteId), eq(t.locations.id, locationId)))
      .for("update");
    if (!before) return null;
    const [row] = await tx
      .update(t.locations)
      .set({ openingHours: [...hours].sort((a, b) => a.weekday - b.weekday) })
      .where(and(eq(t.locations.siteId, siteId), eq(t.locations.id, locationId)))
      .returning();
    await tx
      .update(t.sites)
      .set({ updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, {
      siteId,
      by,
      action: "opening_hours.update",
      entity: `location:${locationId}`,
      before: before.openingHours,
      after: row!.openingHours,
    });
    return toLocation(row!);
  });
}

/**
 * Replaces the site's special hours with these (one transaction) and marks the site changed.
 * Returns the location ids that are not the site's (nothing is written then), else [].
 */
export async function replaceSpecialHours(db: Db, siteId: number, entries: SpecialHoursEntry[], by: Actor): Promise<number[]> {
  return db.transaction(async (tx) => {
    const before = await listSpecialHours(tx, siteId);
    const own = new Set((await tx.select({ id: t.locations.id }).from(t.locations).where(eq(t.locations.siteId, siteId))).map((r) => r.id));
    const foreign = entries.map((e) => e.location_id).filter((id): id is number => id !== null && !own.has(id));
    if (foreign.length) return [...new Set(foreign)];
    await tx.delete(t.specialHours).where(eq(t.specialHours.siteId, siteId));
    if (entries.length)
      await tx.insert(t.specialHours).values(
        entries.map((e) => ({
          siteId,
          locationId: e.location_id,
          date: e.date,
          name: e.name,
          status: e.status,
          startHour: e.start_hour,
          endHour: e.end_hour,
        })),
      );
    await tx
      .update(t.sites)
      .set({ updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "special_hours.update", entity: "site", before, after: entries });
    return [];
  });
}

/** One location of the site by id (hidden ones too: a lead may name one). */
export async function getLocationById(db: Db, siteId: number, id: number): Promise<Location | null> {
  const [row] = await db
    .select()
    .from(t.locations)
    .where(and(eq(t.locations.siteId, siteId), eq(t.locations.id, id)));
  return row ? toLocation(row) : null;
}

/** The site's lead delivery settings (webhook secrets included: server-side only, never on SiteRecord). */
export async function getLeadDeliveryConfig(db: Db, siteId: number): Promise<LeadDeliveryConfig> {
  const [row] = await db.select({ config: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, siteId));
  return leadDeliveryConfig(row?.config);
}
