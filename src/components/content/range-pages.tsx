import Link from "next/link";
import { FixedPhoto } from "@/components/ui/photo";
import { VehicleShelf } from "@/components/home/vehicle-shelf";
import { LocationCard, locationCardContext } from "@/components/locations/location-card";
import { buttonVariants } from "@/components/ui/button";
import type { RangeBrand, RangeModel } from "@/domain/content/content";
import type { ContentEntry } from "@/domain/content/types";
import { formatPrice } from "@/domain/format/price";
import type { SiteContext } from "@/domain/site/context";
import { usedWord } from "@/domain/site/features";
import type { Location } from "@/domain/site/types";
import { nounInText } from "@/domain/site/vehicle";
import { cardContext } from "@/domain/stock/card-view";
import { pluralNoun } from "@/domain/stock/summary";
import type { Vehicle } from "@/domain/stock/vehicle";
import { ContactCallout, ContentFrame, OfferList } from "./content-views";
import { ModelCards } from "./model-views";
import { Prose } from "./prose";

/** A row of cars in stock, how many the search finds, and the search's address. */
export type Shelf = { vehicles: Vehicle[]; total: number; href: string };

export type BrandProps = {
  ctx: SiteContext;
  now: number;
  brand: { name: string; slug: string; logo: string | null };
  words: ContentEntry | null;
  shelf: Shelf | null;
  models: RangeModel[];
  offers: ContentEntry[];
  locations: Location[];
};

/** /brands/{slug}: a franchise's words, locations, stock (count, a row of cars, the search link), models, offers and a call to action. */
export function BrandView({ ctx, now, brand, words, shelf, models, offers, locations }: BrandProps) {
  const plural = nounInText(pluralNoun(ctx.noun));
  const total = shelf?.total ?? 0;
  const locationCtx = locationCardContext(ctx, now);
  return (
    <>
      <ContentFrame
        ctx={ctx}
        crumbs={[{ label: brand.name, href: `/brands/${brand.slug}` }]}
        title={`${brand.name} at ${ctx.site.name}`}
        width="wide"
        lead={
          <div className="flex flex-wrap items-center gap-4">
            {brand.logo && (
              <FixedPhoto src={brand.logo} alt={`${brand.name} logo`} width={180} height={60} className="h-12 w-auto" priority />
            )}
            <p data-testid="brand-stock-count">
              {total} {brand.name} {plural} in stock
            </p>
          </div>
        }
      >
        {words && <Prose markdown={words.body} rules={ctx.features} className="mt-6 max-w-3xl" />}
        <div className="mt-6 flex flex-wrap gap-3">
          {shelf && total > 0 && (
            <Link href={shelf.href} className={buttonVariants({ variant: "primary", size: "lg" })}>
              See all {total} {brand.name} {plural}
            </Link>
          )}
          {ctx.features.test_drive && (
            <Link href="/book-test-drive" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Book a test drive
            </Link>
          )}
          <Link
            href={locations[0] ? `/contact-us/${locations[0].slug}` : "/contact"}
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            Contact {locations[0]?.name ?? "us"}
          </Link>
        </div>
      </ContentFrame>
      {shelf && (
        <VehicleShelf
          id="brand-stock"
          title={`${brand.name} ${plural} in stock`}
          vehicles={shelf.vehicles}
          ctx={cardContext(ctx, now)}
          more={{ href: shelf.href, label: `See all ${total}` }}
          priority
        />
      )}
      <div className="mx-auto max-w-7xl px-4 pb-8">
        {models.length > 0 && (
          <section aria-labelledby="brand-models" className="mt-4">
            <h2 id="brand-models" className="text-2xl font-bold">
              {brand.name} models
            </h2>
            <ModelCards models={models} noun={ctx.noun} />
          </section>
        )}
        {offers.length > 0 && (
          <section aria-labelledby="brand-offers" className="mt-10">
            <h2 id="brand-offers" className="text-2xl font-bold">
              {brand.name} offers
            </h2>
            <OfferList ctx={ctx} offers={offers} now={now} title={`${brand.name} offers`} />
          </section>
        )}
        {locations.length > 0 && (
          <section aria-labelledby="brand-locations" className="mt-10">
            <h2 id="brand-locations" className="text-2xl font-bold">
              Where to find us
            </h2>
            <ul className="mt-4 grid gap-6 md:grid-cols-2">
              {locations.map((l) => (
                <li key={l.id}>
                  <LocationCard location={l} ctx={locationCtx} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <ContactCallout ctx={ctx} title={`Talk to our ${brand.name} team`} />
      </div>
    </>
  );
}

/** /models: the range per brand, each model with its stock count and the "from" price computed from stock. */
export function ModelsView({ ctx, range }: { ctx: SiteContext; range: RangeBrand[] }) {
  return (
    <ContentFrame
      ctx={ctx}
      crumbs={[{ label: "Models", href: "/models" }]}
      title="Models"
      width="wide"
      lead="Our range by brand. Prices are the lowest we are asking for each model in stock today."
    >
      {range.length === 0 && (
        <p className="mt-6 text-neutral-700">
          We have nothing in stock right now.{" "}
          <Link href="/contact" className="font-semibold underline">
            Tell us what you are looking for
          </Link>
          .
        </p>
      )}
      {range.map((b) => (
        <section key={b.brand} aria-labelledby={`range-${b.slug}`} className="mt-8">
          <h2 id={`range-${b.slug}`} className="text-2xl font-bold">
            {ctx.brands.some((x) => x.slug === b.slug) ? (
              <Link href={`/brands/${b.slug}`} className="hover:underline">
                {b.brand}
              </Link>
            ) : (
              b.brand
            )}
          </h2>
          <ModelCards models={b.models} noun={ctx.noun} />
        </section>
      ))}
    </ContentFrame>
  );
}

/** /models/{slug}: one model, its words, counts per condition, the "from" price and the cars in stock. */
export function ModelView({
  ctx,
  now,
  model,
  words,
  shelf,
}: {
  ctx: SiteContext;
  now: number;
  model: RangeModel;
  words: ContentEntry | null;
  shelf: Shelf;
}) {
  const name = `${model.brand} ${model.model}`;
  const plural = nounInText(pluralNoun(ctx.noun));
  const conditions = (["new", "demo", "used"] as const)
    .filter((t) => model.carTypes[t] > 0)
    .map((t) => `${model.carTypes[t]} ${t === "used" ? usedWord(ctx.features) : t}`);
  return (
    <>
      <ContentFrame
        ctx={ctx}
        crumbs={[
          { label: "Models", href: "/models" },
          { label: name, href: `/models/${model.slug}` },
        ]}
        title={name}
        lead={
          <p data-testid="from-price">
            {model.fromPrice !== null ? <>From {formatPrice(model.fromPrice)}</> : formatPrice(null)} · {conditions.join(", ")} in stock
          </p>
        }
      >
        {words ? <Prose markdown={words.body} rules={ctx.features} className="mt-6" /> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={shelf.href} className={buttonVariants({ variant: "primary", size: "lg" })}>
            See all {shelf.total} {name} {plural}
          </Link>
          {ctx.features.test_drive && (
            <Link href="/book-test-drive" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Book a test drive
            </Link>
          )}
        </div>
      </ContentFrame>
      <VehicleShelf
        id="model-stock"
        title={`${name} in stock`}
        vehicles={shelf.vehicles}
        ctx={cardContext(ctx, now)}
        more={{ href: shelf.href, label: `See all ${shelf.total}` }}
      />
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <ContactCallout ctx={ctx} title={`Questions about the ${name}?`} />
      </div>
    </>
  );
}

export const EV_TITLE = "Electric Vehicles";

/** /electric-vehicles: EV and PHEV models and stock, chosen by the stock's fuel type. */
export function ElectricVehiclesView(props: {
  ctx: SiteContext;
  now: number;
  words: ContentEntry | null;
  models: RangeModel[];
  shelf: Shelf | null;
}) {
  const { ctx, now, words, models, shelf } = props;
  return (
    <>
      <ContentFrame ctx={ctx} crumbs={[{ label: EV_TITLE, href: "/electric-vehicles" }]} title={words?.title ?? EV_TITLE} width="wide">
        {words && <Prose markdown={words.body} rules={ctx.features} className="mt-4 max-w-3xl" />}
        {models.length > 0 ? (
          <section aria-labelledby="ev-models" className="mt-8">
            <h2 id="ev-models" className="text-2xl font-bold">
              Electric and plug-in hybrid models
            </h2>
            <ModelCards models={models} noun={ctx.noun} />
          </section>
        ) : (
          <p className="mt-6 text-neutral-700">
            We have no electric or plug-in hybrid vehicles in stock right now.{" "}
            <Link href="/contact" className="font-semibold underline">
              Ask us about ordering one
            </Link>
            .
          </p>
        )}
      </ContentFrame>
      {shelf && (
        <VehicleShelf
          id="ev-stock"
          title="Electric and plug-in hybrid stock"
          vehicles={shelf.vehicles}
          ctx={cardContext(ctx, now)}
          more={{ href: shelf.href, label: `See all ${shelf.total}` }}
        />
      )}
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <ContactCallout ctx={ctx} title="Thinking about going electric? Ask our team." />
      </div>
    </>
  );
}

/** /special-offers: the offers running now; 404 where the site has none. */
export function OffersView({ ctx, now, offers }: { ctx: SiteContext; now: number; offers: ContentEntry[] }) {
  return (
    <ContentFrame ctx={ctx} crumbs={[{ label: "Special Offers", href: "/special-offers" }]} title="Special Offers" width="wide">
      {offers.length === 0 ? (
        <p className="mt-6 text-neutral-700">There are no special offers running right now. Please check back soon, or ask our team.</p>
      ) : (
        <OfferList ctx={ctx} offers={offers} now={now} headingLevel={2} priority />
      )}
      <ContactCallout ctx={ctx} title="Ask us about an offer" />
    </ContentFrame>
  );
}
