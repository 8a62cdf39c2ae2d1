import "server-only";
import { cookies } from "next/headers";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { INVITE_FLASH_COOKIE } from "@/server/admin/api/staff";
import { requireStaffSite } from "@/server/admin/pages";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { listOpenInvitations, listSiteStaff } from "@/server/repositories/staff";
import { oneParam, type SearchParams, type SiteParams } from "./params";

/** A refused invite form (posted without JavaScript), read back from its cookie for this attempt. */
async function inviteFlashOf(siteId: number, attempt: string | undefined) {
  if (!attempt || attempt === "sent") return null;
  const known = (k: string) => ["email", "role", "form"].includes(k);
  const f = decodeFormFlash((await cookies()).get(INVITE_FLASH_COOKIE)?.value, siteId, attempt, known);
  return f && { errors: f.errors, values: f.values };
}

/** Who works on a site and its open invitations (owners), and how the invite form's last post went. */
export async function loadTeam(params: SiteParams, searchParams?: SearchParams) {
  const { staff, site } = await requireStaffSite((await params).siteId, "sites/[siteId]/team");
  const sp = (await searchParams) ?? {};
  const db = await getDb();
  const [members, invitations, refused] = await Promise.all([
    listSiteStaff(db, site.id),
    listOpenInvitations(db, site.id, new Date(serverNow())),
    inviteFlashOf(site.id, oneParam(sp, "invite")),
  ]);
  return {
    site: { id: site.id, name: site.name, timezone: site.timezone },
    me: staff.id,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt })),
    invite: { sent: oneParam(sp, "invite") === "sent", refused },
  };
}
