import type { Metadata } from "next";
import { FixedPhoto } from "@/components/ui/photo";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ContactCallout, ContentFrame, OfferList } from "@/components/content/content-views";
import { ModelCards } from "@/components/content/model-views";
import { Prose } from "@/components/content/prose";
import { VehicleShelf } from "@/components/home/vehicle-shelf";
import { LocationCard, locationCardContext } from "@/components/locations/location-card";
import { buttonVariants } from "@/components/ui/button";
import { brandSlug } from "@/domain/site/brands";
import { nounInText } from "@/domain/site/vehicle";
import { cardContext } from "@/domain/stock/card-view";
import { pluralNoun } from "@/domain/stock/summary";
import { requestNow } from "@/server/base/clock";
import { contentEntry, currentOffers, modelRange, stockMakesOf, stockShelf } from "@/server/content/service";
import { contentMetadata } from "../../_routes/content";
import { requireSite, type SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

async function load(params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `/brands/${slug}`);
  const brand = ctx.brands.find((b) => b.slug === slug) ?? notFound();
  return { ctx, brand, words: await contentEntry(ctx, "brand", brand.slug, requestNow()) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx, brand, words } = await load(params);
  return contentMetadata(ctx, {
    title: `${brand.name} at ${ctx.site.name}`,
    description: words?.summary || `New, demo and used ${brand.name} vehicles, service and parts at ${ctx.site.name}.`,
    path: `/brands/${brand.slug}`,
    image: brand.logo,
  });
}

// GET /brands/{slug} — a franchise: its words, locations, stock (count, a row of cars, the search link), models, offers and a call to action
export default async function BrandPage({ params }: Props) {
  const { ctx, brand, words } = await load(params);
  const now = requestNow();
  const makes = stockMakesOf(ctx, brand.slug);
  const [shelf, range, offers] = await Promise.all([
    makes.length ? stockShelf(ctx, { make: makes }, now) : null,
    modelRange(ctx, now),
    currentOffers(ctx, now),
  ]);
  const models = range.find((b) => b.slug === brand.slug)?.models ?? [];
  const brandOffers = offers.filter((o) => o.make && brandSlug(o.make) === brand.slug);
  const locations = ctx.locations.filter((l) => l.manufacturers.some((m) => brandSlug(m) === brand.slug));
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
        {brandOffers.length > 0 && (
          <section aria-labelledby="brand-offers" className="mt-10">
            <h2 id="brand-offers" className="text-2xl font-bold">
              {brand.name} offers
            </h2>
            <OfferList ctx={ctx} offers={brandOffers} now={now} title={`${brand.name} offers`} />
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
