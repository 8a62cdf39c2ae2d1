import "server-only";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { isStaffRole, type StaffRole } from "@/domain/staff/roles";
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
