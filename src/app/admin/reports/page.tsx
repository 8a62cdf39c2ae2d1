import type { Metadata } from "next";
import { GroupReportsView } from "@/components/admin/views/group-reports";
import { loadGroupReports } from "@/app/admin/_routes/group-reports";
import type { SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Reports: your sites" };

// GET /reports?preset=|from=&to=&by= — the group view: every site where the staff member reads reports, side by side over one period (403 for sales only, 404 for an operator)
export default async function GroupReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const reports = await loadGroupReports(searchParams);
  return reports && <GroupReportsView {...reports} />;
}
