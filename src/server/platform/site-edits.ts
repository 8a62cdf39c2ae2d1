import "server-only";
import type { SiteChanged } from "@/domain/platform/contract";
import type { OpeningHourEntry, SpecialHoursEntry } from "@/domain/site/types";
import { catalogueChanged } from "@/server/cache";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { siteLog } from "@/server/base/log";
import type { Actor } from "@/server/repositories/audit";
import { replaceSpecialHours, updateLocationHours } from "@/server/repositories/sites";
import { sendSiteChanged } from "./webhook";

/*
 * The platform's edits of a site's hours, one way for every caller: the data API's PUTs
 * and the back-office's forms. Each is written with its audit entry in one transaction,
 * then this process's caches drop the site and every storefront is told (signed webhook).
 */

/** Who changed it when the platform API did (Basic auth names no person). */
export const PLATFORM_API_ACTOR: Actor = { id: null, name: "Platform API", email: "platform-api" };

/** After a write: this process's caches drop the site, and every storefront is told. */
export async function siteDataChanged(siteId: number, what: SiteChanged["changed"]): Promise<string> {
  catalogueChanged([siteId]);
  const e = env();
  const result = await sendSiteChanged(
    { type: "site.changed", site_id: siteId, changed: what, at: new Date(serverNow()).toISOString() },
    { urls: e.PLATFORM_WEBHOOK_URLS, secret: e.PLATFORM_WEBHOOK_SECRET, log: siteLog(siteId) },
  );
  return `delivered=${result.delivered}; failed=${result.failed}`;
}

export async function editLocationHours(siteId: number, locationId: number, hours: OpeningHourEntry[], by: Actor) {
  const location = await updateLocationHours(await getDb(), siteId, locationId, hours, by);
  if (!location) return null;
  return { location, webhooks: await siteDataChanged(siteId, ["locations"]) };
}

/** The location ids that are not the site's (nothing written then), or the webhooks' outcome. */
export async function editSpecialHours(siteId: number, entries: SpecialHoursEntry[], by: Actor) {
  const foreign = await replaceSpecialHours(await getDb(), siteId, entries, by);
  if (foreign.length) return { foreign, webhooks: null };
  return { foreign, webhooks: await siteDataChanged(siteId, ["special_hours"]) };
}
