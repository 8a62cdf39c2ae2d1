import type { Metadata } from "next";
import { SettingsView } from "@/components/admin/views/settings";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";
import { loadSettings } from "@/app/admin/_routes/settings";

export const metadata: Metadata = { title: "Site settings" };

// GET /sites/{siteId}/settings — holiday hours, switches, finance terms, lead delivery, lead handling, widgets and tracking, and opening hours (managers and owners)
export default async function SettingsPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <SettingsView {...await loadSettings(params, searchParams)} />;
}
