import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { PageSection } from "@/components/ui/page";
import type { BookingPageData } from "@/domain/bookings/booking-page";

const STATUS_WORDS: Record<BookingPageData["status"], string> = {
  booked: "Booked",
  cancelled: "Cancelled: the time is free for someone else.",
  past: "This booking’s time has passed.",
};

/** /booking/{token}: one booking (what, when, where, its status) and, while it stands, a button that cancels it (a plain form). */
export function BookingView({ booking }: { booking: BookingPageData }) {
  const b = booking;
  return (
    <PageSection width="narrow" className="py-10">
      <h1 className="text-3xl font-extrabold">Your booking</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 rounded-lg border border-neutral-300 p-4 text-base">
        <dt className="font-semibold">What</dt>
        <dd>{b.what}</dd>
        <dt className="font-semibold">When</dt>
        <dd>{b.when}</dd>
        {b.where && (
          <>
            <dt className="font-semibold">Where</dt>
            <dd>
              {b.where.name}
              {b.where.address && <span className="block text-neutral-700">{b.where.address}</span>}
              {b.where.phone && <span className="block text-neutral-700">Phone {b.where.phone}</span>}
            </dd>
          </>
        )}
        <dt className="font-semibold">Status</dt>
        <dd data-testid="booking-status" role="status">
          {STATUS_WORDS[b.status]}
        </dd>
      </dl>
      {b.status === "booked" ? (
        <form method="post" action="/api/bookings/cancel" className="mt-6">
          <input type="hidden" name="token" value={b.token} />
          <p className="text-neutral-800">Can’t make it? Cancel here and the time goes back on offer.</p>
          <button type="submit" className={buttonVariants({ variant: "outline", className: "mt-3" })}>
            Cancel this booking
          </button>
        </form>
      ) : (
        <Link href={b.again} className={buttonVariants({ className: "mt-6" })}>
          {b.kind === "test-drive" ? "Book another test drive" : "Book a service"}
        </Link>
      )}
    </PageSection>
  );
}
