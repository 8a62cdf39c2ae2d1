import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";
import { vehicleEventProps } from "@/domain/analytics/context";
import { MapPin, Phone } from "@/components/ui/icons";
import { priceTypeLabel } from "@/domain/format/country";
import { formatPrice } from "@/domain/format/price";
import { enquireButtonText, sellCarForm, subscriptionLine, usedWord } from "@/domain/site/features";
import { telHref } from "@/domain/site/links";
import { pluralNoun } from "@/domain/stock/summary";
import { displayImage, vehicleKind, vehicleTags, vehicleTitle, type Vehicle } from "@/domain/stock/vehicle";
import { keyFacts, specGroups } from "@/domain/stock/specs";
import { specsHtml } from "./specs-html";
import { buttonVariants } from "@/components/ui/button";
import { leadFormSite } from "@/domain/leads/forms";
import { DeferredLeadForm } from "@/components/forms/lazy-lead-form";
import type { SiteContext } from "@/domain/site/context";
import { FavouriteButton } from "./favourite-button";
import { cardContext, cardsNote, cardView, driveAwaySite, toFavourite } from "@/domain/stock/card-view";
import { siteEstimate } from "@/domain/pricing/drive-away";
import { DriveAwayEstimate, DriveAwayRepayment } from "./drive-away";
import { cardRepayment, repaymentNote } from "@/domain/site/finance";
import { appliedRateLine, rateFor } from "@/domain/site/finance-rates";
import { RepaymentCalculator } from "./repayment-calculator";
import { RecentlyViewed } from "./recently-viewed";
import { RepaymentNote } from "./repayment-note";
import { VehicleCardView, VehicleTags } from "./vehicle-card";
import { VehicleGallery } from "./vehicle-gallery";
import { SharePrint } from "./share-print";
import { nounInText, oneNounInText, vehicleHref } from "@/domain/site/vehicle";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { JsonLd } from "@/components/ui/json-ld";
import { vehicleJsonLd } from "@/domain/stock/json-ld";
import { PageSection, Panel } from "@/components/ui/page";
import { cn } from "@/components/ui/cn";
import { canReserve, DEPOSIT_CENTS } from "@/domain/store/checkout";
import { ReservedBanner } from "@/components/store/reserved-banner";

export type VehicleDetailProps = {
  ctx: SiteContext;
  vehicle: Vehicle;
  listed: boolean;
  similar: Vehicle[];
  now: number;
  /** the store's state for this car: off (no store or no payment provider), reserved by a buyer, or open */
  store?: "off" | "reserved" | "open";
};

/**
 * A vehicle page (docs/features/search-and-vehicles.md), phone first: name, price, key facts and the Enquire and Call actions on
 * the first screen, then the photos (full screen on tap), the grouped specifications, the
 * description, the enquiry form and similar cars; a bar with Enquire and Call stays at the bottom of
 * a phone's screen. JSON-LD for crawlers.
 */
export function VehicleDetailPage({ ctx, vehicle: v, listed, similar, now, store = "off" }: VehicleDetailProps) {
  const d = detailOf(ctx, v, listed, similar, now);
  const { title, location, sold, call, enquire } = d;
  return (
    <PageSection className="pb-28 lg:pb-8">
      <JsonLd data={vehicleJsonLd(ctx, v, listed)} />
      <TrackView event={EVENT_IDS.vehicleView} props={vehicleEventProps({ ...v, name: title }, ctx.site.currency)} />
      <Breadcrumbs
        siteUrl={ctx.site.url}
        crumbs={[
          { label: "Our Stock", href: "/search/new-used-and-demo-cars" },
          { label: title, href: vehicleHref(ctx.site.template, v.slug) },
        ]}
        compact
      />
      {sold && (
        <div role="status" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-4" data-testid="sold-banner">
          <p className="font-bold text-red-800">This {oneNounInText(ctx.noun)} has been sold.</p>
          <p className="mt-1 text-sm text-neutral-800">
            Similar {nounInText(pluralNoun(ctx.noun))} are listed below, or{" "}
            <a href="/search/new-used-and-demo-cars" className="font-semibold underline">
              search all our stock
            </a>
            .
          </p>
        </div>
      )}
      {!sold && store === "reserved" && (
        <ReservedBanner
          slug={v.slug}
          noun={oneNounInText(ctx.noun)}
          phone={d.phone || null}
          tel={call?.href ?? null}
          deposit={formatPrice(DEPOSIT_CENTS / 100)}
          timeZone={location?.timezone ?? ctx.site.timezone}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:gap-8">
        {/* first in reading order and on a phone's first screen; the right-hand column on a desktop */}
        <div className="lg:col-start-2 lg:row-start-1 lg:self-start">
          <Headline ctx={ctx} v={v} d={d} />
        </div>
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <VehicleGallery images={d.images} alts={v.thumbnails.length ? v.photoAlts : undefined} title={title} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2 lg:self-start" id="vehicle-actions">
          <Actions ctx={ctx} v={v} listed={listed} sold={sold} store={store} title={title} />
        </div>
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-3">
          <AboutVehicle ctx={ctx} v={v} d={d} />
        </div>
        {location && <Where location={location} country={ctx.site.country} />}
      </div>
      <Panel
        id="enquiry-form"
        role="region"
        aria-label={`Enquire about this ${oneNounInText(ctx.noun)}`}
        className="mt-12 max-w-3xl scroll-mt-24"
      >
        <DeferredLeadForm
          kind="vehicle"
          site={leadFormSite(ctx)}
          vehicle={{ slug: v.slug, name: title, carType: v.carType }}
          defaultLocationId={v.locationId ?? undefined}
          heading={`Enquire about this ${oneNounInText(ctx.noun)}`}
        />
      </Panel>
      {similar.length > 0 && (
        <section aria-labelledby="similar" className="mt-12">
          <h2 id="similar" className="text-2xl font-bold">
            Similar {nounInText(pluralNoun(ctx.noun))}
          </h2>
          <ul className="similar mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {d.similarViews.map((s) => (
              <li key={s.id}>
                <VehicleCardView view={s} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <RecentlyViewed currentId={v.id} plural={nounInText(pluralNoun(ctx.noun))} />
      <RepaymentNote note={d.note} className="mt-8" />
      <VehicleActionBar enquire={enquire} call={call} />
    </PageSection>
  );
}

/** What a vehicle page shows, worked out: its price with the drive-away estimate and repayment, the notes, the facts and who to call. */
function detailOf(ctx: SiteContext, v: Vehicle, listed: boolean, similar: Vehicle[], now: number) {
  const f = ctx.features;
  const location = ctx.locations.find((l) => l.id === v.locationId);
  const sold = !listed || v.status === "sold";
  const cardCtx = cardContext(ctx, now);
  // the repayment under the price and the calculator, on the site's terms at the rate for this car
  // today (its condition's, or its make's offer); none for a car without a price
  const rate = rateFor(cardCtx.finance, v, cardCtx.today);
  const terms = { ...cardCtx.finance, rate: rate.rate };
  // an Excl. Govt. Charges price: its drive-away estimate (the site's state until the shopper picks
  // theirs), which the repayment and the calculator are worked out on
  const estimateOf = v.price
    ? { car: { price: v.price, fuel: v.fuel, priceType: v.priceType, kind: vehicleKind(v) }, site: driveAwaySite(cardCtx) }
    : null;
  const estimate = estimateOf && siteEstimate(estimateOf.car, estimateOf.site);
  const repayment = cardRepayment(estimate?.total ?? v.price, sold, terms);
  const similarViews = similar.map((s) => cardView(s, cardCtx));
  // the note names this car's rate, or every rate in force where similar cars show theirs too
  const note = !repayment
    ? cardsNote(cardCtx, similarViews)
    : similarViews.some((s) => s.repayment)
      ? cardsNote(cardCtx, similarViews)
      : repaymentNote(terms, ctx.site.country, [rate], Boolean(estimate));
  const phone = location?.contactDetail.phone || ctx.site.phone;
  return {
    title: vehicleTitle(v),
    location,
    tags: vehicleTags(v, now),
    sold,
    subscription: sold ? null : subscriptionLine(ctx.features, v.subscriptionWeekly),
    images: v.thumbnails.length ? v.thumbnails : [displayImage(v)],
    terms,
    // the calculator works on the estimate only where there is one
    estimateOf: estimate ? estimateOf : null,
    repayment,
    rateLine: repayment ? appliedRateLine(rate, ctx.site.country) : null,
    similarViews,
    note,
    facts: keyFacts(v, ctx.site.country),
    groups: specGroups(v, { country: ctx.site.country, usedWord: usedWord(f) }),
    phone,
    call: phone ? { href: telHref(phone, ctx.site.country), label: `Call ${phone}` } : null,
    enquire: enquireButtonText(f),
  };
}

type Detail = ReturnType<typeof detailOf>;

/** The name, the price and what it comes to, the key facts, and Enquire and Call. */
function Headline({ ctx, v, d }: { ctx: SiteContext; v: Vehicle; d: Detail }) {
  const { estimateOf, repayment } = d;
  return (
    <>
      <VehicleTags tags={d.tags} className="mb-2" />
      <h1 className="text-2xl font-extrabold leading-tight md:text-3xl">{d.title}</h1>
      <p className="mt-2 text-3xl font-extrabold" data-testid="detail-price">
        {formatPrice(v.price)}
      </p>
      {v.price && priceTypeLabel(v.priceType, ctx.site.country) && (
        <p className="text-sm text-neutral-700">{priceTypeLabel(v.priceType, ctx.site.country)}</p>
      )}
      {estimateOf && <DriveAwayEstimate {...estimateOf} />}
      {repayment && (
        <p className="mt-1 text-neutral-800" data-testid="detail-repayment">
          <span className="sr-only">Repayments from </span>
          <span className="text-lg font-bold">
            {estimateOf ? <DriveAwayRepayment {...estimateOf} terms={d.terms} sold={d.sold} /> : repayment}
          </span>{" "}
          <a href="#repayments" className="font-semibold text-brand underline">
            Work out repayments
          </a>
        </p>
      )}
      {d.rateLine && (
        <p className="text-sm text-neutral-800" data-testid="detail-rate">
          {d.rateLine}
        </p>
      )}
      {d.subscription && (
        <p className="mt-1 font-semibold text-neutral-800" data-testid="detail-subscription">
          {d.subscription}
        </p>
      )}
      {d.facts.length > 0 && (
        <ul aria-label="Key facts" className="mt-3 flex flex-wrap gap-2" data-testid="key-facts">
          {d.facts.map((fact) => (
            <li key={fact} className="rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold text-neutral-800">
              {fact}
            </li>
          ))}
        </ul>
      )}
      <EnquireCall enquire={d.enquire} call={d.call} id="enquire" className="mt-4" />
    </>
  );
}

/** Reserve, test drive, finance, sell and save; the stock number; share and print. */
function Actions({
  ctx,
  v,
  listed,
  sold,
  store,
  title,
}: {
  ctx: SiteContext;
  v: Vehicle;
  listed: boolean;
  sold: boolean;
  store: NonNullable<VehicleDetailProps["store"]>;
  title: string;
}) {
  const sell = sellCarForm(ctx.features);
  const q = `?vehicle=${encodeURIComponent(v.slug)}`;
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {!sold && store === "open" && canReserve({ status: v.status, price: v.price, listed }) && (
          <a
            href={vehicleHref(ctx.site.template, v.slug, "checkout")}
            className={buttonVariants({ variant: "accent" })}
            data-track={EVENT_IDS.checkoutStart}
          >
            Reserve online
          </a>
        )}
        {ctx.features.test_drive && !sold && (
          <a href={`/book-test-drive${q}`} className={buttonVariants({ variant: "outline" })} data-track={EVENT_IDS.testDriveClick}>
            Book a Test Drive
          </a>
        )}
        <a href={`/finance${q}`} className={buttonVariants({ variant: "outline" })} data-track={EVENT_IDS.financeClick}>
          Finance this {oneNounInText(ctx.noun)}
        </a>
        <a
          href={`${sell.href}${sell.form === "trade-in" ? q : ""}`}
          className={buttonVariants({ variant: "outline" })}
          data-track={EVENT_IDS.tradeInClick}
        >
          {sell.action}
        </a>
        <FavouriteButton car={toFavourite(v)} withText className="w-full rounded-md" />
      </div>
      <p className="mt-3 text-sm text-neutral-700">Stock no. {v.stockNumber}</p>
      <SharePrint title={title} />
    </>
  );
}

/** The specifications, features and description, and the repayment calculator. */
function AboutVehicle({ ctx, v, d }: { ctx: SiteContext; v: Vehicle; d: Detail }) {
  return (
    <>
      <section aria-labelledby="specs">
        <h2 id="specs" className="text-xl font-bold">
          Specifications
        </h2>
        {/* about 40 rows of label and value: drawn as text, every value escaped */}
        <div className="specs" dangerouslySetInnerHTML={{ __html: specsHtml(d.groups) }} />
      </section>
      {v.features.length > 0 && (
        <section aria-labelledby="features" className="mt-8" data-testid="vehicle-features">
          <h2 id="features" className="text-xl font-bold">
            Features
          </h2>
          <ul className="mt-2 grid list-disc gap-x-6 gap-y-1 pl-5 text-neutral-800 sm:grid-cols-2">
            {v.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
      )}
      {v.description && (
        <section aria-labelledby="description" className="mt-8">
          <h2 id="description" className="text-xl font-bold">
            Description
          </h2>
          <p className="mt-2 whitespace-pre-line text-neutral-800">{v.description}</p>
        </section>
      )}
      {d.repayment && v.price && (
        <div id="repayments" className="scroll-mt-24">
          <RepaymentCalculator
            terms={d.terms}
            country={ctx.site.country}
            price={v.price}
            vehicleSlug={v.slug}
            estimate={d.estimateOf ?? undefined}
          />
        </div>
      )}
    </>
  );
}

/** Where the car is: its location's address, phone and page. */
function Where({ location, country }: { location: SiteContext["locations"][number]; country: SiteContext["site"]["country"] }) {
  return (
    <section aria-labelledby="where" className="rounded-lg border border-neutral-200 p-5 lg:col-start-2 lg:row-start-3 lg:self-start">
      <h2 id="where" className="text-lg font-bold">
        {location.name}
      </h2>
      <p className="mt-2 flex items-start gap-2 text-sm">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" /> {location.address.full}
      </p>
      <a
        href={telHref(location.contactDetail.phone, country)}
        className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-brand"
      >
        <Phone aria-hidden className="size-4" /> {location.contactDetail.phone}
      </a>
      <p>
        <a href={`/our-location/${location.slug}`} className="text-sm underline">
          View location details
        </a>
      </p>
    </section>
  );
}

type Call = { href: string; label: string } | null;

/** Enquire (to the form below) and Call (the car's location), side by side. */
function EnquireCall({ enquire, call, id, className }: { enquire: string; call: Call; id?: string; className?: string }) {
  return (
    <div id={id} className={cn("grid grid-cols-2 gap-2", className)}>
      <a
        href="#enquiry-form"
        className={buttonVariants({ size: "lg", className: call ? "" : "col-span-2" })}
        data-track={EVENT_IDS.enquireClick}
      >
        {enquire}
      </a>
      {call && (
        <a href={call.href} className={buttonVariants({ variant: "outline", size: "lg" })} aria-label={call.label}>
          <Phone aria-hidden className="size-5" /> Call
        </a>
      )}
    </div>
  );
}

/**
 * The bar at the bottom of a phone's screen on a vehicle page: Enquire and Call in reach once the
 * page's own pair has scrolled away (from half a screen down), stepping aside over the enquiry form
 * (OverlayGuard, docs/features/analytics-chat-widgets.md).
 */
function VehicleActionBar({ enquire, call }: { enquire: string; call: Call }) {
  return (
    <div
      data-vehicle-actions
      data-overlay="bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-neutral-200 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden"
    >
      <EnquireCall enquire={enquire} call={call} />
    </div>
  );
}
