import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { isStaffRole, type SiteRole, type StaffRole } from "@/domain/staff/roles";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * Staff, roles and invitations for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: a role or invitation of another site
 * is simply not found.
 */

export async function listSiteStaff(db: Db, siteId: number) {
  const rows = await db
    .select({ id: t.staffUsers.id, name: t.staffUsers.name, email: t.staffUsers.email, role: t.staffRoles.role })
    .from(t.staffRoles)
    .innerJoin(t.staffUsers, eq(t.staffUsers.id, t.staffRoles.userId))
    .where(eq(t.staffRoles.siteId, siteId))
    .orderBy(asc(t.staffUsers.name));
  return rows.flatMap((r) => (isStaffRole(r.role) ? [{ ...r, role: r.role }] : []));
}

export async function listOpenInvitations(db: Db, siteId: number, now: Date) {
  return db
    .select({
      id: t.staffInvitations.id,
      email: t.staffInvitations.email,
      role: t.staffInvitations.role,
      expiresAt: t.staffInvitations.expiresAt,
    })
    .from(t.staffInvitations)
    .where(
      and(eq(t.staffInvitations.siteId, siteId), sql`${t.staffInvitations.acceptedAt} is null`, gte(t.staffInvitations.expiresAt, now)),
    )
    .orderBy(desc(t.staffInvitations.createdAt));
}

export async function findStaffByEmail(db: Db, email: string) {
  const [u] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, email));
  return u ?? null;
}

/** Gives a staff member a role on a site (or changes it), audited. */
export async function grantRole(db: Db, siteId: number, userId: string, role: StaffRole, by: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: t.staffRoles.role })
      .from(t.staffRoles)
      .where(and(eq(t.staffRoles.siteId, siteId), eq(t.staffRoles.userId, userId)));
    await tx
      .insert(t.staffRoles)
      .values({ userId, siteId, role })
      .onConflictDoUpdate({ target: [t.staffRoles.userId, t.staffRoles.siteId], set: { role } });
    await writeAudit(tx, { siteId, by, action: "staff.role", entity: `staff:${userId}`, before: before ?? null, after: { role } });
  });
}

export async function createInvitation(
  db: Db,
  inv: { siteId: number; email: string; role: StaffRole; tokenHash: string; expiresAt: Date },
  by: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(t.staffInvitations).values({ ...inv, invitedBy: by.id });
    await writeAudit(tx, {
      siteId: inv.siteId,
      by,
      action: "staff.invite",
      entity: `invitation:${inv.email}`,
      before: null,
      after: { email: inv.email, role: inv.role },
    });
  });
}

export async function findInvitation(db: Db, tokenHash: string, now: Date) {
  const [inv] = await db
    .select({
      id: t.staffInvitations.id,
      siteId: t.staffInvitations.siteId,
      siteName: t.sites.name,
      email: t.staffInvitations.email,
      role: t.staffInvitations.role,
    })
    .from(t.staffInvitations)
    .innerJoin(t.sites, eq(t.sites.id, t.staffInvitations.siteId))
    .where(
      and(
        eq(t.staffInvitations.tokenHash, tokenHash),
        sql`${t.staffInvitations.acceptedAt} is null`,
        gte(t.staffInvitations.expiresAt, now),
      ),
    );
  return inv && isStaffRole(inv.role) ? { ...inv, role: inv.role } : null;
}

/** Marks the invitation used (once: false when it was used meanwhile) and grants its role. */
export async function acceptInvitation(db: Db, invitationId: number, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .update(t.staffInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(t.staffInvitations.id, invitationId), sql`${t.staffInvitations.acceptedAt} is null`))
      .returning();
    if (!inv) return false;
    await tx
      .insert(t.staffRoles)
      .values({ userId, siteId: inv.siteId, role: inv.role })
      .onConflictDoUpdate({ target: [t.staffRoles.userId, t.staffRoles.siteId], set: { role: inv.role } });
    return true;
  });
}

export async function removeRole(db: Db, siteId: number, userId: string, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(t.staffRoles)
      .where(and(eq(t.staffRoles.siteId, siteId), eq(t.staffRoles.userId, userId)))
      .returning({ role: t.staffRoles.role });
    if (!gone.length) return false;
    await writeAudit(tx, { siteId, by, action: "staff.remove", entity: `staff:${userId}`, before: { role: gone[0]!.role }, after: null });
    return true;
  });
}

/** `staff_users.platform_role` of a platform operator (set by `npm run operator:create` only). */
export const PLATFORM_ROLE = "platform";

/** Is this staff member a platform operator? */
export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: t.staffUsers.platformRole }).from(t.staffUsers).where(eq(t.staffUsers.id, userId));
  return row?.role === PLATFORM_ROLE;
}

/** The staff member's roles in site order (a stored role the app does not know is left out). */
export async function listStaffRoles(db: Db, userId: string): Promise<SiteRole[]> {
  const rows = await db
    .select({ siteId: t.staffRoles.siteId, role: t.staffRoles.role })
    .from(t.staffRoles)
    .where(eq(t.staffRoles.userId, userId));
  return rows.flatMap((r) => (isStaffRole(r.role) ? [{ siteId: r.siteId, role: r.role }] : [])).sort((a, b) => a.siteId - b.siteId);
}

/** The staff member's weekly report email on or off (their own setting: no site holds it). */
export async function setWeeklyReport(db: Db, staffId: string, on: boolean): Promise<void> {
  await db.update(t.staffUsers).set({ weeklyReport: on }).where(eq(t.staffUsers.id, staffId));
}

/** Whether the staff member gets the weekly email (false for an unknown one). */
export async function getWeeklyReport(db: Db, staffId: string): Promise<boolean> {
  const [row] = await db.select({ on: t.staffUsers.weeklyReport }).from(t.staffUsers).where(eq(t.staffUsers.id, staffId));
  return row?.on ?? false;
}

/** Which of these emails already have a back-office account. */
export async function staffEmailsTaken(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: t.staffUsers.email })
    .from(t.staffUsers)
    .where(inArray(t.staffUsers.email, [...emails]));
  return new Set(rows.map((r) => r.email));
}

export type NewStaffAccount = {
  name: string;
  email: string;
  /** the auth library's hash of the password (the credential account keeps it) */
  passwordHash: string;
  operator?: boolean;
  roles?: readonly SiteRole[];
};

/** New back-office accounts with their password and roles, all in one transaction; their ids in order. */
export async function createStaffAccounts(db: Db, accounts: readonly NewStaffAccount[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const a of accounts) {
      const id = randomBytes(16).toString("base64url");
      await tx
        .insert(t.staffUsers)
        .values({ id, name: a.name, email: a.email, emailVerified: true, ...(a.operator ? { platformRole: PLATFORM_ROLE } : {}) });
      await tx.insert(t.staffAccounts).values({
        id: randomBytes(16).toString("base64url"),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: a.passwordHash,
      });
      if (a.roles?.length) await tx.insert(t.staffRoles).values(a.roles.map((r) => ({ userId: id, siteId: r.siteId, role: r.role })));
      ids.push(id);
    }
    return ids;
  });
}

/** An existing account made a platform operator; its password replaced only when a hash is given. */
export async function promoteToOperator(db: Db, userId: string, passwordHash: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(t.staffUsers).set({ platformRole: PLATFORM_ROLE }).where(eq(t.staffUsers.id, userId));
    if (passwordHash) await tx.update(t.staffAccounts).set({ password: passwordHash }).where(eq(t.staffAccounts.userId, userId));
  });
}
