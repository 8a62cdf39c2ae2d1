import type { BookingKind, SlotRules } from "../bookings/slots";
import type { SiteContext } from "./context";

/*
 * A dealer's booking rules, in one place for every caller (the slots API, the lead API, the forms).
 * A test drive is one car for half an hour inside its location's hours, an hour ahead, two weeks
 * out. A service is a drop-off in a half-hour slot the workshop takes a few of at once, from the
 * next day on (a workshop plans its day the evening before), up to three months ahead.
 */

export const TEST_DRIVE_RULES: SlotRules = { minutes: 30, capacity: 1, notice: 60, sameDay: true, daysAhead: 14 };
export const WORKSHOP_DEFAULTS: SlotRules = { minutes: 30, capacity: 2, notice: 0, sameDay: false, daysAhead: 90 };

/**
 * The rules a booking of `kind` is offered by at a location. `asked` leaves out the notice: a time
 * offered when the form was drawn is still taken a little later.
 */
export function bookingRules(kind: BookingKind, asked = false): SlotRules {
  const rules = kind === "test-drive" ? TEST_DRIVE_RULES : WORKSHOP_DEFAULTS;
  return asked ? { ...rules, notice: 0 } : rules;
}

type Place = SiteContext["locations"][number];

/** The locations that take bookings of a kind: a workshop (a service location) for a service; any for a test drive on a site that takes them. */
export function bookingLocations(ctx: Pick<SiteContext, "locations" | "features">, kind: BookingKind): Place[] {
  if (kind === "test-drive") return ctx.features.test_drive ? ctx.locations : [];
  return ctx.locations.filter((l) => l.locationType === "service");
}
