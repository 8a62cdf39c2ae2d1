import "server-only";
import { notFound } from "next/navigation";
import { bookingPage } from "@/server/bookings/booking-page";
import { requireSite, type SiteParams } from "./site";

/** GET /booking/{token}: the booking the confirmation's link names on this site, or a 404. */
export async function loadBooking(params: SiteParams, token: string) {
  const ctx = await requireSite(params, "/booking/token");
  const booking = await bookingPage(ctx, token);
  if (!booking) notFound();
  return { booking };
}
