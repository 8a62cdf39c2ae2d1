import type { FinanceSettings } from "@/domain/site/finance";
import type { FinanceOffer } from "@/domain/site/finance-rates";
import type { SearchPageTemplates } from "@/domain/stock/landing";
import type { LeadDeliveryConfig } from "@/domain/leads/delivery";
import type { BlogSettings } from "@/domain/content/types";
import { hoursEntry } from "@/domain/site/hours";
import type { RatingDistribution } from "@/domain/locations/reviews";
import type { FeatureRule } from "@/domain/site/features";
import type {
  LocationType,
  OpeningHourEntry,
  OpeningStatus,
  SiteFeatureFlags,
  SiteIntegrations,
  SearchPresets,
  SiteColours,
  SocialUrls,
  Weekday,
} from "@/domain/site/types";
import expectedVisible from "./data/expected-visible.json" with { type: "json" };
import featureRules from "./data/feature-rules.json" with { type: "json" };
import hours from "./data/hours.json" with { type: "json" };
import sites from "./data/sites.json" with { type: "json" };

/*
 * docs/demo-data.md, as data: the sites' records (data/sites.json), their locations' hours
 * (hours.json), the group's and brand's flag rules (feature-rules.json) and the seed's expected counts
 * (expected-visible.json). Only what moves with the seed clock is computed here. JSON widens the
 * string unions, so the records are cast to their types; sites.test.ts checks what the casts trust.
 */

/** A location type's week as data/hours.json has it, with the wording the site shows. */
const week = (entries: Array<{ weekday: number; status: string; open: string | null; close: string | null }>) =>
  entries.map((e) => hoursEntry(e.weekday as Weekday, e.status as OpeningStatus, e.open, e.close));

export const HOURS: Record<LocationType, OpeningHourEntry[]> = {
  sales: week(hours.sales),
  service: week(hours.service),
  parts: week(hours.parts),
};

export type DemoLocation = {
  id: number;
  slug: string;
  name: string;
  type: LocationType;
  subtype?: string[];
  primary?: boolean;
  dealershipId?: number;
  /** manufacturers as stored (brand display names are derived) */
  manufacturers: string[];
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  landline?: string;
  email: string;
  licence?: string;
  repairer?: string;
  rating?: [number, number];
};

export type DemoDealership = { id: number; slug: string; name: string; make: string | null };

export type StockBatch = {
  carType: "new" | "demo" | "used";
  count: number;
  makes: string[];
  /** where the stock sits: make → location id, or a list to spread over */
  locations: number[] | Record<string, number>;
};

export type DemoSite = {
  id: number;
  slug: string;
  name: string;
  dealershipGroup: string | null;
  manufacturer: string | null;
  manufacturerId: number | null;
  template: string;
  primaryVehicleOverride: string | null;
  domainName: string;
  country: "AU" | "NZ" | "US";
  timezone: string;
  phone: string;
  email: string;
  socialUrls: SocialUrls;
  colours: SiteColours;
  features: Partial<SiteFeatureFlags>;
  /** Third-party accounts (widget registry); demo sites use only the local stand-ins */
  integrations?: SiteIntegrations;
  /** the garage's name where accounts are on */
  garageName?: string;
  /** payment_provider: the store's deposits (a PaymentProvider adapter's name) */
  paymentProvider?: string;
  /** the terms of the site's repayments (unset: the platform's, financeOf) */
  finance?: Partial<Omit<FinanceSettings, "offers">>;
  /** finance offers, running from a month before the demo's "now" to three months after it (demoFinance) */
  financeOffers?: Array<Omit<FinanceOffer, "from" | "to">>;
  /** blogs (layout, count); the default where unset */
  blogs?: BlogSettings;
  /** search_page_templates: the site's own landing-page words */
  searchPageTemplates?: SearchPageTemplates;
  /** lead delivery channels besides each location's own address */
  leadDelivery?: LeadDeliveryConfig;
  searchPresets: SearchPresets;
  defaultSort: string;
  stockCode: string;
  /** a drawn logo (logo url and thumb, /photos/logo/{slug}.svg and {slug}-mark.svg): lakeside-rv has one */
  drawnLogo?: boolean;
  /** address.map_key: the Google Maps key of the site's locations (harbour-city has one; offline it fails quietly) */
  mapKey?: string;
  dealerships: DemoDealership[];
  locations: DemoLocation[];
  stock: StockBatch[];
  /** visible-stock specials applied to generated vehicles */
  specials: { justSoldUsed?: number; comingSoonNew?: number; noPriceUsed?: number; newArrivals: number };
  /** extra vehicles that are never listed */
  hidden: { soldLongAgo?: number; notShown?: number; fewPhotos?: number };
  /** the review summary (count, average and per-star counts, as the reviews service reports them) and how many items to store */
  reviews?: { count: number; average: number; distribution: RatingDistribution; items: number };
};

/**
 * The demo's flags that belong to a group or a brand, as rules (flags derived from
 * the group or manufacturer), so a new site of the group or brand gets them without anyone setting them.
 */
export const DEMO_FEATURE_RULES = featureRules as Array<FeatureRule & { key: string; position: number }>;

/** Every fresh start seeds exactly these. */
export const DEMO_SITES = sites as DemoSite[];

/** Expected visible counts (docs/demo-data.md): tests assert the seed against these. */
export const EXPECTED_VISIBLE: Record<string, { total: number; new: number; demo: number; used: number }> = expectedVisible;

const DAY_MS = 86_400_000;
/** A demo site's stored finance terms, its offers dated around `now` so the demo always has one running. */
export function demoFinance(site: DemoSite, now: number): Partial<FinanceSettings> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const offers = (site.financeOffers ?? []).map((o) => ({ ...o, from: day(now - 30 * DAY_MS), to: day(now + 90 * DAY_MS) }));
  return { ...site.finance, ...(offers.length ? { offers } : {}) };
}
