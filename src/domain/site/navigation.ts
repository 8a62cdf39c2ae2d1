import { pluralNoun } from "../stock/summary";
import { resolveLink } from "./links";
import type { LocationType, NavigationOverrides, SiteFeatureFlags } from "./types";
import { sellCarForm, usedWord } from "./features";

export type NavLink = { label: string; href: string; direct?: boolean };
export type NavItem = NavLink & { children?: NavLink[] };
export type FooterGroup = { title: string; links: NavLink[] };

export type NavContext = {
  features: SiteFeatureFlags;
  noun: string;
  usedWord: "used" | "pre-owned";
  brands: Array<{ name: string; slug: string }>;
  locations: Array<{ name: string; slug: string; type: LocationType }>;
  carTypes: { new: number; demo: number; used: number };
  phone: string | null;
  /** the slugs of the site's published content pages: a menu links only to pages that exist */
  pages: string[];
  /** the special offers running now: a site whose offers have all ended does not link to an empty list */
  offers: number;
};

/** A stored content page's link, where the site has the page. */
function pageLink(ctx: NavContext, label: string, slug: string, href = `/pages/${slug}`): NavLink[] {
  return ctx.pages.includes(slug) ? [link(label, href, ctx.features)] : [];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type StockOffer = {
  /** Stock filters (used-cars, demo-cars, new-cars) for the menus: only kinds the site has cars of */
  links: NavLink[];
  /** the "All 413 Cars" call to action; null with no cars (never "All 0 Cars") */
  all: { count: number; label: string } | null;
  /** the sell-my-car or trade-in entry; null where it means nothing (see below) */
  sell: ReturnType<typeof sellCarForm> | null;
};

/**
 * What a site's menus and calls to action offer of its stock. A kind with no cars gets no entry, so a
 * new dealer with nothing in stock shows no "All 0 Cars" and no empty "New Cars". The sell/trade entry
 * shows where the site buys cars (sell my car), and a trade-in only where there are cars to trade into:
 * on a site with no stock "Sell My Car" would lead to a trade-in towards nothing.
 */
export function stockOffer(ctx: Pick<NavContext, "features" | "noun" | "carTypes"> & { usedWord?: NavContext["usedWord"] }): StockOffer {
  const plural = pluralNoun(ctx.noun);
  const total = ctx.carTypes.new + ctx.carTypes.demo + ctx.carTypes.used;
  const links: NavLink[] = [];
  if (total > 0) links.push({ label: `All ${plural}`, href: "/search/new-used-and-demo-cars" });
  if (ctx.carTypes.new > 0) links.push({ label: `New ${plural}`, href: "/search/new-and-demo-cars?car_type=new" });
  if (ctx.carTypes.demo > 0) links.push({ label: `Demo ${plural}`, href: "/search/new-and-demo-cars?car_type=demo" });
  if (ctx.carTypes.used > 0) links.push({ label: `${cap(ctx.usedWord ?? usedWord(ctx.features))} ${plural}`, href: "/search/used-cars" });
  const sell = ctx.features.sell_my_car || total > 0 ? sellCarForm(ctx.features) : null;
  return { links, all: total > 0 ? { count: total, label: `${total} ${plural}` } : null, sell };
}

/** "Book a Service" is offered (menus, home page, dealer tools) only by a site with a service location: a sales-only dealer takes no bookings. */
export function offersService(locations: ReadonlyArray<{ type: LocationType }>): boolean {
  return locations.some((l) => l.type === "service");
}

/** The same for a page's site context (its locations as stored). */
export function siteOffersService(ctx: { locations: ReadonlyArray<{ locationType: LocationType }> }): boolean {
  return offersService(ctx.locations.map((l) => ({ type: l.locationType })));
}

function link(label: string, href: string, f: SiteFeatureFlags): NavLink {
  const r = resolveLink(href, f);
  return r.direct ? { label, href: r.href, direct: true } : { label, href: r.href };
}

/** Header menu: Our Stock, Brands (dynamic), Offers, Sell My Car, Service & Parts, Tyre & Battery, Finance, More. */
export function buildHeaderMenu(ctx: NavContext): NavItem[] {
  const f = ctx.features;
  const hasService = offersService(ctx.locations);
  const hasParts = ctx.locations.some((l) => l.type === "parts");
  const items: NavItem[] = [];
  const offer = stockOffer(ctx);
  // with no cars there is nothing under Our Stock to browse (no models, no electric ones either)
  const stock = offer.all ? [...offer.links, link("Models", "/models", f)] : [];
  if (offer.all && f.electric_vehicles) stock.push(link("Electric Vehicles", "/electric-vehicles", f));
  items.push({ label: "Our Stock", href: "/search/new-used-and-demo-cars", children: stock.length ? stock : undefined });
  if (ctx.brands.length > 0)
    items.push({
      label: "Brands",
      href: `/brands/${ctx.brands[0]!.slug}`,
      children: ctx.brands.map((b) => link(b.name, `/brands/${b.slug}`, f)),
    });
  if (f.special_offers && ctx.offers > 0) items.push(link("Offers", "/special-offers", f));
  if (offer.sell) items.push(link("Sell My Car", offer.sell.href, f)); // the menu entry is "Sell My Car" on every site
  if (hasService || hasParts) {
    const children = [
      ...(hasService ? [link("Book a Service", "/service", f)] : []),
      link("Parts & Accessories", "/vehicle-parts-and-accessories", f),
    ];
    items.push({ label: "Service & Parts", href: hasService ? "/service" : "/vehicle-parts-and-accessories", children });
  }
  items.push(...pageLink(ctx, "Tyre & Battery", "tyre-and-battery-centre"));
  const finance = [link("Finance", "/finance", f)];
  if (f.finance_pre_approval) finance.push(link("Finance Pre-Approval", "/finance-pre-approval", f));
  items.push({ ...link("Finance", "/finance", f), children: finance.length > 1 ? finance : undefined });
  const more: NavLink[] = [link("Our Dealerships", "/dealerships", f), link("Contact Us", "/contact", f)];
  if (f.test_drive) more.push(link("Book a Test Drive", "/book-test-drive", f));
  if (f.fleet) more.push(link("Fleet", "/fleet", f));
  if (f.careers) more.push(link("Careers", "/careers", f));
  if (f.blog) more.push(link(f.blog_path_news ? "News" : "Blog", "/blog", f));
  if (f.reviews) more.push(link("Reviews", "/reviews", f));
  more.push(...pageLink(ctx, "About Us", "about-us"));
  items.push({ label: "More", href: "/dealerships", children: more });
  return items.map(({ children, ...rest }) => (children ? { ...rest, children } : rest));
}

/** Footer groups: Our Dealerships, Our Brands, Buyer Tools, Servicing & Parts, Company. */
export function buildFooter(ctx: NavContext): FooterGroup[] {
  const f = ctx.features;
  const groups: FooterGroup[] = [
    {
      title: "Our Dealerships",
      links: ctx.locations.map((l) => link(l.name, `/our-location/${l.slug}`, f)).concat(link("All Dealerships", "/dealerships/all", f)),
    },
  ];
  if (ctx.brands.length > 0) groups.push({ title: "Our Brands", links: ctx.brands.map((b) => link(b.name, `/brands/${b.slug}`, f)) });
  const offer = stockOffer(ctx);
  const tools = [...offer.links, link("Saved Vehicles", "/favourites", f), link("Finance", "/finance", f)];
  if (f.finance_pre_approval) tools.push(link("Finance Pre-Approval", "/finance-pre-approval", f));
  if (offer.sell) tools.push(link(offer.sell.title, offer.sell.href, f));
  if (f.test_drive) tools.push(link("Book a Test Drive", "/book-test-drive", f));
  if (f.enable_store) tools.push(link("Buy Online", "/buy-online", f));
  groups.push({ title: "Buyer Tools", links: tools });
  const servicing = [
    ...(offersService(ctx.locations) ? [link("Book a Service", "/service", f)] : []),
    link("Parts & Accessories", "/vehicle-parts-and-accessories", f),
  ];
  servicing.push(...pageLink(ctx, "Tyre & Battery Centre", "tyre-and-battery-centre"));
  groups.push({ title: "Servicing & Parts", links: servicing });
  const company = [...pageLink(ctx, "About Us", "about-us"), link("Contact Us", "/contact", f)];
  if (f.careers) company.push(link("Careers", "/careers", f));
  if (f.fleet) company.push(link("Fleet", "/fleet", f));
  if (f.blog) company.push(link(f.blog_path_news ? "News" : "Blog", "/blog", f));
  company.push(...pageLink(ctx, "Community Partners", "community-partners-sponsorships"));
  company.push(link("Privacy Policy", "/privacy-policy", f)); // every site has one (the template where it has no page)
  company.push(...pageLink(ctx, "Terms and Conditions", "terms-and-conditions", "/terms-and-conditions"));
  groups.push({ title: "Company", links: company });
  return groups;
}

/**
 * Navigation (header, footer) of a site: the menus built from its pages and switches, each
 * replaced by the site record's own list where it has one (set by an operator or the API).
 */
export function siteNavigation(nav: NavContext, own: NavigationOverrides): { header: NavItem[]; footer: FooterGroup[] } {
  return { header: own.header?.length ? own.header : buildHeaderMenu(nav), footer: own.footer?.length ? own.footer : buildFooter(nav) };
}
