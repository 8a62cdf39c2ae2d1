import type { Metadata } from "next";
import { AcceptInviteView } from "@/components/admin/views/accept-invite";
import { loadInvitation } from "@/app/admin/_routes/accept-invite";
import type { SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Accept invitation", referrer: "no-referrer" };

// GET /accept-invite?token=… — the link in an owner's invitation
export default async function AcceptInvitePage({ searchParams }: { searchParams: SearchParams }) {
  return <AcceptInviteView {...await loadInvitation(searchParams)} />;
}
