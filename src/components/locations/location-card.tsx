import { EVENT_IDS } from "@/domain/analytics/events";
import { Navigation, Phone, Star } from "@/components/ui/icons";
import { directionsUrl, formatAddress } from "@/domain/locations/geo";
import { hoursOn, localTime, openState, upcomingSpecialHours } from "@/domain/locations/hours";
import { formatCount } from "@/domain/format/price";
import { formatRating } from "@/domain/locations/reviews";
import { mondayFirst, WEEKDAY_NAMES } from "@/domain/site/hours";
import type { Country, Location, SiteFeatureFlags, SpecialHoursEntry } from "@/domain/site/types";
import { cn } from "@/components/ui/cn";
import { LazyLeadForm } from "@/components/forms/lazy-lead-form";
import type { LeadFormSite } from "@/domain/leads/forms";
import { leadFormSite } from "@/domain/leads/forms";
import type { SiteContext } from "@/domain/site/context";
import { EmailUsDialog, HolidayHoursDialog } from "./dialogs";
import { telHref } from "@/domain/site/links";

export type LocationCardContext = {
  formSite: LeadFormSite;
  country: Country;
  locale: string;
  licenceWord: string;
  features: SiteFeatureFlags;
  specialHours: SpecialHoursEntry[];
  now: number;
};

export const locationTypeLabel = (l: Pick<Location, "locationType" | "locationSubtype">) =>
  l.locationSubtype.includes("buying") ? "Buying" : { sales: "Sales", service: "Service", parts: "Parts" }[l.locationType];

/** Location card. Hours and open-now are read in the location's own time zone. */
export function LocationCard({
  location: l,
  ctx,
  headingLevel = 2,
  distance,
}: {
  location: Location;
  ctx: LocationCardContext;
  headingLevel?: 2 | 3;
  /** how far it is from the shopper, "12 km away" */
  distance?: string;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const state = openState(ctx.now, l.timezone, l.openingHours, ctx.specialHours, l.id);
  const phone = l.contactDetail.phone;
  return (
    <article
      className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-5 shadow-sm"
      data-testid="location-card"
      aria-labelledby={`loc-${l.id}`}
    >
      <header>
        <p className="text-xs font-semibold uppercase tracking-wide text-neutral-600">{locationTypeLabel(l)}</p>
        <H id={`loc-${l.id}`} className="text-lg font-bold">
          {l.name}
        </H>
        <p
          className={cn(
            "mt-1 inline-flex rounded px-2 py-0.5 text-sm font-semibold",
            state.state === "open" ? "bg-emerald-50 text-emerald-800" : "bg-neutral-100 text-neutral-800",
          )}
          data-testid="open-state"
        >
          {state.label}
          {state.detail ? ` · ${state.detail}` : ""}
        </p>
        {distance && (
          <p className="mt-1 text-sm font-semibold text-neutral-800" data-testid="location-distance">
            {distance}
          </p>
        )}
      </header>
      <address className="not-italic text-sm">
        <p>{formatAddress(l.address, ctx.country)}</p>
        <p className="mt-2">
          Phone:{" "}
          <a href={telHref(phone, ctx.country)} className="font-semibold text-brand underline">
            {phone}
          </a>
        </p>
        {l.contactDetail.landline_phone && (
          <p>
            Landline:{" "}
            <a href={telHref(l.contactDetail.landline_phone, ctx.country)} className="font-semibold text-brand underline">
              {l.contactDetail.landline_phone}
            </a>
          </p>
        )}
      </address>
      <OpeningHours location={l} ctx={ctx} />
      <Licences location={l} licenceWord={ctx.licenceWord} />
      <Rating location={l} />
      <Actions location={l} ctx={ctx} />
    </article>
  );
}

/** The week's opening hours from Monday, each day's date in the location's time zone (special hours shown on their day). */
function OpeningHours({ location: l, ctx }: { location: Location; ctx: LocationCardContext }) {
  const today = localTime(ctx.now, l.timezone);
  const dates = mondayFirst(l.openingHours).map((e) => {
    const offset = (e.weekday - today.weekday + 7) % 7;
    const d = new Date(`${today.date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return { e, date: d.toISOString().slice(0, 10) };
  });
  return (
    <table className="w-full text-sm" data-testid="opening-hours">
      <caption className="mb-1 text-left font-semibold">Opening hours</caption>
      <tbody>
        {dates.map(({ e, date }) => {
          const h = hoursOn(date, e.weekday, l.openingHours, ctx.specialHours, l.id);
          const isToday = e.weekday === today.weekday;
          return (
            <tr key={e.weekday} className={cn(isToday && "font-semibold")} aria-current={isToday ? "date" : undefined}>
              <th scope="row" className="py-0.5 pr-3 text-left font-normal">
                {WEEKDAY_NAMES[e.weekday]}
              </th>
              <td className="py-0.5 text-right">
                {h.formatted}
                {h.special ? <span className="text-neutral-600"> ({h.special})</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Licences({ location: l, licenceWord }: { location: Location; licenceWord: string }) {
  if (!l.dealerLicenseNumber && !l.motorVehicleRepairer) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      {l.dealerLicenseNumber && (
        <>
          <dt className="text-neutral-700">Dealer {licenceWord}</dt>
          <dd>{l.dealerLicenseNumber}</dd>
        </>
      )}
      {l.motorVehicleRepairer && (
        <>
          <dt className="text-neutral-700">Repairer {licenceWord}</dt>
          <dd>{l.motorVehicleRepairer}</dd>
        </>
      )}
    </dl>
  );
}

function Rating({ location: l }: { location: Location }) {
  if (l.averageRating === null || !l.reviewCount) return null;
  return (
    <p className="flex items-center gap-1 text-sm">
      <Star aria-hidden className="size-4 fill-amber-500 text-amber-600" />
      <span className="sr-only">Rated </span>
      <span className="font-semibold">{formatRating(l.averageRating)}</span>
      <span className="sr-only"> out of 5</span>
      <span className="text-neutral-700">({formatCount(l.reviewCount)} reviews)</span>
    </p>
  );
}

/** Directions, call, contact, details, email, a service booking where the site offers it, and holiday hours. */
function Actions({ location: l, ctx }: { location: Location; ctx: LocationCardContext }) {
  const phone = l.contactDetail.phone;
  const holidays = upcomingSpecialHours(ctx.now, l.timezone, ctx.specialHours, l.id).map((s) => ({
    date: s.date,
    name: s.name,
    formatted: s.formatted,
    label: new Intl.DateTimeFormat(ctx.locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${s.date}T00:00:00Z`),
    ),
  }));
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      <a
        href={directionsUrl(l.address)}
        data-track={EVENT_IDS.directions}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-3 text-sm font-semibold text-brand-contrast hover:bg-brand-dark"
      >
        <Navigation aria-hidden className="size-4" /> Get Directions
      </a>
      <a
        href={telHref(phone, ctx.country)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-3 text-sm font-semibold text-brand md:hidden"
      >
        <Phone aria-hidden className="size-4" /> Call
      </a>
      <a
        href={`/contact-us/${l.slug}`}
        className="inline-flex min-h-11 items-center rounded-md border border-brand px-3 text-sm font-semibold text-brand hover:bg-neutral-50"
      >
        Contact Us
      </a>
      <a
        href={`/our-location/${l.slug}`}
        className="inline-flex min-h-11 items-center rounded-md border border-brand px-3 text-sm font-semibold text-brand hover:bg-neutral-50"
      >
        View Location Details
      </a>
      <EmailUsDialog locationName={l.name} email={l.contactDetail.email} phone={phone} country={ctx.country}>
        <LazyLeadForm kind="contact" site={ctx.formSite} defaultLocationId={l.id} fixedLocation heading={null} />
      </EmailUsDialog>
      {l.locationType === "service" && ctx.features.book_a_service_on_service_locations && (
        <a
          href={`/service?location=${l.slug}`}
          className="inline-flex min-h-11 items-center rounded-md border border-brand px-3 text-sm font-semibold text-brand hover:bg-neutral-50"
        >
          Book a Service
        </a>
      )}
      <HolidayHoursDialog locationName={l.name} rows={holidays} />
    </div>
  );
}

export function locationCardContext(ctx: SiteContext, now: number): LocationCardContext {
  return {
    formSite: leadFormSite(ctx),
    country: ctx.site.country,
    locale: ctx.format.locale,
    licenceWord: ctx.format.words.licence,
    features: ctx.features,
    specialHours: ctx.specialHours,
    now,
  };
}
