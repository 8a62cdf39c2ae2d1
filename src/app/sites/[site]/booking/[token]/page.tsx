import type { Metadata } from "next";
import { BookingView } from "@/components/bookings/booking-view";
import { loadBooking } from "../../_routes/booking";

type Props = { params: Promise<{ site: string; token: string }> };

export const metadata: Metadata = { title: "Your Booking", robots: { index: false } };

// GET /booking/{token} — a booking from its confirmation's link: what, when, where, and cancelling it
export default async function BookingPage({ params }: Props) {
  return <BookingView {...await loadBooking(params, (await params).token)} />;
}
