import { telHref } from "@/domain/site/links";
import { EVENT_IDS } from "@/domain/analytics/events";
import { ChevronDown, MapPin } from "@/components/ui/icons";
import type { SiteContext } from "@/domain/site/context";
import { SmartLink } from "./smart-link";
import { siteCities } from "@/domain/locations/geo";
import { mondayFirst, siteHours, WEEKDAY_NAMES, formatHours } from "@/domain/site/hours";

export function SiteFooter({ ctx }: { ctx: SiteContext }) {
  const { site } = ctx;
  const hours = mondayFirst(siteHours(site, ctx.locations));
  return (
    <footer className="mt-16 bg-neutral-900 text-neutral-200" data-area="footer">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <section
          aria-labelledby="find-us"
          className="mb-10 flex flex-col gap-3 rounded-lg bg-neutral-800 p-6 md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="find-us" className="flex items-center gap-2 text-lg font-bold text-white">
              <MapPin aria-hidden className="size-5" /> Find Us
            </h2>
            <p className="text-sm text-neutral-300">
              {ctx.locations.length === 1
                ? ctx.locations[0]!.address.full
                : `${ctx.locations.length} locations: ${siteCities(ctx.locations).join(", ")}`}
            </p>
            {hours.length > 0 && (
              <details className="group mt-2 text-sm" data-testid="site-hours">
                <summary
                  className="inline-flex min-h-11 cursor-pointer items-center gap-1 font-semibold text-white"
                  data-track={EVENT_IDS.hoursView}
                >
                  Opening hours
                  <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
                </summary>
                <table className="mt-1 text-neutral-200">
                  <tbody>
                    {hours.map((h) => (
                      <tr key={h.weekday}>
                        <th scope="row" className="py-0.5 pr-4 text-left font-normal">
                          {WEEKDAY_NAMES[h.weekday]}
                        </th>
                        <td className="py-0.5">{formatHours(h.status, h.open, h.close)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
          </div>
          <a
            href="/dealerships"
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-white px-4 font-semibold text-neutral-900 hover:bg-neutral-200"
          >
            Find a dealership
          </a>
        </section>
        <div className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-5">
          {ctx.footer.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="mb-3 text-sm font-bold uppercase tracking-wide text-white">{group.title}</h2>
              <ul className="space-y-1 text-sm">
                {group.links.map((l) => (
                  <li key={l.href + l.label}>
                    <SmartLink href={l.href} className="inline-block py-1.5 hover:text-white hover:underline">
                      {l.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-3 border-t border-neutral-700 pt-6 text-sm md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {site.name}
            {site.phone && (
              <>
                {" · "}
                <a className="underline" href={telHref(site.phone, site.country)}>
                  {site.phone}
                </a>
              </>
            )}
            {site.email && (
              <>
                {" · "}
                <a className="underline" href={`mailto:${site.email}`}>
                  {site.email}
                </a>
              </>
            )}
          </p>
          {Object.keys(site.socialUrls).length > 0 && (
            <ul className="flex gap-4" aria-label="Social media">
              {Object.entries(site.socialUrls).map(([name, url]) => (
                <li key={name}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="capitalize underline"
                    data-track={EVENT_IDS.socialClick}
                  >
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  );
}
