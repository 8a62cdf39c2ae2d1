import type { Country, SiteFeatureFlags, SiteRecord } from "./types";
import type { LookupProviderName } from "../lookups/lookup";
import { formatPrice } from "../format/price";

export const DEFAULT_FEATURES: SiteFeatureFlags = {
  autobot: false,
  dealercell: false,
  dealerstudio: false,
  impel: false,
  autograb: false,
  redbook: false,
  nevdis: false,
  enable_store: false,
  garage_enabled: false,
  offers_subscription: false,
  reviews: false,
  finance_pre_approval: false,
  sell_my_car: false,
  test_drive: true,
  fleet: false,
  careers: false,
  blog: false,
  special_offers: false,
  electric_vehicles: false,
  sidebar_dealer_tools: false,
  live_chat: false,
  analytics_events: false,
  book_a_service_on_service_locations: false,
  uses_pages_path: false,
  low_image_quality: false,
  contact_message_optional: false,
  used_wording_pre_owned: false,
  blog_path_news: false,
  push_leads_to_primary_location: false,
  mock_leads: false,
  enquire_button_message_now: false,
  trade_in_valuation: true,
  // the spec: "opt_in is optional, default true"; a new site starts unticked (newSiteFeatures)
  opt_in_ticked: true,
  chat_hidden_paths: [],
  fixed_dealership_slug: null,
};

/** The flags that are on or off (the others hold paths or a slug). */
export const BOOLEAN_FLAGS = (Object.keys(DEFAULT_FEATURES) as Array<keyof SiteFeatureFlags>).filter(
  (k) => typeof DEFAULT_FEATURES[k] === "boolean",
);

/** How a rule matches one field, as data (stored as JSON): the value, one of a list, or a pattern ("i": any case). */
export type Matcher = string | number | Array<string | number> | { pattern: string; flags?: "i" };
export const RULE_FIELDS = ["id", "slug", "name", "group", "manufacturer"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** A declarative per-dealer rule: when every given field matches, the flags apply. */
export type FeatureRule = {
  why: string;
  match: Partial<Record<RuleField, Matcher>>;
  set: Partial<SiteFeatureFlags>;
};

/**
 * Many per-dealer feature flags are derived from site id, slug, name, group or
 * manufacturer (docs/features/onboarding.md). These are the product's own derivations, as data: the platform's database starts
 * with them (migration 0025) beside the rules operators add; a flag stored on the site record wins.
 */
export const FEATURE_RULES: FeatureRule[] = [
  {
    why: "The word used is displayed as pre-owned for one dealership group",
    match: { group: "Harbour City Automotive" },
    set: { used_wording_pre_owned: true, push_leads_to_primary_location: true },
  },
  {
    why: "Link rules: on one brand, /blog is rewritten to /news",
    match: { manufacturer: { pattern: "^yamaha$", flags: "i" } },
    set: { blog_path_news: true },
  },
  {
    why: "Two brands use a fixed dealership slug (rv-sales)",
    match: { slug: { pattern: "(^|-)rv($|-)" } },
    set: { fixed_dealership_slug: "rv-sales" },
  },
  {
    why: "Two brands use a fixed dealership slug (360-finance)",
    match: { name: { pattern: "360 finance", flags: "i" } },
    set: { fixed_dealership_slug: "360-finance" },
  },
  {
    why: "On mock or demo sites the lead base is /mock instead of /api",
    match: { slug: { pattern: "^(demo|mock)-" } },
    set: { mock_leads: true },
  },
];

type RuleSubject = Pick<SiteRecord, "id" | "slug" | "name" | "dealershipGroup" | "manufacturer">;

function matches(value: string | number | null | undefined, m: Matcher): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(m)) return m.some((x) => String(x) === String(value));
  if (typeof m === "object") return patternOf(m)?.test(String(value)) ?? false;
  return String(m) === String(value);
}

/*
 * A stored pattern compiled once (null for one that does not compile: it matches nothing). The
 * patterns are the few in the feature rules, so the bound is a fuse that empties the map, not an
 * eviction rule; lru-cache is not used because this module also ships in the pages' JavaScript.
 */
const compiled = new Map<string, RegExp | null>();
function patternOf(m: { pattern: string; flags?: "i" }): RegExp | null {
  const key = `${m.flags ?? ""}/${m.pattern}`;
  if (!compiled.has(key)) {
    if (compiled.size > 500) compiled.clear();
    try {
      compiled.set(key, new RegExp(m.pattern, m.flags === "i" ? "i" : ""));
    } catch {
      compiled.set(key, null);
    }
  }
  return compiled.get(key)!;
}

export function ruleApplies(rule: FeatureRule, site: RuleSubject): boolean {
  const fields: Record<keyof FeatureRule["match"], string | number | null> = {
    id: site.id,
    slug: site.slug,
    name: site.name,
    group: site.dealershipGroup,
    manufacturer: site.manufacturer,
  };
  const entries = Object.entries(rule.match) as Array<[keyof FeatureRule["match"], Matcher]>;
  return entries.length > 0 && entries.every(([k, m]) => matches(fields[k], m));
}

/**
 * finance_provider: who takes the site's finance applications. "Manual" (the platform's
 * default) and any provider the platform does not integrate: the finance form sends a lead that the
 * dealer's finance team works by hand. None (null or empty): the site takes no finance application
 * online: /finance keeps the calculator and says how to talk to the dealer, and pre-approval is off.
 */
export function financeApplications(site: Pick<SiteRecord, "financeProvider">): "manual" | "none" {
  return site.financeProvider?.trim() ? "manual" : "none";
}

/** Defaults ← matching rules (in order) ← flags stored on the site record (← no pre-approval without a finance provider). */
export function resolveFeatures(
  site: RuleSubject & { features: Partial<SiteFeatureFlags>; financeProvider?: string | null },
  rules: readonly FeatureRule[],
): SiteFeatureFlags {
  const derived = rules.filter((r) => ruleApplies(r, site)).reduce((acc, r) => ({ ...acc, ...r.set }), {});
  const flags = { ...DEFAULT_FEATURES, ...derived, ...site.features };
  if (site.financeProvider !== undefined && financeApplications({ financeProvider: site.financeProvider }) === "none")
    flags.finance_pre_approval = false;
  return flags;
}

/** Where a flag's value came from: the platform's default, a rule (its reason), or the site's own setting. */
export type FlagSource = { value: SiteFeatureFlags[keyof SiteFeatureFlags]; source: string };

/** Each flag's effective value with where it came from (the same order as resolveFeatures: default ← rules ← the site). */
export function featureSources(
  site: RuleSubject & { features: Partial<SiteFeatureFlags>; financeProvider?: string | null },
  rules: readonly FeatureRule[],
): Record<keyof SiteFeatureFlags, FlagSource> {
  const flags = resolveFeatures(site, rules);
  const applying = rules.filter((r) => ruleApplies(r, site));
  const out = {} as Record<keyof SiteFeatureFlags, FlagSource>;
  for (const key of Object.keys(DEFAULT_FEATURES) as Array<keyof SiteFeatureFlags>) {
    const rule = applying.findLast((r) => Object.hasOwn(r.set, key));
    const chosen = Object.hasOwn(site.features, key) ? site.features[key] : rule ? rule.set[key] : DEFAULT_FEATURES[key];
    const source = Object.hasOwn(site.features, key) ? "this site" : rule ? `rule: ${rule.why}` : "default";
    // resolveFeatures' last step: pre-approval is off where the site takes no finance applications
    out[key] = { value: flags[key], source: chosen !== flags[key] ? "no finance provider" : source };
  }
  return out;
}

/**
 * Some sites use /sell-my-car instead of /trade-in. The one rule for every route, menu,
 * button and lead: which form, where it lives, its name, and the words of a button that opens it.
 */
export function sellCarForm(features: Pick<SiteFeatureFlags, "sell_my_car">) {
  return features.sell_my_car
    ? ({ form: "sell-my-car", href: "/sell-my-car", title: "Sell My Car", action: "Sell My Car" } as const)
    : ({ form: "trade-in", href: "/trade-in", title: "Trade-In", action: "Value My Trade" } as const);
}

/** The word "used" is displayed as "pre-owned" for one dealership group. */
/**
 * offers_subscription and the sort options: on a site that offers subscriptions, a car or offer with
 * a weekly subscription price says so ("Or subscribe from $309 a week"), and the search can sort by it.
 */
export function subscriptionLine(features: Pick<SiteFeatureFlags, "offers_subscription">, weekly: number | null): string | null {
  return features.offers_subscription && weekly !== null && weekly > 0 ? `Or subscribe from ${formatPrice(weekly)} a week` : null;
}

export function usedWord(features: Pick<SiteFeatureFlags, "used_wording_pre_owned">): "used" | "pre-owned" {
  return features.used_wording_pre_owned ? "pre-owned" : "used";
}

/** Enquiry button text is 'Enquire Now' or 'Message Now'. */
export function enquireButtonText(features: Pick<SiteFeatureFlags, "enquire_button_message_now">): string {
  return features.enquire_button_message_now ? "Message Now" : "Enquire Now";
}

/**
 * Vehicle lookups per site: which provider answers (NEVDIS first, then AutoGrab, then
 * Redbook) and the route the lookup form calls; null where the site has none (the plain form).
 */
export function lookupProviderOf(f: Pick<SiteFeatureFlags, "nevdis" | "autograb" | "redbook">): {
  provider: "nevdis" | "autograb" | "redbook";
  endpoint: "/api/nevdis" | "/api/simple-autograb-lookup";
} | null {
  if (f.nevdis) return { provider: "nevdis", endpoint: "/api/nevdis" };
  if (f.autograb) return { provider: "autograb", endpoint: "/api/simple-autograb-lookup" };
  if (f.redbook) return { provider: "redbook", endpoint: "/api/simple-autograb-lookup" };
  return null;
}

/**
 * The lookup switches a market's new site starts with, from the providers the platform has
 * (`available`: those with an API key, or the demo's local fake outside production). In Australia a
 * valuer first (AutoGrab, then Redbook: the rego lookup and the trade-in figure), else the national
 * register's lookup alone. New Zealand and the United States have no provider here (a lookup asks for
 * an Australian state), so their trade-in form stays the plain one, as it does where no provider is set up.
 */
export function marketLookups(country: Country, available: readonly LookupProviderName[]): Partial<SiteFeatureFlags> {
  if (country !== "AU") return {};
  const valuer = (["autograb", "redbook"] as const).find((p) => available.includes(p));
  if (valuer) return { [valuer]: true, trade_in_valuation: true };
  return available.includes("nevdis") ? { nevdis: true } : {};
}

export function newSiteFeatures(country: Country, lookups: readonly LookupProviderName[]): Partial<SiteFeatureFlags> {
  // a box that starts ticked is weak consent under the Spam Act: a new dealer asks the shopper to tick it
  return { analytics_events: true, garage_enabled: true, opt_in_ticked: false, ...marketLookups(country, lookups) };
}
