import { z } from "zod";
import { textLine } from "../text-schema";
import type { FooterGroup, NavItem } from "../site/navigation";
import type { Location, LocationType, OpeningHourEntry, SpecialHoursEntry } from "../site/types";
import { DEFAULT_SEARCH_TEMPLATES, type LandingStock, type SearchPageTemplate, type SearchPageTemplates } from "../stock/landing";
import { slugify } from "../format/slug";

/*
 * The platform data API's contract (docs/features/platform-api.md): what the dashboard serves and the storefront
 * reads — the website session (navigation, special_hours, locations), the search slugs and the search
 * page templates. One zod schema per answer: the dashboard's answers are built to it, the storefront's
 * client validates what it receives against it, and the OpenAPI document (./openapi.ts) is generated
 * from it. Field names are the platform's (snake_case, docs/features/platform-api.md); the converters below map them to the app's types.
 */

export const PLATFORM_API_VERSION = "1.0.0";
/** Site-data answers are cached one week. */
export const PLATFORM_CACHE_SECONDS = 604_800;
/** A failed site-data fetch is retried at most 2 more times. */
export const PLATFORM_FETCH_RETRIES = 2;
/** How long the dashboard tells clients an answer is fresh (after that: revalidate, stale allowed). */
export const PLATFORM_MAX_AGE_SECONDS = 60;

/** A site id in a path: a positive integer written plainly (no sign, no leading zero, at most 9 digits), else null. */
export function parseSiteId(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = () => textLine().regex(TIME, "Enter a time as HH:MM (24-hour), e.g. 09:00");
const STATUSES = ["Open", "Closed", "By Appointment"] as const;
const text = (max: number) => textLine().max(max);
/** A link a storefront may render: a same-site path, an http(s) address, tel: or mailto: (never javascript: and the like). */
const href = textLine()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/|tel:|mailto:)/, "must be a site path, an http(s) address, tel: or mailto:");

const NavLinkSchema = z.object({ label: text(200), href, direct: z.boolean().optional() });
export const NavItemSchema = NavLinkSchema.extend({ children: z.array(NavLinkSchema).max(100).optional() });
export const FooterGroupSchema = z.object({ title: text(200), links: z.array(NavLinkSchema).max(100) });

/** An "Open" entry needs both times, the opening one first. */
function openNeedsTimes<O extends string, C extends string>(open: O, close: C) {
  return (h: { status: string } & Record<O | C, string | null>, ctx: z.RefinementCtx) => {
    if (h.status !== "Open") return;
    const [from, to]: Array<string | null> = [h[open], h[close]];
    if (!from) ctx.addIssue({ code: "custom", path: [open], message: "Enter the opening time" });
    if (!to) ctx.addIssue({ code: "custom", path: [close], message: "Enter the closing time" });
    if (from && to && from >= to) ctx.addIssue({ code: "custom", path: [close], message: "Closing time must be after opening time" });
  };
}

/** Opening hour entry. "Open" needs both times, the opening one first. */
export const OpeningHourSchema = z
  .object({
    weekday: z.number().int().min(0, "Weekday is 0 (Sunday) to 6").max(6, "Weekday is 0 (Sunday) to 6"),
    status: z.enum(STATUSES, "Status is Open, Closed or By Appointment"),
    open: time().nullable(),
    close: time().nullable(),
    formated_hours: text(100).optional(),
  })
  .superRefine(openNeedsTimes("open", "close"));

/** A week of opening hours: at most one entry per weekday. */
export const OpeningWeekSchema = z
  .array(OpeningHourSchema)
  .max(7, "At most one entry per weekday")
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, "Each weekday appears once");

/** Special hours entry (a holiday or an event day), for the site or one location. */
export const SpecialHoursSchema = z
  .object({
    date: z.iso.date("Enter a date as YYYY-MM-DD"),
    name: text(120).nullable(),
    status: z.enum(STATUSES, "Status is Open, Closed or By Appointment"),
    start_hour: time().nullable(),
    end_hour: time().nullable(),
    location_id: z.number().int().positive().nullable(),
  })
  .superRefine(openNeedsTimes("start_hour", "end_hour"));

const httpUrl = () =>
  textLine()
    .max(2000)
    .regex(/^https?:\/\//, "must be an http(s) address");
const SocialUrlsSchema = z.object({
  facebook: httpUrl().optional(),
  instagram: httpUrl().optional(),
  youtube: httpUrl().optional(),
  linkedin: httpUrl().optional(),
  tiktok: httpUrl().optional(),
});

/** Location, as the website session carries it (opening hours inside contact_detail). */
export const SessionLocationSchema = z.object({
  id: z.number().int().positive(),
  dealership_id: z.number().int().nullable(),
  name: text(200),
  slug: textLine().regex(/^[a-z0-9-]{1,100}$/),
  dealership_slug: text(200).nullable(),
  position: z.number().int(),
  location_type: z.enum(["sales", "service", "parts", ""]),
  location_subtype: z.array(text(50)).max(20),
  primary: z.boolean(),
  visible: z.boolean(),
  manufacturers: z.array(text(100)).max(100),
  gmb_profile_id: text(200).nullable(),
  dealer_license_number: text(100).nullable(),
  motor_vehicle_repairer: text(100).nullable(),
  average_rating: z.number().min(0).max(5).nullable(),
  review_count: z.number().int().min(0).nullable(),
  reviews: z.object({ count: z.number().int().min(0).nullable(), average_rating: z.number().min(0).max(5).nullable() }),
  image: text(2000).nullable(),
  timezone: text(64),
  contact_detail: z.object({
    phone: text(40),
    landline_phone: text(40).optional(),
    email: text(254).optional(),
    social_urls: SocialUrlsSchema.optional(),
    opening_hours: OpeningWeekSchema,
  }),
  address: z.object({
    street: text(200),
    city: text(100),
    state: text(50),
    postcode: text(20),
    lat: z.number().min(-90).max(90),
    long: z.number().min(-180).max(180),
    place_id: text(200).optional(),
    place_url: httpUrl().optional(),
    full: text(400),
    map_key: text(200).optional(),
    map_url: httpUrl().optional(),
  }),
});
export type SessionLocation = z.infer<typeof SessionLocationSchema>;

/** GET /api/v1/websites/{siteId}/website_session_data.json — the website session; null when no site is configured. */
export const WebsiteSessionSchema = z
  .object({
    navigation: z.object({ header: z.array(NavItemSchema).max(50), footer: z.array(FooterGroupSchema).max(50) }),
    special_hours: z.array(SpecialHoursSchema).max(1000),
    locations: z.array(SessionLocationSchema).max(500),
  })
  .nullable();
export type WebsiteSession = z.infer<typeof WebsiteSessionSchema>;

const SearchSlugSchema = z.object({
  /** the landing path under a search variant: "mazda", "mazda/cx-5", "body/suv" */
  slug: textLine().regex(/^(body\/)?[a-z0-9-]+(\/[a-z0-9-]+)?$/),
  kind: z.enum(["make", "model", "body"]),
  filters: z.object({ make: text(100).optional(), model: text(100).optional(), body: text(100).optional() }),
});
/** GET /websites/{siteId}/pages/search_slugs.json — the site's search landing pages, each slug with the filters it applies. */
export const SearchSlugsSchema = z.object({ search_slugs: z.array(SearchSlugSchema).max(20_000) });
export type SearchSlugs = z.infer<typeof SearchSlugsSchema>;

const TemplateSchema = z.object({ h1: text(300), title: text(300), description: text(300) });
/** GET /websites/{siteId}/search_page_templates.json — each landing page kind's H1, title and meta description ({placeholders} filled by the storefront). */
export const SearchPageTemplatesSchema = z.object({
  search_page_templates: z.object({ make: TemplateSchema, model: TemplateSchema, body: TemplateSchema }),
});
export type SearchPageTemplatesAnswer = z.infer<typeof SearchPageTemplatesSchema>;

/** The body of PUT /api/v1/websites/{siteId}/locations/{locationId}/opening_hours.json. */
export const OpeningHoursUpdateSchema = z.object({ opening_hours: OpeningWeekSchema });
/** The body of PUT /api/v1/websites/{siteId}/special_hours.json (the whole list, replaced). */
export const SpecialHoursUpdateSchema = z.object({ special_hours: z.array(SpecialHoursSchema).max(1000) });

/** The error body every platform API failure carries (422 adds field messages). */
export const PlatformErrorSchema = z.object({ error: textLine(), errors: z.record(textLine(), textLine()).optional() });

/** The signed notice the dashboard sends a storefront when a site's data changed. */
export const SiteChangedSchema = z.object({
  type: z.literal("site.changed"),
  site_id: z.number().int().positive(),
  changed: z.array(z.enum(["locations", "special_hours", "navigation", "search_slugs", "search_page_templates"])).max(10),
  at: z.iso.datetime({ offset: true }),
});
export type SiteChanged = z.infer<typeof SiteChangedSchema>;

// — converters: the app's types ⇄ the contract's —

export function toSessionLocation(l: Location): SessionLocation {
  return {
    id: l.id,
    dealership_id: l.dealershipId,
    name: l.name,
    slug: l.slug,
    dealership_slug: l.dealershipSlug,
    position: l.position,
    location_type: l.locationType,
    location_subtype: l.locationSubtype,
    primary: l.isPrimary,
    visible: l.visible,
    manufacturers: l.manufacturers,
    gmb_profile_id: l.gmbProfileId,
    dealer_license_number: l.dealerLicenseNumber,
    motor_vehicle_repairer: l.motorVehicleRepairer,
    average_rating: l.averageRating,
    review_count: l.reviewCount,
    reviews: { count: l.reviewCount, average_rating: l.averageRating },
    image: l.image,
    timezone: l.timezone,
    contact_detail: { ...l.contactDetail, opening_hours: l.openingHours },
    address: l.address,
  };
}

/** An empty location_type means sales. */
export function fromSessionLocation(j: SessionLocation): Location {
  const { opening_hours, ...contactDetail } = j.contact_detail;
  return {
    id: j.id,
    dealershipId: j.dealership_id,
    name: j.name,
    slug: j.slug,
    dealershipSlug: j.dealership_slug,
    position: j.position,
    locationType: (j.location_type || "sales") as LocationType,
    locationSubtype: j.location_subtype,
    isPrimary: j.primary,
    visible: j.visible,
    manufacturers: j.manufacturers,
    gmbProfileId: j.gmb_profile_id,
    dealerLicenseNumber: j.dealer_license_number,
    motorVehicleRepairer: j.motor_vehicle_repairer,
    averageRating: j.average_rating,
    reviewCount: j.review_count,
    image: j.image,
    timezone: j.timezone,
    contactDetail,
    openingHours: opening_hours as OpeningHourEntry[],
    address: j.address,
  };
}

export type SessionParts = { header: NavItem[]; footer: FooterGroup[]; specialHours: SpecialHoursEntry[]; locations: Location[] };

export function toWebsiteSession(p: SessionParts): NonNullable<WebsiteSession> {
  return {
    navigation: { header: p.header, footer: p.footer },
    special_hours: p.specialHours,
    locations: p.locations.map(toSessionLocation),
  };
}

export function fromWebsiteSession(s: NonNullable<WebsiteSession>): SessionParts {
  return {
    header: s.navigation.header,
    footer: s.navigation.footer,
    specialHours: s.special_hours,
    // only visible locations are shown (as the database read does)
    locations: s.locations
      .filter((l) => l.visible)
      .sort((a, b) => a.position - b.position)
      .map(fromSessionLocation),
  };
}

/** The search slugs of a site's landing stock: each make, each make and model, each body. */
export function toSearchSlugs(stock: LandingStock): SearchSlugs {
  const out: SearchSlugs["search_slugs"] = [];
  for (const make of stock.makes) if (slugify(make)) out.push({ slug: slugify(make), kind: "make", filters: { make } });
  for (const m of stock.models)
    if (slugify(m.make) && slugify(m.model))
      out.push({ slug: `${slugify(m.make)}/${slugify(m.model)}`, kind: "model", filters: { make: m.make, model: m.model } });
  for (const body of stock.bodies) if (slugify(body)) out.push({ slug: `body/${slugify(body)}`, kind: "body", filters: { body } });
  return { search_slugs: out };
}

/** What a storefront may land on, from the search slugs (the inverse of toSearchSlugs). */
export function fromSearchSlugs(s: SearchSlugs): LandingStock {
  const makes = new Set<string>();
  const models: LandingStock["models"] = [];
  const bodies = new Set<string>();
  for (const { kind, filters } of s.search_slugs) {
    if (kind === "make" && filters.make) makes.add(filters.make);
    if (kind === "model" && filters.make && filters.model) models.push({ make: filters.make, model: filters.model });
    if (kind === "body" && filters.body) bodies.add(filters.body);
  }
  return { makes: [...makes], models, bodies: [...bodies] };
}

/** A site's templates over the platform's defaults: every kind has all three texts. */
export function toSearchPageTemplates(own: SearchPageTemplates): SearchPageTemplatesAnswer {
  const full = (kind: "make" | "model" | "body"): SearchPageTemplate => ({ ...DEFAULT_SEARCH_TEMPLATES[kind], ...own[kind] });
  return { search_page_templates: { make: full("make"), model: full("model"), body: full("body") } };
}
