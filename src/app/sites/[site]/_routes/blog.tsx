import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostArticle, PostList } from "@/components/content/content-views";
import { paginate, parsePageParam } from "@/domain/content/content";
import { requestNow } from "@/server/base/clock";
import { blogPosts } from "@/server/content/service";
import type { SiteContext } from "@/server/site/context";
import { contentMetadata, requireEntry } from "./content";
import { oneParam, requireSite, type SearchParams, type SiteParams, type SlugParams } from "./site";

/*
 * The blog, at /blog — or at /news on the brand that rewrites it (link rules): both route
 * files are made here from their base path, so the two can never drift. The other base redirects
 * (the route rules), and a site without a blog answers 404.
 */

type Base = "/blog" | "/news";
const listTitle = (base: Base) => (base === "/news" ? "News" : "Blog");

async function listPage(ctx: SiteContext, base: Base, searchParams: SearchParams) {
  const page = parsePageParam(oneParam((await searchParams).page));
  const paged = page === null ? null : paginate(await blogPosts(ctx, requestNow()), page, ctx.site.blogs.count);
  return paged ?? notFound();
}

export function blogListRoute(base: Base) {
  type Props = { params: SiteParams; searchParams: SearchParams };
  return {
    async generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
      const ctx = await requireSite(params, base);
      const paged = await listPage(ctx, base, searchParams);
      const title = paged.page > 1 ? `${listTitle(base)}, page ${paged.page}` : listTitle(base);
      const path = paged.page > 1 ? `${base}?page=${paged.page}` : base;
      return contentMetadata(ctx, { title, description: `News, advice and stories from ${ctx.site.name}.`, path });
    },
    async Page({ params, searchParams }: Props) {
      const ctx = await requireSite(params, base);
      const paged = await listPage(ctx, base, searchParams);
      return <PostList ctx={ctx} paged={paged} base={base} title={listTitle(base)} layout={ctx.site.blogs.layout} />;
    },
  };
}

export function blogPostRoute(base: Base) {
  type Props = { params: SlugParams };
  const load = async (params: SlugParams) => {
    const { slug } = await params;
    const ctx = await requireSite(params, `${base}/${slug}`);
    return { ctx, post: await requireEntry(ctx, "post", slug) };
  };
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { ctx, post } = await load(params);
      return contentMetadata(ctx, {
        title: post.title,
        description: post.summary,
        path: `${base}/${post.slug}`,
        image: post.image,
        article: post,
      });
    },
    async Page({ params }: Props) {
      const { ctx, post } = await load(params);
      return <PostArticle ctx={ctx} post={post} base={base} listTitle={listTitle(base)} />;
    },
  };
}
