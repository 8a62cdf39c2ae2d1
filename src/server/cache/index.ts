import "server-only";
import { pageTag, tagsToPurge, type PageChange } from "@/domain/http/page-cache";
import { env } from "@/server/base/env";
import type { Change } from "./change-bus";
import { createCatalogueCache } from "./catalogue-cache";

import { siteTag } from "./catalogue-cache";
import { remember } from "@/server/base/remember";

export { siteTag };
export const SITES_TAG = "sites";

/** What other parts of the process register to hear of a change (one set per process, shared by both copies of this module). */
const hooks = remember(
  "catalogue-hooks",
  (): {
    purgePages?: (tags: readonly string[], how?: { sharedStale?: boolean }) => void;
    publishChange?: (change: Change) => void;
    dropPhotos?: (keys: readonly string[]) => void;
  } => ({}),
);
/** The process's catalogue cache (one per process; TTL from CATALOGUE_CACHE_TTL_SECONDS). */
export const catalogue = remember("catalogue-cache", () => createCatalogueCache({ ttlMs: env().CATALOGUE_CACHE_TTL_SECONDS * 1000 }));

/**
 * Call after writing a site's catalogue data (record, locations, stock, reviews, hours, content,
 * settings, a car's reservation): this process's cached reads of those sites and every site context
 * are dropped, and every page of those sites leaves the page cache (src/server/edge/server.ts registers it).
 * On PostgreSQL the other processes are told at once (LISTEN/NOTIFY, change-bus.ts); without the
 * notice they see the change within CATALOGUE_CACHE_TTL_SECONDS plus HTTP_CACHE_FRESH_SECONDS.
 */
export function catalogueChanged(siteIds: readonly number[]): void {
  changed(siteIds.map((siteId) => ({ siteId, scope: "site" })));
}

/**
 * Call after a change to cars that leaves the site's listed stock the same (a price, the odometer,
 * a description, photos): the same, but only the pages that list the site's stock or show one of
 * these cars leave the page cache (another car's page, a location or a blog post stays).
 */
export function vehiclesChanged(siteId: number, vehicleIds: readonly number[]): void {
  changed([{ siteId, scope: "vehicles", vehicleIds }]);
}

/**
 * Call after a booking was made or cancelled: only the pages that offer its car's or its workshop's
 * free times leave the page cache (every process's); nothing cached of the site's catalogue changed.
 */
export function bookedTimesChanged(siteId: number, booking: { vehicleId: number | null; locationId: number }): void {
  const tag = booking.vehicleId != null ? pageTag.testDrive(siteId, booking.vehicleId) : pageTag.workshop(siteId, booking.locationId);
  const change = { sites: [], tags: [tag] };
  dropLocally(change);
  hooks.publishChange?.(change);
}

function changed(changes: PageChange[]): void {
  const change = { sites: [...new Set(changes.map((c) => c.siteId))], tags: changes.flatMap(tagsToPurge) };
  dropLocally(change);
  hooks.publishChange?.(change);
}

/** This process's caches of these sites (and every site context), and the pages under these tags, dropped. */
export function dropLocally(change: Change): void {
  catalogue.invalidateTag(SITES_TAG);
  for (const id of change.sites) catalogue.invalidateTag(siteTag(id));
  hooks.purgePages?.(change.tags, { sharedStale: change.sharedStale === true });
  if (change.photos?.length) hooks.dropPhotos?.(change.photos);
}

/**
 * Call after photos left the store (a dealer took one down): every other process drops what it
 * holds of them (the image service's variants in its memory and cache folder) at once.
 */
export function photosTakenDown(keys: readonly string[]): void {
  hooks.publishChange?.({ sites: [], tags: [], photos: [...keys] });
}

/** The image service registers how it drops a photo's variants when another process took the photo down. */
export function onPhotosTakenDown(drop: (keys: readonly string[]) => void): void {
  hooks.dropPhotos = drop;
}

/** On PostgreSQL the server registers how to tell the other processes (change-bus.ts). */
export function onCatalogueChangePublish(publish: (change: Change) => void): void {
  hooks.publishChange = publish;
}

/** The server's page cache registers how to purge it by tag (the cache lives in the server, not in Next's bundle). */
export function onPagesChanged(purge: (tags: readonly string[], how?: { sharedStale?: boolean }) => void): void {
  hooks.purgePages = purge;
}
