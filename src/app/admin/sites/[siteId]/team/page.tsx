import type { Metadata } from "next";
import { TeamView } from "@/components/admin/views/team";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";
import { loadTeam } from "@/app/admin/_routes/team";

export const metadata: Metadata = { title: "Team" };

// GET /sites/{siteId}/team — who works on the site, open invitations, and a new invitation (owners)
export default async function TeamPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <TeamView {...await loadTeam(params, searchParams)} />;
}
