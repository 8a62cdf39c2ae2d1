import type { Metadata } from "next";
import { LeadView } from "@/components/admin/views/lead";
import { loadLead } from "@/app/admin/_routes/lead";
import type { IdParams, SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Lead" };

// GET /leads/{id} — the car, one-tap replies, logged calls, everything the shopper sent, where they came from, their other enquiries, its delivery and history
export default async function LeadPage({ params, searchParams }: { params: IdParams; searchParams: SearchParams }) {
  return <LeadView {...await loadLead(params, searchParams)} />;
}
