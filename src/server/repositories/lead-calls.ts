import "server-only";
import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { reachedShopper, type LeadCall } from "@/domain/leads/follow-up";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { writeAudit, type Actor } from "./audit";

/*
 * What the salesperson's lead page adds (docs/features/back-office.md): the calls they logged, the
 * shopper's other enquiries on the same site, and the site's cars the shopper looked at. Every
 * query is one site's (the caller checked the lead is the staff member's).
 */

/**
 * Logs a call on the site's lead, with a line in the audit log. A call that reached the shopper
 * moves a new lead to contacted (its response timer stops), with that move in the lead's history.
 * Null when the lead is not the site's.
 */
export async function logLeadCall(db: Db, siteId: number, leadId: string, call: LeadCall, by: Actor): Promise<{ id: number } | null> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ status: t.leads.status })
      .from(t.leads)
      .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, leadId)))
      .for("update");
    if (!lead) return null;
    const [row] = await tx
      .insert(t.leadCalls)
      .values({ siteId, leadId, staffId: by.id, staffName: by.name, outcome: call.outcome, note: call.note, followUpOn: call.follow_up_on })
      .returning({ id: t.leadCalls.id });
    if (lead.status === "new" && reachedShopper(call.outcome)) {
      await tx
        .update(t.leads)
        .set({ status: "contacted", firstContactAt: sql`coalesce(${t.leads.firstContactAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, leadId)));
      await tx.insert(t.leadNotes).values({ siteId, leadId, staffId: by.id, staffName: by.name, statusFrom: "new", statusTo: "contacted" });
    }
    // the note is the salesperson's words about the shopper: the audit keeps what happened, not it
    await writeAudit(tx, {
      siteId,
      by,
      action: "lead.call",
      entity: `lead:${leadId}`,
      before: null,
      after: { outcome: call.outcome, follow_up_on: call.follow_up_on },
    });
    return { id: row!.id };
  });
}

/** The lead's logged calls, newest first. */
export async function listLeadCalls(db: Db, siteId: number, leadId: string) {
  return db
    .select({
      id: t.leadCalls.id,
      staffName: t.leadCalls.staffName,
      outcome: t.leadCalls.outcome,
      note: t.leadCalls.note,
      followUpOn: t.leadCalls.followUpOn,
      createdAt: t.leadCalls.createdAt,
    })
    .from(t.leadCalls)
    .where(and(eq(t.leadCalls.siteId, siteId), eq(t.leadCalls.leadId, leadId)))
    .orderBy(desc(t.leadCalls.createdAt), desc(t.leadCalls.id));
}

/** The shopper's other enquiries on this site (same email or same phone), newest first, with their car. */
export async function listOtherEnquiries(
  db: Db,
  siteId: number,
  lead: { id: string; email: string | null; phone: string | null },
  limit = 20,
) {
  const email = lead.email?.trim().toLowerCase();
  const phone = lead.phone?.replace(/\D/g, "");
  const same = [
    ...(email ? [sql`lower(${t.leads.email}) = ${email}`] : []),
    // the digits alone: "0412 345 678" and "0412345678" are the same phone
    ...(phone && phone.length >= 6 ? [sql`regexp_replace(${t.leads.phone}, '\\D', '', 'g') = ${phone}`] : []),
  ];
  if (!same.length) return [];
  return db
    .select({
      id: t.leads.id,
      category: t.leads.category,
      createdAt: t.leads.createdAt,
      status: t.leads.status,
      vehicleId: t.leads.vehicleId,
    })
    .from(t.leads)
    .where(and(eq(t.leads.siteId, siteId), eq(t.leads.isMock, false), ne(t.leads.id, lead.id), or(...same)))
    .orderBy(desc(t.leads.createdAt), desc(t.leads.id))
    .limit(limit);
}

/** The site's cars by id or slug, as the lead page's cards show them (sold and hidden ones too: staff see what the shopper saw). */
export async function leadPageVehicles(db: Db, siteId: number, ids: readonly number[], slugs: readonly string[]) {
  if (!ids.length && !slugs.length) return [];
  return db
    .select({
      id: t.vehicles.id,
      slug: t.vehicles.slug,
      year: t.vehicles.year,
      make: t.vehicles.make,
      model: t.vehicles.model,
      badge: t.vehicles.badge,
      status: t.vehicles.status,
      price: t.vehicles.price,
      stockNumber: t.vehicles.stockNumber,
      photo: sql<string | null>`coalesce(${t.vehicles.primaryImageUrl}, ${t.vehicles.thumbnails}[1])`,
    })
    .from(t.vehicles)
    .where(
      and(
        eq(t.vehicles.siteId, siteId),
        or(...(ids.length ? [inArray(t.vehicles.id, [...ids])] : []), ...(slugs.length ? [inArray(t.vehicles.slug, [...slugs])] : [])),
      ),
    );
}
