import "server-only";
import { catalogue, SITES_TAG } from "@/server/cache";
import { getDb } from "@/server/db";
import { getSiteSecretsOf } from "@/server/repositories/sites";

/**
 * A site's credentials for the services the server calls on its behalf. Kept apart from the site
 * record (`sites.secrets`, never in `SiteContext`), so that no component, and no `"use client"`
 * file one import away, can hold one.
 */
export type SiteSecrets = {
  /** the ad platform's conversions API access token (with the site's facebook_pixel_id) */
  facebook_capi_token?: string;
};

/** The site's secrets (cached with the site records; a settings change clears them with the rest). */
export function getSiteSecrets(siteId: number): Promise<SiteSecrets> {
  return catalogue.cached(`site-secrets:${siteId}`, [SITES_TAG], async () => getSiteSecretsOf(await getDb(), siteId));
}
