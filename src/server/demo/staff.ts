import "server-only";
import { hashPassword } from "better-auth/crypto";
import { isStaffRole, type StaffRole } from "@/domain/staff/roles";
import type { Db } from "@/server/db/client";
import { listSiteIds } from "@/server/repositories/sites";
import { createStaffAccounts, staffEmailsTaken } from "@/server/repositories/staff";
import staff from "./data/staff.json" with { type: "json" };

/** The demo's one staff password (docs/features/back-office.md); demo data only, never a real site's. */
export const DEMO_STAFF_PASSWORD = "demo-staff-2026";

/** The demo's staff accounts (data/staff.json): group@ is a dealer principal over three sites, the reports' group view. */
export const DEMO_STAFF: Array<{ email: string; name: string; roles: Array<{ siteId: number; role: StaffRole }> }> = staff.map((s) => ({
  ...s,
  roles: s.roles.map((r) => ({ ...r, role: staffRole(r.role) })),
}));

/** JSON widens the roles to strings: a misspelt one fails at start-up rather than making a user with no rights. */
function staffRole(role: string): StaffRole {
  if (!isStaffRole(role)) throw new Error(`data/staff.json: unknown role ${role}`);
  return role;
}

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
