import "server-only";
import { z } from "zod";
import { BOOKING_KINDS, isIsoDate } from "@/domain/bookings/slots";
import { BOOKING_MSG } from "@/domain/bookings/messages";
import { fieldErrors } from "@/domain/http/field-errors";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { checkOrigin, readJson, readTextUpTo } from "@/server/http/body";
import { mediaTypeOf } from "@/domain/http/content-type";
import { cancelBooking, getBooking } from "@/server/repositories/bookings";
import { getVehicleByStockNumber } from "@/server/repositories/vehicles";
import { siteApi } from "@/server/site/api";
import type { SiteContext } from "@/server/site/context";
import { freeSlots, serviceSubject, testDriveSubject, workshopOf, type SlotSubject } from "./booking-service";
import { bookingIdOf } from "./tokens";
import { bookedTimesChanged } from "@/server/cache";
import { deliveryAddresses } from "@/domain/site/lead-destinations";

/** The slots query: what kind, which day (the location's calendar), and the workshop or the car. */
const SlotsQuery = z
  .object({
    kind: z.enum(BOOKING_KINDS, { error: BOOKING_MSG.kind }),
    date: z.string({ error: BOOKING_MSG.date }).refine(isIsoDate, BOOKING_MSG.date),
    location_id: z
      .string()
      .regex(/^\d{1,9}$/, BOOKING_MSG.locationId)
      .optional(),
    vehicle: z.string().trim().min(1, BOOKING_MSG.vehicle).max(64, BOOKING_MSG.vehicle).optional(),
  })
  .superRefine((q, c) => {
    if (q.kind === "service" && !q.location_id) c.addIssue({ code: "custom", path: ["location_id"], message: BOOKING_MSG.locationId });
    if (q.kind === "test-drive" && !q.vehicle) c.addIssue({ code: "custom", path: ["vehicle"], message: BOOKING_MSG.vehicle });
  });

const one = (q: URLSearchParams, k: string) => q.get(k) ?? undefined;

/** The workshop or car a slots query is about, or a 404. */
async function subjectOf(ctx: SiteContext, q: z.infer<typeof SlotsQuery>, now: number): Promise<SlotSubject> {
  if (q.kind === "service") {
    const workshop = workshopOf(ctx, Number(q.location_id));
    if (!workshop) throw new HttpError(404, "No such service location.");
    return serviceSubject(workshop);
  }
  const found = await getVehicleByStockNumber(await getDb(), ctx.site, q.vehicle!, now);
  const subject = found && found.listed && !found.hidden ? testDriveSubject(ctx, found.vehicle) : null;
  if (!subject) throw new HttpError(404, "No such car for a test drive.");
  return subject;
}

/**
 * GET /api/bookings/slots?kind=service&date=YYYY-MM-DD&location_id=… (or kind=test-drive&vehicle={stock
 * number}): the day's free slots at the location, in its own clock, from now on → 200 {slots:[{start,
 * end, available}]}; a closed day or one out of reach is an empty list.
 */
export const slotsRoute = siteApi(async (req, ctx) => {
  const params = new URL(req.url).searchParams;
  const q = SlotsQuery.safeParse({
    kind: one(params, "kind"),
    date: one(params, "date"),
    location_id: one(params, "location_id"),
    vehicle: one(params, "vehicle"),
  });
  if (!q.success) throw new HttpError(422, "Please check the query.", {}, fieldErrors(q.error));
  const now = serverNow();
  const slots = await freeSlots(ctx, await subjectOf(ctx, q.data, now), q.data.date, now);
  return json(200, { slots });
});

const CancelBody = z.object({ token: z.string().min(1).max(200) });

/**
 * POST /api/bookings/cancel {token} (JSON, or the booking page's plain form): cancels the booking the
 * token is for, freeing its slot at once. JSON → 200 {booking:{id,status}}; the form → 303 back to
 * the booking's page, which says it is cancelled. A token that is not this site's booking is a 404.
 */
export const cancelRoute = siteApi(async (req, ctx) => {
  checkOrigin(req, "Bookings can only be changed from this website.");
  const type = mediaTypeOf(req.headers.get("content-type"));
  let raw: unknown;
  if (type === "application/json") raw = await readJson(req, 4096);
  else if (type === "application/x-www-form-urlencoded")
    raw = Object.fromEntries(new URLSearchParams((await readTextUpTo(req, 4096)).text));
  else throw new HttpError(415, "Send the token as application/json or a form.");
  const body = CancelBody.safeParse(raw);
  if (!body.success) throw new HttpError(422, "Please check the highlighted fields.", {}, fieldErrors(body.error));
  const db = await getDb();
  const id = await bookingIdOf(db, body.data.token);
  const booking = id ? await getBooking(db, ctx.site.id, id) : null;
  if (!booking) throw new HttpError(404, "No such booking.");
  // the car's or the workshop's form pages offer the freed time again
  const notify = deliveryAddresses(ctx, booking.locationId);
  // the dealer's notice goes with the cancel, through the outbox (its worker looks every second)
  if (await cancelBooking(db, ctx.site.id, booking.id, new Date(serverNow()), notify.location ?? notify.site))
    bookedTimesChanged(ctx.site.id, booking);
  if (type === "application/json") return json(200, { booking: { id: booking.id, status: "cancelled" } });
  return new Response(null, { status: 303, headers: { location: `/booking/${body.data.token}`, "cache-control": "no-store" } });
});
