import type { FormKind } from "../leads/forms";
import type { SiteFeatureFlags } from "./types";
import { sellCarForm } from "./features";

/** Which area of the product fills a route (its route files are that area's). */
export type RouteArea = "stock" | "locations" | "forms" | "content" | "account" | "store";

/** Areas whose routes have their own route files (a test holds the file system to this). */
export const BUILT_AREAS: readonly RouteArea[] = ["stock", "locations", "forms", "content", "account", "store"];

export type RouteDecision = { kind: "page"; title: string; area: RouteArea } | { kind: "redirect"; to: string } | { kind: "not-found" };

export type RouteContext = {
  features: SiteFeatureFlags;
  brandSlugs: string[];
  locationSlugs: string[];
  /** the slugs of the site's published content pages (about-us, privacy-policy, …) */
  pageSlugs: string[];
  noun: string;
  /** customer accounts are on (garage_enabled: domain/site/accounts.ts) */
  accounts: boolean;
};

export type Static = { title: string; area: RouteArea; when?: (f: SiteFeatureFlags, ctx: RouteContext) => boolean };

const hasPage = (slug: string) => (_: SiteFeatureFlags, ctx: RouteContext) => ctx.pageSlugs.includes(slug);

/** The fixed-path routes of a site: the one table that says what each is, where it is on, and which area builds it. */
export const SITE_ROUTES: Readonly<Record<string, Static>> = {
  "/search/new-used-and-demo-cars": { title: "Our Stock", area: "stock" },
  "/search/new-and-demo-cars": { title: "New and Demo Stock", area: "stock" },
  "/search/used-cars": { title: "Used Stock", area: "stock" },
  "/favourites": { title: "Saved Vehicles", area: "stock" },
  "/book-test-drive": { title: "Book a Test Drive", area: "forms", when: (f) => f.test_drive },
  "/service": { title: "Book a Service", area: "forms" },
  "/pages/book-a-service": { title: "Book a Service", area: "forms" },
  "/finance": { title: "Finance", area: "forms" },
  "/finance-pre-approval": { title: "Finance Pre-Approval", area: "forms", when: (f) => f.finance_pre_approval },
  "/trade-in": { title: "Trade-In", area: "forms", when: (f) => sellCarForm(f).href === "/trade-in" },
  "/sell-my-car": { title: "Sell My Car", area: "forms", when: (f) => sellCarForm(f).href === "/sell-my-car" },
  "/vehicle-parts-and-accessories": { title: "Parts & Accessories", area: "forms" },
  "/contact": { title: "Contact Us", area: "forms" },
  "/fleet": { title: "Fleet", area: "forms", when: (f) => f.fleet },
  "/careers": { title: "Careers", area: "forms", when: (f) => f.careers },
  "/dealerships": { title: "Our Dealerships", area: "locations" },
  "/dealerships/all": { title: "All Dealerships", area: "locations" },
  "/our-locations": { title: "Our Locations", area: "locations" },
  "/reviews": { title: "Customer Reviews", area: "locations", when: (f) => f.reviews },
  "/special-offers": { title: "Special Offers", area: "content", when: (f) => f.special_offers },
  "/models": { title: "Models", area: "content" },
  "/electric-vehicles": { title: "Electric Vehicles", area: "content", when: (f) => f.electric_vehicles },
  "/blog": { title: "Blog", area: "content", when: (f) => f.blog && !f.blog_path_news },
  "/news": { title: "News", area: "content", when: (f) => f.blog && f.blog_path_news },
  // every site has one: its own page, else the platform's template (forms link to it beside Send)
  "/privacy-policy": { title: "Privacy Policy", area: "content" },
  "/terms-and-conditions": { title: "Terms and Conditions", area: "content", when: hasPage("terms-and-conditions") },
  "/my-garage": { title: "My Garage", area: "account", when: (_, ctx) => ctx.accounts },
  "/sign-in": { title: "Sign In", area: "account", when: (_, ctx) => ctx.accounts },
  "/reset-password": { title: "Choose a New Password", area: "account", when: (_, ctx) => ctx.accounts },
  "/personalised/finance": { title: "Your Finance", area: "account", when: (_, ctx) => ctx.accounts },
  "/alerts/unsubscribe": { title: "Email Alerts", area: "account", when: (_, ctx) => ctx.accounts },
  "/success": { title: "Thank you", area: "forms" },
  "/buy-online": { title: "Buy Online", area: "store", when: (f) => f.enable_store },
  "/checkout/pay": { title: "Pay Your Deposit", area: "store", when: (f) => f.enable_store },
  "/checkout/confirmed": { title: "Your Reservation", area: "store", when: (f) => f.enable_store },
};

/** Decide what a site path is (the routes table below). Pages already built have their own route files. */
export function resolveSiteRoute(rawPath: string, ctx: RouteContext): RouteDecision {
  const path = rawPath.replace(/\/+$/, "") || "/";
  const f = ctx.features;

  if (path === "/finance-pre-approval" && !f.finance_pre_approval) return { kind: "redirect", to: "/finance" };
  if ((path === "/trade-in" || path === "/sell-my-car") && path !== sellCarForm(f).href)
    return { kind: "redirect", to: sellCarForm(f).href };
  if (path === "/blog" && f.blog && f.blog_path_news) return { kind: "redirect", to: "/news" };

  const s = Object.hasOwn(SITE_ROUTES, path) ? SITE_ROUTES[path] : undefined;
  if (s) return !s.when || s.when(f, ctx) ? { kind: "page", title: s.title, area: s.area } : { kind: "not-found" };

  const [, first, second, ...rest] = path.split("/");
  if (!first || rest.length > 0) return { kind: "not-found" };
  // a content page answers at /{slug} and at /pages/{slug} (the prefix is dropped in links unless used)
  if (second === undefined) return ctx.pageSlugs.includes(first) ? { kind: "page", title: "Page", area: "content" } : { kind: "not-found" };
  switch (first) {
    case "pages":
      return ctx.pageSlugs.includes(second) ? { kind: "page", title: "Page", area: "content" } : { kind: "not-found" };
    case "special-offers":
      return f.special_offers ? { kind: "page", title: "Special Offer", area: "content" } : { kind: "not-found" };
    case "models":
      return { kind: "page", title: "Model", area: "content" };
    case "brands":
      return ctx.brandSlugs.includes(second) ? { kind: "page", title: "Brand", area: "content" } : { kind: "not-found" };
    case "our-location":
    case "contact-us":
      return ctx.locationSlugs.includes(second)
        ? {
            kind: "page",
            title: first === "contact-us" ? "Contact Us" : "Our Location",
            area: first === "contact-us" ? "forms" : "locations",
          }
        : { kind: "not-found" };
    case "blog":
      if (f.blog && f.blog_path_news) return { kind: "redirect", to: `/news/${second}` };
      return f.blog ? { kind: "page", title: "Blog", area: "content" } : { kind: "not-found" };
    case "news":
      return f.blog && f.blog_path_news ? { kind: "page", title: "News", area: "content" } : { kind: "not-found" };
    case "booking":
      // a booking's own page, named by the signed token in its confirmation
      return { kind: "page", title: "Your Booking", area: "forms" };
    default:
      return { kind: "not-found" };
  }
}

/** The page each enquiry form lives on; vehicle enquiries live on every vehicle page. */
export const FORM_PATHS: Record<FormKind, string | null> = {
  vehicle: null,
  "test-drive": "/book-test-drive",
  service: "/service",
  parts: "/vehicle-parts-and-accessories",
  finance: "/finance",
  "finance-pre-approval": "/finance-pre-approval",
  "trade-in": "/trade-in",
  "sell-my-car": "/sell-my-car",
  fleet: "/fleet",
  careers: "/careers",
  contact: "/contact",
  chat: null,
};

/** Whether a site takes a kind of enquiry: exactly when its form page exists there (one rule for pages and the lead API). */
export function isFormOffered(kind: FormKind, ctx: RouteContext): boolean {
  if (kind === "chat") return ctx.features.live_chat; // the chat widget's messages, where the site has live chat
  const path = FORM_PATHS[kind];
  return path === null || resolveSiteRoute(path, ctx).kind === "page";
}
