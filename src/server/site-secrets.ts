import "server-only";
import { eq } from "drizzle-orm";
import { catalogue, SITES_TAG } from "@/server/cache";
import { getDb } from "@/server/db";
import * as t from "@/server/db/schema";

import type { SiteSecrets } from "@/domain/site/types";

// the type is the domain's, so that the schema's column takes nothing from a service
export type { SiteSecrets };

/** The site's secrets (cached with the site records; a settings change clears them with the rest). */
export function getSiteSecrets(siteId: number): Promise<SiteSecrets> {
  return catalogue.cached(`site-secrets:${siteId}`, [SITES_TAG], async () => {
    const db = await getDb();
    const [row] = await db.select({ secrets: t.sites.secrets }).from(t.sites).where(eq(t.sites.id, siteId));
    return row?.secrets ?? {};
  });
}
