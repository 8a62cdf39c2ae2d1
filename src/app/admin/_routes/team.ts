import "server-only";
import { requireStaffSite } from "@/server/admin/pages";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { listOpenInvitations, listSiteStaff } from "@/server/repositories/staff";
import type { SiteParams } from "./params";

/** Who works on a site and its open invitations (owners). */
export async function loadTeam(params: SiteParams) {
  const { staff, site } = await requireStaffSite((await params).siteId, "sites/[siteId]/team");
  const db = await getDb();
  const [members, invitations] = await Promise.all([listSiteStaff(db, site.id), listOpenInvitations(db, site.id, new Date(serverNow()))]);
  return {
    site: { id: site.id, name: site.name, timezone: site.timezone },
    me: staff.id,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt })),
  };
}
