import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { VehicleDetailPage } from "@/components/stock/vehicle-detail";
import { formatOdometer } from "@/domain/format/country";
import { shareImageUrl } from "@/domain/format/image";
import { formatPrice } from "@/domain/format/price";
import { detailBasePath, vehicleHref } from "@/domain/site/vehicle";
import { displayImage, vehicleFacts, vehicleTitle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/clock";
import { getSiteContext } from "@/server/site-context";
import { getVehiclePage } from "@/server/stock-service";

/*
 * The vehicle page routes (/cars, /motorcycles, /campers): their data loading and metadata. The
 * route files use `vehicleRoute(base)`; `VehicleDetailPage` only renders what it is given.
 */
export type DetailProps = { params: Promise<{ site: string; slug: string }> };

/** The vehicle behind a detail URL; the wrong base for the site, an unknown or hidden vehicle is a 404. */
const loadVehicle = cache(async (base: string, siteParam: string, slug: string) => {
  const ctx = await getSiteContext(siteParam);
  if (!ctx || detailBasePath(ctx.site.template) !== base) return null;
  const found = await getVehiclePage(ctx, decodeURIComponent(slug), requestNow());
  return found ? { ctx, ...found } : null;
});

async function load(base: string, { params }: DetailProps) {
  const { site, slug } = await params;
  const r = await loadVehicle(base, site, slug);
  if (!r) notFound();
  return r;
}

async function vehicleMetadata(base: string, props: DetailProps): Promise<Metadata> {
  const { ctx, vehicle: v, listed } = await load(base, props);
  const title = vehicleTitle(v);
  const path = vehicleHref(ctx.site.template, v.slug);
  const image = shareImageUrl(displayImage(v));
  const facts = vehicleFacts(v);
  const details = [facts.odometerKm !== null ? formatOdometer(facts.odometerKm, ctx.site.country) : null, facts.transmission, facts.fuel].filter(Boolean).join(", ");
  const description = `${title} for ${formatPrice(v.price)} at ${ctx.site.name}.${details ? ` ${details}.` : ""}`;
  return {
    title,
    description,
    alternates: { canonical: path },
    robots: listed ? undefined : { index: false },
    openGraph: { type: "website", title, description, url: path, images: [{ url: image, width: 1200, height: 630, alt: title }] },
  };
}

/** generateMetadata and the page of a vehicle route under `base`. */
export function vehicleRoute(base: "/cars" | "/motorcycles" | "/campers") {
  return {
    generateMetadata: (props: DetailProps) => vehicleMetadata(base, props),
    Page: async function Page(props: DetailProps) {
      const { ctx, vehicle, listed, similar } = await load(base, props);
      return <VehicleDetailPage ctx={ctx} vehicle={vehicle} listed={listed} similar={similar} now={requestNow()} />;
    },
  };
}
