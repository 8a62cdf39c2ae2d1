import type { Metadata } from "next";
import { ConsoleSiteView } from "@/components/admin/views/console-site";
import { loadConsoleSite } from "@/app/admin/_routes/console-site";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Site" };

// GET /platform/sites/{siteId} — operators: a site's record, logo, locations and hours, widgets and tracking, lead delivery, holiday hours, switches with their sources, the checklist and publishing
export default async function ConsoleSitePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <ConsoleSiteView {...await loadConsoleSite(params, searchParams)} />;
}
