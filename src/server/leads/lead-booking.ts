import "server-only";
import { BOOKING_MSG } from "@/domain/bookings/messages";
import type { FormKind } from "@/domain/leads/forms";
import { wholeNumber } from "@/domain/leads/form-schema";
import { isoDate } from "@/domain/leads/test-drive";
import { instantAt, isoInZone } from "@/domain/locations/hours";
import type { BookingHold } from "@/server/repositories/bookings";
import type { SiteContext } from "@/server/site/context";
import {
  BookingRefused,
  holdFor,
  localSlot,
  nextFree,
  serviceSubject,
  startOf,
  testDriveSubject,
  workshopOf,
  type SlotSubject,
} from "@/server/bookings/booking-service";

/*
 * A lead's booking: a test drive of a named car (always: one car, one time), or a service at a
 * workshop with a time (`booking_start`, or the form's time; without one it asks for a day). Worked
 * out before the lead's fields are checked, since booking_start alone says the day, month, year (and
 * a test drive's time and location) the form would have asked for.
 */

/** What a lead books and when, and the field a refusal goes under (booking_start, or the form's own time). */
export type AskedBooking = { subject: SlotSubject; start: number; field: "booking_start" | "time" };

const given = (v: unknown) => v !== undefined && v !== null && v !== "";
const idOf = (v: unknown) => {
  const r = wholeNumber().safeParse(v);
  return r.success ? r.data : undefined;
};

/** booking_start's local day, month and year (and a test drive's time and location) written into the lead, as the form sends them. */
function fillFromStart(lead: Record<string, unknown>, s: SlotSubject, start: number) {
  const { date, time } = localSlot(s, start);
  const [year, month, day] = date.split("-").map(Number);
  Object.assign(lead, { day, month, year });
  if (s.kind === "test-drive") Object.assign(lead, { time, location: s.location.id });
}

/** The booking a lead asks for (`lead` gains the fields booking_start implies), or null; refuses one with nothing to book. */
export function bookingAsked(
  ctx: SiteContext,
  kind: FormKind,
  lead: Record<string, unknown>,
  vehicle: { id: number; locationId: number | null } | null,
  now: number,
): AskedBooking | null {
  if (kind !== "test-drive" && kind !== "service") return null;
  const asked = given(lead.booking_start);
  let subject: SlotSubject | null;
  if (kind === "test-drive") {
    subject = vehicle ? testDriveSubject(ctx, vehicle, idOf(lead.location)) : null;
    if (!subject) {
      if (asked) throw new BookingRefused(422, { vehicle: BOOKING_MSG.needsCar });
      return null;
    }
  } else {
    // a service holds a slot when it names a time (booking_start, or the form's day and time) at a workshop
    const workshop = workshopOf(ctx, idOf(lead.location) ?? -1);
    if (!asked && (!workshop || !given(lead.time))) return null;
    if (!workshop) throw new BookingRefused(422, { location: BOOKING_MSG.needsWorkshop });
    subject = serviceSubject(workshop);
  }
  if (asked) {
    const start = startOf(lead.booking_start);
    if (start <= now) throw new BookingRefused(422, { booking_start: BOOKING_MSG.past });
    fillFromStart(lead, subject, start);
    return { subject, start, field: "booking_start" };
  }
  // the form's own day and time, at the car's location (a test drive) or the workshop
  const [day, month, year] = [idOf(lead.day), idOf(lead.month), idOf(lead.year)];
  const time = typeof lead.time === "string" && /^\d{2}:\d{2}$/.test(lead.time) ? lead.time : null;
  if (!day || !month || !year || !time) return null; // the fields' own checks say what is missing
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  if (subject.kind === "test-drive") lead.location = subject.location.id;
  return { subject, start: instantAt(isoDate(day, month, year), minutes, subject.location.timezone), field: "time" };
}

/** The hold for an asked booking (a slot offered from now), its start as the lead keeps it; refused with the next free times. */
export async function holdOf(ctx: SiteContext, asked: AskedBooking, now: number): Promise<{ hold: BookingHold; start: string }> {
  try {
    return { hold: await holdFor(ctx, asked.subject, asked.start, now), start: isoInZone(asked.start, asked.subject.location.timezone) };
  } catch (e) {
    if (e instanceof BookingRefused && asked.field === "time" && e.errors.booking_start)
      throw new BookingRefused(e.status, { time: e.errors.booking_start }, e.next);
    throw e;
  }
}

/** The refusal of a booking whose slot filled meanwhile (the database's answer), with the next free times. */
export async function bookingTaken(ctx: SiteContext, asked: AskedBooking, now: number): Promise<BookingRefused> {
  const { date } = localSlot(asked.subject, asked.start);
  return new BookingRefused(409, { [asked.field]: BOOKING_MSG.taken }, await nextFree(ctx, asked.subject, date, now));
}
