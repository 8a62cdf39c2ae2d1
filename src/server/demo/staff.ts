import "server-only";
import { hashPassword } from "better-auth/crypto";
import type { StaffRole } from "@/domain/staff/roles";
import type { Db } from "@/server/db/client";
import { listSiteIds } from "@/server/repositories/sites";
import { createStaffAccounts, staffEmailsTaken } from "@/server/repositories/staff";

/** The demo's one staff password (docs/features/back-office.md); demo data only, never a real site's. */
export const DEMO_STAFF_PASSWORD = "demo-staff-2026";

export const DEMO_STAFF: Array<{ email: string; name: string; roles: Array<{ siteId: number; role: StaffRole }> }> = [
  { email: "owner@parksidemotorgroup.com.au", name: "Olivia Owner", roles: [{ siteId: 1001, role: "owner" }] },
  { email: "manager@parksidemotorgroup.com.au", name: "Max Manager", roles: [{ siteId: 1001, role: "manager" }] },
  { email: "sales@parksidemotorgroup.com.au", name: "Sam Sales", roles: [{ siteId: 1001, role: "sales" }] },
  { email: "owner@ridgelinemotorcycles.com.au", name: "Riley Ridgeline", roles: [{ siteId: 1002, role: "owner" }] },
  // a dealer principal over three sites: the reports' group view
  {
    email: "group@parksidemotorgroup.com.au",
    name: "Grace Group",
    roles: [
      { siteId: 1001, role: "owner" },
      { siteId: 1002, role: "manager" },
      { siteId: 1003, role: "owner" },
    ],
  },
];

/**
 * The demo's staff accounts, made once (an existing account, its password and roles are left as
 * they are: a demo user may have changed them). The password hash is the library's own (scrypt).
 */
export async function seedDemoStaff(db: Db): Promise<number> {
  const sites = new Set(await listSiteIds(db));
  const wanted = DEMO_STAFF.filter((s) => s.roles.every((r) => sites.has(r.siteId)));
  if (!wanted.length) return 0;
  const have = await staffEmailsTaken(
    db,
    wanted.map((s) => s.email),
  );
  const missing = wanted.filter((s) => !have.has(s.email));
  if (!missing.length) return 0;
  const hash = await hashPassword(DEMO_STAFF_PASSWORD);
  await createStaffAccounts(
    db,
    missing.map((s) => ({ name: s.name, email: s.email, passwordHash: hash, roles: s.roles })),
  );
  return missing.length;
}
