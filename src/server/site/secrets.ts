import "server-only";
import { catalogue, SITES_TAG } from "@/server/cache";
import { getDb } from "@/server/db";
import { getSiteSecretsOf } from "@/server/repositories/sites";

import type { SiteSecrets } from "@/domain/site/types";

// the type is the domain's, so that the schema's column takes nothing from a service
export type { SiteSecrets };

/** The site's secrets (cached with the site records; a settings change clears them with the rest). */
export function getSiteSecrets(siteId: number): Promise<SiteSecrets> {
  return catalogue.cached(`site-secrets:${siteId}`, [SITES_TAG], async () => getSiteSecretsOf(await getDb(), siteId));
}
