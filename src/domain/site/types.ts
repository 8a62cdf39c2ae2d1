import type { FinanceSettings } from "./finance";
import type { BlogSettings } from "@/domain/content/types";
import type { SearchPageTemplates } from "@/domain/stock/landing";
import type { ReviewProfile } from "@/domain/locations/reviews";

/** The app's own types for a tenant and its places. Rows map to these at the edge. */

export type Country = "AU" | "NZ" | "US";
export type Template = "default" | "motorcycles" | "campers" | "trucks" | "truck" | "rv" | (string & {});

/** Navigation (header, footer) set on the site record: each list given replaces the one built from the site's pages and switches. */
export type NavigationOverrides = {
  header?: Array<{ label: string; href: string; direct?: boolean; children?: Array<{ label: string; href: string; direct?: boolean }> }>;
  footer?: Array<{ title: string; links: Array<{ label: string; href: string; direct?: boolean }> }>;
};

export type SocialUrls = Partial<Record<"facebook" | "instagram" | "youtube" | "linkedin" | "tiktok", string>>;
/** The logo light or dark plate: a rounded backing behind a logo that would not read on the header's colour. */
export type LogoPlate = "light" | "dark";
/**
 * The site's pictures, and what was measured of the logos at upload: `ink` per logo, its dominant
 * opaque colour (null: the picture has no transparency, it carries its own background); `palette`,
 * the full logo's dominant colours (offered as brand colours); `plate`, the operator's choice.
 */
export type SiteLogo = {
  url?: string;
  thumb?: string;
  banner?: string;
  ink?: { url?: string | null; thumb?: string | null };
  palette?: string[];
  plate?: LogoPlate | null;
};
export type SiteColours = { primary: string; secondary: string };

/** Feature switches of a site. Stored flags override what the declarative rules derive. */
export type SiteFeatureFlags = {
  // feature flags
  autobot: boolean;
  dealercell: boolean;
  dealerstudio: boolean;
  impel: boolean;
  autograb: boolean;
  redbook: boolean;
  nevdis: boolean;
  enable_store: boolean;
  garage_enabled: boolean;
  offers_subscription: boolean;
  reviews: boolean;
  // capabilities a site offers
  finance_pre_approval: boolean;
  sell_my_car: boolean; // true → /sell-my-car is used instead of /trade-in
  test_drive: boolean;
  fleet: boolean;
  careers: boolean;
  blog: boolean;
  special_offers: boolean;
  electric_vehicles: boolean;
  sidebar_dealer_tools: boolean;
  live_chat: boolean;
  analytics_events: boolean;
  book_a_service_on_service_locations: boolean;
  uses_pages_path: boolean;
  /** The contact form's message is required unless this flag relaxes it */
  contact_message_optional: boolean;
  /** Image quality 60 instead of 75 on some brands */
  low_image_quality: boolean;
  // wording and link behaviour derived per dealer
  used_wording_pre_owned: boolean;
  blog_path_news: boolean;
  push_leads_to_primary_location: boolean;
  mock_leads: boolean;
  enquire_button_message_now: boolean;
  /** a trade-in range after the rego lookup (the dealer's switch; off: "we'll be in touch") */
  trade_in_valuation: boolean;
  /** the forms' marketing box starts ticked (the spec's default); off, the shopper ticks it */
  opt_in_ticked: boolean;
  chat_hidden_paths: string[];
  fixed_dealership_slug: string | null;
};

/**
 * A site's credentials for the services the server calls on its behalf. Kept apart from the site
 * record (the `sites.secrets` column, never in `SiteContext`), so that no component, and no
 * `"use client"` file one import away, can hold one: only src/server/site/secrets.ts reads them.
 */
export type SiteSecrets = {
  /** the ad platform's conversions API access token (with the site's facebook_pixel_id) */
  facebook_capi_token?: string;
};

/**
 * A site's third-party accounts ("third-party scripts loaded by site switches"): the ids the
 * widget registry (src/domain/site/widgets.ts) fills into each script's URL. Never sent to the browser
 * whole: only the registry's output is.
 */
export type SiteIntegrations = {
  /** tag manager container, e.g. GTM-ABC1234 */
  tag_manager_id?: string;
  /** analytics measurement id, e.g. G-ABC123XYZ */
  analytics_id?: string;
  /** the social pixel (browser) and its conversions API (server) */
  facebook_pixel_id?: string;
  /**
   * "local": the browser pixel and the conversions API are the app's local stand-ins (the demo and
   * tests, which cannot reach the ad platform); "live" (default): the vendor's script and API with the
   * site's token (a secret: server/site/secrets.ts, never in this record)
   */
  facebook_mode?: "local" | "live";
  /** live chat: "local" is our own widget served by the app (the demo), "livechat" the hosted vendor */
  live_chat?: { provider: "local" | "livechat"; license?: string };
  /** text-message chat widget (flag dealercell) */
  dealercell_id?: string;
  /** voice and text widget */
  voice_text_id?: string;
  /** call tracking number pool */
  call_tracking_id?: string;
  /** support chat app id */
  support_chat_id?: string;
  /** the chatbot bundle (flag autobot): website id and chat settings */
  chatbot?: { website_id: string; settings?: Record<string, string | number | boolean> };
  /** dealer tools scripts (flag dealerstudio) */
  dealer_tools_id?: string;
  /** 360 spin viewer (flag impel) */
  spin_customer_id?: string;
  /** trade-in and sell-my-car leads go on to the car history provider (POST /api/carClarityCustomer): local in the demo */
  car_history?: "local" | "live";
};

/** Per-site search presets and per-dealer filters (query-string presets, the search filter). */
export type SearchPresets = {
  /** Hard filter: minimum photos_count for listed stock (used-car site). */
  min_photos?: number;
  /** City refinements offered as presets (regional sites). */
  cities?: string[];
  /** Manufacturer sites: new and demo stock is limited to these makes (and their variants). */
  makes?: string[];
  /** With `makes`: used stock of every make is included as well. */
  include_used?: boolean;
  /** Brand names mapped to the make variants found in stock feeds, e.g. Mercedes-Benz → Mercedes Benz. */
  make_variants?: Record<string, string[]>;
  /** Locations whose stock is never listed on this site. */
  exclude_location_ids?: number[];
  /** New and demo stock of these makes is never listed on this site (used stays). */
  exclude_new_demo_makes?: string[];
};

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export type OpeningStatus = "Open" | "Closed" | "By Appointment";
export type OpeningHourEntry = {
  weekday: Weekday; // 0 is Sunday
  status: OpeningStatus;
  open: string | null; // "09:00"
  close: string | null; // "17:00"
  formated_hours?: string; // spelled as in the spec's data
};

export type SpecialHoursEntry = {
  date: string; // YYYY-MM-DD
  name: string | null;
  status: OpeningStatus;
  start_hour: string | null;
  end_hour: string | null;
  location_id: number | null;
};

export type Address = {
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  place_id?: string;
  place_url?: string;
  full: string;
  map_key?: string;
  map_url?: string;
};

export type ContactDetail = {
  phone: string;
  landline_phone?: string;
  email?: string;
  social_urls?: SocialUrls;
};

export type SiteRecord = {
  id: number;
  slug: string;
  name: string;
  dealershipId: number | null;
  dealershipGroup: string | null;
  manufacturerId: number | null;
  manufacturer: string | null;
  template: Template;
  primaryVehicleOverride: string | null;
  url: string;
  domainName: string;
  /** the site's other domains (without www.), each redirected to the primary address */
  domains: string[];
  country: Country;
  timezone: string;
  /** false: the zone follows the locations' state (zoneOfLocations), until an operator sets one */
  timezoneSet?: boolean;
  currency: string;
  phone: string | null;
  email: string | null;
  socialUrls: SocialUrls;
  logo: SiteLogo;
  colours: SiteColours;
  features: Partial<SiteFeatureFlags>;
  /** The site's third-party accounts (server-side; the browser gets the registry's output) */
  integrations: SiteIntegrations;
  searchPresets: SearchPresets;
  /** Navigation: the site's own menus, where it has them (siteNavigation in navigation.ts) */
  navigation: NavigationOverrides;
  defaultSort: string;
  includeSoldCarsDays: number;
  /** payment_provider: the provider of the store's deposits (null: no online payments) */
  paymentProvider: string | null;
  /** the garage's name on this site ("/my-garage: the name differs per site"); null: the default */
  garageName: string | null;
  /** finance_provider: who takes the site's finance applications ("Manual": the dealer, from a lead) */
  financeProvider: string | null;
  /** the terms of its indicative repayments as stored (financeOf in finance.ts gives the whole) */
  finance: Partial<FinanceSettings>;
  /** opening_hours of the site itself (siteHours in hours.ts; empty: its main location's) */
  openingHours: OpeningHourEntry[];
  /** gmb_profiles: the review profiles the site's reviews come from */
  gmbProfiles: ReviewProfile[];
  /** blogs: the blog list's layout and posts per page */
  blogs: BlogSettings;
  /** search_page_templates: this site's landing-page words, over the platform's */
  searchPageTemplates: SearchPageTemplates;
  /** false while the site is a draft (the public sees "coming soon"; staff preview it) */
  published: boolean;
  /** the dealer publishes without stock on purpose (the publish checklist's stock item) */
  noStockYet: boolean;
};

export type Dealership = {
  id: number;
  name: string;
  slug: string;
  make: string | null;
  url: string | null;
  logo: string | null;
  /** the console's order, and whether the site shows it */
  position: number;
  visible: boolean;
};

export type LocationType = "sales" | "service" | "parts";

export type Location = {
  id: number;
  dealershipId: number | null;
  name: string;
  slug: string;
  dealershipSlug: string | null;
  position: number;
  locationType: LocationType;
  locationSubtype: string[];
  isPrimary: boolean;
  visible: boolean;
  manufacturers: string[];
  /** The review profile (one of the site's gmb_profiles) this location's reviews come from */
  gmbProfileId: string | null;
  dealerLicenseNumber: string | null;
  motorVehicleRepairer: string | null;
  averageRating: number | null;
  reviewCount: number | null;
  image: string | null;
  timezone: string;
  contactDetail: ContactDetail;
  openingHours: OpeningHourEntry[];
  address: Address;
};
