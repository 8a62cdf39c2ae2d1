import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { pageHref } from "@/domain/content/content";
import { requestNow } from "@/server/base/clock";
import { contentEntry, privacyPolicyPage } from "@/server/content/service";
import type { SiteContext } from "@/server/site/context";
import { contentMetadata } from "./content";

/*
 * A stored page (About Us, the legal pages, /pages/{slug}) from the slug the route rules accepted.
 * It answers at /{slug} and /pages/{slug}; the canonical URL is the one the site links to (docs/features/content-and-seo.md).
 */

async function load(ctx: SiteContext, slug: string) {
  if (slug === "privacy-policy") return privacyPolicyPage(ctx, requestNow());
  const page = await contentEntry(ctx, "page", slug, requestNow());
  return page ?? notFound();
}

export async function storedPageMetadata(ctx: SiteContext, slug: string): Promise<Metadata> {
  const page = await load(ctx, slug);
  return contentMetadata(ctx, { title: page.title, description: page.summary, path: pageHref(slug, ctx.features), image: page.image });
}

/** GET of a stored page: the page, and the address the site links to it at. */
export async function loadStoredPage(ctx: SiteContext, slug: string) {
  return { ctx, page: await load(ctx, slug), path: pageHref(slug, ctx.features) };
}
