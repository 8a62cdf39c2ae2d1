import type { Metadata } from "next";
import { StoredPage } from "@/components/content/content-views";
import { notFound, permanentRedirect } from "next/navigation";
import { resolveSiteRoute } from "@/domain/site/routes";
import { safeDecode } from "@/domain/http/request";
import { requireSite } from "../_routes/site";
import { loadStoredPage, storedPageMetadata } from "../_routes/stored-page";

type Props = { params: Promise<{ site: string; path: string[] }> };

const decide = async ({ params }: Props) => {
  const { path } = await params;
  const ctx = await requireSite(params);
  const segments = path.map(safeDecode);
  if (segments.some((s) => s === null)) notFound();
  return { ctx, segments: segments as string[], decision: resolveSiteRoute(`/${segments.join("/")}`, ctx.routes) };
};

/** A stored content page the route rules accepted at /{slug} or /pages/{slug} (the only paths of two or fewer segments they send here). */
const storedSlug = (path: string[]) => (path.length === 1 ? path[0] : path[0] === "pages" ? path[1] : undefined);

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { ctx, decision, segments } = await decide(props);
  if (decision.kind !== "page") return {};
  if (decision.area === "content") return storedPageMetadata(ctx, storedSlug(segments)!);
  return { title: decision.title };
}

/**
 * Paths without a page file of their own: stored content pages (/{slug}, /pages/{slug}), and the
 * route rules' site-specific redirects (e.g. /finance-pre-approval → /finance) and 404s. Every
 * area of the route table has landed, so nothing here is a placeholder any more.
 */
export default async function SitePathPage(props: Props) {
  const { ctx, decision, segments } = await decide(props);
  if (decision.kind === "redirect") permanentRedirect(decision.to);
  if (decision.kind === "not-found") notFound();
  // stored content pages have no page file of their own: their slugs are the site's data
  const slug = decision.area === "content" ? storedSlug(segments) : undefined;
  if (slug !== undefined) return <StoredPage {...await loadStoredPage(ctx, slug)} />;
  // every other route has its own page file (route-files.test.ts): reaching here means no such page
  notFound();
}
