import type { Metadata } from "next";
import { PostArticle } from "@/components/content/content-views";
import { blogPostMetadata, loadBlogPost } from "../../_routes/blog";
import type { SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return blogPostMetadata("/news", params);
}

// GET /news/{slug} — one post: date, author, picture and text (404 for an unknown or scheduled post)
export default async function NewsPostPage({ params }: Props) {
  return <PostArticle {...await loadBlogPost("/news", params)} />;
}
