import Link from "next/link";
import { BackLink } from "@/components/admin/back-link";
import {
  DealershipForm,
  DomainCheck,
  LocationForm,
  type LocationFormValues,
  LogoColours,
  LogoForm,
  PublishChecklist,
  PublishForm,
  SiteRecordForm,
} from "@/components/admin/console";
import { ConsoleSettings, type ConsoleSettingsValues } from "@/components/admin/console/dealer-settings";
import { WeekEditor } from "@/components/admin/hours-editors";
import { SiteStatus } from "@/components/admin/site-status";
import { WidgetsForm } from "@/components/admin/widgets-form";
import { storedImageSrc } from "@/domain/format/image";
import type { SessionLocation } from "@/domain/platform/contract";
import type { DomainCheckResult } from "@/domain/platform/domain-check";
import type { siteRecordJson } from "@/domain/platform/site-record";
import type { WidgetsFormState } from "@/domain/site/integrations";
import type { OpeningHourEntry } from "@/domain/site/types";
import { dealerState } from "@/domain/site/region";

/** A site as the console shows it: the platform API's record, its locations as the website session carries them, and who its leads reach. */
export type ConsoleSite = Omit<ReturnType<typeof siteRecordJson>, "locations"> & {
  locations: SessionLocation[];
  lead_delivery: { problem: string | null; no_destination_leads: number };
};

const SECTION = "mb-6 rounded-lg border border-neutral-200 bg-white p-5";

/** One site in the operators' console: its record, logo, locations and hours, dealerships, widgets and tracking, lead delivery, holiday hours, switches with their sources, the checklist and publishing. */
export function ConsoleSiteView({
  site,
  widgets,
  settings,
  domainCheck = null,
}: {
  site: ConsoleSite;
  widgets: WidgetsFormState;
  settings: ConsoleSettingsValues;
  domainCheck?: DomainCheckResult | null;
}) {
  return (
    <>
      <BackLink href="/platform">All sites</BackLink>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold">{site.name}</h1>
        <SiteStatus published={site.published} testId="site-status" />
      </div>
      <SiteLinks siteId={site.id} published={site.published} />

      <ChecklistSection site={site} />

      <DomainCheck siteId={site.id} domain={site.domain_name ?? null} result={domainCheck} />

      <RecordSection site={site} />

      <LogoSection site={site} />

      <LocationsSection site={site} />

      <DealershipsSection site={site} />

      <section aria-labelledby="widgets-title" id="widgets" className={SECTION}>
        <h2 id="widgets-title" className="mb-3 text-lg font-bold">
          Widgets and tracking
        </h2>
        <WidgetsForm siteId={site.id} back="console" state={widgets} />
      </section>

      <ConsoleSettings
        siteId={site.id}
        settings={settings}
        locations={site.locations.map((l) => ({ id: l.id, name: l.name }))}
        features={site.features}
        sectionClass={SECTION}
      />
    </>
  );
}

/** The site's other pages: the site itself, its stock, the dealer's settings, team and audit log. */
function SiteLinks({ siteId, published }: { siteId: number; published: boolean }) {
  return (
    <nav aria-label="This site" className="mb-5 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
      <a href={`/api/admin/sites/${siteId}/preview`} className="text-blue-800 underline" data-testid="preview-link">
        {published ? "Open the site" : "Preview the site"}
      </a>
      <Link href={`/sites/${siteId}/stock`} className="text-blue-800 underline">
        Stock
      </Link>
      <Link href={`/sites/${siteId}/stock/import`} className="text-blue-800 underline">
        Import stock
      </Link>
      <Link href={`/sites/${siteId}/settings`} className="text-blue-800 underline">
        The dealer&apos;s own settings page
      </Link>
      <Link href={`/sites/${siteId}/team`} className="text-blue-800 underline">
        Team (invite the owner)
      </Link>
      <Link href={`/sites/${siteId}/audit`} className="text-blue-800 underline">
        Audit log
      </Link>
    </nav>
  );
}

/** Before publishing: the checklist, where leads would go, and the publish switch. */
function ChecklistSection({ site }: { site: ConsoleSite }) {
  const ready = site.publish_checklist.every((c) => c.done);
  return (
    <section aria-labelledby="checklist" className={SECTION}>
      <h2 id="checklist" className="mb-3 text-lg font-bold">
        Before publishing
      </h2>
      <PublishChecklist items={site.publish_checklist} />
      {site.lead_delivery.problem && (
        <p className="mb-4 text-sm font-semibold text-red-800" data-testid="lead-delivery-problem">
          {site.lead_delivery.problem} The site is not published until then.
        </p>
      )}
      {site.lead_delivery.no_destination_leads > 0 && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800"
          data-testid="stranded-leads"
        >
          {site.lead_delivery.no_destination_leads === 1 ? "1 lead" : `${site.lead_delivery.no_destination_leads} leads`} had nowhere to go
          when they came in: they are kept, flagged in the{" "}
          <Link href={`/leads?site=${site.id}`} className="underline">
            leads inbox
          </Link>
          , and reached nobody.
        </p>
      )}
      <PublishForm siteId={site.id} published={site.published} ready={ready} />
    </section>
  );
}

/** The site's record as its form edits it (the time zone's checklist problem shown beside the zone). */
function siteFormValues(site: ConsoleSite) {
  return {
    id: site.id,
    name: site.name,
    slug: site.slug,
    domain_name: site.domain_name,
    domains: site.domains,
    template: site.template,
    country: site.country,
    timezone: site.timezone,
    timezone_from_locations: site.timezone_from_locations,
    timezone_problem: site.publish_checklist.find((c) => c.key === "timezone" && !c.done)?.label ?? null,
    dealership_group: site.dealership_group,
    manufacturer: site.manufacturer,
    manufacturer_id: site.manufacturer_id,
    dealership_id: site.dealership_id,
    primary_vehicle_override: site.primary_vehicle_override,
    phone: site.phone,
    email: site.email,
    colours: site.colours,
    finance_provider: site.finance_provider,
    payment_provider: site.payment_provider,
    include_sold_cars_days: site.include_sold_cars_days,
    default_sort: site.default_sort,
    no_stock_yet: site.no_stock_yet,
    social_urls: site.social_urls,
  };
}

/** The site record: where its menus come from, and its form. */
function RecordSection({ site }: { site: ConsoleSite }) {
  return (
    <section aria-labelledby="record" className={SECTION}>
      <h2 id="record" className="mb-3 text-lg font-bold">
        Site record
      </h2>
      <p className="mb-3 text-sm text-neutral-700" data-testid="menus">
        Menus:{" "}
        {site.navigation.header?.length || site.navigation.footer?.length
          ? "the site's own (set through the platform API's navigation field)."
          : "built from the site's pages and switches (the platform API's navigation field sets the site's own)."}
      </p>
      <SiteRecordForm values={siteFormValues(site)} />
    </section>
  );
}

/** The logo, small logo and banner as stored, their colours, and the upload. */
function LogoSection({ site }: { site: ConsoleSite }) {
  return (
    <section aria-labelledby="logo-title" id="logo" className={SECTION}>
      <h2 id="logo-title" className="mb-3 text-lg font-bold">
        Logo and banner
      </h2>
      <div className="mb-4 flex flex-wrap items-end gap-6">
        {(["url", "thumb", "banner"] as const).map((slot) => {
          const src = storedImageSrc(site.logo[slot]);
          return (
            <figure key={slot} className="text-sm">
              {src ? (
                // eslint-disable-next-line @next/next/no-img-element -- the operator's own upload, shown small
                <img
                  src={src}
                  alt={`The ${slot === "url" ? "logo" : slot === "thumb" ? "small logo" : "banner"}`}
                  className="h-16 w-auto border border-neutral-200"
                />
              ) : (
                <span className="block h-16 w-24 border border-dashed border-neutral-400" />
              )}
              <figcaption>{slot === "url" ? "Logo" : slot === "thumb" ? "Small logo" : "Banner"}</figcaption>
            </figure>
          );
        })}
      </div>
      <LogoColours siteId={site.id} logo={site.logo} colours={site.colours} />
      <LogoForm siteId={site.id} />
    </section>
  );
}

/** A location as its form edits it. */
function locationFormValues(l: SessionLocation): LocationFormValues {
  return {
    id: l.id,
    dealership_id: l.dealership_id,
    name: l.name,
    slug: l.slug,
    location_type: l.location_type,
    buying: l.location_subtype.includes("buying"),
    position: l.position,
    visible: l.visible,
    street: l.address.street,
    city: l.address.city,
    state: l.address.state,
    postcode: l.address.postcode,
    lat: l.address.lat,
    long: l.address.long,
    phone: l.contact_detail.phone,
    landline_phone: l.contact_detail.landline_phone ?? "",
    email: l.contact_detail.email ?? "",
    dealer_license_number: l.dealer_license_number ?? "",
    motor_vehicle_repairer: l.motor_vehicle_repairer ?? "",
    gmb_profile_id: "",
  };
}

/** Each location with its form and its week, then the form that adds one. */
function LocationsSection({ site }: { site: ConsoleSite }) {
  return (
    <section aria-labelledby="locations-title" id="locations" className={SECTION}>
      <h2 id="locations-title" className="mb-3 text-lg font-bold">
        Locations ({site.locations.length})
      </h2>
      <ul className="mb-6 space-y-4">
        {site.locations.map((l) => (
          <li key={l.id} className="rounded-md border border-neutral-200 p-4">
            <details>
              <summary className="cursor-pointer font-semibold">
                {l.name}{" "}
                <span className="font-normal text-neutral-600">
                  · {l.location_type || "sales"} · {l.address.full}
                </span>
                {!l.visible && <span className="ml-2 rounded bg-neutral-200 px-2 text-sm">Hidden</span>}
              </summary>
              <div className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
                <LocationForm
                  siteId={site.id}
                  country={site.country}
                  dealerships={site.dealership_websites}
                  values={locationFormValues(l)}
                />
                <WeekEditor siteId={site.id} locationId={l.id} name={l.name} hours={l.contact_detail.opening_hours as OpeningHourEntry[]} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <h3 className="mb-2 font-bold">Add a location</h3>
      <LocationForm
        siteId={site.id}
        country={site.country}
        dealerships={site.dealership_websites}
        start={{
          name: site.locations.length ? "" : site.name,
          phone: site.phone ?? "",
          email: site.email ?? "",
          state:
            dealerState(
              site.country,
              site.locations.map((l) => ({ isPrimary: l.primary, visible: l.visible, address: l.address })),
            ) ?? "",
        }}
      />
    </section>
  );
}

/** Each dealership (a franchise within the site) with its form, then the form that adds one. */
function DealershipsSection({ site }: { site: ConsoleSite }) {
  return (
    <section aria-labelledby="dealerships-title" id="dealerships" className={SECTION}>
      <h2 id="dealerships-title" className="mb-1 text-lg font-bold">
        Dealerships ({site.dealership_websites.length})
      </h2>
      <p className="mb-3 text-sm text-neutral-700">
        The franchises within the site (dealership_websites): a location names its dealership.
      </p>
      <ul className="mb-6 space-y-3">
        {site.dealership_websites.map((d) => (
          <li key={d.id} className="rounded-md border border-neutral-200 p-4">
            <details>
              <summary className="cursor-pointer font-semibold">
                {d.name}{" "}
                <span className="font-normal text-neutral-600">
                  · {d.make ?? "no make"} · {d.location_ids.length} location(s)
                </span>
                {!d.visible && <span className="ml-2 rounded bg-neutral-200 px-2 text-sm">Hidden</span>}
              </summary>
              <div className="mt-4">
                <DealershipForm
                  siteId={site.id}
                  values={{ id: d.id, name: d.name, slug: d.slug, make: d.make, url: d.url, position: d.position, visible: d.visible }}
                />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <h3 className="mb-2 font-bold">Add a dealership</h3>
      <DealershipForm siteId={site.id} />
    </section>
  );
}
