import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { isAdminHost } from "@/server/http/admin-host";
import { invitationTokenHash } from "@/server/admin/staff-auth";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { findInvitation, findStaffByEmail } from "@/server/repositories/staff";
import { oneParam, type SearchParams } from "./params";

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The invitation an owner's link carries (null: unknown, used or expired), and whether its address already has an account. */
export async function loadInvitation(searchParams: SearchParams) {
  if (!isAdminHost((await headers()).get("host"))) notFound();
  const raw = oneParam(await searchParams, "token");
  const token = raw !== undefined && TOKEN.test(raw) ? raw : null;
  const inv = token ? await findInvitation(await getDb(), invitationTokenHash(token), new Date(serverNow())) : null;
  if (!token || !inv) return { invitation: null };
  const existing = Boolean(await findStaffByEmail(await getDb(), inv.email));
  return { invitation: { token, email: inv.email, siteName: inv.siteName, existing } };
}
