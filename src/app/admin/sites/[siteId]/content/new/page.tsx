import type { Metadata } from "next";
import { NewContentView } from "@/components/admin/views/new-content";
import { loadNewContent } from "@/app/admin/_routes/content";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "New content" };

// GET /sites/{siteId}/content/new?kind=page|post|offer
export default async function NewContent({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <NewContentView {...await loadNewContent(params, searchParams)} />;
}
