import { ReviewsSection } from "@/components/locations/reviews-section";
import { RecentlyViewed } from "@/components/stock/recently-viewed";
import { RepaymentNote } from "@/components/stock/repayment-note";
import { JsonLd } from "@/components/ui/json-ld";
import { siteJsonLd } from "@/domain/content/json-ld";
import type { ContentEntry } from "@/domain/content/types";
import { storedImageSrc } from "@/domain/format/image";
import type { ReviewsTeaser } from "@/domain/locations/reviews";
import type { SiteContext } from "@/domain/site/context";
import { nounInText } from "@/domain/site/vehicle";
import { cardContext, cardsNote, cardView } from "@/domain/stock/card-view";
import { pluralNoun } from "@/domain/stock/summary";
import type { Vehicle } from "@/domain/stock/vehicle";
import { BrandsSection } from "./brands-section";
import { HomeHero } from "./home-hero";
import { LocationsTeaser } from "./locations-teaser";
import { OffersTeaser } from "./offers-teaser";
import { ShopByType } from "./shop-by-type";
import { StockSummarySection } from "./stock-summary";
import { VehicleShelf } from "./vehicle-shelf";

export type HomeProps = {
  ctx: SiteContext;
  now: number;
  reviews: ReviewsTeaser;
  offers: ContentEntry[];
  arrivals: Vehicle[];
  featured: Vehicle[];
};

/** The dealer's home page: hero, new arrivals and featured stock, stock summary, brands, locations, reviews. */
export function HomeView({ ctx, now, reviews, offers, arrivals, featured }: HomeProps) {
  const cards = cardContext(ctx, now);
  const plural = nounInText(pluralNoun(ctx.noun));
  return (
    <>
      <JsonLd
        data={siteJsonLd(
          ctx.site,
          ctx.locations,
          reviews.summary ? { count: reviews.summary.count, average: reviews.summary.average_rating } : null,
          storedImageSrc(ctx.site.logo.banner),
        )}
      />
      <HomeHero ctx={ctx} />
      <ShopByType ctx={ctx} />
      <VehicleShelf
        id="new-arrivals"
        title="New arrivals"
        vehicles={arrivals}
        ctx={cards}
        note={false}
        more={{ href: "/search/new-used-and-demo-cars?sort=latest", label: `All new arrivals` }}
      />
      <VehicleShelf
        id="featured"
        title={`Featured ${plural}`}
        vehicles={featured}
        ctx={cards}
        note={false}
        more={{ href: "/search/new-used-and-demo-cars", label: `All ${ctx.stock.count} ${plural}` }}
      />
      {/* the cars the shopper looked at sit with the other cars, above the note that ends them */}
      <RecentlyViewed plural={plural} className="mx-auto max-w-7xl px-4" />
      <RepaymentNote
        note={cardsNote(
          cards,
          [...arrivals, ...featured].map((v) => cardView(v, cards)),
        )}
        className="mx-auto max-w-7xl px-4"
      />
      <OffersTeaser ctx={ctx} offers={offers} now={now} />
      <StockSummarySection ctx={ctx} />
      <BrandsSection ctx={ctx} />
      <LocationsTeaser ctx={ctx} now={now} />
      {ctx.features.reviews && <ReviewsSection teaser={reviews} now={now} locale={ctx.format.locale} />}
    </>
  );
}
