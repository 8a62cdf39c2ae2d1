import type { Metadata } from "next";
import { LeadView } from "@/components/admin/views/lead";
import { loadLead } from "@/app/admin/_routes/lead";
import type { IdParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Lead" };

// GET /leads/{id} — everything the shopper sent, where they came from, its files, its delivery and its history
export default async function LeadPage({ params }: { params: IdParams }) {
  return <LeadView {...await loadLead(params)} />;
}
