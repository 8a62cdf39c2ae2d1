import { BrandsSection } from "@/components/home/brands-section";
import { HomeHero } from "@/components/home/home-hero";
import { LocationsTeaser } from "@/components/home/locations-teaser";
import { ShopByType } from "@/components/home/shop-by-type";
import { StockSummarySection } from "@/components/home/stock-summary";
import { VehicleShelf } from "@/components/home/vehicle-shelf";
import { ReviewsSection } from "@/components/locations/reviews-section";
import { JsonLd } from "@/components/ui/json-ld";
import { siteJsonLd } from "@/domain/content/json-ld";
import { storedImageSrc } from "@/domain/format/image";
import { cardContext, cardsNote, cardView } from "@/domain/stock/card-view";
import { nounInText } from "@/domain/site/vehicle";
import { pluralNoun } from "@/domain/stock/summary";
import { requestNow } from "@/server/base/clock";
import type { Vehicle } from "@/domain/stock/vehicle";
import { firstStock } from "@/server/stock/service";
import { currentOffers } from "@/server/content/service";
import { OffersTeaser } from "@/components/home/offers-teaser";
import { reviewsTeaser } from "./_routes/directory";
import { requireSite, type SiteParams } from "./_routes/site";
import { RepaymentNote } from "@/components/stock/repayment-note";
import { RecentlyViewed } from "@/components/stock/recently-viewed";

type Props = { params: SiteParams };
const SHELF = 4;
const CANDIDATES = 36;

// GET / — the dealer's home page: hero, new arrivals and featured stock, stock summary, brands, locations, reviews
export default async function HomePage({ params }: Props) {
  const ctx = await requireSite(params);
  const now = requestNow();
  // a page of candidates each: a few may be just sold, or in both rows
  const [reviews, latest, relevant, offers] = await Promise.all([
    reviewsTeaser(ctx),
    firstStock(ctx, "latest", CANDIDATES, now),
    firstStock(ctx, "relevance", CANDIDATES, now),
    ctx.features.special_offers && ctx.offers > 0 ? currentOffers(ctx, now) : [],
  ]);
  const onSale = (v: Vehicle) => v.status !== "sold";
  // new arrivals: the latest listings; featured: the dealer's featured cars first (the relevance rank
  // brings them to the front), then the best-presented of the rest, dearest first
  const arrivals = latest.filter(onSale).slice(0, SHELF);
  const featured = relevant
    .filter((v) => onSale(v) && (v.featured || v.price !== null) && !arrivals.some((a) => a.id === v.id))
    .sort((a, b) => Number(b.featured) - Number(a.featured) || (b.price ?? 0) - (a.price ?? 0))
    .slice(0, SHELF);
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
