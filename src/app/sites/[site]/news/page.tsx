import type { Metadata } from "next";
import { PostList } from "@/components/content/content-views";
import { blogListMetadata, loadBlogList } from "../_routes/blog";
import type { SearchParams, SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return blogListMetadata("/news", params, searchParams);
}

// GET /news — the site's posts, newest first, in its blogs layout and page size (?page=N)
export default async function NewsPage({ params, searchParams }: Props) {
  return <PostList {...await loadBlogList("/news", params, searchParams)} />;
}
