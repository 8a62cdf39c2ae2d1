import { telHref } from "@/domain/site/links";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { buttonVariants } from "@/components/ui/button";
import { BUILT_AREAS, resolveSiteRoute } from "@/domain/site/routes";
import { safeDecode } from "@/domain/http/request";
import { requireSite } from "../_routes/site";
import { StoredPageRoute, storedPageMetadata } from "../_routes/stored-page";
import { PageSection } from "@/components/ui/page";

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

// the one area whose issue has not landed, and so the only placeholder left: customer accounts (issue 13)
const ACCOUNTS_TEXT = "Customer accounts are being built.";

/**
 * Spec routes that are not built yet show a clear "coming soon" (never a broken link);
 * site-specific redirects (e.g. /finance-pre-approval → /finance) and 404s come from the route rules.
 */
export default async function SitePathPage(props: Props) {
  const { ctx, decision, segments } = await decide(props);
  if (decision.kind === "redirect") permanentRedirect(decision.to);
  if (decision.kind === "not-found") notFound();
  // stored content pages have no page file of their own: their slugs are the site's data
  const slug = decision.area === "content" ? storedSlug(segments) : undefined;
  if (slug !== undefined) return <StoredPageRoute ctx={ctx} slug={slug} />;
  // a landed area's routes have their own page files (route-files.test.ts): none of them is ever a placeholder
  if (BUILT_AREAS.includes(decision.area)) notFound();
  const { site } = ctx;
  return (
    <PageSection width="narrow" className="py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600">Coming soon</p>
      <h1 className="mt-2 text-3xl font-bold">{decision.title}</h1>
      <p className="mt-3 text-neutral-700">
        {ACCOUNTS_TEXT} In the meantime, our team is happy to help
        {site.phone ? (
          <>
            {" "}
            on{" "}
            <a className="font-semibold underline" href={telHref(site.phone, site.country)}>
              {site.phone}
            </a>
          </>
        ) : null}
        {site.email ? (
          <>
            {" "}
            or at{" "}
            <a className="font-semibold underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </>
        ) : null}
        .
      </p>
      <div className="mt-6">
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Back to the home page
        </Link>
      </div>
    </PageSection>
  );
}
