import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AcceptInviteForm } from "@/components/admin/auth-forms";
import { STAFF_MSG } from "@/domain/staff/roles";
import { isAdminHost } from "@/server/http/admin-host";
import { invitationTokenHash } from "@/server/admin/staff-auth";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { findInvitation, findStaffByEmail } from "@/server/repositories/staff";

export const metadata: Metadata = { title: "Accept invitation", referrer: "no-referrer" };

// GET /accept-invite?token=… — the link in an owner's invitation
export default async function AcceptInvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!isAdminHost((await headers()).get("host"))) notFound();
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(raw) ? raw : null;
  const inv = token ? await findInvitation(await getDb(), invitationTokenHash(token), new Date(serverNow())) : null;
  return (
    <div className="mx-auto max-w-md rounded-lg border border-neutral-200 bg-white p-6">
      <h1 className="mb-3 text-2xl font-extrabold">{inv ? `Join ${inv.siteName}` : "Invitation"}</h1>
      {inv ? (
        <AcceptInviteForm token={token!} email={inv.email} existing={Boolean(await findStaffByEmail(await getDb(), inv.email))} />
      ) : (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800">
          {STAFF_MSG.inviteBad}
        </p>
      )}
    </div>
  );
}
