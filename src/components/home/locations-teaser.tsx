import { telHref } from "@/domain/site/links";
import Link from "next/link";
import { MapPin, Phone } from "lucide-react";
import type { SiteContext } from "@/server/site-context";

const TYPE_LABEL = { sales: "Sales", service: "Service", parts: "Parts" } as const;

export function LocationsTeaser({ ctx }: { ctx: SiteContext }) {
  return (
    <section aria-labelledby="locations-heading" className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex items-end justify-between gap-4">
        <h2 id="locations-heading" className="text-2xl font-bold">
          {ctx.locations.length === 1 ? "Our Location" : "Our Locations"}
        </h2>
        <Link href="/dealerships" className="font-semibold text-brand underline">
          View all locations
        </Link>
      </div>
      <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {ctx.locations.map((l) => (
          <li key={l.id} className="rounded-lg border border-neutral-200 p-5">
            <p className="text-xs font-semibold uppercase tracking-wide text-neutral-600">
              {l.locationSubtype.includes("buying") ? "Buying" : TYPE_LABEL[l.locationType]}
            </p>
            <h3 className="mt-1 text-lg font-bold">
              <Link href={`/our-location/${l.slug}`} className="hover:underline">
                {l.name}
              </Link>
            </h3>
            <p className="mt-2 flex items-start gap-2 text-sm text-neutral-700">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              {l.address.full}
            </p>
            <a href={telHref(l.contactDetail.phone)} className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand">
              <Phone aria-hidden className="size-4" />
              {l.contactDetail.phone}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
