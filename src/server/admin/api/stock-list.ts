import "server-only";
import { MAX_IMPORT_ROWS } from "@/domain/stock/import";
import { stockExportCsv } from "@/domain/stock/stock-csv";
import {
  BULK_FORM_ERRORS,
  BulkSchema,
  bulkFormErrorOf,
  bulkFromForm,
  bulkMessage,
  doneParam,
  parseStockListQuery,
  stockListParams,
  type Bulk,
} from "@/domain/stock/stock-list";
import { isMediaType } from "@/domain/http/content-type";
import { catalogueChanged } from "@/server/cache";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { fieldErrors, HttpError, json } from "@/server/http/api";
import { readText } from "@/server/http/body";
import { limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { env } from "@/server/base/env";
import { listSiteLabels } from "@/server/repositories/sites";
import { listStockView } from "@/server/reports/stock-list";
import { bulkUpdateVehicles, isSiteLocation } from "@/server/repositories/stock-list";
import { actor, adminRoute, jsonBody, MAX_FORM_BYTES } from "./handler";

/*
 * The stock list's actions (docs/features/back-office.md, "The stock list"):
 * `POST /api/admin/sites/{siteId}/vehicles/bulk` and `GET /api/admin/sites/{siteId}/stock.csv`.
 */

const MESSAGE = "Please check the highlighted fields.";

async function siteTimezone(siteId: number): Promise<string> {
  const [site] = await listSiteLabels(await getDb(), [siteId]);
  if (!site) throw new HttpError(404, "Not found.");
  return site.timezone;
}

/** Bulk actions a staff member may make in 10 minutes: each can change 500 cars and purges the site's pages. */
export const BULK_RATE_LIMIT = 60;
const bulkLimiter = () => sharedLimiter("staff-bulk", { limit: BULK_RATE_LIMIT, windowMs: 10 * 60_000, databaseUrl: env().DATABASE_URL });

/**
 * Applies a checked bulk action (counted against the staff member's limit: 429): the location must be
 * the site's; the page cache is purged for the site.
 */
async function applyBulk(siteId: number, bulk: Bulk, staff: Parameters<typeof actor>[0]) {
  await limitOrThrow(bulkLimiter(), staff.id, BULK_FORM_ERRORS.rate);
  const db = await getDb();
  if (bulk.action === "move" && !(await isSiteLocation(db, siteId, bulk.location_id!)))
    throw new HttpError(422, MESSAGE, {}, { location_id: "Choose one of this site's locations" });
  const result = await bulkUpdateVehicles(db, siteId, bulk, actor(staff), new Date(serverNow()));
  if (result.changed.length) catalogueChanged([siteId]);
  return result;
}

/**
 * POST /api/admin/sites/{siteId}/vehicles/bulk — a bulk action on some of the site's cars (managers and
 * owners): JSON `{ ids, action, location_id?, price?: { by, amount } }` answers 200 `{ changed, skipped,
 * message }` or 422 per field. The list's form posts here too (no JavaScript needed): the browser is
 * sent back to the list it came from (303), with the outcome's counts, the field at fault, or, to mark
 * cars sold, the question "Mark N cars sold?" first.
 */
export const postBulk = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    if (isMediaType(req.headers.get("content-type"), "application/json")) {
      const r = BulkSchema.safeParse(await jsonBody(req));
      if (!r.success) throw new HttpError(422, MESSAGE, {}, fieldErrors(r.error, "form"));
      const { changed, skipped } = await applyBulk(siteId, r.data, staff);
      return json(200, { changed: changed.length, skipped, message: bulkMessage(changed.length, skipped) });
    }
    if (!isMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded"))
      throw new HttpError(415, "Send the form as application/json or application/x-www-form-urlencoded.");
    const form = new URLSearchParams(await readText(req, MAX_FORM_BYTES));
    // back to the same view of the list: its address read again, so only the list's own parameters return
    const back = stockListParams(parseStockListQuery((k) => new URLSearchParams(form.get("back") ?? "").get(k)));
    const to = (extra: Record<string, string>) => {
      for (const [k, x] of Object.entries(extra)) back.set(k, x);
      return new Response(null, { status: 303, headers: { location: `/sites/${siteId}/stock?${back}`, "cache-control": "no-store" } });
    };
    const r = BulkSchema.safeParse(
      bulkFromForm(
        (k) => form.get(k),
        (k) => form.getAll(k),
      ),
    );
    const selected = form
      .getAll("ids")
      .filter((x) => /^\d{1,10}$/.test(x))
      .slice(0, 500)
      .join(",");
    if (!r.success) return to({ selected, bulk_error: bulkFormErrorOf(r.error.issues[0]?.path.map(String).join(".") ?? "") });
    if (r.data.action === "sold" && !r.data.confirm) return to({ selected, confirm: "sold" });
    try {
      const { changed, skipped } = await applyBulk(siteId, r.data, staff);
      return to({ done: doneParam(changed.length, skipped) });
    } catch (e) {
      if (e instanceof HttpError && e.status === 422) return to({ selected, bulk_error: "location_id" });
      if (e instanceof HttpError && e.status === 429) return to({ selected, bulk_error: "rate" });
      throw e;
    }
  },
  { permission: "stock.edit", write: true },
);

/**
 * GET /api/admin/sites/{siteId}/stock.csv?…the list's query… — the list as it is filtered and sorted,
 * every page (up to an import's most rows), in the stock file's columns so that it imports again,
 * then days in stock, views and leads (everyone on the site, as the list).
 */
export const getStockCsv = adminRoute<{ siteId: string }>(
  async (req, { siteId }) => {
    const url = new URL(req.url);
    const query = parseStockListQuery((k) => url.searchParams.get(k));
    const now = serverNow();
    const { rows } = await listStockView(await getDb(), { id: siteId, timezone: await siteTimezone(siteId) }, query, now, {
      offset: 0,
      limit: MAX_IMPORT_ROWS,
    });
    const day = new Date(now).toISOString().slice(0, 10);
    return new Response(stockExportCsv(rows), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="stock-${siteId}-${day}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
  { permission: "stock.read" },
);
