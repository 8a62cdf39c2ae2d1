import "server-only";
import { whenText } from "@/domain/leads/answers";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { getBooking } from "@/server/repositories/bookings";
import { getVehicleById } from "@/server/repositories/vehicles";
import type { SiteContext } from "@/server/site/context";
import { bookingIdOf } from "./tokens";
import { bookingWhat, type BookingPageData } from "@/domain/bookings/booking-page";
import { vehicleTitle } from "@/domain/stock/vehicle";

/** The booking a confirmation's token names on this site, as its page shows it; null for none. */
export async function bookingPage(ctx: SiteContext, token: string): Promise<BookingPageData | null> {
  const db = await getDb();
  const id = await bookingIdOf(db, token);
  const b = id ? await getBooking(db, ctx.site.id, id) : null;
  if (!b) return null;
  const location = ctx.locations.find((l) => l.id === b.locationId) ?? null;
  const zone = location?.timezone ?? ctx.site.timezone;
  const car = b.vehicleId != null ? await getVehicleById(db, ctx.site.id, b.vehicleId) : null;
  const kind = b.kind === "test-drive" ? "test-drive" : "service";
  return {
    token,
    kind,
    what: bookingWhat(b.kind, car ? vehicleTitle(car) : null),
    when: `${whenText(b.startsAt, zone, { year: true })} (${zone.replace(/_/g, " ")} time)`,
    where: location ? { name: location.name, address: location.address.full || null, phone: location.contactDetail.phone ?? null } : null,
    status: b.status === "cancelled" ? "cancelled" : b.startsAt.getTime() <= serverNow() ? "past" : "booked",
    again: kind === "test-drive" ? `/book-test-drive${car ? `?vehicle=${encodeURIComponent(car.slug)}` : ""}` : "/service",
  };
}
