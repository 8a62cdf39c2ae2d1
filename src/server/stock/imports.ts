import "server-only";
import { parseStockCsv, planImport, type ImportPlan } from "@/domain/stock/import";
import { catalogueChanged } from "@/server/cache";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { wakePhotoFetchWorker } from "@/server/photos/fetch-worker";
import { HttpError } from "@/server/http/api";
import { Actor } from "@/server/repositories/audit";
import type { ColumnMapping } from "@/domain/stock/import-columns";
import { StoredImport, applyImport, getImportMapping, rememberImportMapping, saveImport, stockOnFile } from "@/server/repositories/imports";
import { getSiteById, listLocations } from "@/server/repositories/sites";

/*
 * Stock imports, one way for both doors: a CSV uploaded in the back-office and a dealer-management
 * system's feed pushed to the platform API. Checked and stored first; applied once.
 */

/** Where a car the file does not place goes: the site's primary location, else its first. */
export const defaultLocationOf = (locations: Array<{ id: number; isPrimary: boolean }>) =>
  (locations.find((l) => l.isPrimary) ?? locations[0])?.id ?? null;

/**
 * Checks a CSV against the site's stock and stores it (checked, held or rejected) with its report.
 * Headers are read by the names dealer systems use and the site's remembered mapping; `mapping`
 * holds the dealer's new choices from the import screen, remembered for the site's next file.
 */
export async function checkStockImport(opts: {
  siteId: number;
  csv: string;
  full: boolean;
  source: "csv" | "feed";
  staffId: string | null;
  clearBlanks?: boolean;
  /** the file sets fields a person edited here too (else it leaves them as they are) */
  overwriteEdited?: boolean;
  mapping?: ColumnMapping;
}) {
  const db = await getDb();
  const locations = await listLocations(db, opts.siteId);
  const thisYear = new Date(serverNow()).getUTCFullYear();
  const mapping =
    opts.mapping && Object.keys(opts.mapping).length
      ? await rememberImportMapping(db, opts.siteId, opts.mapping)
      : await getImportMapping(db, opts.siteId);
  const { rows, errors, columns, ignoredColumns, headerPriceType } = parseStockCsv(opts.csv, {
    thisYear,
    locationIds: locations.map((l) => l.id),
    photoTestOrigin: env().PHOTO_FETCH_TEST_ORIGIN ?? null,
    mapping,
  });
  const clearBlanks = opts.clearBlanks ?? false;
  const overwriteEdited = opts.overwriteEdited ?? false;
  const read = { columns: columns.map((c) => c.column), clearBlanks, defaultLocation: defaultLocationOf(locations), overwriteEdited };
  const plan = errors.length ? null : planImport(await stockOnFile(db, opts.siteId), rows, opts.full, read);
  const status = errors.length ? "rejected" : plan!.held ? "held" : "checked";
  const report = {
    lines: rows.length + errors.length,
    valid: rows.length,
    errors: errors.slice(0, 500),
    errorCount: errors.length,
    columns,
    ignoredColumns,
    headerPriceType,
    clearBlanks,
    overwriteEdited,
    plan,
  };
  const stored = await saveImport(db, {
    siteId: opts.siteId,
    staffId: opts.staffId,
    source: opts.source,
    full: opts.full,
    status,
    rows: errors.length ? [] : rows.map(({ line: _line, ...r }) => r),
    report,
    columns: read.columns,
    clearBlanks,
  });
  return { id: stored.id, status, report };
}

/** Applies a checked (or, confirmed, a held) import: the plan done and the sentence that says so. */
export async function applyChecked(imp: StoredImport, by: Actor, confirm: boolean): Promise<{ plan: ImportPlan; message: string }> {
  const db = await getDb();
  const [site, locations] = await Promise.all([getSiteById(db, imp.siteId), listLocations(db, imp.siteId)]);
  const plan = await applyImport(db, imp, {
    defaultLocation: defaultLocationOf(locations),
    by,
    confirmHeld: confirm,
    now: new Date(serverNow()),
  });
  if (!plan) throw new HttpError(409, "This import was applied already.");
  catalogueChanged([imp.siteId]);
  wakePhotoFetchWorker(); // the cars' photos are fetched now, in the background
  return {
    plan,
    message: `Imported into ${site?.name ?? "the site"}: ${plan.add} added, ${plan.changed} changed, ${plan.unchanged} unchanged, ${plan.sell.length} marked sold.`,
  };
}
