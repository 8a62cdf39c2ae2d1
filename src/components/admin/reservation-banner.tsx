import type { ReservationView } from "@/domain/store/reservation";

/**
 * A car reserved online, at the top of its editor: the deposit, who holds it and until when, and the
 * two ways on (plain forms): release it (the car goes back on sale, the buyer is told) or sell it to
 * the buyer. Until then its status, its place on the website and its price are held.
 */
export function ReservationBanner({ siteId, vehicleId, r }: { siteId: number; vehicleId: number; r: ReservationView }) {
  const action = `/api/admin/sites/${siteId}/vehicles/${vehicleId}/reservation`;
  return (
    <section aria-label="Reservation" data-testid="reservation" className="mb-4 rounded-lg border-2 border-amber-500 bg-amber-50 p-4">
      <h2 className="text-lg font-bold">Reserved online</h2>
      <p className="mt-1">
        {r.paid ? `${r.deposit} deposit paid by ${r.by}` : `Held by ${r.by} while they pay the ${r.deposit} deposit`}
        {r.until ? `, until ${r.until}` : ""} · reservation {r.number}
      </p>
      <p className="mt-1 text-sm text-neutral-800">
        Its status, its place on the website and its price stay as reserved until you release it or sell it to the buyer.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <form method="post" action={action}>
          <input type="hidden" name="action" value="convert" />
          <button type="submit" className="min-h-11 rounded-md bg-brand px-4 font-semibold text-white">
            Convert to a sale
          </button>
        </form>
        <form method="post" action={action}>
          <input type="hidden" name="action" value="release" />
          <button type="submit" className="min-h-11 rounded-md border border-neutral-400 bg-white px-4 font-semibold">
            Release the reservation
          </button>
        </form>
      </div>
    </section>
  );
}
