import type { SiteFeatureFlags, SiteRecord } from "./types";

/**
 * Accounts are on only for a fixed list of group sites (docs/features/accounts.md). Each entry is one
 * dealer group whose sites share customer accounts (a realm): an account made on one of them works
 * on the group's other sites, and on no other site. A site needs both its `garage_enabled` switch
 * and a place in this list.
 */
export const ACCOUNT_GROUPS: ReadonlyArray<{ realm: string; sites: readonly string[] }> = [
  { realm: "parkside-motor-group", sites: ["parkside-motor-group"] },
];

export const DEFAULT_GARAGE_NAME = "My Garage";

export type SiteAccounts = { enabled: false } | { enabled: true; realm: string; garageName: string };

/** Whether a site has customer accounts, the realm its accounts belong to and what its garage is called. */
export function siteAccounts(
  site: Pick<SiteRecord, "slug" | "garageName">,
  features: Pick<SiteFeatureFlags, "garage_enabled">,
): SiteAccounts {
  if (!features.garage_enabled) return { enabled: false };
  const group = ACCOUNT_GROUPS.find((g) => g.sites.includes(site.slug));
  if (!group) return { enabled: false };
  const name = site.garageName?.trim();
  return { enabled: true, realm: group.realm, garageName: name ? name.slice(0, 40) : DEFAULT_GARAGE_NAME };
}
