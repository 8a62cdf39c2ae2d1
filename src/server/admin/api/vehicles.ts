import "server-only";
import { z } from "zod";
import { LookupRequestSchema } from "@/domain/lookups/lookup";
import { parseSiteId } from "@/domain/platform/contract";
import { isEditedField } from "@/domain/stock/edited";
import { COLUMN_OF, vehicleCreateSchema, vehicleEditSchema } from "@/domain/stock/vehicle-form";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { env } from "@/server/base/env";
import { suggestStockNumber } from "@/server/repositories/stock-admin";
import { addVehicle, CHECK_FIELDS, editVehicle, handBack, lookUpRego } from "@/server/stock/editing";
import { endCarReservation } from "@/server/store/reservations";
import { actor, adminRoute, bodyOf, type Body, flashCookie, jsonBody, parsed, seeOther, type SiteCtx } from "./handler";

/*
 * A car by hand (docs/features/back-office.md): POST /api/admin/sites/{siteId}/vehicles adds one,
 * PUT …/vehicles/{id} edits any of its fields, POST …/vehicles/{id}/hand-back gives edited fields back
 * to the feed, GET …/vehicles/next-stock-number suggests a stock number and POST …/vehicles/lookup fills
 * the form from a rego. The add, the edit and the hand-back also take a plain form post (the pages work
 * without JavaScript): the browser is sent on (303) to the car's editor, or back to its form with what
 * was typed and the field messages in a one-minute cookie (VEHICLE_FLASH_COOKIE).
 */

export const VEHICLE_FLASH_COOKIE = "vehicle_form";
const thisYear = () => new Date(serverNow()).getUTCFullYear();
const KNOWN_FIELDS = new Set<string>([...Object.keys(COLUMN_OF), "rego_state"]);

/** A refused form post: back to `page` with the typed values and messages in the flash cookie. */
function backToForm(req: Request, siteId: number, page: string, form: Record<string, string>, e: HttpError) {
  const attempt = crypto.randomUUID().slice(0, 8);
  const values = Object.fromEntries(Object.entries(form).filter(([k]) => KNOWN_FIELDS.has(k)));
  // a feature's message is keyed by its line ("features.2"): the form shows it on the field
  const errors = Object.fromEntries(
    Object.entries(e.errors ?? { form: e.message })
      .map(([k, m]) => [k.split(".")[0]!, m] as const)
      .reverse(),
  );
  return seeOther(
    `${page}${page.includes("?") ? "&" : "?"}attempt=${attempt}`,
    flashCookie(req, VEHICLE_FLASH_COOKIE, { site: siteId, attempt, errors, values }),
  );
}

/**
 * An API client's JSON naming a field the car does not have is refused (422 naming it), so a typo is
 * never saved as nothing; the editor's plain form post carries its buttons and helpers and is read as before.
 */
const strictFor = <S extends z.ZodObject>(body: Body, schema: S): S => (body.form ? schema : (schema.strict() as unknown as S));

/** Runs a write; a refused form post goes back to its page instead of answering 422. */
async function formAware(req: Request, siteId: number, body: Body, page: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (e) {
    if (body.form && e instanceof HttpError && e.status === 422) return backToForm(req, siteId, page, body.form, e);
    throw e;
  }
}

/** POST /api/admin/sites/{siteId}/vehicles — a new car: 201 {vehicle, message}; 422 with a message per field. */
export const postVehicle = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = await bodyOf(req);
    const from = body.form?.from && /^\d{1,10}$/.test(body.form.from) ? `?from=${body.form.from}` : "";
    return formAware(req, siteId, body, `/sites/${siteId}/stock/new${from}`, async () => {
      const input = parsed(strictFor(body, vehicleCreateSchema(thisYear())), body.raw, CHECK_FIELDS);
      const { vehicle: v, websiteHref } = await addVehicle(siteId, input, actor(staff));
      if (body.form) return seeOther(`/sites/${siteId}/stock/${v.id}?added=1`);
      return json(201, {
        vehicle: {
          id: v.id,
          slug: v.slug,
          stock_number: v.stockNumber,
          title: `${v.year} ${v.make} ${v.model}${v.badge ? ` ${v.badge}` : ""}`,
          status: v.status,
          location_id: v.locationId,
          editor_href: `/sites/${siteId}/stock/${v.id}`,
          website_href: websiteHref,
        },
        message: `Added ${v.stockNumber}. It is on the website now.`,
      });
    });
  },
  { permission: "stock.edit", write: true },
);

const vehicleId = (raw: string) => {
  const id = parseSiteId(raw);
  if (id === null) throw new HttpError(404, "Unknown vehicle.");
  return id;
};

/** The edit of PUT (JSON) and of the editor's plain form post. */
async function saveEdit(req: Request, { staff, params, siteId }: SiteCtx<{ siteId: string; id: string }>) {
  const id = vehicleId(params.id);
  const body = await bodyOf(req);
  return formAware(req, siteId, body, `/sites/${siteId}/stock/${id}`, async () => {
    const edit = parsed(strictFor(body, vehicleEditSchema(thisYear())), body.raw, CHECK_FIELDS);
    const r = await editVehicle(siteId, id, edit, actor(staff));
    if (body.form) return seeOther(`/sites/${siteId}/stock/${id}?saved=1`);
    return json(200, {
      ok: true,
      changed: r.changed,
      edited_fields: r.vehicle.editedFields,
      message: r.changed.length ? "Saved. The website shows the change now." : "Nothing changed.",
    });
  });
}

/** PUT /api/admin/sites/{siteId}/vehicles/{id} — any of the car's fields (left out: unchanged; "" or null clears). */
export const putVehicle = adminRoute<{ siteId: string; id: string }>(saveEdit, { permission: "stock.edit", write: true });
/** POST /api/admin/sites/{siteId}/vehicles/{id} — the editor's plain form post (the same edit as PUT). */
export const postVehicleEdit = adminRoute<{ siteId: string; id: string }>(saveEdit, { permission: "stock.edit", write: true });

const HandBackSchema = z.object({
  fields: z.union([
    z.literal("all"),
    z
      .array(z.string().max(40))
      .min(1, "Choose a field to hand back")
      .max(40)
      .refine((fs) => fs.every(isEditedField), "Choose fields the feed writes")
      .refine((fs) => !fs.includes("photos"), "Hand the photos back with “Use the feed's photos again” in the photo section"),
  ]),
});

/** POST /api/admin/sites/{siteId}/vehicles/{id}/hand-back — {fields: [...] | "all"}: the next feed writes them again. */
export const postHandBack = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params, siteId }) => {
    const id = vehicleId(params.id);
    const body = await bodyOf(req);
    // the editor's buttons post field=price (one) or field=all
    const raw = body.form ? { fields: body.form.field === "all" ? "all" : body.form.field ? [body.form.field] : [] } : body.raw;
    const { fields } = parsed(HandBackSchema, raw, "Choose the fields to hand back to the feed.");
    const r = await handBack(siteId, id, fields, actor(staff));
    if (body.form) return seeOther(`/sites/${siteId}/stock/${id}?handed=${r.handedBack.length}`);
    return json(200, {
      ok: true,
      edited_fields: r.editedFields,
      message: r.handedBack.length
        ? "Handed back: the next stock file or feed sets these fields again."
        : "Those fields were not edited here.",
    });
  },
  { permission: "stock.edit", write: true },
);

/** GET /api/admin/sites/{siteId}/vehicles/next-stock-number — {stock_number}: the site's next, following its own pattern. */
export const getNextStockNumber = adminRoute<{ siteId: string }>(
  async (_req, { siteId }) => {
    return json(200, { stock_number: await suggestStockNumber(await getDb(), siteId) });
  },
  { permission: "stock.edit" },
);

const lookupLimiter = () =>
  sharedLimiter("staff-lookup", { limit: env().LOOKUP_RATE_LIMIT, windowMs: 10 * 60_000, databaseUrl: env().DATABASE_URL });

/**
 * POST /api/admin/sites/{siteId}/vehicles/lookup — {rego, state}: 200 {found: true, fill: {make, model,
 * year, vin, badge, body_type, colour, rego}, provider} or {found: false}; 404 where the site has no
 * lookup; 503 when the provider fails.
 */
export const postLookup = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const raw = await jsonBody(req);
    const request = parsed(LookupRequestSchema, raw, "Please check the rego and state.");
    // each look-up is a paid call to the provider: a staff member gets as many as a shopper's connection
    await limitOrThrow(
      lookupLimiter(),
      `${siteId}|${staff.id}`,
      "Too many look-ups. Please wait a few minutes or enter the car's details by hand.",
    );
    return json(200, await lookUpRego(siteId, request));
  },
  { permission: "stock.edit", write: true },
);

const ReservationSchema = z.object({
  action: z.enum(["release", "convert"], { error: "Choose to release the reservation or convert it to a sale" }),
});

/**
 * POST /api/admin/sites/{siteId}/vehicles/{id}/reservation — {action: "release" | "convert"}: a car
 * reserved online is let go (the buyer told, the deposit refunded) or sold to its buyer; 409 when
 * nothing holds it. The editor's plain form goes back to the car (303).
 */
export const postReservation = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params, siteId }) => {
    const id = vehicleId(params.id);
    const body = await bodyOf(req);
    const { action } = parsed(ReservationSchema, body.form ?? body.raw, "Choose what to do with the reservation.");
    const r = await endCarReservation(siteId, id, action === "release" ? "released" : "converted", actor(staff));
    if (body.form) return seeOther(`/sites/${siteId}/stock/${id}?reservation=${r.status}`);
    return json(200, { ok: true, reservation: r.number, status: r.status });
  },
  { permission: "stock.edit", write: true },
);
