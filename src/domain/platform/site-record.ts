import { z } from "zod";
import { textLine } from "../text-schema";
import { EMAIL, optionalText, phone, picture, text } from "./record-fields";
import { countryFormat } from "../format/country";
import { slugify } from "../format/slug";
import type { LeadDeliveryConfig } from "../leads/delivery";
import { leadDestinations } from "../site/lead-destinations";
import { BOOLEAN_FLAGS, newSiteFeatures, ruleApplies, type FeatureRule, type FlagSource } from "../site/features";
import { suffixMessage, suffixProblem } from "../site/domains";
import { applyIntegrations, IntegrationsPatchSchema } from "../site/integrations";
import { tlsHostName } from "../site/tenant";
import { logoOnHeader } from "../site/logo";
import { zoneOfLocations, zoneProblem } from "../site/region";
import { FooterGroupSchema, NavItemSchema } from "./contract";
import type { LookupProviderName } from "../lookups/lookup";
import type { Country, Dealership, SiteFeatureFlags, SiteLogo, SiteRecord, Template } from "../site/types";

/*
 * A site record as the platform API and the console write it (the field names):
 * the schema both validate with, the defaults per template that make a name, a slug, a template and a
 * domain enough to start, and the record as the API answers it. Pure.
 */

export const SITE_TEMPLATES = ["default", "motorcycles", "campers", "trucks", "truck", "rv"] as const;
export const COUNTRIES = ["AU", "NZ", "US"] as const satisfies readonly Country[];

/** A site's slug: its `{slug}.localhost` name and its key everywhere (lower case, digits, single hyphens). */
export const SITE_SLUG = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,62}$/;
/**
 * Host labels a site's `{slug}.localhost` name must not take: the back-office (admin.localhost), a
 * www. name (tenant resolution strips it), loopback, and the names the platform keeps for itself.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "www",
  "api",
  "localhost",
  "platform",
  "dashboard",
  "storefront",
  "console",
  "mail",
  "static",
  "assets",
  "cdn",
  "images",
  "sites",
]);
const HEX = /^#[0-9a-fA-F]{6}$/;

const httpsUrl = (what: string) =>
  textLine()
    .trim()
    .max(2000, `${what} is at most 2000 characters`)
    .refine((v) => /^https:\/\/[^\s"'<>\\]+$/.test(v) && URL.canParse(v), `${what} must be an https:// address`);
/** A picture the platform serves (a site path such as /images/{key}) or an https address. */
const image = (what: string) =>
  picture(`${what} must be a path on this platform (/images/…) or an https:// address`, `${what} is at most 2000 characters`);
const colour = (what: string) => textLine().trim().regex(HEX, `${what} must be a colour as #rrggbb, e.g. #0b3d91`);
const id = (what: string) =>
  z
    .number(`${what} must be a whole number`)
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be positive`)
    .max(999_999_999, `${what} is at most 999999999`);

/** True for an IANA time zone this runtime knows ("Australia/Perth"). */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){1,2}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A site's domain as stored: lower case, without `www.` (the site answers on both). Null when it is no public host name. */
export function siteDomain(raw: string): string | null {
  const d = siteDomainOrProblem(raw);
  return typeof d === "string" ? d : null;
}

/** The stored domain, or what is wrong with it: not a host name, or no registrable domain (a public suffix, an unknown one). */
function siteDomainOrProblem(raw: string): string | { problem: string } {
  const name = tlsHostName(raw);
  const bare = name?.replace(/^www\./, "") ?? "";
  if (!bare.includes(".") || /\.(localhost|local|internal|invalid|example)$/.test(bare) || !/[a-z]/.test(bare.split(".").at(-1)!))
    return { problem: "Enter a domain such as smithmotors.com.au (no https:// and no path)" };
  const suffix = suffixProblem(bare);
  return suffix ? { problem: suffixMessage(bare, suffix) } : bare;
}

const domain = textLine()
  .trim()
  .max(253, "The domain is at most 253 characters")
  .transform((v, ctx) => {
    const d = siteDomainOrProblem(v);
    if (typeof d === "string") return d;
    ctx.addIssue({ code: "custom", message: d.problem });
    return "";
  });

/** A site's own flag settings: a boolean per flag, null to take the site's rules again. */
const FeaturesSchema = z.record(textLine(), z.boolean("A flag is true, false or null").nullable()).superRefine((flags, ctx) => {
  for (const k of Object.keys(flags))
    if (!(BOOLEAN_FLAGS as string[]).includes(k)) ctx.addIssue({ code: "custom", path: [k], message: `Unknown flag "${k.slice(0, 60)}"` });
});

const SocialSchema = z.strictObject({
  facebook: httpsUrl("The Facebook address").optional(),
  instagram: httpsUrl("The Instagram address").optional(),
  youtube: httpsUrl("The YouTube address").optional(),
  linkedin: httpsUrl("The LinkedIn address").optional(),
  tiktok: httpsUrl("The TikTok address").optional(),
});

const words = (what: string) => z.array(text(100, what)).max(100, `At most 100 ${what}s`);
const SearchFiltersSchema = z.strictObject({
  min_photos: z.number().int().min(0).max(100).optional(),
  cities: words("city").optional(),
  makes: words("make").optional(),
  include_used: z.boolean().optional(),
  make_variants: z.record(textLine().max(100), words("make variant")).optional(),
  exclude_location_ids: z.array(id("A location id")).max(100).optional(),
  exclude_new_demo_makes: words("make").optional(),
});

const fields = {
  id: id("The site id").optional(),
  slug: textLine()
    .trim()
    .regex(SITE_SLUG, "The slug is 2–63 lower-case letters, digits and single hyphens, e.g. smith-motors")
    .refine((v) => !RESERVED_SLUGS.has(v), {
      error: (i) =>
        `${String(i.input)} is one of the platform's own addresses (${String(i.input)}.localhost): choose another slug, e.g. smith-motors`,
    }),
  name: text(120, "the site's name"),
  dealership_id: id("The dealership id").nullable().optional(),
  dealership_group: optionalText(200, "The dealership group"),
  manufacturer_id: id("The manufacturer id").nullable().optional(),
  manufacturer: optionalText(100, "The manufacturer"),
  template: z.enum(SITE_TEMPLATES, `The template is one of ${SITE_TEMPLATES.join(", ")}`),
  primary_vehicle_override: optionalText(40, "The vehicle noun"),
  url: httpsUrl("The site's address").optional(),
  domain_name: domain,
  domains: z.array(domain).max(20, "At most 20 other domains").optional(),
  logo: z
    .strictObject({
      url: image("The logo").optional(),
      thumb: image("The small logo").optional(),
      banner: image("The banner").optional(),
      // what the upload measured (see SiteLogo), and the plate behind the logo in the header
      ink: z
        .strictObject({
          url: colour("The logo's colour").nullable().optional(),
          thumb: colour("The small logo's colour").nullable().optional(),
        })
        .optional(),
      palette: z.array(colour("A logo colour")).max(8, "At most 8 logo colours").optional(),
      plate: z.enum(["light", "dark"], "The plate is light or dark").nullable().optional(),
    })
    .optional(),
  colours: z.strictObject({ primary: colour("The brand colour"), secondary: colour("The accent colour") }).optional(),
  phone: phone("a phone number").nullable().optional(),
  email: textLine()
    .trim()
    .max(254, "The email address is at most 254 characters")
    .regex(EMAIL, "Enter an email address such as sales@smithmotors.com.au")
    .nullable()
    .optional(),
  social_urls: SocialSchema.optional(),
  country: z.enum(COUNTRIES, "The country is AU, NZ or US").optional(),
  /** none (or null): the zone of the locations' state, as they are added (zoneOfLocations) */
  timezone: textLine().trim().refine(isTimeZone, "Enter a time zone such as Australia/Perth").nullable().optional(),
  payment_provider: optionalText(40, "The payment provider"),
  finance_provider: optionalText(60, "The finance provider"),
  include_sold_cars_days: z.number().int("Whole days").min(0, "0 to 30 days").max(30, "0 to 30 days").optional(),
  search_filters: SearchFiltersSchema.optional(),
  /** Navigation: the site's own header and footer menus (each list given replaces the built one; [] gives it back) */
  navigation: z
    .strictObject({ header: z.array(NavItemSchema).max(50).optional(), footer: z.array(FooterGroupSchema).max(50).optional() })
    .optional(),
  default_sort: z.enum(["relevance", "newest", "price_asc"], "The default sort is relevance, newest or price_asc").optional(),
  features: FeaturesSchema.optional(),
  /** the widget and tracking ids, each in its vendor's format (a field left out stays, null removes it) */
  integrations: IntegrationsPatchSchema.optional(),
  published: z.boolean("published is true or false").optional(),
  no_stock_yet: z.boolean("no_stock_yet is true or false").optional(),
};

/** The other domains are others: not the main one, none twice. */
const distinctDomains = (r: { domain_name?: string; domains?: string[] }, ctx: z.RefinementCtx) => {
  (r.domains ?? []).forEach((d, i) => {
    if (d === r.domain_name || r.domains!.indexOf(d) !== i)
      ctx.addIssue({ code: "custom", path: ["domains", i], message: `${d} is listed already` });
  });
};

/** POST /api/v1/websites and the console's new-site form: a name, a slug, a template and a domain are enough. */
export const SiteRecordSchema = z.strictObject(fields).superRefine(distinctDomains);
export type SiteRecordInput = z.infer<typeof SiteRecordSchema>;

/** PUT /api/v1/websites/{id}.json: the fields to change (the id is the path's). */
export const SiteRecordPatchSchema = z
  .strictObject({ ...fields, id: fields.id })
  .partial()
  .superRefine(distinctDomains);
export type SiteRecordPatch = z.infer<typeof SiteRecordPatchSchema>;

/**
 * A new site's colours until the dealer's own are chosen (the console offers them from the logo):
 * neutral greys that are no dealer's, so a new site never wears another dealer's colours.
 */
export const TEMPLATE_COLOURS: Record<(typeof SITE_TEMPLATES)[number], { primary: string; secondary: string }> = {
  default: { primary: "#3a4049", secondary: "#5c6670" },
  motorcycles: { primary: "#2b2b2b", secondary: "#5a5a5a" },
  campers: { primary: "#3d4541", secondary: "#66706a" },
  trucks: { primary: "#403a34", secondary: "#6b635b" },
  truck: { primary: "#403a34", secondary: "#6b635b" },
  rv: { primary: "#383f45", secondary: "#626b73" },
};
/** Each country's default time zone. */
const COUNTRY_ZONE: Record<Country, string> = { AU: "Australia/Melbourne", NZ: "Pacific/Auckland", US: "America/Chicago" };
/** Campers and RVs are browsed newest first; the rest by relevance (some sites sort by newest). */
const TEMPLATE_SORT: Partial<Record<Template, string>> = { campers: "newest", rv: "newest" };

/** What a site record's stored fields are (the SiteRecord less what only the platform sets). */
export type NewSite = Omit<
  SiteRecord,
  "id" | "openingHours" | "gmbProfiles" | "blogs" | "searchPageTemplates" | "garageName" | "finance"
> & {
  id: number | null;
};

const cleanFlags = (f: Record<string, boolean | null> | undefined, base: Partial<SiteFeatureFlags> = {}): Partial<SiteFeatureFlags> => {
  const out: Record<string, boolean> = { ...(base as Record<string, boolean>) };
  for (const [k, v] of Object.entries(f ?? {})) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out as Partial<SiteFeatureFlags>;
};

/**
 * A new dealer's starting switches as its own flags (newSiteFeatures), less those a rule that matches the
 * new site sets: the group's or brand's rule keeps deciding those, and a later change to it still reaches the site.
 */
function startingFlags(
  r: SiteRecordInput,
  country: Country,
  rules: readonly FeatureRule[],
  lookups: readonly LookupProviderName[],
): Partial<SiteFeatureFlags> {
  const subject = {
    id: r.id ?? 0,
    slug: r.slug,
    name: r.name,
    dealershipGroup: r.dealership_group ?? null,
    manufacturer: r.manufacturer ?? null,
  };
  const ruled = new Set(rules.filter((rule) => ruleApplies(rule, subject)).flatMap((rule) => Object.keys(rule.set)));
  return Object.fromEntries(Object.entries(newSiteFeatures(country, lookups)).filter(([k]) => !ruled.has(k)));
}

/**
 * A new site from its record, every field not given taken from its template's and country's defaults;
 * `rules` are the platform's feature rules, `lookups` the vehicle lookup providers it has.
 */
export function newSite(r: SiteRecordInput, rules: readonly FeatureRule[] = [], lookups: readonly LookupProviderName[] = []): NewSite {
  // a .nz domain is a New Zealand dealer's unless the record says otherwise; everything else AU (the default market)
  const country = r.country ?? (r.domain_name.endsWith(".nz") ? "NZ" : "AU");
  return {
    id: r.id ?? null,
    slug: r.slug,
    name: r.name,
    dealershipId: r.dealership_id ?? null,
    dealershipGroup: r.dealership_group ?? null,
    manufacturerId: r.manufacturer_id ?? null,
    manufacturer: r.manufacturer ?? null,
    template: r.template,
    primaryVehicleOverride: r.primary_vehicle_override ?? null,
    url: r.url ?? `https://www.${r.domain_name}`,
    domainName: r.domain_name,
    domains: r.domains ?? [],
    country,
    // until its first location says where it is, a site counts in its country's main zone
    timezone: r.timezone ?? COUNTRY_ZONE[country],
    timezoneSet: Boolean(r.timezone),
    currency: countryFormat(country).currency,
    phone: r.phone ?? null,
    email: r.email ?? null,
    socialUrls: r.social_urls ?? {},
    logo: r.logo ?? {},
    colours: r.colours ?? TEMPLATE_COLOURS[r.template],
    features: cleanFlags(r.features, startingFlags(r, country, rules, lookups)),
    integrations: applyIntegrations({}, r.integrations ?? {}),
    searchPresets: r.search_filters ?? {},
    navigation: r.navigation ?? {},
    defaultSort: r.default_sort ?? TEMPLATE_SORT[r.template] ?? "relevance",
    includeSoldCarsDays: r.include_sold_cars_days ?? 3,
    paymentProvider: r.payment_provider ?? null,
    financeProvider: r.finance_provider === undefined ? "Manual" : r.finance_provider,
    published: r.published ?? false,
    noStockYet: r.no_stock_yet ?? false,
  };
}

/** The stored fields a change sets (only those the patch names); the domain's www. address follows a new domain unless a url is given. */
export function siteChanges(
  current: Pick<SiteRecord, "domainName" | "url" | "features" | "integrations" | "timezoneSet">,
  p: SiteRecordPatch,
): Partial<NewSite> {
  const out: Partial<NewSite> = {};
  const set = <K extends keyof NewSite>(k: K, v: NewSite[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set("slug", p.slug);
  set("name", p.name);
  set("dealershipId", p.dealership_id);
  set("dealershipGroup", p.dealership_group);
  set("manufacturerId", p.manufacturer_id);
  set("manufacturer", p.manufacturer);
  set("template", p.template);
  set("primaryVehicleOverride", p.primary_vehicle_override);
  set("domainName", p.domain_name);
  set("domains", p.domains);
  set("url", p.url ?? (p.domain_name && current.url === `https://www.${current.domainName}` ? `https://www.${p.domain_name}` : undefined));
  if (p.country) {
    set("country", p.country);
    set("currency", countryFormat(p.country).currency);
    // a zone that follows the locations starts from the new country's (its locations then decide)
    if (current.timezoneSet === false) set("timezone", COUNTRY_ZONE[p.country]);
  }
  if (p.timezone !== undefined) {
    set("timezoneSet", p.timezone !== null);
    set("timezone", p.timezone ?? undefined);
  }
  set("phone", p.phone);
  set("email", p.email);
  set("socialUrls", p.social_urls);
  set("logo", p.logo);
  set("colours", p.colours);
  if (p.features) set("features", cleanFlags(p.features, current.features));
  if (p.integrations) set("integrations", applyIntegrations(current.integrations, p.integrations));
  set("searchPresets", p.search_filters);
  set("navigation", p.navigation);
  set("defaultSort", p.default_sort);
  set("includeSoldCarsDays", p.include_sold_cars_days);
  set("paymentProvider", p.payment_provider);
  set("financeProvider", p.finance_provider);
  set("published", p.published);
  set("noStockYet", p.no_stock_yet);
  return out;
}

/** A slug suggested from a name ("Smith Motors Geelong" → "smith-motors-geelong"), within the slug rule. */
export function suggestSlug(name: string): string {
  return slugify(name).slice(0, 63).replace(/-+$/, "");
}

export type ChecklistKey = "lead_delivery" | "phone" | "location" | "logo" | "stock" | "analytics" | "timezone";
/**
 * One thing a site needs before it goes live, and where it is fixed (a path on the back-office host:
 * the console's own sections are `#…` on the site's console page). `blocks`: publishing is refused
 * until it is done; the others are advice.
 */
export type ChecklistItem = { key: ChecklistKey; label: string; done: boolean; blocks: boolean; fix: { href: string; label: string } };

/** The logo item: an uploaded logo that reads on the header's colour (3:1, or on a plate); one place, so what "reads" means is decided here alone. */
export function logoReady(logo: SiteLogo, header: string): boolean {
  return Boolean(logo.url) && logoOnHeader(logo, header).reads;
}

/**
 * What a site needs before it is published (docs/features/onboarding.md): somewhere its leads go, the
 * phone the header shows, a location with opening hours, a logo, a car or a deliberate "no stock yet",
 * and visit reports on. Advisory, except the first: a site whose leads would reach nobody is not
 * published (leadDestinations).
 */
export function publishChecklist(s: {
  siteId: number;
  locations: Array<{
    name: string;
    isPrimary?: boolean;
    openingHours: unknown[];
    contactDetail: { email?: string };
    address?: { state: string; postcode?: string };
  }>;
  /** the site's market and zone, checked against where its locations are (zoneProblem) */
  zone?: { country: Country; timezone: string };
  logo: SiteLogo;
  phone: string | null;
  colours: { primary: string };
  stockCount: number;
  noStockYet: boolean;
  leadDelivery: LeadDeliveryConfig;
  email: string | null;
  features: Pick<SiteFeatureFlags, "analytics_events">;
}): ChecklistItem[] {
  const leads = leadDestinations({ email: s.email, leadDelivery: s.leadDelivery }, s.locations);
  const here = `/platform/sites/${s.siteId}`; // the console page of the site
  const hours = s.locations.length > 0 && s.locations.every((l) => l.openingHours.length > 0);
  // a location shoppers would see with no hours holds publishing back (none at all is advice: the leads rule decides)
  const hoursMissing = s.locations.some((l) => l.openingHours.length === 0);
  const item = (key: ChecklistKey, label: string, done: boolean, href: string, fix: string, blocks = false): ChecklistItem => ({
    key,
    label,
    done,
    blocks,
    fix: { href, label: fix },
  });
  const placed = s.locations.flatMap((l) => (l.address ? [{ ...l, address: l.address }] : []));
  // only where the locations tell a zone is there anything to check
  const zone = s.zone && zoneOfLocations(s.zone.country, placed) ? [zoneProblem(s.zone, placed)] : [];
  return [
    item("lead_delivery", "Somewhere the leads are delivered", leads.problem === null, `${here}#delivery`, "Set lead delivery", true),
    item("phone", "The site's phone number (the header shows it)", Boolean(s.phone?.trim()), `${here}#record`, "Add the phone"),
    item(
      "location",
      "A location, with opening hours at every location",
      hours,
      `${here}#locations`,
      s.locations.length ? "Set the hours" : "Add a location",
      hoursMissing,
    ),
    item(
      "logo",
      "A logo that reads on the header",
      logoReady(s.logo, s.colours.primary),
      `${here}#logo`,
      "Upload the logo, or put it on a plate",
    ),
    item(
      "stock",
      'At least one car in stock, or "No stock yet" ticked',
      s.stockCount > 0 || s.noStockYet,
      `/sites/${s.siteId}/stock/import`,
      "Import stock",
      true,
    ),
    item(
      "analytics",
      "Visit reports on (visits, enquiries and car views counted)",
      s.features.analytics_events,
      `${here}#switches`,
      "Turn on visit reports",
    ),
    ...zone.map((problem) =>
      item(
        "timezone",
        problem ?? "Hours, reports and emails counted in the locations' time zone",
        problem === null,
        `${here}#record`,
        "Set the time zone",
      ),
    ),
  ];
}

/**
 * Why the site cannot go live yet, or null: the first item of its checklist that holds publishing back
 * (somewhere its leads go, hours at every location, stock or a deliberate "No stock yet").
 */
export function publishRefusal(items: readonly ChecklistItem[]): string | null {
  const held = items.find((c) => c.blocks && !c.done);
  if (!held) return null;
  const why: Partial<Record<ChecklistKey, string>> = {
    location: "every location needs its opening hours (set them under Locations)",
    stock: 'the site has no car in stock (import stock, or tick "No stock yet" to publish without)',
  };
  return why[held.key] ?? held.label;
}

/** The site record as the platform API answers it (snake_case, the site's own fields; flags with their sources). */
export function siteRecordJson(
  site: SiteRecord,
  extra: {
    features: Record<string, FlagSource>;
    dealerships: Dealership[];
    locations: Array<{ id: number; dealershipId: number | null }>;
    stockCount: number;
    checklist: ChecklistItem[];
  },
) {
  return {
    id: site.id,
    slug: site.slug,
    name: site.name,
    dealership_id: site.dealershipId,
    dealership_group: site.dealershipGroup,
    manufacturer_id: site.manufacturerId,
    manufacturer: site.manufacturer,
    template: site.template,
    primary_vehicle_override: site.primaryVehicleOverride,
    url: site.url,
    domain_name: site.domainName,
    domains: site.domains,
    logo: site.logo,
    colours: site.colours,
    phone: site.phone,
    email: site.email,
    social_urls: site.socialUrls,
    country: site.country,
    timezone: site.timezone,
    timezone_from_locations: site.timezoneSet === false,
    currency: site.currency,
    payment_provider: site.paymentProvider,
    finance_provider: site.financeProvider,
    include_sold_cars_days: site.includeSoldCarsDays,
    search_filters: site.searchPresets,
    navigation: site.navigation,
    default_sort: site.defaultSort,
    published: site.published,
    no_stock_yet: site.noStockYet,
    features: extra.features,
    integrations: site.integrations,
    dealership_websites: extra.dealerships.map((d) => ({
      id: d.id,
      position: d.position,
      visible: d.visible,
      name: d.name,
      make: d.make,
      url: d.url,
      logo: d.logo,
      slug: d.slug,
      dealership_ids: [d.id],
      location_ids: extra.locations.filter((l) => l.dealershipId === d.id).map((l) => l.id),
    })),
    stock: { count: extra.stockCount },
    publish_checklist: extra.checklist,
  };
}
