import "server-only";
import { cookies, headers } from "next/headers";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { INVITE_ACCEPT_FLASH_COOKIE, SIGN_IN_FLASH_SITE } from "@/server/admin/api/session";
import { notFound } from "next/navigation";
import { isAdminHost } from "@/server/http/admin-host";
import { invitationTokenHash } from "@/server/admin/staff-auth";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { findInvitation, findStaffByEmail } from "@/server/repositories/staff";
import { oneParam, type SearchParams } from "./params";

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The invitation an owner's link carries (null: unknown, used or expired), whether its address already
 * has an account, and a refused plain post of its form (the name typed and the messages).
 */
export async function loadInvitation(searchParams: SearchParams) {
  if (!isAdminHost((await headers()).get("host"))) notFound();
  const sp = await searchParams;
  const raw = oneParam(sp, "token");
  const token = raw !== undefined && TOKEN.test(raw) ? raw : null;
  const inv = token ? await findInvitation(await getDb(), invitationTokenHash(token), new Date(serverNow())) : null;
  if (!token || !inv) return { invitation: null };
  const existing = Boolean(await findStaffByEmail(await getDb(), inv.email));
  const attempt = oneParam(sp, "attempt");
  const known = (k: string) => ["name", "password", "form"].includes(k);
  const f = attempt ? decodeFormFlash((await cookies()).get(INVITE_ACCEPT_FLASH_COOKIE)?.value, SIGN_IN_FLASH_SITE, attempt, known) : null;
  return {
    invitation: { token, email: inv.email, siteName: inv.siteName, existing },
    refused: f && { errors: f.errors, values: f.values },
  };
}
