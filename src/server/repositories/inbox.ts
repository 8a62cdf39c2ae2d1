import "server-only";
import { NO_DESTINATION_CHANNEL } from "@/domain/site/lead-destinations";
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { OpeningHourEntry } from "@/domain/site/types";
import type { LeadHandling } from "@/domain/staff/response";
import { DELIVERY_FLAG_AFTER_MS } from "@/domain/leads/delivery";
import { OPEN_STATUSES } from "@/domain/leads/follow-up";
import { asLeadStatus, type LeadFilter, type LeadStatus } from "@/domain/staff/roles";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { writeAudit, type Actor } from "./audit";
import { listLeadDeliveries } from "./deliveries";
import { getLeadSubmissions } from "./leads";

/*
 * The lead inbox: leads, their status and files, for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: a lead or file of another site
 * is simply not found.
 */

const LEAD_PAGE = 50;

/** The column is one of these sites (none: nothing matches). */
const inSites = (column: typeof t.leads.siteId | typeof t.leadFiles.siteId, siteIds: readonly number[]) =>
  inArray(column, siteIds.length ? [...siteIds] : [-1]);

function leadConditions(siteIds: readonly number[], f: LeadFilter, me: string | null): SQL {
  const c: SQL[] = [inSites(t.leads.siteId, siteIds), eq(t.leads.isMock, false)];
  // the quick views: the site's today, not contacted yet, assigned to me
  if (f.view === "today")
    c.push(gte(t.leads.createdAt, sql`date_trunc('day', now() at time zone ${t.sites.timezone}) at time zone ${t.sites.timezone}`));
  if (f.view === "new") c.push(eq(t.leads.status, "new"));
  if (f.view === "mine") c.push(eq(t.leads.assignedTo, me ?? ""));
  // an open lead whose follow-up day has come, in the site's own calendar
  if (f.view === "follow_up")
    c.push(
      inArray(t.leads.status, [...OPEN_STATUSES]),
      sql`${followUpSql} <= to_char(now() at time zone ${t.sites.timezone}, 'YYYY-MM-DD')`,
    );
  if (f.site) c.push(eq(t.leads.siteId, f.site));
  if (f.location) c.push(eq(t.leads.locationId, f.location));
  if (f.form) c.push(eq(t.leads.category, f.form));
  if (f.status) c.push(eq(t.leads.status, f.status));
  // dates are the dealer's days: each lead's own site's time zone (the query joins sites)
  if (f.from) c.push(gte(t.leads.createdAt, sql`(${f.from}::date)::timestamp at time zone ${t.sites.timezone}`));
  if (f.to) c.push(lt(t.leads.createdAt, sql`((${f.to}::date + 1)::timestamp) at time zone ${t.sites.timezone}`));
  if (f.before) {
    const [ms, id] = f.before.split("|");
    const at = new Date(Number(ms));
    c.push(or(lt(t.leads.createdAt, at), and(eq(t.leads.createdAt, at), lt(t.leads.id, id!)))!);
  }
  return and(...c)!;
}

/** The shopper's whole name as staff read it: first and last name when given, else the name the lead was stored with. */
const fullName = sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${t.leads.firstName}, ${t.leads.lastName})), ''), ${t.leads.name})`;

/** Whether any of the lead's deliveries is still undelivered 15 minutes on (or given up), or had nowhere to go (at once). */
const flaggedSql = sql<boolean>`exists (select 1 from ${t.leadDeliveries} d where d.lead_id = ${t.leads.id} and d.site_id = ${t.leads.siteId}
  and d.status <> 'delivered' and (d.channel = ${NO_DESTINATION_CHANNEL} or d.created_at < now() - make_interval(secs => ${DELIVERY_FLAG_AFTER_MS / 1000})))`;

/** The car a lead is about, as staff read it ("2024 Mazda CX-5"). */
const vehicleNameSql = sql<
  string | null
>`case when ${t.vehicles.id} is null then null else ${t.vehicles.year} || ' ' || ${t.vehicles.make} || ' ' || ${t.vehicles.model} end`;

/** The follow-up day of the lead's latest logged call ("YYYY-MM-DD"; null when that call set none, or none was logged). */
const followUpSql = sql<string | null>`(select c.follow_up_on::text from ${t.leadCalls} c where c.site_id = ${t.leads.siteId}
  and c.lead_id = ${t.leads.id} order by c.created_at desc, c.id desc limit 1)`;

/** The staff member a lead is assigned to. */
const assignee = alias(t.staffUsers, "assignee");

/** What the inbox shows of a lead (the detail adds the rest), with its site and location joined. */
const inboxColumns = {
  assignedTo: t.leads.assignedTo,
  assigneeName: assignee.name,
  firstContactAt: t.leads.firstContactAt,
  vehicleName: vehicleNameSql,
  vehiclePhoto: sql<string | null>`coalesce(${t.vehicles.primaryImageUrl}, ${t.vehicles.thumbnails}[1])`,
  openingHours: t.locations.openingHours,
  leadHandling: t.sites.leadHandling,
  id: t.leads.id,
  siteId: t.leads.siteId,
  siteName: t.sites.name,
  siteTimezone: t.sites.timezone,
  locationTimezone: t.locations.timezone,
  category: t.leads.category,
  subcategory: t.leads.subcategory,
  name: fullName,
  email: t.leads.email,
  phone: t.leads.phone,
  locationId: t.leads.locationId,
  locationName: t.locations.name,
  status: t.leads.status,
  createdAt: t.leads.createdAt,
  flagged: flaggedSql,
  followUpOn: followUpSql,
};

export type InboxLead = {
  assignedTo: string | null;
  assigneeName: string | null;
  firstContactAt: Date | null;
  vehicleName: string | null;
  vehiclePhoto: string | null;
  openingHours: OpeningHourEntry[] | null;
  leadHandling: Partial<LeadHandling>;
  id: string;
  siteId: number;
  siteName: string;
  siteTimezone: string;
  /** the zone the lead's location keeps its hours in (null: no location) */
  locationTimezone: string | null;
  category: string;
  subcategory: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  locationId: number | null;
  locationName: string | null;
  status: LeadStatus;
  createdAt: Date;
  flagged: boolean;
  followUpOn: string | null;
};

/** What the CSV export adds to the inbox's columns (every answer the lead page shows). */
const exportColumns = {
  postcode: t.leads.postcode,
  payload: t.leads.payload,
  vehicleStock: t.vehicles.stockNumber,
};
export type ExportLead = InboxLead & {
  postcode: string | null;
  payload: Record<string, unknown>;
  vehicleName: string | null;
  vehicleStock: string | null;
};

export async function listInboxLeads(
  db: Db,
  siteIds: readonly number[],
  f: LeadFilter,
  opts: { limit?: number; me?: string | null } = {},
): Promise<{ leads: InboxLead[]; next: string | null }> {
  return pageOfLeads(db, siteIds, f, opts.limit ?? LEAD_PAGE, inboxColumns, opts.me ?? null);
}

/** The export's pages: the inbox's columns and the lead's answers, car and postcode. */
export async function listExportLeads(db: Db, siteIds: readonly number[], f: LeadFilter, limit = 500, me: string | null = null) {
  return pageOfLeads(db, siteIds, f, limit, { ...inboxColumns, ...exportColumns }, me) as Promise<{
    leads: ExportLead[];
    next: string | null;
  }>;
}

async function pageOfLeads(
  db: Db,
  siteIds: readonly number[],
  f: LeadFilter,
  limit: number,
  columns: typeof inboxColumns,
  me: string | null,
) {
  const rows = await db
    .select(columns)
    .from(t.leads)
    .innerJoin(t.sites, eq(t.sites.id, t.leads.siteId))
    .leftJoin(t.locations, and(eq(t.locations.siteId, t.leads.siteId), eq(t.locations.id, t.leads.locationId)))
    .leftJoin(t.vehicles, and(eq(t.vehicles.siteId, t.leads.siteId), eq(t.vehicles.id, t.leads.vehicleId)))
    .leftJoin(assignee, eq(assignee.id, t.leads.assignedTo))
    .where(leadConditions(siteIds, f, me))
    .orderBy(desc(t.leads.createdAt), desc(t.leads.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((r) => ({ ...r, status: asLeadStatus(r.status), flagged: Boolean(r.flagged) }));
  const last = page.at(-1);
  return { leads: page, next: rows.length > limit && last ? `${last.createdAt.getTime()}|${last.id}` : null };
}

/** The forms (categories) the staff member's leads came from, for the inbox's filter. */
export async function listLeadForms(db: Db, siteIds: readonly number[]): Promise<string[]> {
  if (!siteIds.length) return [];
  const rows = await db
    .selectDistinct({ category: t.leads.category })
    .from(t.leads)
    .where(and(inArray(t.leads.siteId, [...siteIds]), eq(t.leads.isMock, false)))
    .orderBy(asc(t.leads.category));
  return rows.map((r) => r.category);
}

export async function getInboxLead(db: Db, siteIds: readonly number[], id: string) {
  const [lead] = await db
    .select({
      ...inboxColumns,
      siteUrl: t.sites.url,
      firstName: t.leads.firstName,
      postcode: t.leads.postcode,
      vehicleId: t.leads.vehicleId,
      vehicleSlug: t.vehicles.slug,
      vehicleStock: t.vehicles.stockNumber,
      payload: t.leads.payload,
    })
    .from(t.leads)
    .innerJoin(t.sites, eq(t.sites.id, t.leads.siteId))
    .leftJoin(t.locations, and(eq(t.locations.siteId, t.leads.siteId), eq(t.locations.id, t.leads.locationId)))
    .leftJoin(t.vehicles, and(eq(t.vehicles.siteId, t.leads.siteId), eq(t.vehicles.id, t.leads.vehicleId)))
    .leftJoin(assignee, eq(assignee.id, t.leads.assignedTo))
    .where(and(inSites(t.leads.siteId, siteIds), eq(t.leads.isMock, false), eq(t.leads.id, id)));
  if (!lead) return null;
  const [files, deliveries, notes, submissions] = await Promise.all([
    db
      .select({ id: t.leadFiles.id, filename: t.leadFiles.filename, contentType: t.leadFiles.contentType, size: t.leadFiles.size })
      .from(t.leadFiles)
      .where(and(eq(t.leadFiles.siteId, lead.siteId), eq(t.leadFiles.leadId, id)))
      .orderBy(asc(t.leadFiles.createdAt)),
    listLeadDeliveries(db, lead.siteId, id),
    db
      .select()
      .from(t.leadNotes)
      .where(and(eq(t.leadNotes.siteId, lead.siteId), eq(t.leadNotes.leadId, id)))
      .orderBy(desc(t.leadNotes.createdAt), desc(t.leadNotes.id)),
    getLeadSubmissions(db, lead.siteId, id),
  ]);
  return { ...lead, status: asLeadStatus(lead.status), flagged: Boolean(lead.flagged), files, deliveries, notes, submissions };
}
export type InboxLeadDetail = NonNullable<Awaited<ReturnType<typeof getInboxLead>>>;

/** A lead's site and status, when it is one of these sites' (for the authorisation of a change). */
export async function leadSiteAndStatus(
  db: Db,
  siteIds: readonly number[],
  id: string,
): Promise<{ siteId: number; status: LeadStatus } | null> {
  const [r] = await db
    .select({ siteId: t.leads.siteId, status: t.leads.status })
    .from(t.leads)
    .where(and(inSites(t.leads.siteId, siteIds), eq(t.leads.isMock, false), eq(t.leads.id, id)));
  return r ? { siteId: r.siteId, status: asLeadStatus(r.status) } : null;
}

/**
 * Moves a lead from `from` to `to` and writes the note (one transaction). False when the lead's
 * status is no longer `from` (someone else changed it meanwhile): nothing is written then.
 */
export async function updateLeadStatus(
  db: Db,
  siteId: number,
  id: string,
  change: { from: LeadStatus; to: LeadStatus; note: string },
  by: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(t.leads)
      // the first move from new is the lead's first contact: its response timer stops
      .set({
        status: change.to,
        updatedAt: sql`now()`,
        ...(change.from === "new" && change.to !== "new" ? { firstContactAt: sql`coalesce(${t.leads.firstContactAt}, now())` } : {}),
      })
      .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id), eq(t.leads.status, change.from)))
      .returning({ id: t.leads.id });
    if (!moved.length) return false;
    await tx.insert(t.leadNotes).values({
      siteId,
      leadId: id,
      staffId: by.id,
      staffName: by.name,
      statusFrom: change.from === change.to ? null : change.from,
      statusTo: change.from === change.to ? null : change.to,
      body: change.note,
    });
    return true;
  });
}

/** One attachment of a lead of these sites (its stored path is for the server only). */
export async function getLeadFile(db: Db, siteIds: readonly number[], leadId: string, fileId: string) {
  const [f] = await db
    .select()
    .from(t.leadFiles)
    .where(and(inSites(t.leadFiles.siteId, siteIds), eq(t.leadFiles.leadId, leadId), eq(t.leadFiles.id, fileId)));
  return f ?? null;
}

/**
 * Assigns a lead of the site to a staff member of the site (checked by the caller): the
 * lead, a line in its history and the audit log, together. False when the lead is not the site's.
 */
export async function assignLead(
  db: Db,
  siteId: number,
  id: string,
  to: { id: string; name: string },
  by: Actor,
): Promise<{ before: string | null } | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ assignedTo: t.leads.assignedTo })
      .from(t.leads)
      .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id)))
      .for("update");
    if (!old) return null;
    await tx
      .update(t.leads)
      .set({ assignedTo: to.id, assignedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id)));
    await tx.insert(t.leadNotes).values({ siteId, leadId: id, staffId: by.id, staffName: by.name, body: `Assigned to ${to.name}.` });
    await writeAudit(tx, {
      siteId,
      by,
      action: "lead.assign",
      entity: `lead:${id}`,
      before: { assigned_to: old.assignedTo },
      after: { assigned_to: to.id, name: to.name },
    });
    return { before: old.assignedTo };
  });
}

/**
 * The site's unassigned lead becomes `me`'s: one conditional UPDATE (… where assigned_to is null), so
 * of several people taking it at once exactly one gets it, whatever the isolation. Who holds it
 * afterwards (`me` when this call took it); null for a lead not the site's.
 */
export async function takeLead(
  db: Db,
  siteId: number,
  id: string,
  me: Actor & { id: string },
): Promise<{ id: string | null; name: string | null } | null> {
  return db.transaction(async (tx) => {
    const [took] = await tx
      .update(t.leads)
      .set({ assignedTo: me.id, assignedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id), isNull(t.leads.assignedTo)))
      .returning({ id: t.leads.id });
    if (!took) {
      const [held] = await tx
        .select({ id: t.leads.assignedTo, name: assignee.name })
        .from(t.leads)
        .leftJoin(assignee, eq(assignee.id, t.leads.assignedTo))
        .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id)));
      return held ?? null;
    }
    await tx.insert(t.leadNotes).values({ siteId, leadId: id, staffId: me.id, staffName: me.name, body: `Taken by ${me.name}.` });
    await writeAudit(tx, {
      siteId,
      by: me,
      action: "lead.take",
      entity: `lead:${id}`,
      before: { assigned_to: null },
      after: { assigned_to: me.id, name: me.name },
    });
    return { id: me.id, name: me.name };
  });
}

/** What a mail about the site's lead names: its form, the shopper and the site (null for a lead not the site's). */
export async function getLeadMailSummary(
  db: Db,
  siteId: number,
  id: string,
): Promise<{ category: string; name: string | null; firstName: string | null; lastName: string | null; site: string } | null> {
  const [l] = await db
    .select({
      category: t.leads.category,
      name: t.leads.name,
      firstName: t.leads.firstName,
      lastName: t.leads.lastName,
      site: t.sites.name,
    })
    .from(t.leads)
    .innerJoin(t.sites, eq(t.sites.id, t.leads.siteId))
    .where(and(eq(t.leads.siteId, siteId), eq(t.leads.id, id)));
  return l ?? null;
}

/**
 * Round-robin: the site's salesperson whose last lead at this location was assigned
 * longest ago (never first), so each location's leads go round its team in turn.
 */
export async function nextInTurn(
  db: Db,
  siteId: number,
  locationId: number | null,
): Promise<{ id: string; name: string; email: string } | null> {
  const last = sql<Date | null>`(select max(l.assigned_at) from ${t.leads} l where l.site_id = ${siteId} and l.assigned_to = ${t.staffUsers.id}
    and l.location_id is not distinct from ${locationId})`;
  const [next] = await db
    .select({ id: t.staffUsers.id, name: t.staffUsers.name, email: t.staffUsers.email })
    .from(t.staffRoles)
    .innerJoin(t.staffUsers, eq(t.staffUsers.id, t.staffRoles.userId))
    .where(and(eq(t.staffRoles.siteId, siteId), eq(t.staffRoles.role, "sales")))
    .orderBy(sql`${last} asc nulls first`, asc(t.staffUsers.id))
    .limit(1);
  return next ?? null;
}
