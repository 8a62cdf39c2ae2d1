import "server-only";
import { catalogueChanged } from "@/server/cache";
import type { Db } from "@/server/db/client";
import { shiftDemoDates, writeDemoContent, writeDemoSites, type DemoSiteContent } from "@/server/repositories/demo-data";
import { getMeta } from "@/server/repositories/meta";
import { countSites, listSiteLabels } from "@/server/repositories/sites";
import { demoContent } from "./content";
import { generateDemoData, holidayHours } from "./generate";
import { DEMO_FEATURE_RULES, DEMO_SITES, demoFinance } from "./sites";

export const DEMO_SITE_IDS = DEMO_SITES.map((s) => s.id);
const ANCHOR_KEY = "demo_clock_anchor";
/** Bumped when the demo content changes, so that an existing database gets it on its next start. */
export const DEMO_CONTENT_VERSION = "7";
const CONTENT_KEY = "demo_content_version";

/**
 * The demo sites' content (pages, posts, offers…) dated from `now`, and their settings that came
 * after the first seed (feature switches, integrations, garage name, payment provider, finance terms).
 */
const demoSiteContent = (now: number): DemoSiteContent[] =>
  DEMO_SITES.map((site) => ({
    id: site.id,
    features: site.features,
    integrations: site.integrations ?? {},
    garageName: site.garageName ?? null,
    paymentProvider: site.paymentProvider ?? null,
    finance: demoFinance(site, now),
    content: demoContent(site, now).map((c) => ({ ...c, updatedAt: c.publishedAt })),
  }));

/** A database seeded before the demo content existed (or with an older version of it) gets the current one. */
export async function refreshDemoContent(db: Db, now = Date.now()): Promise<boolean> {
  if ((await getMeta(db, CONTENT_KEY)) === DEMO_CONTENT_VERSION) return false;
  const present = await listSiteLabels(db, DEMO_SITE_IDS);
  if (present.length === 0) return false;
  await writeDemoContent(db, demoSiteContent(now), { [CONTENT_KEY]: DEMO_CONTENT_VERSION });
  catalogueChanged(DEMO_SITE_IDS);
  return true;
}

/**
 * Writes the demo tenants (docs/demo-data.md) in one transaction. Catalogue data of the demo
 * sites is replaced; leads and customers are never touched.
 */
export async function seedDemoData(db: Db, now = Date.now()): Promise<{ sites: number; vehicles: number }> {
  const data = generateDemoData(now);
  await writeDemoSites(db, {
    sites: data,
    content: demoSiteContent(now),
    rules: DEMO_FEATURE_RULES,
    meta: { [CONTENT_KEY]: DEMO_CONTENT_VERSION, [ANCHOR_KEY]: String(now) },
  });
  catalogueChanged(data.map((d) => d.site.id));
  return { sites: data.length, vehicles: data.reduce((n, d) => n + d.vehicles.length, 0) };
}

export async function isEmpty(db: Db): Promise<boolean> {
  return (await countSites(db)) === 0;
}

/**
 * The demo data is written relative to the time it was seeded ("sold 2 days ago", "listed
 * this week"). So that docs/demo-data.md's counts stay exact on any later day, each start moves the
 * demo tenants' timestamps forward by the time elapsed since the last anchor, and renews their
 * holiday hours for the current and next year.
 */
export async function reanchorDemoClock(db: Db, now = Date.now()): Promise<number> {
  const anchor = await getMeta(db, ANCHOR_KEY);
  if (anchor === null) return 0;
  const delta = now - Number(anchor);
  if (!(delta > 60_000)) return 0;
  const year = new Date(now).getUTCFullYear();
  const newYear = new Date(Number(anchor)).getUTCFullYear() !== year;
  await shiftDemoDates(db, DEMO_SITE_IDS, Math.floor(delta / 1000), {
    holidayHours: newYear ? DEMO_SITE_IDS.map((siteId) => ({ siteId, rows: holidayHours(siteId, year) })) : undefined,
    meta: { [ANCHOR_KEY]: String(now) },
  });
  catalogueChanged(DEMO_SITE_IDS);
  return delta;
}
