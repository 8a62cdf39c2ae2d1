import "server-only";
import { heldField, RESERVED_MESSAGE } from "@/domain/store/reservation";
import { activeOrderOf } from "./orders";
import { and, eq, ne, sql } from "drizzle-orm";
import { freeSlug, importedSlug } from "@/domain/stock/import";
import { oneLineBreak } from "@/domain/stock/stock-fields";
import { newCarFields } from "@/domain/stock/import-changes";
import { withEdited, withoutEdited, FEED_FIELDS, type EditedField } from "@/domain/stock/edited";
import { COLUMN_OF, nextStockNumber, type VehicleCreate, type VehicleEdit, type VehicleFormField } from "@/domain/stock/vehicle-form";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * Stock as staff list and edit it by hand for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: a car of another site
 * is simply not found.
 */

export async function getStaffVehicle(db: Db, siteId: number, id: number) {
  const [v] = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)));
  return v ?? null;
}

type VehicleRow = typeof t.vehicles.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A field the server refuses after the schema passed (a stock number the site has, a location not its own). */
export type FieldProblem = { problem: { field: VehicleFormField; message: string } };

/** The site's stock numbers (for the next one to suggest). */
export async function suggestStockNumber(db: Db | Tx, siteId: number): Promise<string> {
  const rows = await db.select({ s: t.vehicles.stockNumber }).from(t.vehicles).where(eq(t.vehicles.siteId, siteId));
  return nextStockNumber(rows.map((r) => r.s));
}

/** The car of the site that has this stock number (in any case), other than `except`. */
async function stockNumberHolder(tx: Tx, siteId: number, stockNumber: string, except: number | null) {
  const [row] = await tx
    .select({
      id: t.vehicles.id,
      stockNumber: t.vehicles.stockNumber,
      year: t.vehicles.year,
      make: t.vehicles.make,
      model: t.vehicles.model,
    })
    .from(t.vehicles)
    .where(
      and(
        eq(t.vehicles.siteId, siteId),
        sql`upper(${t.vehicles.stockNumber}) = ${stockNumber.toUpperCase()}`,
        ...(except === null ? [] : [ne(t.vehicles.id, except)]),
      ),
    )
    .limit(1);
  return row ?? null;
}
const takenMessage = (car: { stockNumber: string; year: number; make: string; model: string }) =>
  `Stock number ${car.stockNumber} is already on the ${car.year} ${car.make} ${car.model}`;

/** The slugs of the site's cars that begin like `base` (a new car's slug is free within the site). */
export async function slugsLike(tx: Db | Tx, siteId: number, base: string): Promise<Set<string>> {
  const like = `${base.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await tx
    .select({ slug: t.vehicles.slug })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), sql`${t.vehicles.slug} like ${like}`));
  return new Set(rows.map((r) => r.slug));
}

/**
 * A car added by hand, audited: its stock number unique within the site (in any case), listed now.
 * `locationIds` are the site's; a car without one goes to `defaultLocation`.
 */
export async function createVehicle(
  db: Db,
  siteId: number,
  input: VehicleCreate,
  opts: { locationIds: readonly number[]; defaultLocation: number | null; by: Actor; now: Date },
): Promise<{ vehicle: VehicleRow } | FieldProblem> {
  if (input.location_id !== undefined && !opts.locationIds.includes(input.location_id))
    return { problem: { field: "location_id", message: `Location ${input.location_id} is not one of this site's locations` } };
  return db.transaction(async (tx) => {
    // one add at a time per site: two people cannot both take the same stock number
    await holdStockNumbers(tx, siteId);
    const holder = await stockNumberHolder(tx, siteId, input.stock_number, null);
    if (holder) return { problem: { field: "stock_number" as const, message: takenMessage(holder) } };
    const base = importedSlug(input);
    const fields = newCarFields(input, opts.defaultLocation);
    const [vehicle] = await tx
      .insert(t.vehicles)
      .values({
        ...fields,
        siteId,
        stockNumber: input.stock_number,
        slug: freeSlug(base, await slugsLike(tx, siteId, base)),
        features: input.features,
        showOnDealerWebsite: input.show_on_dealer_website,
        featured: input.featured,
        special: input.special,
        // a car typed in here is one the dealer's feed may not list yet: its status is the person's,
        // so full feeds that leave it out do not sell it (the editor can hand the status to the feed)
        editedFields: withEdited([], ["status"]),
        listedAt: opts.now,
        soldAt: fields.status === "sold" ? opts.now : null,
      })
      .returning();
    await writeAudit(tx, {
      siteId,
      by: opts.by,
      action: "vehicle.create",
      entity: `vehicle:${vehicle!.stockNumber}`,
      before: null,
      after: formValues(vehicle!, Object.keys(COLUMN_OF) as VehicleFormField[]),
    });
    return { vehicle: vehicle! };
  });
}
/** The advisory lock's first key for adding cars (the second is the site). */
const ADD_LOCK = 51_001;

/**
 * Holds the site's stock numbers until the transaction ends: a car added by hand, a stock number
 * changed and an import's new cars take it first, so two of them never both take one number.
 */
export async function holdStockNumbers(tx: Pick<Db, "execute">, siteId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADD_LOCK}, ${siteId})`);
}

/** These form fields' values on the car (for the audit's before and after). */
function formValues(v: VehicleRow, fields: readonly VehicleFormField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, v[COLUMN_OF[f]]]));
}
/** Whether an edit leaves a field as it is (a description stored from a Windows file reads alike with "\n"). */
const same = (a: unknown, b: unknown) =>
  Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : oneLineBreak(a) === oneLineBreak(b);
/** Whether the change moves the site's listed stock (its counts, makes and models, the home page's pick show on every page). */
const LISTING: ReadonlySet<string> = new Set([
  "status",
  "showOnDealerWebsite",
  "make",
  "model",
  "carType",
  "locationId",
  "featured",
  "special",
]);

/**
 * A hand edit of one car, audited (the fields that changed, before and after). Only the fields the edit
 * names; each feed field whose value changed is marked "edited here" (a feed leaves it alone after).
 * Null when the site has no such car.
 */
export async function updateVehicle(
  db: Db,
  siteId: number,
  id: number,
  edit: VehicleEdit,
  by: Actor,
  now: Date,
  opts: { locationIds?: readonly number[] } = {},
): Promise<({ vehicle: VehicleRow; listingChanged: boolean; changed: VehicleFormField[] } | FieldProblem) | null> {
  if (edit.location_id != null && opts.locationIds && !opts.locationIds.includes(edit.location_id))
    return { problem: { field: "location_id", message: `Location ${edit.location_id} is not one of this site's locations` } };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .for("update");
    if (!before) return null;
    const set: Record<string, unknown> = {};
    const changed: VehicleFormField[] = [];
    for (const [field, value] of Object.entries(edit) as Array<[VehicleFormField, unknown]>) {
      if (value === undefined) continue;
      const column = COLUMN_OF[field];
      if (same(before[column], value)) continue;
      set[column] = value;
      changed.push(field);
    }
    if (!changed.length) return { vehicle: before, listingChanged: false, changed };
    // a car reserved online keeps its status, its place on the website and its price (its row is locked, as a reservation locks it)
    const held = heldField(changed);
    if (held && (await activeOrderOf(tx, siteId, id, now))) return { problem: { field: held, message: RESERVED_MESSAGE } };
    if (set.stockNumber !== undefined) {
      await holdStockNumbers(tx, siteId);
      const holder = await stockNumberHolder(tx, siteId, set.stockNumber as string, id);
      if (holder) return { problem: { field: "stock_number" as const, message: takenMessage(holder) } };
    }
    if (set.status !== undefined) set.soldAt = set.status === "sold" ? (before.soldAt ?? now) : null;
    const feedFields = changed.map((f) => COLUMN_OF[f] as string).filter((c) => (FEED_FIELDS as readonly string[]).includes(c));
    if (feedFields.length) set.editedFields = withEdited(before.editedFields, feedFields);
    const [after] = await tx
      .update(t.vehicles)
      .set(set)
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .returning();
    await writeAudit(tx, {
      siteId,
      by,
      action: "vehicle.update",
      entity: `vehicle:${before.stockNumber}`,
      before: formValues(before, changed),
      after: formValues(after!, changed),
    });
    return { vehicle: after!, listingChanged: changed.some((f) => LISTING.has(COLUMN_OF[f])), changed };
  });
}

/** Hands fields back to the feed (or all of them): the next stock file or feed writes them again. Audited; null for no such car. */
export async function handBackFields(db: Db, siteId: number, id: number, fields: readonly string[] | "all", by: Actor) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ stockNumber: t.vehicles.stockNumber, editedFields: t.vehicles.editedFields })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)))
      .for("update");
    if (!before) return null;
    // the photos have their own hand-back (it puts the feed's photos back at once): never cleared here
    const drop = (fields === "all" ? before.editedFields : fields).filter((f) => f !== "photos");
    const editedFields = withoutEdited(before.editedFields, drop);
    if (editedFields.length !== before.editedFields.length) {
      await tx
        .update(t.vehicles)
        .set({ editedFields })
        .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)));
      await writeAudit(tx, {
        siteId,
        by,
        action: "vehicle.hand_back",
        entity: `vehicle:${before.stockNumber}`,
        before: { edited_fields: before.editedFields },
        after: { edited_fields: editedFields },
      });
    }
    return { editedFields, handedBack: before.editedFields.filter((f) => !editedFields.includes(f as EditedField)) };
  });
}
