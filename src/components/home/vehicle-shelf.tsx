import type { Vehicle } from "@/domain/stock/vehicle";
import { VehicleCardView } from "@/components/stock/vehicle-card";
import { RepaymentNote } from "@/components/stock/repayment-note";
import { cardsNote, cardView, type CardContext } from "@/domain/stock/card-view";

/**
 * A row of vehicle cards on the home page (featured, new arrivals): a swipeable row on a phone, a
 * grid on a desktop; left out when there is nothing to show. The repayment note follows its cards
 * unless the page gives it once for several rows (`note={false}`, the home page).
 */
export function VehicleShelf({
  id,
  title,
  vehicles,
  ctx,
  more,
  note = true,
  priority = false,
}: {
  id: string;
  title: string;
  vehicles: Vehicle[];
  ctx: CardContext;
  more: { href: string; label: string };
  note?: boolean;
  /**
   * the first card's photo is on a phone's first screen (a brand page, under its words): fetched at
   * once and first, not lazily beside the row's other photos (it was the page's LCP, asked for last)
   */
  priority?: boolean;
}) {
  if (vehicles.length === 0) return null;
  const views = vehicles.map((v) => cardView(v, ctx));
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-8" data-testid={id}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <a href={more.href} className="font-semibold text-brand underline">
          {more.label}
        </a>
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-2 md:overflow-visible md:px-0 lg:grid-cols-4">
        {views.map((v, i) => (
          <li key={v.id} className="w-[80%] shrink-0 snap-start md:w-auto">
            <VehicleCardView view={v} priority={priority && i === 0} />
          </li>
        ))}
      </ul>
      {note && <RepaymentNote note={cardsNote(ctx, views)} className="mt-4" />}
    </section>
  );
}
