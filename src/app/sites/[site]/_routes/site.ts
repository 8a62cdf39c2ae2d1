import "server-only";
import { notFound, permanentRedirect } from "next/navigation";
import { safeDecode } from "@/domain/http/request";
import { resolveSiteRoute } from "@/domain/site/routes";
import { cookies, headers } from "next/headers";
import { primaryRedirect, SITE_PATH_HEADER, tenantKeyFromParam } from "@/domain/site/tenant";
import { PREVIEW_COOKIE } from "@/domain/accounts/session";
import { serverNow } from "@/server/base/clock";
import { previewValid } from "@/server/auth/preview";
import { getSiteContext, type SiteContext } from "@/server/site/context";
import type { Location } from "@/domain/site/types";

/*
 * What every tenant route file starts with (like dub's `withWorkspace`): the site behind the
 * `[site]` segment, or a 404. The loaders here start with it; a page file calls its loader and hands
 * the plain props it returns to a view (README.md here).
 */
export type SiteParams = Promise<{ site: string }>;
export type SlugParams = Promise<{ site: string; slug: string }>;
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The site of a page; 404 for an unknown tenant. With `path`, the site's route rules
 * (`resolveSiteRoute`, the one table of routes) apply too: a redirect (e.g.
 * /finance-pre-approval → /finance) or a 404 where the site switches the page off.
 */
export async function requireSite(params: SiteParams, path?: string): Promise<SiteContext> {
  const param = (await params).site;
  const ctx = await getSiteContext(param);
  if (!ctx) notFound();
  await toPrimaryDomain(ctx, param);
  if (path !== undefined) {
    const decision = resolveSiteRoute(path, ctx.routes);
    if (decision.kind === "redirect") permanentRedirect(decision.to);
    if (decision.kind === "not-found") notFound();
  }
  return ctx;
}

/** A request on one of the site's other domains is sent to the same path on its own address (308). */
async function toPrimaryDomain(ctx: SiteContext, param: string): Promise<void> {
  const key = tenantKeyFromParam(param);
  if (key.by !== "domain" || !ctx.site.domains.length) return;
  const to = primaryRedirect(ctx.site, key.domain, (await headers()).get(SITE_PATH_HEADER) ?? "/");
  if (to) permanentRedirect(to);
}

/**
 * What this request may see of the site: all of it when published; of a draft, all of it
 * with a preview bar for a request carrying the site's preview cookie, else the "coming soon" page.
 */
export async function siteAccess(ctx: SiteContext): Promise<"published" | "preview" | "coming-soon"> {
  if (ctx.site.published) return "published";
  const token = (await cookies()).get(PREVIEW_COOKIE)?.value;
  return (await previewValid(token, ctx.site.id, serverNow())) ? "preview" : "coming-soon";
}

/** The site and one of its locations by the `[slug]` segment; 404 when either is unknown. */
export async function requireLocation(params: SlugParams): Promise<{ ctx: SiteContext; location: Location }> {
  const { slug } = await params;
  const ctx = await requireSite(params);
  const wanted = safeDecode(slug); // a double-encoded %xx that decodes to nothing valid is no location
  const location = wanted === null ? undefined : ctx.locations.find((l) => l.slug === wanted);
  if (!location) notFound();
  return { ctx, location };
}

/** One value of a query parameter (a repeated parameter is ignored). */
export const oneParam = (v: string | string[] | undefined): string | undefined => (typeof v === "string" ? v : undefined);
