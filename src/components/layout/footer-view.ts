import { siteCities } from "@/domain/locations/geo";
import type { SiteContext } from "@/domain/site/context";
import { formatHours, mondayFirst, siteHours, WEEKDAY_NAMES } from "@/domain/site/hours";
import { telHref } from "@/domain/site/links";
import type { FooterView } from "./footer-html";

/** What the site's footer shows: find us, the opening hours Monday first, the footer menus, contact and social links. */
export function footerView(ctx: SiteContext, year: number): FooterView {
  const { site } = ctx;
  return {
    where:
      ctx.locations.length === 1
        ? ctx.locations[0]!.address.full
        : `${ctx.locations.length} locations: ${siteCities(ctx.locations).join(", ")}`,
    hours: mondayFirst(siteHours(site, ctx.locations)).map((h) => [WEEKDAY_NAMES[h.weekday], formatHours(h.status, h.open, h.close)]),
    groups: ctx.footer.map((g) => ({ title: g.title, links: g.links.map((l) => [l.href, l.label]) })),
    name: site.name,
    year,
    ...(site.phone ? { phone: [telHref(site.phone, site.country), site.phone] as [string, string] } : {}),
    ...(site.email ? { email: [`mailto:${site.email}`, site.email] as [string, string] } : {}),
    social: Object.entries(site.socialUrls),
  };
}

/** One view per site record (a settings change makes a new SiteContext) and year. */
const made = new WeakMap<SiteContext, FooterView>();

export function cachedFooterView(ctx: SiteContext, year: number): FooterView {
  const hit = made.get(ctx);
  if (hit?.year === year) return hit;
  const view = footerView(ctx, year);
  made.set(ctx, view);
  return view;
}
