import type { Metadata } from "next";
import { ContentView } from "@/components/admin/views/content";
import { loadContent } from "@/app/admin/_routes/content";
import type { SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Edit content" };

// GET /sites/{siteId}/content/{id}[?created=1] — one page, post or offer (just created: says so)
export default async function EditContent({
  params,
  searchParams,
}: {
  params: Promise<{ siteId: string; id: string }>;
  searchParams: SearchParams;
}) {
  return <ContentView {...await loadContent(params, searchParams)} />;
}
