import type { Metadata } from "next";
import { ContentListView } from "@/components/admin/views/content-list";
import { loadContentList } from "@/app/admin/_routes/content";
import type { SiteParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Content" };

// GET /sites/{siteId}/content — the site's pages, blog posts and offers (managers and owners)
export default async function ContentList({ params }: { params: SiteParams }) {
  return <ContentListView {...await loadContentList(params)} />;
}
