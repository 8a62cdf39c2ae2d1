import "server-only";
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { leadChanges, type FieldChange } from "@/domain/leads/answers";
import type { PreparedLead } from "@/domain/leads/lead";
import type { Location, SiteRecord } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import {
  deliveryInsertSql,
  deliveryRows,
  enqueueDeliveries,
  isSettingsChanged,
  knownDeliverySettings,
  settingsUnchanged,
} from "./deliveries";
import { rowsOf } from "./row";
import { bookingInsertSql, BOOKING_EMAIL_CHANNEL, type BookingHold } from "./bookings";
import { constraintOf } from "@/server/db/errors";
import { toLocation, toSite } from "./sites";

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

/*
 * The lead's insert written out (its delivery jobs' is deliveryInsertSql): drizzle's insert builder
 * cost the request more CPU than the rest of its SQL. The table's types keep the values honest.
 */
const leadInsertSql = (r: typeof t.leads.$inferInsert) => sql`
  insert into leads (id, site_id, is_mock, vehicle_id, customer_id, category, subcategory, name, first_name, last_name,
                     email, phone, postcode, dealership_slug, location_id, source, payload)
  values (${r.id}::uuid, ${r.siteId}::int, ${r.isMock ?? false}::boolean, ${r.vehicleId ?? null}::int, ${r.customerId ?? null}::text,
          ${r.category}::text, ${r.subcategory ?? null}::text, ${r.name ?? null}::text, ${r.firstName ?? null}::text,
          ${r.lastName ?? null}::text, ${r.email ?? null}::text, ${r.phone ?? null}::text, ${r.postcode ?? null}::text,
          ${r.dealershipSlug ?? null}::text, ${r.locationId ?? null}::int, ${r.source ?? "Website"}::text, ${JSON.stringify(r.payload)}::jsonb)
  returning id, created_at`;

/**
 * A lead, its attachments' records and its delivery jobs, stored by one statement (data-modifying
 * CTEs: all or nothing, one round trip instead of begin, four statements and commit).
 * The jobs follow the site's delivery settings as this process last read them; the statement
 * checks they are still the stored ones and fails whole when they changed meanwhile (a division by
 * zero, PostgreSQL's only way for a plain statement to refuse), and the lead is stored again with
 * the settings read afresh: a lead stored after a settings change always follows the new settings.
 */
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
    /** the lead's delivery jobs are written with it (never for a mock lead) */
    deliverTo?: { location: string | null; site: string | null };
    /** the request's Idempotency-Key, stored with the lead (a second lead with it fails whole: unique per site) */
    idempotency?: { key: string; hash: string };
    /** the slot the lead books, held in the same statement (a full slot fails the whole lead: isSlotTaken) */
    booking?: BookingHold;
  },
): Promise<{ id: string; createdAt: Date }> {
  const row: typeof t.leads.$inferInsert = {
    id: opts.id,
    siteId,
    isMock: opts.isMock,
    vehicleId: opts.vehicleId,
    customerId: opts.customerId ?? null,
    ...leadColumns(lead),
  };
  for (let attempt = 1; ; attempt++) {
    const settings = opts.deliverTo && !opts.isMock ? await knownDeliverySettings(db, siteId, attempt > 1) : null;
    const parts = [sql`l as (${leadInsertSql(row)})`];
    if (opts.files?.length)
      parts.push(
        sql`f as (${db
          .insert(t.leadFiles)
          .values(opts.files.map((f) => ({ ...f, leadId: opts.id, siteId })))
          .getSQL()})`,
      );
    if (opts.idempotency)
      parts.push(
        sql`k as (insert into lead_idempotency_keys (site_id, key, request_hash, lead_id)
                  values (${siteId}::int, ${opts.idempotency.key}::text, ${opts.idempotency.hash}::text, ${opts.id}::uuid))`,
      );
    if (opts.booking) parts.push(sql`b as (${bookingInsertSql(siteId, opts.id, opts.booking)})`);
    const jobs = settings ? deliveryRows(siteId, opts.id, settings.config, opts.deliverTo!) : [];
    // the shopper's confirmation goes through the same outbox: it is sent once the lead is stored, and again until it is
    if (opts.booking && !opts.isMock)
      jobs.push({ siteId, leadId: opts.id, submission: 0, channel: BOOKING_EMAIL_CHANNEL, target: "shopper" });
    if (jobs.length) parts.push(sql`d as (${deliveryInsertSql(jobs)})`);
    const check = settings ? sql`, ${settingsUnchanged(siteId, settings.raw)} as settings_unchanged` : sql``;
    try {
      const result = await db.execute(sql`with ${sql.join(parts, sql`, `)} select l.id, l.created_at${check} from l`);
      const stored = rowsOf<{ id: string; created_at: string | Date }>(result)[0]!;
      return { id: stored.id, createdAt: new Date(stored.created_at) };
    } catch (e) {
      if (settings && attempt < 3 && isSettingsChanged(e)) continue;
      // another booking took the same seat meanwhile: the next statement sees it and tries the next seat
      if (opts.booking && attempt <= opts.booking.capacity && constraintOf(e) === "bookings_hold") continue;
      throw e;
    }
  }
}

/**
 * The lead an Idempotency-Key of this site was stored with, while the key counts (`since`: keys
 * stored before then are spent, and removed so the key may make a new lead); null when none.
 */
export async function leadOfIdempotencyKey(
  db: Db,
  siteId: number,
  key: string,
  since: Date,
): Promise<{ leadId: string; requestHash: string } | null> {
  const k = t.leadIdempotencyKeys;
  // every spent key of the site goes (browsers send a new key each time: a spent one never comes back
  // to be cleared one by one)
  await db.delete(k).where(and(eq(k.siteId, siteId), lt(k.createdAt, since)));
  const [row] = await db
    .select({ leadId: k.leadId, requestHash: k.requestHash })
    .from(k)
    .where(and(eq(k.siteId, siteId), eq(k.key, key)));
  return row ? { leadId: row.leadId, requestHash: row.requestHash } : null;
}

/**
 * A lead as it was first stored: its payload then (the first submission's when it was updated
 * since), when, and the attachments stored with it. Null when it is gone.
 */
export async function leadAsFirstStored(db: Db, siteId: number, id: string) {
  const [lead] = await db
    .select({ payload: t.leads.payload, createdAt: t.leads.createdAt })
    .from(t.leads)
    .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id)));
  if (!lead) return null;
  const [first] = await db
    .select({ payload: t.leadSubmissions.payload })
    .from(t.leadSubmissions)
    .where(and(eq(t.leadSubmissions.siteId, siteId), eq(t.leadSubmissions.leadId, id), eq(t.leadSubmissions.seq, 0)));
  // the files stored by the lead's own statement share its timestamp; later ones came with updates
  // (compared in the database: its timestamps have microseconds, a Date only milliseconds)
  const files = await db
    .select({ filename: t.leadFiles.filename, contentType: t.leadFiles.contentType, size: t.leadFiles.size })
    .from(t.leadFiles)
    .innerJoin(t.leads, and(eq(t.leads.siteId, t.leadFiles.siteId), eq(t.leads.id, t.leadFiles.leadId)))
    .where(and(eq(t.leadFiles.siteId, siteId), eq(t.leadFiles.leadId, id), eq(t.leadFiles.createdAt, t.leads.createdAt)))
    .orderBy(asc(t.leadFiles.filename));
  return { payload: (first?.payload ?? lead.payload) as PreparedLead, createdAt: lead.createdAt, files };
}

/** A lead of this site (and of the same real/mock kind) as stored; null when there is none. */
export async function getLeadPayload(db: Db, siteId: number, id: string, isMock: boolean): Promise<PreparedLead | null> {
  const [row] = await db
    .select({ payload: t.leads.payload })
    .from(t.leads)
    .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id), eq(t.leads.isMock, isMock)));
  return row ? (row.payload as PreparedLead) : null;
}

export type LeadSubmission = {
  seq: number;
  form: string | null;
  at: Date;
  payload: Record<string, unknown>;
  changes: FieldChange[];
  files: string[];
};

export type LeadUpdate = { lead: PreparedLead; changed: boolean; submission: number | null };

/**
 * Updates a lead of this site (and of the same real/mock kind); null when there is none. A lead
 * that has attachments keeps `has_files` (its files stay with it), and files sent with the update
 * are added. In the same transaction the submission is kept in the lead's history (the
 * first update also writes the lead as first sent) and, for a real lead, its delivery jobs are
 * written like a new lead's, so the dealer hears of every change. An update that changes nothing
 * the shopper told us writes and sends nothing.
 */
export async function updateLead(
  db: Db,
  siteId: number,
  id: string,
  isMock: boolean,
  lead: PreparedLead,
  opts: { files?: LeadFileRecord[]; deliverTo?: { location: string | null; site: string | null } } = {},
): Promise<LeadUpdate | null> {
  return db.transaction(async (tx) => {
    const where = and(eq(t.leads.siteId, siteId), eq(t.leads.id, id), eq(t.leads.isMock, isMock));
    const [old] = await tx.select({ payload: t.leads.payload, createdAt: t.leads.createdAt }).from(t.leads).where(where).for("update");
    if (!old) return null;
    const files = opts.files ?? [];
    const before = old.payload as PreparedLead;
    const merged: PreparedLead = { ...lead, has_files: before.has_files === true || lead.has_files === true || files.length > 0 };
    const changes = leadChanges(before, merged).filter((c) => c.field !== "has_files");
    if (!changes.length && !files.length) return { lead: before, changed: false, submission: null };
    await tx
      .update(t.leads)
      .set({ ...leadColumns(merged), updatedAt: new Date() })
      .where(where);
    if (files.length) await tx.insert(t.leadFiles).values(files.map((f) => ({ ...f, leadId: id, siteId })));
    const sub = and(eq(t.leadSubmissions.siteId, siteId), eq(t.leadSubmissions.leadId, id));
    const [last] = await tx
      .select({ seq: sql<number | null>`max(${t.leadSubmissions.seq})` })
      .from(t.leadSubmissions)
      .where(sub);
    let seq = last?.seq == null ? 0 : Number(last.seq);
    // the first update keeps the lead as first sent (its row is overwritten below)
    if (last?.seq == null)
      await tx.insert(t.leadSubmissions).values({
        siteId,
        leadId: id,
        seq: 0,
        form: typeof before.form === "string" ? before.form : null,
        payload: before,
        at: old.createdAt,
      });
    seq += 1;
    await tx.insert(t.leadSubmissions).values({
      siteId,
      leadId: id,
      seq,
      form: typeof merged.form === "string" ? merged.form : null,
      payload: merged,
      changes,
      files: files.map((f) => f.filename),
    });
    if (!isMock && opts.deliverTo) await enqueueDeliveries(tx, siteId, id, opts.deliverTo, seq);
    return { lead: merged, changed: true, submission: seq };
  });
}

/** A lead's submissions in order (none when it was never updated: its row is then its only one). */
export async function getLeadSubmissions(db: Db, siteId: number, leadId: string): Promise<LeadSubmission[]> {
  return (await getSubmissionsOf(db, [{ siteId, leadId }])).get(leadId) ?? [];
}

/** The submissions of several leads (a delivery batch's), each scoped to its site, in one query. */
export async function getSubmissionsOf(db: Db, keys: Array<{ siteId: number; leadId: string }>): Promise<Map<string, LeadSubmission[]>> {
  const out = new Map<string, LeadSubmission[]>();
  if (!keys.length) return out;
  const rows = await db
    .select()
    .from(t.leadSubmissions)
    .where(or(...keys.map((k) => and(eq(t.leadSubmissions.siteId, k.siteId), eq(t.leadSubmissions.leadId, k.leadId)))))
    .orderBy(asc(t.leadSubmissions.leadId), asc(t.leadSubmissions.seq));
  for (const r of rows) {
    const list = out.get(r.leadId) ?? [];
    list.push({ seq: r.seq, form: r.form, at: r.at, payload: r.payload, changes: r.changes, files: r.files });
    out.set(r.leadId, list);
  }
  return out;
}

/** Stored leads as delivery needs them: payload, when, site and location, each scoped to its site; one query for a worker's batch. */
export async function getLeadsForDelivery(db: Db, keys: Array<{ siteId: number; leadId: string }>) {
  const out = new Map<string, DeliveryLeadRow>();
  if (!keys.length) return out;
  const rows = await db
    .select({
      id: t.leads.id,
      payload: t.leads.payload,
      createdAt: t.leads.createdAt,
      vehicleId: t.leads.vehicleId,
      site: t.sites,
      location: t.locations,
    })
    .from(t.leads)
    .innerJoin(t.sites, eq(t.sites.id, t.leads.siteId))
    .leftJoin(t.locations, and(eq(t.locations.siteId, t.leads.siteId), eq(t.locations.id, t.leads.locationId)))
    .where(or(...keys.map((k) => and(eq(t.leads.siteId, k.siteId), eq(t.leads.id, k.leadId)))));
  for (const row of rows)
    out.set(row.id, {
      payload: row.payload as PreparedLead,
      createdAt: row.createdAt,
      vehicleId: row.vehicleId,
      site: toSite(row.site),
      location: row.location ? toLocation(row.location) : null,
    });
  return out;
}

type DeliveryLeadRow = {
  payload: PreparedLead;
  createdAt: Date;
  vehicleId: number | null;
  site: SiteRecord;
  location: Location | null;
};
