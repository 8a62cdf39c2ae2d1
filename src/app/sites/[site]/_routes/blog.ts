import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { paginate, parsePageParam } from "@/domain/content/content";
import { requestNow } from "@/server/base/clock";
import { blogPosts } from "@/server/content/service";
import type { SiteContext } from "@/server/site/context";
import { contentMetadata, requireEntry } from "./content";
import { oneParam, requireSite, type SearchParams, type SiteParams, type SlugParams } from "./site";

/*
 * The blog, at /blog — or at /news on the brand that rewrites it (link rules): both route
 * files call these loaders with their base path, so the two can never drift. The other base redirects
 * (the route rules), and a site without a blog answers 404.
 */

export type BlogBase = "/blog" | "/news";
const listTitle = (base: BlogBase) => (base === "/news" ? "News" : "Blog");

async function listPage(ctx: SiteContext, searchParams: SearchParams) {
  const page = parsePageParam(oneParam((await searchParams).page));
  const paged = page === null ? null : paginate(await blogPosts(ctx, requestNow()), page, ctx.site.blogs.count);
  return paged ?? notFound();
}

export async function blogListMetadata(base: BlogBase, params: SiteParams, searchParams: SearchParams): Promise<Metadata> {
  const ctx = await requireSite(params, base);
  const paged = await listPage(ctx, searchParams);
  const title = paged.page > 1 ? `${listTitle(base)}, page ${paged.page}` : listTitle(base);
  const path = paged.page > 1 ? `${base}?page=${paged.page}` : base;
  return contentMetadata(ctx, { title, description: `News, advice and stories from ${ctx.site.name}.`, path });
}

/** GET {base}?page=N: a page of the posts, newest first, in the site's blogs layout and page size; a page past the last is a 404. */
export async function loadBlogList(base: BlogBase, params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, base);
  const paged = await listPage(ctx, searchParams);
  return { ctx, paged, base, title: listTitle(base), layout: ctx.site.blogs.layout };
}

async function postOf(base: BlogBase, params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `${base}/${slug}`);
  return { ctx, post: await requireEntry(ctx, "post", slug) };
}

export async function blogPostMetadata(base: BlogBase, params: SlugParams): Promise<Metadata> {
  const { ctx, post } = await postOf(base, params);
  return contentMetadata(ctx, {
    title: post.title,
    description: post.summary,
    path: `${base}/${post.slug}`,
    image: post.image,
    article: post,
  });
}

/** GET {base}/{slug}: one post (404 for an unknown or scheduled post). */
export async function loadBlogPost(base: BlogBase, params: SlugParams) {
  const { ctx, post } = await postOf(base, params);
  return { ctx, post, base, listTitle: listTitle(base) };
}
