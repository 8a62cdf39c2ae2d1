import { OfferList } from "@/components/content/content-views";
import type { ContentEntry } from "@/domain/content/types";
import type { SiteContext } from "@/domain/site/context";

/** The first few special offers on the home page, with the way to all of them; left out when none run. */
export function OffersTeaser({ ctx, offers, now }: { ctx: SiteContext; offers: ContentEntry[]; now: number }) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading" className="mx-auto max-w-7xl px-4 py-8" data-testid="home-offers">
      <div className="flex items-end justify-between gap-4">
        <h2 id="offers-heading" className="text-2xl font-bold">
          Special offers
        </h2>
        <a href="/special-offers" className="font-semibold text-brand underline">
          All {ctx.offers} offers
        </a>
      </div>
      <OfferList ctx={ctx} offers={offers.slice(0, 3)} now={now} />
    </section>
  );
}
