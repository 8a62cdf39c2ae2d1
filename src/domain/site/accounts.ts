import type { SiteFeatureFlags, SiteRecord } from "./types";

/**
 * Which sites share customer accounts (docs/features/accounts.md). Each entry is one dealer group whose
 * sites share accounts (a realm): an account made on one of them works on the group's other sites, and
 * on no other site. A site in no group is a realm of its own, so a new dealer can have accounts without
 * anyone editing this list; the `garage_enabled` switch turns them on.
 */
export const ACCOUNT_GROUPS: ReadonlyArray<{ realm: string; sites: readonly string[] }> = [
  { realm: "parkside-motor-group", sites: ["parkside-motor-group"] },
];

export const DEFAULT_GARAGE_NAME = "My Garage";

export type SiteAccounts = { enabled: false } | { enabled: true; realm: string; garageName: string };

/** Whether a site has customer accounts, the realm its accounts belong to and what its garage is called. */
export function siteAccounts(
  site: Pick<SiteRecord, "id" | "slug" | "garageName">,
  features: Pick<SiteFeatureFlags, "garage_enabled">,
): SiteAccounts {
  if (!features.garage_enabled) return { enabled: false };
  const group = ACCOUNT_GROUPS.find((g) => g.sites.includes(site.slug));
  const name = site.garageName?.trim();
  // a lone site's realm is named by its id, which never changes (its slug can), and cannot be a group's name
  return { enabled: true, realm: group?.realm ?? `site:${site.id}`, garageName: name ? name.slice(0, 40) : DEFAULT_GARAGE_NAME };
}
