import { internationalPhone } from "../locations/geo";
import type { Country, SiteFeatureFlags } from "./types";

export type LinkRules = Pick<SiteFeatureFlags, "blog_path_news" | "uses_pages_path">;
export type ResolvedLink = { href: string; /** tel, mailto, maps and off-site links open directly (plain anchor). */ direct: boolean };

const MAPS = /^(geo:|maps:|https?:\/\/(www\.)?(google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|maps\.apple\.com|goo\.gl\/maps))/i;

export function isDirectLink(href: string): boolean {
  return /^(tel:|mailto:|sms:)/i.test(href) || MAPS.test(href) || /^https?:\/\//i.test(href);
}

/** An off-site web address (another site, a map): it opens in a new tab; tel:, mailto: and site paths do not. */
export const opensElsewhere = (href: string): boolean => isDirectLink(href) && /^https?:/i.test(href);

/** Link rules: tel/mailto/maps open directly; /blog → /news on one brand; /pages dropped unless used. */
export function resolveLink(href: string, rules: LinkRules): ResolvedLink {
  if (isDirectLink(href)) return { href, direct: true };
  let path = href;
  if (rules.blog_path_news) path = path.replace(/^\/blog(?=$|[/?#])/, "/news");
  if (!rules.uses_pages_path) path = path.replace(/^\/pages(?=\/[^/?#])/, "");
  return { href: path, direct: false };
}

/**
 * The one click-to-call link: international form, so that it dials from anywhere —
 * "(03) 9870 1000" on an Australian site → "tel:+61398701000"; a number already in +form is kept.
 */
export function telHref(phone: string, country: Country = "AU"): string {
  return `tel:${internationalPhone(phone, country)}`;
}
