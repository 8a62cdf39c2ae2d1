import "server-only";
import { z } from "zod";
import { parseSiteId } from "@/domain/platform/contract";
import { MAX_IMPORT_BYTES } from "@/domain/stock/import";
import { mappingFromQuery } from "@/domain/stock/import-columns";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { readText } from "@/server/http/body";
import { limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { env } from "@/server/base/env";
import { getImport } from "@/server/repositories/imports";
import { applyChecked, checkStockImport } from "@/server/stock/imports";
import { adminRoute, actor, jsonBody, parsed } from "./handler";
import { isMediaType } from "@/domain/http/content-type";

/* Stock by import: `/stock/imports` and `/stock/imports/{id}/apply` (cars by hand: vehicles.ts). */

// the hand edit of one car lives with the other car-by-hand routes
export { putVehicle } from "./vehicles";

/** Stock files a staff member may have checked in 10 minutes: each is up to 5 MB read and compared with the stock. */
export const IMPORT_CHECK_RATE_LIMIT = 30;
const importCheckLimiter = () =>
  sharedLimiter("staff-import-check", { limit: IMPORT_CHECK_RATE_LIMIT, windowMs: 10 * 60_000, databaseUrl: env().DATABASE_URL });

/**
 * POST /api/admin/sites/{siteId}/stock/imports?full=1&clear_blanks=1&overwrite_edited=1&col.{header}={column} — the
 * CSV as the body (text/csv); answers the check's report. `col.…` are the dealer's header choices, remembered
 * for the site; `clear_blanks=1`: an empty cell clears its field (else it leaves it alone);
 * `overwrite_edited=1`: the file sets fields a person edited here too (else it leaves them as they are).
 * 429 past IMPORT_CHECK_RATE_LIMIT checks a staff member in 10 minutes.
 */
export const postStockImport = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    if (!isMediaType(req.headers.get("content-type"), "text/csv", "text/plain")) throw new HttpError(415, "Send the file as text/csv.");
    // counted before the file is read: a refused check costs nothing
    await limitOrThrow(
      importCheckLimiter(),
      staff.id,
      "Too many stock files checked in a few minutes. Please wait a few minutes and upload the file again.",
    );
    const query = new URL(req.url).searchParams;
    const { mapping, errors } = mappingFromQuery(query);
    if (Object.keys(errors).length) throw new HttpError(422, "Please check the column choices.", {}, errors);
    const csv = await readText(req, MAX_IMPORT_BYTES);
    const result = await checkStockImport({
      siteId,
      csv,
      full: query.get("full") === "1",
      clearBlanks: query.get("clear_blanks") === "1",
      overwriteEdited: query.get("overwrite_edited") === "1",
      mapping,
      source: "csv",
      staffId: staff.id,
    });
    if (result.status === "rejected")
      return json(422, {
        error: `The file has ${result.report.errorCount} problem${result.report.errorCount === 1 ? "" : "s"}. Nothing was imported.`,
        ...result,
      });
    return json(200, result);
  },
  { permission: "stock.edit", write: true },
);

const ApplySchema = z.object({ confirm: z.boolean().default(false) });

/** POST /api/admin/sites/{siteId}/stock/imports/{id}/apply — {confirm}: a held import needs confirm: true. */
export const applyStockImport = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params, siteId }) => {
    const id = parseSiteId(params.id);
    if (id === null) throw new HttpError(404, "Unknown import.");
    const body = parsed(ApplySchema, await jsonBody(req), "Please check the highlighted fields.");
    const db = await getDb();
    const imp = await getImport(db, siteId, id);
    if (!imp) throw new HttpError(404, "Unknown import.");
    if (imp.status === "rejected")
      throw new HttpError(409, "This import has errors and cannot be applied. Fix the file and upload it again.");
    if (imp.status === "applied") throw new HttpError(409, "This import was applied already.");
    if (imp.status === "superseded")
      throw new HttpError(409, "A newer import was applied since this one was checked. Upload the file again.");
    if (imp.status === "held" && !body.confirm)
      throw new HttpError(409, "This import would mark many cars as sold. Confirm it to go ahead.", {}, { confirm: "Tick to confirm" });
    const { plan, message } = await applyChecked(imp, actor(staff), body.confirm);
    return json(200, { ok: true, plan, message });
  },
  { permission: "stock.edit", write: true },
);
