import type { Metadata } from "next";
import { LeadsView } from "@/components/admin/views/leads";
import { loadLeads } from "@/app/admin/_routes/leads";
import type { SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Leads" };

// GET /leads?site=&location=&form=&status=&from=&to=&before= — the inbox, newest first, 50 a page
export default async function LeadsInbox({ searchParams }: { searchParams: SearchParams }) {
  return <LeadsView {...await loadLeads(searchParams)} />;
}
