import "server-only";
import { and, eq } from "drizzle-orm";
import type { PreparedLead } from "@/domain/leads/lead";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { enqueueDeliveries } from "./deliveries";

export type LeadFileRecord = { filename: string; contentType: string; size: number; path: string };

/** A prepared lead as the leads table's columns (its payload kept whole). */
export const leadColumns = (lead: PreparedLead) => ({
  category: lead.category,
  subcategory: lead.subcategory,
  name: lead.name,
  firstName: lead.first_name,
  lastName: lead.last_name,
  email: typeof lead.email === "string" ? lead.email : null,
  phone: typeof lead.phone === "string" ? lead.phone : null,
  postcode: typeof lead.postcode === "string" ? lead.postcode : null,
  dealershipSlug: lead.dealership_slug,
  locationId: lead.location_id,
  source: lead.source,
  payload: lead,
});

/** A lead and its attachments' records, in one transaction. */
export async function insertLead(
  db: Db,
  siteId: number,
  lead: PreparedLead,
  opts: {
    id: string;
    isMock: boolean;
    vehicleId: number | null;
    files?: LeadFileRecord[];
    customerId?: string | null;
    /** issue 16: the lead's delivery jobs are written in its own transaction (never for a mock lead) */
    deliverTo?: { location: string | null; site: string | null };
  },
): Promise<{ id: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.leads)
      .values({
        id: opts.id,
        siteId,
        isMock: opts.isMock,
        vehicleId: opts.vehicleId,
        customerId: opts.customerId ?? null,
        ...leadColumns(lead),
      })
      .returning({ id: t.leads.id, createdAt: t.leads.createdAt });
    if (opts.files?.length) await tx.insert(t.leadFiles).values(opts.files.map((f) => ({ ...f, leadId: opts.id, siteId })));
    if (opts.deliverTo && !opts.isMock) await enqueueDeliveries(tx, siteId, opts.id, opts.deliverTo);
    return row!;
  });
}

/** A lead of this site (and of the same real/mock kind) as stored; null when there is none. */
export async function getLeadPayload(db: Db, siteId: number, id: string, isMock: boolean): Promise<PreparedLead | null> {
  const [row] = await db
    .select({ payload: t.leads.payload })
    .from(t.leads)
    .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id), eq(t.leads.isMock, isMock)));
  return row ? (row.payload as PreparedLead) : null;
}

/**
 * Updates a lead of this site (and of the same real/mock kind); null when there is none. A lead
 * that has attachments keeps `has_files` (its files stay with it).
 */
export async function updateLead(db: Db, siteId: number, id: string, isMock: boolean, lead: PreparedLead): Promise<PreparedLead | null> {
  return db.transaction(async (tx) => {
    const where = and(eq(t.leads.siteId, siteId), eq(t.leads.id, id), eq(t.leads.isMock, isMock));
    const [old] = await tx.select({ payload: t.leads.payload }).from(t.leads).where(where).for("update");
    if (!old) return null;
    const merged: PreparedLead = { ...lead, has_files: old.payload.has_files === true || lead.has_files === true };
    await tx
      .update(t.leads)
      .set({ ...leadColumns(merged), updatedAt: new Date() })
      .where(where);
    return merged;
  });
}

/** A stored lead as delivery needs it: payload, when, its location and car (scoped to the site). */
export async function getLeadForDelivery(db: Db, siteId: number, id: string) {
  const [row] = await db
    .select({
      payload: t.leads.payload,
      createdAt: t.leads.createdAt,
      locationId: t.leads.locationId,
      vehicleId: t.leads.vehicleId,
      isMock: t.leads.isMock,
    })
    .from(t.leads)
    .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id)));
  return row ? { ...row, payload: row.payload as PreparedLead } : null;
}
