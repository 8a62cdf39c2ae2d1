import "server-only";
import { parseStockCsv, planImport, type ImportPlan } from "@/domain/stock/import";
import { catalogueChanged } from "@/server/cache";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { wakePhotoFetchWorker } from "@/server/photos/fetch-worker";
import { HttpError } from "@/server/http/api";
import { Actor } from "@/server/repositories/audit";
import { StoredImport, applyImport, saveImport, stockOnFile } from "@/server/repositories/imports";
import { getSiteById, listLocations } from "@/server/repositories/sites";

/*
 * Stock imports, one way for both doors: a CSV uploaded in the back-office and a dealer-management
 * system's feed pushed to the platform API. Checked and stored first; applied once.
 */

/** Checks a CSV against the site's stock and stores it (checked, held or rejected) with its report. */
export async function checkStockImport(opts: {
  siteId: number;
  csv: string;
  full: boolean;
  source: "csv" | "feed";
  staffId: string | null;
}) {
  const db = await getDb();
  const locations = await listLocations(db, opts.siteId);
  const thisYear = new Date(serverNow()).getUTCFullYear();
  const { rows, errors, ignoredColumns } = parseStockCsv(opts.csv, {
    thisYear,
    locationIds: locations.map((l) => l.id),
    photoTestOrigin: env().PHOTO_FETCH_TEST_ORIGIN ?? null,
  });
  const plan = errors.length ? null : planImport(await stockOnFile(db, opts.siteId), rows, opts.full);
  const status = errors.length ? "rejected" : plan!.held ? "held" : "checked";
  const report = {
    lines: rows.length + errors.length,
    valid: rows.length,
    errors: errors.slice(0, 500),
    errorCount: errors.length,
    ignoredColumns,
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
  });
  return { id: stored.id, status, report };
}

/** Applies a checked (or, confirmed, a held) import: the plan done and the sentence that says so. */
export async function applyChecked(imp: StoredImport, by: Actor, confirm: boolean): Promise<{ plan: ImportPlan; message: string }> {
  const db = await getDb();
  const [site, locations] = await Promise.all([getSiteById(db, imp.siteId), listLocations(db, imp.siteId)]);
  const primary = locations.find((l) => l.isPrimary) ?? locations[0] ?? null;
  const plan = await applyImport(db, imp, {
    defaultLocation: primary?.id ?? null,
    by,
    confirmHeld: confirm,
    now: new Date(serverNow()),
  });
  if (!plan) throw new HttpError(409, "This import was applied already.");
  catalogueChanged([imp.siteId]);
  wakePhotoFetchWorker(); // the cars' photos are fetched now, in the background
  return {
    plan,
    message: `Imported into ${site?.name ?? "the site"}: ${plan.add} added, ${plan.update} updated, ${plan.sell.length} marked sold.`,
  };
}
