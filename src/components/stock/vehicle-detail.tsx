import Link from "next/link";
import { MapPin, Phone } from "lucide-react";
import { formatLength, formatMass, formatOdometer, massLabels, priceTypeLabel } from "@/domain/format/country";
import { formatPrice } from "@/domain/format/price";
import { enquireButtonText, sellCarForm, usedWord } from "@/domain/site/features";
import { telHref } from "@/domain/site/links";
import { pluralNoun } from "@/domain/stock/summary";
import { bodyTypeLabel, displayImage, vehicleFacts, vehicleTags, vehicleTitle, type Vehicle } from "@/domain/stock/vehicle";
import { buttonVariants } from "@/components/ui/button";
import { leadFormSite } from "@/domain/leads/forms";
import { LeadForm } from "@/components/forms/lead-form";
import type { SiteContext } from "@/domain/site/context";
import { FavouriteButton } from "./favourite-button";
import { cardContext, toFavourite, VehicleCard, VehicleTags } from "./vehicle-card";
import { VehicleGallery } from "./vehicle-gallery";
import { nounInText } from "@/domain/site/vehicle";
import { vehicleJsonLd } from "@/domain/stock/json-ld";
import { PageSection, Panel } from "@/components/ui/page";

export type VehicleDetailProps = { ctx: SiteContext; vehicle: Vehicle; listed: boolean; similar: Vehicle[]; now: number };

/** A vehicle page (SPEC §2): gallery, price, actions, specs, enquiry form, similar cars; JSON-LD for crawlers. */
export function VehicleDetailPage({ ctx, vehicle: v, listed, similar, now }: VehicleDetailProps) {
  const title = vehicleTitle(v);
  const f = ctx.features;
  const location = ctx.locations.find((l) => l.id === v.locationId);
  const used = usedWord(f);
  const tags = vehicleTags(v, now);
  const sell = sellCarForm(f);
  const sold = !listed || v.status === "sold";
  const images = v.thumbnails.length ? v.thumbnails : [displayImage(v)];
  const q = `?vehicle=${encodeURIComponent(v.slug)}`;
  const cardCtx = cardContext(ctx, now);
  const facts = vehicleFacts(v);
  const specs: Array<[string, string | number | null]> = [
    ["Condition", v.carType === "used" ? used.charAt(0).toUpperCase() + used.slice(1) : v.carType === "new" ? "New" : "Demo"],
    ["Year", v.year],
    ["Make", v.make],
    ["Model", v.model],
    ["Badge", facts.badge],
    ["Series", facts.series],
    ["Body type", v.bodyType ? bodyTypeLabel(v.bodyType, false) : null],
    [ctx.format.words.colour.charAt(0).toUpperCase() + ctx.format.words.colour.slice(1), facts.colour],
    ["Odometer", facts.odometerKm !== null ? formatOdometer(facts.odometerKm, ctx.site.country) : null],
    ["Fuel", facts.fuel],
    ["Transmission", facts.transmission],
    ["Drive", facts.drive],
    ["Seats", facts.seats],
    ["Doors", facts.doors],
    ["Berths", facts.berths],
    [massLabels(ctx.site.country).gross, facts.atmKg ? formatMass(facts.atmKg, ctx.site.country) : null],
    [massLabels(ctx.site.country).empty, facts.tareKg ? formatMass(facts.tareKg, ctx.site.country) : null],
    ["Length", facts.lengthMm ? formatLength(facts.lengthMm, ctx.site.country) : null],
    ["Build date", v.buildDate],
    ["Stock number", v.stockNumber],
    ["VIN", v.vin],
    ["Rego", v.rego],
  ];
  return (
    <PageSection>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(vehicleJsonLd(ctx, v, listed)).replace(/</g, "\\u003c") }}
      />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-neutral-700">
        <Link href="/" className="underline">
          Home
        </Link>{" "}
        ›{" "}
        <Link href="/search/new-used-and-demo-cars" className="underline">
          Our Stock
        </Link>{" "}
        › <span aria-current="page">{title}</span>
      </nav>
      {sold && (
        <div role="status" className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4" data-testid="sold-banner">
          <p className="font-bold text-red-800">This {nounInText(ctx.noun)} has been sold.</p>
          <p className="mt-1 text-sm text-neutral-800">
            Similar {nounInText(pluralNoun(ctx.noun))} are listed below, or{" "}
            <Link href="/search/new-used-and-demo-cars" className="font-semibold underline">
              search all our stock
            </Link>
            .
          </p>
        </div>
      )}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          <VehicleGallery images={images} title={title} />
          {v.description && (
            <section aria-labelledby="description" className="mt-8">
              <h2 id="description" className="text-xl font-bold">
                Description
              </h2>
              <p className="mt-2 whitespace-pre-line text-neutral-800">{v.description}</p>
            </section>
          )}
          <section aria-labelledby="specs" className="mt-8">
            <h2 id="specs" className="text-xl font-bold">
              Key specifications
            </h2>
            <dl className="mt-3 grid grid-cols-1 gap-x-8 sm:grid-cols-2">
              {specs
                .filter(([, value]) => value !== null && value !== "")
                .map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-4 border-b border-neutral-200 py-2 text-sm">
                    <dt className="text-neutral-700">{label}</dt>
                    <dd className="text-right font-semibold">{value}</dd>
                  </div>
                ))}
            </dl>
          </section>
        </div>
        <div className="space-y-6">
          <Panel>
            <VehicleTags tags={tags} className="mb-2" />
            <h1 className="text-2xl font-extrabold leading-tight">{title}</h1>
            <p className="mt-3 text-3xl font-extrabold" data-testid="detail-price">
              {formatPrice(v.price)}
            </p>
            {v.price && priceTypeLabel(v.priceType, ctx.site.country) && (
              <p className="text-sm text-neutral-700">{priceTypeLabel(v.priceType, ctx.site.country)}</p>
            )}
            <p className="mt-2 text-sm text-neutral-700">
              {facts.odometerKm !== null ? `${formatOdometer(facts.odometerKm, ctx.site.country)} · ` : ""}Stock no. {v.stockNumber}
            </p>
            <div className="mt-5 grid gap-2" id="enquire">
              <a href="#enquiry-form" className={buttonVariants({ size: "lg" })}>
                {enquireButtonText(f)}
              </a>
              {f.test_drive && !sold && (
                <Link href={`/book-test-drive${q}`} className={buttonVariants({ variant: "outline", size: "lg" })}>
                  Book a Test Drive
                </Link>
              )}
              <Link href={`/finance${q}`} className={buttonVariants({ variant: "outline", size: "lg" })}>
                Finance this {nounInText(ctx.noun)}
              </Link>
              <Link
                href={`${sell.href}${sell.form === "trade-in" ? q : ""}`}
                className={buttonVariants({ variant: "outline", size: "lg" })}
              >
                {sell.action}
              </Link>
              <FavouriteButton car={toFavourite(v)} withText className="w-full rounded-md" />
            </div>
          </Panel>
          {location && (
            <section aria-labelledby="where" className="rounded-lg border border-neutral-200 p-5">
              <h2 id="where" className="text-lg font-bold">
                {location.name}
              </h2>
              <p className="mt-2 flex items-start gap-2 text-sm">
                <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" /> {location.address.full}
              </p>
              <a
                href={telHref(location.contactDetail.phone, ctx.site.country)}
                className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-brand"
              >
                <Phone aria-hidden className="size-4" /> {location.contactDetail.phone}
              </a>
              <p>
                <Link href={`/our-location/${location.slug}`} className="text-sm underline">
                  View location details
                </Link>
              </p>
            </section>
          )}
        </div>
      </div>
      <section
        id="enquiry-form"
        aria-label={`Enquire about this ${nounInText(ctx.noun)}`}
        className="mt-12 max-w-3xl scroll-mt-24 rounded-lg border border-neutral-200 p-5"
      >
        <LeadForm
          kind="vehicle"
          site={leadFormSite(ctx)}
          vehicle={{ slug: v.slug, name: title, carType: v.carType }}
          defaultLocationId={v.locationId ?? undefined}
          heading={`Enquire about this ${nounInText(ctx.noun)}`}
        />
      </section>
      {similar.length > 0 && (
        <section aria-labelledby="similar" className="mt-12">
          <h2 id="similar" className="text-2xl font-bold">
            Similar {nounInText(pluralNoun(ctx.noun))}
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {similar.map((s) => (
              <li key={s.id}>
                <VehicleCard vehicle={s} ctx={cardCtx} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageSection>
  );
}
