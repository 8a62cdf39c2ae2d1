import type { FinanceSettings } from "@/domain/site/finance";
import type { FinanceOffer } from "@/domain/site/finance-rates";
import type { SearchPageTemplates } from "@/domain/stock/landing";
import type { LeadDeliveryConfig } from "@/domain/leads/delivery";
import type { BlogSettings } from "@/domain/content/types";
import { hoursEntry } from "@/domain/site/hours";
import type { RatingDistribution } from "@/domain/locations/reviews";
import type { FeatureRule } from "@/domain/site/features";
import type { OpeningHourEntry, SiteFeatureFlags, SiteIntegrations, SearchPresets, SiteColours, SocialUrls } from "@/domain/site/types";

/** docs/demo-data.md, as data. Every fresh start seeds exactly these. */

export const HOURS: Record<"sales" | "service" | "parts", OpeningHourEntry[]> = {
  sales: [hoursEntry(0, "Open", "10:00", "16:00"), ...([1, 2, 3, 4, 5, 6] as const).map((d) => hoursEntry(d, "Open", "09:00", "17:00"))],
  service: [
    hoursEntry(0, "Closed"),
    ...([1, 2, 3, 4, 5] as const).map((d) => hoursEntry(d, "Open", "07:30", "17:30")),
    hoursEntry(6, "By Appointment"),
  ],
  parts: [
    hoursEntry(0, "Closed"),
    ...([1, 2, 3, 4, 5] as const).map((d) => hoursEntry(d, "Open", "08:00", "17:00")),
    hoursEntry(6, "Closed"),
  ],
};

export type DemoLocation = {
  id: number;
  slug: string;
  name: string;
  type: "sales" | "service" | "parts";
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
export const DEMO_FEATURE_RULES: Array<FeatureRule & { key: string; position: number }> = [
  {
    key: "demo:parkside-group",
    position: 100,
    why: "Parkside Motor Group's sites: customer accounts (a fixed list of group sites), reviews and the group's trade-in lookups",
    match: { group: "Parkside Motor Group" },
    set: { garage_enabled: true, reviews: true, autograb: true, redbook: true },
  },
  {
    key: "demo:quality-60-brand",
    position: 110,
    why: "images at quality 60 on some brands (Yamaha)",
    match: { manufacturer: { pattern: "^yamaha$", flags: "i" } },
    set: { low_image_quality: true },
  },
];

const USED_MIX = ["Toyota", "Ford", "Hyundai", "Kia", "Mitsubishi", "Volkswagen", "Nissan", "Honda", "Subaru", "Mazda"];

export const DEMO_SITES: DemoSite[] = [
  {
    id: 1001,
    slug: "parkside-motor-group",
    name: "Parkside Motor Group",
    dealershipGroup: "Parkside Motor Group",
    manufacturer: null,
    manufacturerId: null,
    template: "default",
    primaryVehicleOverride: null,
    domainName: "parksidemotorgroup.com.au",
    country: "AU",
    timezone: "Australia/Melbourne",
    phone: "(03) 9870 1000",
    email: "sales@parksidemotorgroup.com.au",
    socialUrls: {
      facebook: "https://www.facebook.com/parksidemotorgroup",
      instagram: "https://www.instagram.com/parksidemotorgroup",
      youtube: "https://www.youtube.com/@parksidemotorgroup",
    },
    colours: { primary: "#0b3d91", secondary: "#c8102e" },
    garageName: "My Parkside",
    // a dealer's own finance terms: weekly, with the fees its comparison rate takes in; demo and used
    // cars at their own rates, and the maker's offer on new Mazdas (docs/features/finance.md)
    finance: {
      rate: 8.99,
      establishment_fee: 395,
      monthly_fee: 8,
      condition_rates: { new: null, demo: 6.99, used: 9.99 },
      delivery_charge: 1_495,
    },
    financeOffers: [{ label: "Mazda Finance", make: "Mazda", model: null, condition: "new", rate: 2.99 }],
    // the demo tenant of reserve online: deposits through the local test provider (docs/features/reserve-online.md)
    paymentProvider: "test",
    // the local chat widget, and the social pixel with its conversions API as local stand-ins (docs/features/analytics-chat-widgets.md)
    integrations: { facebook_pixel_id: "100000000000001", facebook_mode: "local", live_chat: { provider: "local" }, car_history: "local" },
    blogs: { layout: "grid", count: 6 },
    searchPageTemplates: { make: { h1: "{conditions} {make} {nouns} in {city}" } },
    // every lead also goes to the group's CRM as ADF XML (docs/features/lead-delivery.md); the outbox shows it
    leadDelivery: { adf_emails: ["crm@parksidemotorgroup.com.au"] },
    // customer accounts, reviews and the trade-in lookups come from the group's rule (DEMO_FEATURE_RULES)
    features: {
      enable_store: true,
      offers_subscription: true,
      finance_pre_approval: true,
      test_drive: true,
      fleet: true,
      careers: true,
      blog: true,
      special_offers: true,
      sidebar_dealer_tools: true,
      live_chat: true,
      chat_hidden_paths: ["/cars", "/checkout"],
      analytics_events: true,
      electric_vehicles: true,
      book_a_service_on_service_locations: true,
    },
    searchPresets: { make_variants: { "Mercedes-Benz": ["Mercedes Benz"], KGM: ["SsangYong"], Skoda: ["SKODA", "Škoda"] } },
    defaultSort: "relevance",
    stockCode: "PMG",
    dealerships: [
      { id: 10011, slug: "parkside-suzuki", name: "Parkside Suzuki", make: "Suzuki Australia" },
      { id: 10012, slug: "parkside-mazda", name: "Parkside Mazda", make: "Mazda" },
      { id: 10013, slug: "parkside-mercedes-benz", name: "Parkside Mercedes-Benz", make: "Mercedes Benz" },
      { id: 10014, slug: "parkside-skoda", name: "Parkside Škoda", make: "SKODA" },
      { id: 10015, slug: "parkside-kgm", name: "Parkside KGM", make: "SsangYong" },
    ],
    locations: [
      {
        id: 10011,
        slug: "parkside-suzuki",
        name: "Parkside Suzuki",
        type: "sales",
        primary: true,
        dealershipId: 10011,
        manufacturers: ["Suzuki Australia"],
        street: "120 Maroondah Highway",
        city: "Ringwood",
        state: "VIC",
        postcode: "3134",
        lat: -37.8142,
        long: 145.2286,
        phone: "(03) 9870 1001",
        landline: "(03) 9870 2001",
        email: "suzuki@parksidemotorgroup.com.au",
        licence: "LMCT 10234",
        rating: [4.3, 412],
      },
      {
        id: 10012,
        slug: "parkside-mazda",
        name: "Parkside Mazda",
        type: "sales",
        dealershipId: 10012,
        manufacturers: ["Mazda"],
        street: "132 Maroondah Highway",
        city: "Ringwood",
        state: "VIC",
        postcode: "3134",
        lat: -37.8139,
        long: 145.2301,
        phone: "(03) 9870 1002",
        landline: "(03) 9870 2002",
        email: "mazda@parksidemotorgroup.com.au",
        licence: "LMCT 10234",
        rating: [4.2, 388],
      },
      {
        id: 10013,
        slug: "parkside-mercedes-benz",
        name: "Parkside Mercedes-Benz",
        type: "sales",
        dealershipId: 10013,
        manufacturers: ["Mercedes Benz"],
        street: "150 Maroondah Highway",
        city: "Ringwood",
        state: "VIC",
        postcode: "3134",
        lat: -37.8135,
        long: 145.2322,
        phone: "(03) 9870 1003",
        email: "mercedes@parksidemotorgroup.com.au",
        licence: "LMCT 10234",
        rating: [4.0, 301],
      },
      {
        id: 10014,
        slug: "parkside-skoda",
        name: "Parkside Škoda",
        type: "sales",
        dealershipId: 10014,
        manufacturers: ["SKODA"],
        street: "168 Maroondah Highway",
        city: "Ringwood",
        state: "VIC",
        postcode: "3134",
        lat: -37.8131,
        long: 145.2345,
        phone: "(03) 9870 1004",
        email: "skoda@parksidemotorgroup.com.au",
        licence: "LMCT 10234",
        rating: [3.9, 226],
      },
      {
        id: 10015,
        slug: "parkside-kgm",
        name: "Parkside KGM",
        type: "sales",
        dealershipId: 10015,
        manufacturers: ["SsangYong"],
        street: "180 Maroondah Highway",
        city: "Ringwood",
        state: "VIC",
        postcode: "3134",
        lat: -37.8128,
        long: 145.2361,
        phone: "(03) 9870 1005",
        email: "kgm@parksidemotorgroup.com.au",
        licence: "LMCT 10234",
        rating: [4.1, 198],
      },
      {
        id: 10016,
        slug: "parkside-service-centre",
        name: "Parkside Service Centre",
        type: "service",
        manufacturers: ["Suzuki Australia", "Mazda", "Mercedes Benz", "SKODA", "SsangYong"],
        street: "2 Bond Street",
        city: "Ringwood",
        state: "VIC",
        postcode: "3134",
        lat: -37.8161,
        long: 145.2297,
        phone: "(03) 9870 1100",
        landline: "(03) 9870 2100",
        email: "service@parksidemotorgroup.com.au",
        repairer: "MVR 45872",
      },
    ],
    stock: [
      { carType: "new", count: 50, makes: ["Suzuki"], locations: [10011] },
      { carType: "new", count: 54, makes: ["Mazda"], locations: [10012] },
      { carType: "new", count: 40, makes: ["Mercedes-Benz"], locations: [10013] },
      { carType: "new", count: 35, makes: ["Skoda"], locations: [10014] },
      { carType: "new", count: 35, makes: ["KGM"], locations: [10015] },
      { carType: "demo", count: 20, makes: ["Suzuki"], locations: [10011] },
      { carType: "demo", count: 22, makes: ["Mazda"], locations: [10012] },
      { carType: "demo", count: 15, makes: ["Mercedes-Benz"], locations: [10013] },
      { carType: "demo", count: 15, makes: ["Skoda"], locations: [10014] },
      { carType: "demo", count: 15, makes: ["KGM"], locations: [10015] },
      {
        carType: "used",
        count: 112,
        makes: [...USED_MIX, "Suzuki", "Mercedes-Benz", "Skoda", "KGM"],
        locations: [10011, 10012, 10013, 10014, 10015],
      },
    ],
    specials: { justSoldUsed: 2, comingSoonNew: 3, noPriceUsed: 1, newArrivals: 4 },
    hidden: { soldLongAgo: 5, notShown: 3 },
    reviews: { count: 1525, average: 4.1, distribution: { 5: 820, 4: 350, 3: 150, 2: 80, 1: 125 }, items: 40 },
  },
  {
    id: 1002,
    slug: "ridgeline-motorcycles",
    finance: { rate: 11.99, deposit_percent: 0, term_months: 48, delivery_charge: 395 },
    name: "Ridgeline Motorcycles",
    dealershipGroup: null,
    manufacturer: "Yamaha",
    manufacturerId: 77,
    template: "motorcycles",
    primaryVehicleOverride: "Motorcycle",
    domainName: "ridgelinemotorcycles.com.au",
    country: "AU",
    timezone: "Australia/Melbourne",
    phone: "(03) 5221 4400",
    email: "ride@ridgelinemotorcycles.com.au",
    socialUrls: { facebook: "https://www.facebook.com/ridgelinemotorcycles", instagram: "https://www.instagram.com/ridgelinemotorcycles" },
    colours: { primary: "#1d1d1b", secondary: "#c4161c" },
    blogs: { layout: "list", count: 4 },
    // images at quality 60 come from the brand's rule (DEMO_FEATURE_RULES)
    features: { test_drive: true, blog: true, finance_pre_approval: true },
    searchPresets: { makes: ["Yamaha"], include_used: true },
    defaultSort: "relevance",
    stockCode: "RM",
    dealerships: [{ id: 10021, slug: "ridgeline-motorcycles", name: "Ridgeline Motorcycles", make: "Yamaha" }],
    locations: [
      {
        id: 10021,
        slug: "ridgeline-motorcycles-geelong",
        name: "Ridgeline Motorcycles Geelong",
        type: "sales",
        primary: true,
        dealershipId: 10021,
        manufacturers: ["Yamaha"],
        street: "88 Latrobe Terrace",
        city: "Geelong",
        state: "VIC",
        postcode: "3220",
        lat: -38.1499,
        long: 144.3532,
        phone: "(03) 5221 4400",
        email: "ride@ridgelinemotorcycles.com.au",
        licence: "LMCT 11872",
        repairer: "MVR 51230",
      },
    ],
    stock: [
      { carType: "new", count: 35, makes: ["Yamaha"], locations: [10021] },
      { carType: "demo", count: 5, makes: ["Yamaha"], locations: [10021] },
      { carType: "used", count: 20, makes: ["Yamaha", "Kawasaki"], locations: [10021] },
    ],
    specials: { newArrivals: 4 },
    hidden: {},
  },
  {
    id: 1003,
    slug: "tasman-campers",
    finance: { rate: 11.95, frequency: "fortnightly", establishment_fee: 350 },
    name: "Tasman Campers",
    dealershipGroup: null,
    manufacturer: null,
    manufacturerId: null,
    template: "campers",
    primaryVehicleOverride: null,
    domainName: "tasmancampers.co.nz",
    country: "NZ",
    timezone: "Pacific/Auckland",
    phone: "03 348 1200",
    email: "hello@tasmancampers.co.nz",
    socialUrls: { facebook: "https://www.facebook.com/tasmancampers" },
    colours: { primary: "#00585f", secondary: "#e07a1f" },
    // the chatbot (website id and chat settings) and the 360 spin viewer (ids shaped like the vendors'; offline their scripts fail quietly)
    features: { test_drive: true, autobot: true, impel: true },
    integrations: {
      chatbot: { website_id: "tasman-campers-nz", settings: { greeting: "Kia ora! Ask us about any camper.", delaySeconds: 5 } },
      spin_customer_id: "tasmancampers",
    },
    searchPresets: {},
    defaultSort: "relevance",
    stockCode: "TC",
    dealerships: [{ id: 10031, slug: "tasman-campers", name: "Tasman Campers", make: null }],
    locations: [
      {
        id: 10031,
        slug: "tasman-campers-christchurch",
        name: "Tasman Campers Christchurch",
        type: "sales",
        primary: true,
        dealershipId: 10031,
        manufacturers: ["Jayco", "Winnebago"],
        street: "45 Main South Road",
        city: "Christchurch",
        state: "Canterbury",
        postcode: "8042",
        lat: -43.5416,
        long: 172.5286,
        phone: "03 348 1200",
        email: "hello@tasmancampers.co.nz",
        licence: "MVT 402187",
      },
      {
        id: 10032,
        slug: "tasman-campers-service",
        name: "Tasman Campers Service Centre",
        type: "service",
        dealershipId: 10031,
        manufacturers: [],
        street: "12 Parkhouse Road",
        city: "Christchurch",
        state: "Canterbury",
        postcode: "8042",
        lat: -43.5446,
        long: 172.5331,
        phone: "03 348 1210",
        email: "service@tasmancampers.co.nz",
      },
    ],
    stock: [
      { carType: "new", count: 10, makes: ["Jayco", "Winnebago"], locations: [10031] },
      { carType: "used", count: 38, makes: ["Jayco", "Winnebago", "Trail-Lite", "Bailey"], locations: [10031] },
    ],
    specials: { newArrivals: 3 },
    hidden: {},
  },
  {
    id: 1004,
    slug: "outback-truck-centre",
    finance: { rate: 9.49, frequency: "monthly", balloon_percent: 20, deposit_percent: 0, delivery_charge: 1_995 },
    name: "Outback Truck Centre",
    dealershipGroup: null,
    manufacturer: null,
    manufacturerId: null,
    template: "trucks",
    primaryVehicleOverride: null,
    domainName: "outbacktruckcentre.com.au",
    country: "AU",
    timezone: "Australia/Brisbane",
    phone: "(07) 4634 8800",
    email: "sales@outbacktruckcentre.com.au",
    socialUrls: { facebook: "https://www.facebook.com/outbacktruckcentre" },
    colours: { primary: "#7a3e00", secondary: "#f2a900" },
    features: {
      sell_my_car: true,
      enquire_button_message_now: true,
      finance_pre_approval: false,
      fleet: true,
      test_drive: false,
      nevdis: true,
    },
    // real vendors' configurations (ids shaped like theirs; offline their scripts fail quietly)
    integrations: { support_chat_id: "q7x2m9ka", call_tracking_id: "408173265/3c9e1f7a2b5d4e60" },
    searchPresets: { cities: ["Toowoomba", "Dalby"] },
    defaultSort: "price-asc",
    stockCode: "OTC",
    dealerships: [{ id: 10041, slug: "outback-truck-centre", name: "Outback Truck Centre", make: null }],
    locations: [
      {
        id: 10041,
        slug: "outback-truck-centre-toowoomba",
        name: "Outback Truck Centre Toowoomba",
        type: "sales",
        primary: true,
        dealershipId: 10041,
        manufacturers: ["Isuzu", "Hino"],
        street: "310 Taylor Street",
        city: "Toowoomba",
        state: "QLD",
        postcode: "4350",
        lat: -27.5383,
        long: 151.9312,
        phone: "(07) 4634 8800",
        email: "sales@outbacktruckcentre.com.au",
        licence: "MD 3140827",
      },
      {
        id: 10042,
        slug: "outback-truck-centre-dalby",
        name: "Outback Truck Centre Dalby",
        type: "sales",
        dealershipId: 10041,
        manufacturers: ["Isuzu"],
        street: "25 Warrego Highway",
        city: "Dalby",
        state: "QLD",
        postcode: "4405",
        lat: -27.1829,
        long: 151.2631,
        phone: "(07) 4662 3300",
        email: "dalby@outbacktruckcentre.com.au",
        licence: "MD 3140827",
      },
      {
        id: 10043,
        slug: "outback-truck-centre-parts",
        name: "Outback Truck Parts Toowoomba",
        type: "parts",
        dealershipId: 10041,
        manufacturers: ["Isuzu", "Hino"],
        street: "314 Taylor Street",
        city: "Toowoomba",
        state: "QLD",
        postcode: "4350",
        lat: -27.5386,
        long: 151.9318,
        phone: "(07) 4634 8811",
        email: "parts@outbacktruckcentre.com.au",
      },
    ],
    stock: [
      { carType: "new", count: 30, makes: ["Isuzu", "Hino"], locations: [10041, 10042] },
      { carType: "demo", count: 10, makes: ["Isuzu", "Hino"], locations: [10041, 10042] },
      { carType: "used", count: 50, makes: ["Isuzu", "Hino", "Fuso", "Kenworth", "Toyota"], locations: [10041, 10042] },
    ],
    specials: { newArrivals: 4 },
    hidden: {},
  },
  {
    id: 1005,
    slug: "harbour-city-pre-owned",
    name: "Harbour City Pre-Owned",
    dealershipGroup: "Harbour City Automotive",
    manufacturer: null,
    manufacturerId: null,
    template: "default",
    primaryVehicleOverride: null,
    domainName: "harbourcitypreowned.com.au",
    country: "AU",
    timezone: "Australia/Sydney",
    phone: "(02) 9712 5500",
    email: "sales@harbourcitypreowned.com.au",
    socialUrls: { facebook: "https://www.facebook.com/harbourcitypreowned", instagram: "https://www.instagram.com/harbourcitypreowned" },
    colours: { primary: "#003a5d", secondary: "#f5a623" },
    // the used-only site values trade-ins too (AutoGrab's lookup and valuation)
    features: { test_drive: true, finance_pre_approval: true, contact_message_optional: true, autograb: true },
    // real vendors' configurations (ids shaped like theirs; offline their scripts fail quietly)
    integrations: {
      tag_manager_id: "GTM-K7Q2XRM",
      analytics_id: "G-3HQ8ZP4T1B",
      voice_text_id: "a4e2b7c9-5f1d-4e8a-9c3b-2d6f8e1a7b40",
    },
    searchPresets: { min_photos: 3 },
    defaultSort: "latest",
    stockCode: "HCP",
    mapKey: "AIzaSyB4x7Qm2Lk9Vd3Rt8Np1Hc6Wz0Ye5Uj2Go",
    dealerships: [{ id: 10051, slug: "harbour-city-pre-owned", name: "Harbour City Pre-Owned", make: null }],
    locations: [
      {
        id: 10051,
        slug: "harbour-city-pre-owned-five-dock",
        name: "Harbour City Pre-Owned Five Dock",
        type: "sales",
        primary: true,
        dealershipId: 10051,
        manufacturers: [],
        street: "220 Parramatta Road",
        city: "Five Dock",
        state: "NSW",
        postcode: "2046",
        lat: -33.8716,
        long: 151.1297,
        phone: "(02) 9712 5500",
        email: "sales@harbourcitypreowned.com.au",
        licence: "MD 058213",
      },
      {
        id: 10052,
        slug: "harbour-city-car-buying-centre",
        name: "Harbour City Car Buying Centre",
        type: "sales",
        subtype: ["buying"],
        dealershipId: 10051,
        manufacturers: [],
        street: "230 Parramatta Road",
        city: "Five Dock",
        state: "NSW",
        postcode: "2046",
        lat: -33.8712,
        long: 151.1305,
        phone: "(02) 9712 5520",
        email: "buying@harbourcitypreowned.com.au",
        licence: "MD 058213",
      },
    ],
    stock: [{ carType: "used", count: 120, makes: [...USED_MIX, "Mercedes-Benz"], locations: [10051] }],
    specials: { newArrivals: 4 },
    hidden: { fewPhotos: 15 },
  },
  {
    id: 1006,
    slug: "lakeside-rv",
    finance: { rate: 7.49, term_months: 84 },
    name: "Lakeside RV",
    dealershipGroup: null,
    manufacturer: null,
    manufacturerId: null,
    template: "rv",
    primaryVehicleOverride: null,
    domainName: "lakesiderv.com",
    country: "US",
    timezone: "America/Phoenix",
    phone: "(928) 555-0142",
    email: "sales@lakesiderv.com",
    socialUrls: { facebook: "https://www.facebook.com/lakesiderv" },
    colours: { primary: "#24513f", secondary: "#d98e04" },
    // the text-message chat and the dealer tools scripts (ids shaped like the vendors'; offline their scripts fail quietly)
    features: { test_drive: true, dealercell: true, dealerstudio: true },
    integrations: { dealercell_id: "lakeside-rv", dealer_tools_id: "lrv-4417" },
    searchPresets: {},
    defaultSort: "relevance",
    stockCode: "LRV",
    drawnLogo: true,
    dealerships: [{ id: 10061, slug: "lakeside-rv", name: "Lakeside RV", make: null }],
    locations: [
      {
        id: 10061,
        slug: "lakeside-rv-lake-havasu",
        name: "Lakeside RV Lake Havasu",
        type: "sales",
        primary: true,
        dealershipId: 10061,
        manufacturers: ["Thor Motor Coach", "Winnebago", "Airstream"],
        street: "2150 N McCulloch Blvd",
        city: "Lake Havasu City",
        state: "AZ",
        postcode: "86403",
        lat: 34.4976,
        long: -114.3225,
        phone: "(928) 555-0142",
        email: "sales@lakesiderv.com",
      },
    ],
    stock: [
      { carType: "new", count: 10, makes: ["Thor Motor Coach", "Airstream"], locations: [10061] },
      { carType: "demo", count: 5, makes: ["Thor Motor Coach", "Winnebago"], locations: [10061] },
      { carType: "used", count: 10, makes: ["Thor Motor Coach", "Winnebago", "Forest River", "Airstream"], locations: [10061] },
    ],
    specials: { newArrivals: 2 },
    hidden: {},
  },
  {
    id: 1007,
    slug: "demo-motors",
    name: "Demo Motors",
    dealershipGroup: null,
    manufacturer: null,
    manufacturerId: null,
    template: "default",
    primaryVehicleOverride: null,
    domainName: "demomotors.example.com",
    country: "AU",
    timezone: "Australia/Adelaide",
    phone: "(08) 8100 0000",
    email: "hello@demomotors.example.com",
    socialUrls: {},
    colours: { primary: "#4c1d95", secondary: "#f59e0b" },
    features: { test_drive: true, finance_pre_approval: true },
    searchPresets: {},
    defaultSort: "relevance",
    stockCode: "DM",
    dealerships: [{ id: 10071, slug: "demo-motors", name: "Demo Motors", make: null }],
    locations: [
      {
        id: 10071,
        slug: "demo-motors-city",
        name: "Demo Motors City",
        type: "sales",
        primary: true,
        dealershipId: 10071,
        manufacturers: ["Kia", "Hyundai"],
        street: "100 West Terrace",
        city: "Adelaide",
        state: "SA",
        postcode: "5000",
        lat: -34.9256,
        long: 138.5915,
        phone: "(08) 8100 0001",
        email: "city@demomotors.example.com",
        licence: "MVD 290011",
      },
      {
        id: 10072,
        slug: "demo-motors-north",
        name: "Demo Motors North",
        type: "sales",
        dealershipId: 10071,
        manufacturers: ["Kia"],
        street: "500 Main North Road",
        city: "Enfield",
        state: "SA",
        postcode: "5085",
        lat: -34.8683,
        long: 138.6018,
        phone: "(08) 8100 0002",
        email: "north@demomotors.example.com",
        licence: "MVD 290011",
      },
    ],
    stock: [
      { carType: "new", count: 10, makes: ["Kia", "Hyundai"], locations: [10071, 10072] },
      { carType: "demo", count: 10, makes: ["Kia", "Hyundai"], locations: [10071, 10072] },
      { carType: "used", count: 10, makes: USED_MIX, locations: [10071, 10072] },
    ],
    specials: { newArrivals: 2 },
    hidden: {},
  },
];

/** Expected visible counts (docs/demo-data.md): tests assert the seed against these. */
export const EXPECTED_VISIBLE: Record<string, { total: number; new: number; demo: number; used: number }> = {
  "parkside-motor-group": { total: 413, new: 214, demo: 87, used: 112 },
  "ridgeline-motorcycles": { total: 60, new: 35, demo: 5, used: 20 },
  "tasman-campers": { total: 48, new: 10, demo: 0, used: 38 },
  "outback-truck-centre": { total: 90, new: 30, demo: 10, used: 50 },
  "harbour-city-pre-owned": { total: 120, new: 0, demo: 0, used: 120 },
  "lakeside-rv": { total: 25, new: 10, demo: 5, used: 10 },
  "demo-motors": { total: 30, new: 10, demo: 10, used: 10 },
};

const DAY_MS = 86_400_000;
/** A demo site's stored finance terms, its offers dated around `now` so the demo always has one running. */
export function demoFinance(site: DemoSite, now: number): Partial<FinanceSettings> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const offers = (site.financeOffers ?? []).map((o) => ({ ...o, from: day(now - 30 * DAY_MS), to: day(now + 90 * DAY_MS) }));
  return { ...site.finance, ...(offers.length ? { offers } : {}) };
}
