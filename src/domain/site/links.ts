import type { SiteFeatureFlags } from "./types";

export type LinkRules = Pick<SiteFeatureFlags, "blog_path_news" | "uses_pages_path">;
export type ResolvedLink = { href: string; /** tel, mailto, maps and off-site links open directly (plain anchor). */ direct: boolean };

const MAPS = /^(geo:|maps:|https?:\/\/(www\.)?(google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|maps\.apple\.com|goo\.gl\/maps))/i;

export function isDirectLink(href: string): boolean {
  return /^(tel:|mailto:|sms:)/i.test(href) || MAPS.test(href) || /^https?:\/\//i.test(href);
}

/** SPEC §2 link rules: tel/mailto/maps open directly; /blog → /news on one brand; /pages dropped unless used. */
export function resolveLink(href: string, rules: LinkRules): ResolvedLink {
  if (isDirectLink(href)) return { href, direct: true };
  let path = href;
  if (rules.blog_path_news) path = path.replace(/^\/blog(?=$|[/?#])/, "/news");
  if (!rules.uses_pages_path) path = path.replace(/^\/pages(?=\/[^/?#])/, "");
  return { href: path, direct: false };
}

/** A click-to-call link: "(03) 9870 1000" → "tel:0398701000". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
