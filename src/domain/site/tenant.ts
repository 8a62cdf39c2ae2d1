import { safeDecode } from "../http/request";
/**
 * Tenant resolution from the Host header (pure). The result is a key that the
 * proxy puts in the path (/sites/{key}/…): a slug never contains a dot, a domain always does.
 */
export type TenantKey = { by: "slug"; slug: string } | { by: "domain"; domain: string };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

export function hostName(host: string | null | undefined): string {
  const h = (host ?? "").trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  return h.replace(/:\d+$/, "").replace(/\.$/, "");
}

export function resolveTenant(host: string | null | undefined, defaultSite: string): TenantKey {
  const name = hostName(host);
  if (!name || LOOPBACK.has(name)) return { by: "slug", slug: defaultSite };
  if (name.endsWith(".localhost")) {
    const label = name.slice(0, -".localhost".length).replace(/^www\./, "");
    return label && !label.includes(".") ? { by: "slug", slug: label } : { by: "slug", slug: defaultSite };
  }
  return { by: "domain", domain: name.replace(/^www\./, "") };
}

export function tenantKeyToParam(key: TenantKey): string {
  return key.by === "slug" ? key.slug : key.domain;
}

export function tenantKeyFromParam(param: string): TenantKey {
  const v = (safeDecode(param) ?? param).toLowerCase();
  return v.includes(".") ? { by: "domain", domain: v } : { by: "slug", slug: v };
}

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name as a TLS front door asks about it: lower case, without a trailing dot, a
 * well-formed DNS name of two labels or more (IDNs in their xn-- form); null for anything else (an
 * address, a port, a bare word, a wildcard, over 253 characters).
 */
export function tlsHostName(raw: string | null | undefined): string | null {
  const name = (raw ?? "").trim().toLowerCase().replace(/\.$/, "");
  if (name.length < 3 || name.length > 253) return null;
  const labels = name.split(".");
  if (labels.length < 2 || !labels.every((l) => DNS_LABEL.test(l))) return null;
  return /^\d+$/.test(labels.at(-1)!) ? null : name; // a numeric top label is an IPv4 address
}

/** The names a site answers on over HTTPS: its domain, its other domains (redirected to it), and the www. name of each. */
export function siteAnswersOn(site: { domainName: string; domains?: readonly string[] }, name: string): boolean {
  const bare = name.replace(/^www\./, "");
  return [site.domainName, ...(site.domains ?? [])].some((d) => d.toLowerCase() === name || d.toLowerCase() === bare);
}

/** The request header in which the proxy passes a tenant page the path it was asked for (the site's other domains redirect with it). */
export const SITE_PATH_HEADER = "x-site-path";

/**
 * The request headers that send a page request to its tenant's routes: next.config.ts rewrites
 * `/…` to `/sites/{SITE_KEY_HEADER}/…`, or to `/admin/…` when ADMIN_AREA_HEADER is set. The
 * production server sets them on every request before Next (a client's own are replaced), so that
 * Next's own rewrite does the job its middleware did at several times the cost; `next dev`, which
 * runs without that server, still goes through the proxy (src/proxy.ts).
 */
export const SITE_KEY_HEADER = "x-site-key";
export const ADMIN_AREA_HEADER = "x-admin-area";

/**
 * Paths that are not tenant pages, by how they begin (after the first `/`): API routes, Next's
 * assets, generated drawings, the icon sprite and the image service. The one list: src/proxy.ts's
 * matcher is written out from it (src/proxy.test.ts fails when they differ).
 */
export const NOT_A_PAGE_PREFIXES = [
  "api/",
  "websites/",
  "mock/",
  "_next/",
  "photos/",
  "images/",
  "bench/",
  "widgets/",
  "favicon.ico",
  "icon.svg",
  "icons.svg",
] as const;
const NOT_A_PAGE = new RegExp(`^/(?:${NOT_A_PAGE_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})`);

/**
 * What next.config.ts's rewrite takes from SITE_KEY_HEADER as the `[site]` segment (Next matches it
 * as `^…$`, case-sensitive): letters, digits, `%`, `_`, `-` and dots, not a dot first, so that no
 * value leaves its segment. Next inserts it into the path as written.
 */
export const SITE_SEGMENT_PATTERN = "[A-Za-z0-9%_-][A-Za-z0-9%._-]*";

/**
 * A tenant key as the `[site]` segment, always matching SITE_SEGMENT_PATTERN: percent-encoded
 * (`!'()*~` too, which encodeURIComponent leaves), a first dot as `%2E`, an empty key as `%2E`
 * (no site has it: the layout's 404). A Host that matched no rewrite would reach Next's own paths
 * (`/sites/…`, `/admin/…`) as asked.
 */
export function siteSegment(key: string): string {
  const s = encodeURIComponent(key)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/^\./, "%2E");
  return s || "%2E";
}

/** Where a request goes: the back-office's routes, a tenant's (its key as the `[site]` segment, encoded), or neither (not a page). */
export type PageDestination = { to: "admin" } | { to: "site"; segment: string } | null;

/**
 * Where a request for `path` on `host` goes: on the back-office's host (`adminHost`) its routes;
 * elsewhere the tenant the host names (`resolveTenant`); null for a path that is not a page.
 */
export function pageDestination(host: string | null | undefined, path: string, adminHost: string, defaultSite: string): PageDestination {
  if (NOT_A_PAGE.test(path)) return null;
  if (hostName(host) === adminHost) return { to: "admin" };
  return { to: "site", segment: siteSegment(tenantKeyToParam(resolveTenant(host, defaultSite))) };
}

/**
 * Where a request for one of a site's other domains goes instead: the same path on the
 * site's own address; null when the host is the site's own domain, its www. name or a local name.
 */
export function primaryRedirect(
  site: { domainName: string; url: string; domains?: readonly string[] },
  host: string,
  pathAndQuery: string,
): string | null {
  const name = hostName(host);
  const bare = name.replace(/^www\./, "");
  if (bare === site.domainName.toLowerCase() || !(site.domains ?? []).some((d) => d.toLowerCase() === bare)) return null;
  const path = pathAndQuery.startsWith("/") && !pathAndQuery.startsWith("//") ? pathAndQuery : "/";
  return `${new URL(site.url).origin}${path}`;
}

/**
 * Where a site is opened from the back-office (the preview): on a local back-office
 * (admin.localhost:3000) the site's own {slug}.localhost on the same port; elsewhere the site's address.
 */
export function siteOriginFrom(adminHost: string | null | undefined, site: { slug: string; url: string }): string {
  const h = (adminHost ?? "").trim().toLowerCase();
  const local = /^[a-z0-9-]+\.localhost(:\d{1,5})?$/.exec(h);
  return local ? `http://${site.slug}.localhost${local[1] ?? ""}` : new URL(site.url).origin;
}
