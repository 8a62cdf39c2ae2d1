import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { DELIVERY_FLAG_AFTER_MS, leadDeliveryConfig, type LeadDeliveryConfig } from "@/domain/leads/delivery";
import type { ImportPlan, StockOnFile, StockRow } from "@/domain/stock/import";
import { importedSlug, MISSING_FEEDS_TO_SELL } from "@/domain/stock/import";
import type { VehicleEdit } from "@/domain/stock/import";
import { asLeadStatus, isStaffRole, type LeadFilter, type LeadStatus, type StaffRole } from "@/domain/staff/roles";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { listLeadDeliveries } from "./deliveries";
import { getLeadSubmissions } from "./leads";
import { writeAudit, type Actor } from "./audit";

// the audit log has its own module (issue 32: sites → back-office → deliveries → sites was a cycle)
export { listAudit, writeAudit, type Actor } from "./audit";

/*
 * The back-office's reads and writes (issue 16). Every function takes the sites the staff member
 * may act on (or the one site already checked against their roles) and puts it in the query: a
 * lead, car or file of another site is simply not found.
 */

// — leads —

const LEAD_PAGE = 50;

/** The column is one of these sites (none: nothing matches). */
const inSites = (column: typeof t.leads.siteId | typeof t.leadFiles.siteId, siteIds: readonly number[]) =>
  inArray(column, siteIds.length ? [...siteIds] : [-1]);

function leadConditions(siteIds: readonly number[], f: LeadFilter): SQL {
  const c: SQL[] = [inSites(t.leads.siteId, siteIds), eq(t.leads.isMock, false)];
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

/** Whether any of the lead's deliveries is still undelivered 15 minutes on (or given up). */
const flaggedSql = sql<boolean>`exists (select 1 from ${t.leadDeliveries} d where d.lead_id = ${t.leads.id} and d.site_id = ${t.leads.siteId}
  and d.status <> 'delivered' and d.created_at < now() - make_interval(secs => ${DELIVERY_FLAG_AFTER_MS / 1000}))`;

/** What the inbox shows of a lead (the detail adds the rest), with its site and location joined. */
const inboxColumns = {
  id: t.leads.id,
  siteId: t.leads.siteId,
  siteName: t.sites.name,
  siteTimezone: t.sites.timezone,
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
};

export type InboxLead = {
  id: string;
  siteId: number;
  siteName: string;
  siteTimezone: string;
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
};

/** The car a lead is about, as staff read it ("2024 Mazda CX-5"). */
const vehicleNameSql = sql<
  string | null
>`case when ${t.vehicles.id} is null then null else ${t.vehicles.year} || ' ' || ${t.vehicles.make} || ' ' || ${t.vehicles.model} end`;

/** What the CSV export adds to the inbox's columns (issue 31: every answer the lead page shows). */
const exportColumns = {
  postcode: t.leads.postcode,
  payload: t.leads.payload,
  vehicleName: vehicleNameSql,
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
  opts: { limit?: number } = {},
): Promise<{ leads: InboxLead[]; next: string | null }> {
  return pageOfLeads(db, siteIds, f, opts.limit ?? LEAD_PAGE, inboxColumns);
}

/** The export's pages: the inbox's columns and the lead's answers, car and postcode. */
export async function listExportLeads(db: Db, siteIds: readonly number[], f: LeadFilter, limit = 500) {
  return pageOfLeads(db, siteIds, f, limit, { ...inboxColumns, ...exportColumns }) as Promise<{ leads: ExportLead[]; next: string | null }>;
}

async function pageOfLeads(db: Db, siteIds: readonly number[], f: LeadFilter, limit: number, columns: typeof inboxColumns) {
  const rows = await db
    .select(columns)
    .from(t.leads)
    .innerJoin(t.sites, eq(t.sites.id, t.leads.siteId))
    .leftJoin(t.locations, and(eq(t.locations.siteId, t.leads.siteId), eq(t.locations.id, t.leads.locationId)))
    .leftJoin(t.vehicles, and(eq(t.vehicles.siteId, t.leads.siteId), eq(t.vehicles.id, t.leads.vehicleId)))
    .where(leadConditions(siteIds, f))
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
      postcode: t.leads.postcode,
      vehicleId: t.leads.vehicleId,
      vehicleSlug: t.vehicles.slug,
      vehicleName: vehicleNameSql,
      vehicleStock: t.vehicles.stockNumber,
      payload: t.leads.payload,
    })
    .from(t.leads)
    .innerJoin(t.sites, eq(t.sites.id, t.leads.siteId))
    .leftJoin(t.locations, and(eq(t.locations.siteId, t.leads.siteId), eq(t.locations.id, t.leads.locationId)))
    .leftJoin(t.vehicles, and(eq(t.vehicles.siteId, t.leads.siteId), eq(t.vehicles.id, t.leads.vehicleId)))
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
      .set({ status: change.to, updatedAt: sql`now()` })
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

// — audit log —

// — staff and invitations —

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

// — stock —

export type StockListRow = {
  id: number;
  stockNumber: string;
  name: string;
  carType: string;
  status: string;
  price: number | null;
  odometer: number;
  showOnDealerWebsite: boolean;
  missingFeeds: number;
};

export async function listStaffStock(db: Db, siteId: number, opts: { q?: string; offset?: number; limit?: number } = {}) {
  const conds: SQL[] = [eq(t.vehicles.siteId, siteId)];
  const q = opts.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
    conds.push(
      or(ilike(t.vehicles.stockNumber, like), ilike(t.vehicles.make, like), ilike(t.vehicles.model, like), ilike(t.vehicles.vin, like))!,
    );
  }
  const where = and(...conds);
  const limit = opts.limit ?? 50;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: t.vehicles.id,
        stockNumber: t.vehicles.stockNumber,
        name: sql<string>`${t.vehicles.year} || ' ' || ${t.vehicles.make} || ' ' || ${t.vehicles.model} || coalesce(' ' || ${t.vehicles.badge}, '')`,
        carType: t.vehicles.carType,
        status: t.vehicles.status,
        price: t.vehicles.price,
        odometer: t.vehicles.odometer,
        showOnDealerWebsite: t.vehicles.showOnDealerWebsite,
        missingFeeds: t.vehicles.missingFeeds,
      })
      .from(t.vehicles)
      .where(where)
      .orderBy(asc(t.vehicles.stockNumber))
      .limit(limit)
      .offset(opts.offset ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.vehicles)
      .where(where),
  ]);
  return { rows: rows as StockListRow[], total: count?.n ?? 0 };
}

export async function getStaffVehicle(db: Db, siteId: number, id: number) {
  const [v] = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)));
  return v ?? null;
}

const editable = (v: typeof t.vehicles.$inferSelect) => ({
  price: v.price,
  odometer: v.odometer,
  status: v.status,
  show_on_dealer_website: v.showOnDealerWebsite,
  description: v.description ?? "",
});

/** A hand edit of one car, audited; null when the site has no such car. */
export async function updateVehicle(db: Db, siteId: number, id: number, edit: VehicleEdit, by: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .for("update");
    if (!before) return null;
    const [after] = await tx
      .update(t.vehicles)
      .set({
        price: edit.price,
        odometer: edit.odometer,
        status: edit.status,
        soldAt: edit.status === "sold" ? (before.soldAt ?? now) : null,
        showOnDealerWebsite: edit.show_on_dealer_website,
        description: edit.description || null,
      })
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .returning();
    await writeAudit(tx, {
      siteId,
      by,
      action: "vehicle.update",
      entity: `vehicle:${before.stockNumber}`,
      before: editable(before),
      after: editable(after!),
    });
    return after!;
  });
}

export async function stockOnFile(db: Db, siteId: number): Promise<StockOnFile[]> {
  return db
    .select({ id: t.vehicles.id, stockNumber: t.vehicles.stockNumber, status: t.vehicles.status, missingFeeds: t.vehicles.missingFeeds })
    .from(t.vehicles)
    .where(eq(t.vehicles.siteId, siteId));
}

export type StoredImport = typeof t.stockImports.$inferSelect;

export async function saveImport(
  db: Db,
  imp: {
    siteId: number;
    staffId: string | null;
    source: "csv" | "feed";
    full: boolean;
    status: "checked" | "held" | "rejected";
    rows: unknown[];
    report: Record<string, unknown>;
  },
): Promise<StoredImport> {
  const [row] = await db.insert(t.stockImports).values(imp).returning();
  return row!;
}

export async function getImport(db: Db, siteId: number, id: number): Promise<StoredImport | null> {
  const [row] = await db
    .select()
    .from(t.stockImports)
    .where(and(eq(t.stockImports.siteId, siteId), eq(t.stockImports.id, id)));
  return row ?? null;
}

export async function listImports(db: Db, siteId: number, limit = 10) {
  return db
    .select({
      id: t.stockImports.id,
      source: t.stockImports.source,
      full: t.stockImports.full,
      status: t.stockImports.status,
      report: t.stockImports.report,
      createdAt: t.stockImports.createdAt,
      appliedAt: t.stockImports.appliedAt,
    })
    .from(t.stockImports)
    .where(eq(t.stockImports.siteId, siteId))
    .orderBy(desc(t.stockImports.id))
    .limit(limit);
}

const rowValues = (r: StockRow, defaultLocation: number | null) => ({
  stockNumber: r.stock_number,
  vin: r.vin ?? null,
  rego: r.rego ?? null,
  make: r.make,
  model: r.model,
  badge: r.badge ?? null,
  series: r.series ?? null,
  year: r.year,
  carType: r.car_type,
  price: r.price ?? null,
  priceType: r.price_type ?? null,
  subscriptionWeekly: r.subscription_weekly ?? null,
  odometer: r.odometer ?? 0,
  colour: r.colour ?? null,
  bodyType: r.body_type ?? null,
  fuel: r.fuel ?? null,
  transmission: r.transmission ?? null,
  drive: r.drive ?? null,
  seats: r.seats ?? null,
  doors: r.doors ?? null,
  locationId: r.location_id ?? defaultLocation,
  status: r.status ?? "in_stock",
  description: r.description ?? null,
});

/**
 * Applies a checked import in one transaction: cars in the file are added or updated (by stock
 * number); on a full feed, in-stock cars left out count one more missing feed and are sold at
 * the second; cars in the file have their count reset. Older imports not yet applied are
 * superseded. Returns what was done; null when the import was applied or superseded already.
 */
export async function applyImport(
  db: Db,
  imp: StoredImport,
  opts: { defaultLocation: number | null; by: Actor | null; confirmHeld: boolean; now: Date },
): Promise<ImportPlan | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(t.stockImports)
      .set({ status: "applied", appliedAt: sql`now()` })
      .where(and(eq(t.stockImports.id, imp.id), inArray(t.stockImports.status, opts.confirmHeld ? ["checked", "held"] : ["checked"])))
      .returning({ id: t.stockImports.id });
    if (!claimed) return null;
    // an import checked before this one is stale now: it can no longer be applied
    await tx
      .update(t.stockImports)
      .set({ status: "superseded" })
      .where(
        and(eq(t.stockImports.siteId, imp.siteId), lt(t.stockImports.id, imp.id), inArray(t.stockImports.status, ["checked", "held"])),
      );
    const rows = imp.rows as StockRow[];
    const current = await tx
      .select({ id: t.vehicles.id, stockNumber: t.vehicles.stockNumber, status: t.vehicles.status, missingFeeds: t.vehicles.missingFeeds })
      .from(t.vehicles)
      .where(eq(t.vehicles.siteId, imp.siteId))
      .for("update");
    const byNumber = new Map(current.map((v) => [v.stockNumber.toUpperCase(), v]));
    // a new car's slug is free within the site (stock numbers differing only in punctuation slug alike)
    const taken = new Set(
      (await tx.select({ slug: t.vehicles.slug }).from(t.vehicles).where(eq(t.vehicles.siteId, imp.siteId))).map((r) => r.slug),
    );
    const freeSlug = (base: string) => {
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      return slug;
    };
    let add = 0;
    for (const r of rows) {
      const values = rowValues(r, opts.defaultLocation);
      const have = byNumber.get(r.stock_number.toUpperCase());
      if (have) {
        await tx
          .update(t.vehicles)
          .set({
            ...values,
            stockNumber: have.stockNumber,
            missingFeeds: 0,
            soldAt: values.status === "sold" ? sql`coalesce(${t.vehicles.soldAt}, ${opts.now.toISOString()}::timestamptz)` : null,
          })
          .where(and(eq(t.vehicles.siteId, imp.siteId), eq(t.vehicles.id, have.id)));
      } else {
        add++;
        await tx.insert(t.vehicles).values({
          ...values,
          siteId: imp.siteId,
          slug: freeSlug(importedSlug(r)),
          listedAt: opts.now,
          soldAt: values.status === "sold" ? opts.now : null,
        });
      }
    }
    const sell: string[] = [];
    let missing = 0;
    if (imp.full) {
      const inFile = new Set(rows.map((r) => r.stock_number.toUpperCase()));
      for (const v of current) {
        if (v.status === "sold" || inFile.has(v.stockNumber.toUpperCase())) continue;
        missing++;
        const count = v.missingFeeds + 1;
        const sold = count >= MISSING_FEEDS_TO_SELL;
        if (sold) sell.push(v.stockNumber);
        await tx
          .update(t.vehicles)
          .set(sold ? { missingFeeds: count, status: "sold", soldAt: opts.now } : { missingFeeds: count })
          .where(and(eq(t.vehicles.siteId, imp.siteId), eq(t.vehicles.id, v.id)));
      }
    }
    const live = current.filter((v) => v.status !== "sold").length;
    const plan: ImportPlan = {
      add,
      update: rows.length - add,
      missing,
      sell,
      inStock: live,
      removalShare: live ? sell.length / live : 0,
      held: false,
    };
    if (opts.by)
      await writeAudit(tx, {
        siteId: imp.siteId,
        by: opts.by,
        action: "stock.import",
        entity: `import:${imp.id}`,
        before: null,
        after: { source: imp.source, full: imp.full, add: plan.add, update: plan.update, missing: plan.missing, sold: plan.sell },
      });
    return plan;
  });
}

// — settings: switches, delivery channels —

/** Sets the dealer's switches on the site's stored flags (others untouched), audited. */
export async function updateSwitches(db: Db, siteId: number, switches: Record<string, boolean>, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ features: t.sites.features }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!row) return false;
    const before = Object.fromEntries(Object.keys(switches).map((k) => [k, (row.features as Record<string, unknown>)[k] ?? null]));
    await tx
      .update(t.sites)
      .set({ features: { ...row.features, ...switches }, updatedAt: sql`now()` })
      .where(eq(t.sites.id, siteId));
    await writeAudit(tx, { siteId, by, action: "switches.update", entity: "site", before, after: switches });
    return true;
  });
}

/** Replaces the site's lead delivery channels; the audit row never holds a webhook secret. */
export async function updateLeadDelivery(
  db: Db,
  siteId: number,
  config: LeadDeliveryConfig,
  redact: (c: LeadDeliveryConfig) => LeadDeliveryConfig,
  by: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ config: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, siteId)).for("update");
    if (!row) return false;
    await tx.update(t.sites).set({ leadDelivery: config }).where(eq(t.sites.id, siteId));
    await writeAudit(tx, {
      siteId,
      by,
      action: "lead_delivery.update",
      entity: "site",
      before: redact(leadDeliveryConfig(row.config)),
      after: redact(config),
    });
    return true;
  });
}

// — content —

export type ContentValues = Omit<typeof t.contentEntries.$inferInsert, "id" | "siteId" | "updatedAt">;

/**
 * Writes one content entry (a new one when id is null), audited. "taken" when another entry of the
 * kind has the slug; null when the site has no entry with that id.
 */
export async function saveContent(
  db: Db,
  siteId: number,
  id: number | null,
  values: ContentValues,
  by: Actor,
): Promise<number | "taken" | null> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: t.contentEntries.id })
      .from(t.contentEntries)
      .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.kind, values.kind), eq(t.contentEntries.slug, values.slug)));
    if (clash && clash.id !== id) return "taken";
    if (id === null) {
      const [row] = await tx
        .insert(t.contentEntries)
        .values({ ...values, siteId })
        .returning();
      await writeAudit(tx, { siteId, by, action: "content.create", entity: `${values.kind}:${values.slug}`, before: null, after: values });
      return row!.id;
    }
    const [before] = await tx
      .select()
      .from(t.contentEntries)
      .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id)))
      .for("update");
    if (!before) return null;
    await tx
      .update(t.contentEntries)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id)));
    const { id: _id, siteId: _site, updatedAt: _u, ...was } = before;
    await writeAudit(tx, { siteId, by, action: "content.update", entity: `${values.kind}:${values.slug}`, before: was, after: values });
    return id;
  });
}

export async function deleteContent(db: Db, siteId: number, id: number, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(t.contentEntries)
      .where(
        and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id), inArray(t.contentEntries.kind, ["page", "post", "offer"])),
      )
      .returning();
    if (!gone) return false;
    const { id: _id, siteId: _site, updatedAt: _u, ...was } = gone;
    await writeAudit(tx, { siteId, by, action: "content.delete", entity: `${gone.kind}:${gone.slug}`, before: was, after: null });
    return true;
  });
}
