import "server-only";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { freeSlug, importedSlug, type ImportPlan, MISSING_FEEDS_TO_SELL, type StockOnFile, type StockRow } from "@/domain/stock/import";
import { feedMaySell, importChanges, newCarFields } from "@/domain/stock/import-changes";
import { withoutEdited } from "@/domain/stock/edited";
import { cleanMapping, STOCK_CSV_COLUMNS, type ColumnMapping, type StockColumn } from "@/domain/stock/import-columns";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";
import { enqueueFeedPhotos, type FeedPhotos } from "./photo-fetches";
import { holdStockNumbers } from "./stock-admin";

/*
 * Stock imports (CSV and the DMS feed): the plan, its report and applying it for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: an import or car of another site
 * is simply not found.
 */

/** What an import reads and writes of each car (the fields the import changes, by ImportedFields' names). */
const onFile = {
  id: t.vehicles.id,
  stockNumber: t.vehicles.stockNumber,
  missingFeeds: t.vehicles.missingFeeds,
  vin: t.vehicles.vin,
  rego: t.vehicles.rego,
  make: t.vehicles.make,
  model: t.vehicles.model,
  badge: t.vehicles.badge,
  series: t.vehicles.series,
  year: t.vehicles.year,
  carType: t.vehicles.carType,
  price: t.vehicles.price,
  priceType: t.vehicles.priceType,
  subscriptionWeekly: t.vehicles.subscriptionWeekly,
  odometer: t.vehicles.odometer,
  colour: t.vehicles.colour,
  bodyType: t.vehicles.bodyType,
  fuel: t.vehicles.fuel,
  transmission: t.vehicles.transmission,
  drive: t.vehicles.drive,
  seats: t.vehicles.seats,
  doors: t.vehicles.doors,
  locationId: t.vehicles.locationId,
  status: t.vehicles.status,
  description: t.vehicles.description,
  editedFields: t.vehicles.editedFields,
} as const;

export async function stockOnFile(db: Db, siteId: number): Promise<StockOnFile[]> {
  return db.select(onFile).from(t.vehicles).where(eq(t.vehicles.siteId, siteId));
}

/** The site's own header names, remembered from the import screen. */
export async function getImportMapping(db: Db, siteId: number): Promise<ColumnMapping> {
  const [row] = await db
    .select({ mapping: t.stockImportMappings.mapping })
    .from(t.stockImportMappings)
    .where(eq(t.stockImportMappings.siteId, siteId));
  return cleanMapping(row?.mapping);
}

/** Remembers the dealer's choices for these headers, beside the ones kept before. */
export async function rememberImportMapping(db: Db, siteId: number, choices: ColumnMapping): Promise<ColumnMapping> {
  const mapping = cleanMapping({ ...(await getImportMapping(db, siteId)), ...choices });
  await db
    .insert(t.stockImportMappings)
    .values({ siteId, mapping })
    .onConflictDoUpdate({ target: t.stockImportMappings.siteId, set: { mapping, updatedAt: sql`now()` } });
  return mapping;
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
    columns: StockColumn[];
    clearBlanks: boolean;
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

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The site's cars as an import reads them, locked until its transaction ends. */
const carsOnFile = (tx: Tx, siteId: number) => tx.select(onFile).from(t.vehicles).where(eq(t.vehicles.siteId, siteId)).for("update");
type CarOnFile = Awaited<ReturnType<typeof carsOnFile>>[number];

/** Writes the file's cars: a car on file gets what the file changes, a new one is added; returns the counts and the photos to fetch. */
async function writeFileRows(
  tx: Tx,
  imp: StoredImport,
  rows: StockRow[],
  current: CarOnFile[],
  read: Parameters<typeof importChanges>[2] & { overwriteEdited: boolean },
  now: Date,
): Promise<{ add: number; changed: number; withPhotos: FeedPhotos[] }> {
  const byNumber = new Map(current.map((v) => [v.stockNumber.toUpperCase(), v]));
  // a new car's slug is free within the site (stock numbers differing only in punctuation slug alike)
  const taken = new Set(
    (await tx.select({ slug: t.vehicles.slug }).from(t.vehicles).where(eq(t.vehicles.siteId, imp.siteId))).map((r) => r.slug),
  );
  let add = 0;
  let changed = 0;
  const withPhotos: FeedPhotos[] = [];
  for (const r of rows) {
    const have = byNumber.get(r.stock_number.toUpperCase());
    if (have && r.photos?.length) withPhotos.push({ vehicleId: have.id, stockNumber: have.stockNumber, urls: r.photos });
    if (have) {
      // only what the file says changes: a column it leaves out leaves the field alone (importChanges)
      const { set } = importChanges(have, r, read);
      if (Object.keys(set).length) changed++;
      const soldAt =
        set.status === undefined
          ? {}
          : { soldAt: set.status === "sold" ? sql`coalesce(${t.vehicles.soldAt}, ${now.toISOString()}::timestamptz)` : null };
      // an import told to overwrite edited fields hands the fields it wrote back to the feed
      const handedBack =
        read.overwriteEdited && have.editedFields.length ? { editedFields: withoutEdited(have.editedFields, Object.keys(set)) } : {};
      await tx
        .update(t.vehicles)
        .set({ ...set, ...soldAt, ...handedBack, missingFeeds: 0 })
        .where(and(eq(t.vehicles.siteId, imp.siteId), eq(t.vehicles.id, have.id)));
    } else {
      add++;
      const values = newCarFields(r, read.defaultLocation);
      const [made] = await tx
        .insert(t.vehicles)
        .values({
          ...values,
          stockNumber: r.stock_number,
          siteId: imp.siteId,
          slug: freeSlug(importedSlug(r), taken),
          listedAt: now,
          soldAt: values.status === "sold" ? now : null,
        })
        .returning({ id: t.vehicles.id });
      if (r.photos?.length) withPhotos.push({ vehicleId: made!.id, stockNumber: r.stock_number, urls: r.photos });
    }
  }
  return { add, changed, withPhotos };
}

/** A full feed: each in-stock car it leaves out counts one more missing feed, and is sold at the second. */
async function countMissing(
  tx: Tx,
  siteId: number,
  rows: StockRow[],
  current: CarOnFile[],
  overwriteEdited: boolean,
  now: Date,
): Promise<{ missing: number; sell: string[] }> {
  const sell: string[] = [];
  let missing = 0;
  const inFile = new Set(rows.map((r) => r.stock_number.toUpperCase()));
  for (const v of current) {
    if (v.status === "sold" || inFile.has(v.stockNumber.toUpperCase())) continue;
    missing++;
    const count = v.missingFeeds + 1;
    const sold = count >= MISSING_FEEDS_TO_SELL && feedMaySell(v, overwriteEdited);
    if (sold) sell.push(v.stockNumber);
    await tx
      .update(t.vehicles)
      .set(
        sold
          ? { missingFeeds: count, status: "sold", soldAt: now, editedFields: withoutEdited(v.editedFields, ["status"]) }
          : { missingFeeds: count },
      )
      .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, v.id)));
  }
  return { missing, sell };
}

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
    await holdStockNumbers(tx, imp.siteId);
    const current = await carsOnFile(tx, imp.siteId);
    // an import checked by an older version kept no columns: it had them all
    const read = {
      columns: (imp.columns as StockColumn[] | null) ?? STOCK_CSV_COLUMNS,
      clearBlanks: imp.clearBlanks,
      defaultLocation: opts.defaultLocation,
      soldByFeeds: MISSING_FEEDS_TO_SELL,
      // kept in the report (no column of its own): the file sets fields edited here too
      overwriteEdited: imp.report.overwriteEdited === true,
    };
    const { add, changed, withPhotos } = await writeFileRows(tx, imp, rows, current, read, opts.now);
    const { missing, sell } = imp.full
      ? await countMissing(tx, imp.siteId, rows, current, read.overwriteEdited, opts.now)
      : { missing: 0, sell: [] };
    // the photos are fetched after the transaction, by the worker (src/server/photos/fetch-worker.ts)
    await enqueueFeedPhotos(tx, imp.siteId, imp.id, withPhotos);
    const live = current.filter((v) => v.status !== "sold").length;
    const plan: ImportPlan = {
      add,
      update: rows.length - add,
      changed,
      unchanged: rows.length - add - changed,
      changes: [], // the preview's: the report keeps them
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
        after: {
          source: imp.source,
          full: imp.full,
          add: plan.add,
          changed: plan.changed,
          unchanged: plan.unchanged,
          missing: plan.missing,
          sold: plan.sell,
        },
      });
    return plan;
  });
}
