import type { CountryFormat } from "../format/country";
import type { StockSummary } from "../stock/summary";
import type { LandingStock } from "../stock/landing";
import type { FooterGroup, NavItem } from "./navigation";
import type { SiteAccounts } from "./accounts";
import type { RouteContext } from "./routes";
import type { Dealership, Location, SiteFeatureFlags, SiteRecord, SpecialHoursEntry } from "./types";

/**
 * Everything a tenant page needs about its site (the website session plus the site record,
 * features and stock summary). Loaded by `src/server/site/context.ts`; components receive it as a prop.
 */
export type SiteContext = {
  site: SiteRecord;
  features: SiteFeatureFlags;
  noun: string;
  format: CountryFormat;
  locations: Location[];
  dealerships: Dealership[];
  specialHours: SpecialHoursEntry[];
  /** the site's brands, each with its logo (the dealer's own, else the platform's emblem) where there is one */
  brands: Array<{ name: string; slug: string; logo: string | null }>;
  stock: StockSummary;
  /** what the site's search lands on (makes, models, bodies): its stock, or the dashboard's search slugs */
  landing: LandingStock;
  /** Offers count: the special offers running now */
  offers: number;
  header: NavItem[];
  footer: FooterGroup[];
  routes: RouteContext;
  /** customer accounts and the garage: on where the garage switch is (a group's sites share a realm, a lone site has its own) */
  accounts: SiteAccounts;
  theme: Record<string, string>;
};
