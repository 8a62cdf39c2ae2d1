import "server-only";
import { BOOKING_MSG } from "@/domain/bookings/messages";
import {
  nextFreeStarts,
  openSlots,
  parseStart,
  plusDays,
  slotAt,
  slotsOn,
  type BookingKind,
  type BookingLocation,
  type SlotAnswer,
} from "@/domain/bookings/slots";
import { instantAt, localTime } from "@/domain/locations/hours";
import { bookingLocations, bookingRules } from "@/domain/site/bookings";
import { getDb } from "@/server/db";
import { takenSeats, vehicleResource, workshopResource, type BookingHold } from "@/server/repositories/bookings";
import type { SiteContext } from "@/server/site/context";
import { recordPageTags } from "@/server/cache/page-tags";
import { pageTag } from "@/domain/http/page-cache";

/**
 * A booking refused: 422 (a time gone by, a booking with nothing to book) or 409 (a time not offered,
 * or taken meanwhile), with the field's message and, for a 409, the next free starts to offer instead.
 */
export class BookingRefused extends Error {
  constructor(
    readonly status: 409 | 422,
    readonly errors: Record<string, string>,
    readonly next: string[] = [],
  ) {
    super(status === 409 ? "That time cannot be booked." : "Please check the highlighted fields.");
  }
}

type Place = SiteContext["locations"][number];
/** What a slot is of: where, by whose hours, and the resource its seats are held under. */
export type SlotSubject = { kind: BookingKind; location: Place; vehicleId: number | null; resource: string };

const asBookingLocation = (l: Place): BookingLocation => ({ id: l.id, timeZone: l.timezone, weekly: l.openingHours });

/** A workshop of the site by id, or null (not a service location, or not this site's). */
export const workshopOf = (ctx: SiteContext, id: number) => bookingLocations(ctx, "service").find((l) => l.id === id) ?? null;

/** A car's test-drive subject: the car at its own location (else the one the shopper chose), or null where the site takes none. */
export function testDriveSubject(
  ctx: SiteContext,
  vehicle: { id: number; locationId: number | null },
  chosen?: number,
): SlotSubject | null {
  const places = bookingLocations(ctx, "test-drive");
  const location = places.find((l) => l.id === vehicle.locationId) ?? places.find((l) => l.id === chosen);
  return location ? { kind: "test-drive", location, vehicleId: vehicle.id, resource: vehicleResource(vehicle.id) } : null;
}

export const serviceSubject = (location: Place): SlotSubject => ({
  kind: "service",
  location,
  vehicleId: null,
  resource: workshopResource(location.id),
});

/** Seats held on a subject's slots from a date (its location's calendar) for `days` days. */
async function seatsFrom(ctx: SiteContext, s: SlotSubject, date: string, days: number) {
  const zone = s.location.timezone;
  const from = new Date(instantAt(date, 0, zone));
  const to = new Date(instantAt(plusDays(date, days), 0, zone));
  return takenSeats(await getDb(), ctx.site.id, s.resource, from, to);
}

/** The free slots of a subject on a date of its location's calendar, from `now` with the rules' notice. */
export async function freeSlots(ctx: SiteContext, s: SlotSubject, date: string, now: number): Promise<SlotAnswer[]> {
  const slots = slotsOn(date, asBookingLocation(s.location), ctx.specialHours, bookingRules(s.kind), now);
  if (slots.length === 0) return [];
  return openSlots(slots, await seatsFrom(ctx, s, date, 1), s.location.timezone);
}

/** The next free starts from a date on (offered instead of a time that cannot be booked). */
export async function nextFree(ctx: SiteContext, s: SlotSubject, date: string, now: number): Promise<string[]> {
  const rules = bookingRules(s.kind);
  const taken = await seatsFrom(ctx, s, date, rules.daysAhead);
  return nextFreeStarts(date, asBookingLocation(s.location), ctx.specialHours, rules, now, taken);
}

/** The local date and time ("HH:MM") of an instant at a subject's location: what the lead's day/month/year/time say. */
export function localSlot(s: SlotSubject, start: number): { date: string; time: string } {
  const t = localTime(start, s.location.timezone);
  return { date: t.date, time: `${String(Math.floor(t.minutes / 60)).padStart(2, "0")}:${String(t.minutes % 60).padStart(2, "0")}` };
}

/**
 * The hold a lead asks for at `start` (an instant): one of the subject's slots from now (no notice: a
 * time offered when the form was drawn is still taken), else refused with the next free starts.
 */
export async function holdFor(ctx: SiteContext, s: SlotSubject, start: number, now: number): Promise<BookingHold> {
  if (start <= now) throw new BookingRefused(422, { booking_start: BOOKING_MSG.past });
  const { date } = localSlot(s, start);
  const rules = bookingRules(s.kind, true);
  const slot = slotAt(slotsOn(date, asBookingLocation(s.location), ctx.specialHours, rules, now), start);
  if (!slot) throw new BookingRefused(409, { booking_start: BOOKING_MSG.unknown }, await nextFree(ctx, s, date, now));
  return {
    kind: s.kind,
    resource: s.resource,
    locationId: s.location.id,
    vehicleId: s.vehicleId,
    start: new Date(slot.start),
    end: new Date(slot.end),
    capacity: slot.capacity,
  };
}

/** booking_start as sent: an instant, or a 422 when it is not an ISO 8601 time with an offset. */
export function startOf(value: unknown): number {
  const start = parseStart(value);
  if (start === null) throw new BookingRefused(422, { booking_start: BOOKING_MSG.badStart });
  return start;
}

/** A subject's times from today on ("YYYY-MM-DD HH:MM" at its location) whose seats are all held; the page showing them is tagged. */
async function fullTimes(ctx: SiteContext, s: SlotSubject, now: number, tag: string) {
  recordPageTags(tag);
  const rules = bookingRules(s.kind);
  const taken = await seatsFrom(ctx, s, localTime(now, s.location.timezone).date, rules.daysAhead);
  const times = [...taken].filter(([, n]) => n >= rules.capacity).map(([start]) => localSlot(s, start));
  return { location: s.location.id, times: times.map((t) => `${t.date} ${t.time}`) };
}

/** A car's test-drive times already booked, for its form not to offer them; null where it takes none. */
export async function bookedTestDriveTimes(ctx: SiteContext, vehicle: { id: number; locationId: number | null }, now: number) {
  const s = testDriveSubject(ctx, vehicle);
  return s ? fullTimes(ctx, s, now, pageTag.testDrive(ctx.site.id, vehicle.id)) : null;
}

/** Each workshop's full service times, for the service form not to offer them. */
export async function fullServiceTimes(ctx: SiteContext, now: number) {
  return Promise.all(
    bookingLocations(ctx, "service").map((l) => fullTimes(ctx, serviceSubject(l), now, pageTag.workshop(ctx.site.id, l.id))),
  );
}
