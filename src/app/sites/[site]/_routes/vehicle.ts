import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { formatOdometer } from "@/domain/format/country";
import { safeDecode } from "@/domain/http/request";
import { shareImageUrl } from "@/domain/format/image";
import { formatPrice } from "@/domain/format/price";
import { detailBasePath, vehicleHref } from "@/domain/site/vehicle";
import { displayImage, vehicleFacts, vehicleTitle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/base/clock";
import { getSiteContext } from "@/server/site/context";
import { getVehiclePage } from "@/server/stock/service";
import { storeProvider } from "@/server/store/checkout-service";
import type { SlugParams } from "./site";

/** The vehicle page bases (docs/features/search-and-vehicles.md); a site's template picks one (`detailBasePath`). */
export type VehicleBase = "/cars" | "/motorcycles" | "/campers";

const loadVehicle = cache(async (base: VehicleBase, siteParam: string, slug: string) => {
  const ctx = await getSiteContext(siteParam);
  if (!ctx || detailBasePath(ctx.site.template) !== base) return null;
  const wanted = safeDecode(slug);
  if (wanted === null) return null;
  const found = await getVehiclePage(ctx, wanted, requestNow());
  if (!found) return null;
  const store: "off" | "reserved" | "open" = !storeProvider(ctx) ? "off" : found.reserved ? "reserved" : "open";
  return { ctx, ...found, store };
});

/** The vehicle behind a detail URL (once per request); the wrong base for the site, an unknown or hidden vehicle is a 404. */
export async function requireVehicle(base: VehicleBase, params: SlugParams) {
  const { site, slug } = await params;
  return (await loadVehicle(base, site, slug)) ?? notFound();
}

/** GET {base}/{slug}: the vehicle, whether it is listed, similar cars and the store's state, for the vehicle page's view. */
export async function loadVehiclePage(base: VehicleBase, params: SlugParams) {
  const { ctx, vehicle, listed, similar, store } = await requireVehicle(base, params);
  return { ctx, vehicle, listed, similar, store, now: requestNow() };
}

/** A vehicle page's title, description, canonical URL and share card. */
export function vehicleMetadata({ ctx, vehicle: v, listed }: Awaited<ReturnType<typeof requireVehicle>>): Metadata {
  const title = vehicleTitle(v);
  const path = vehicleHref(ctx.site.template, v.slug);
  const image = shareImageUrl(displayImage(v));
  const facts = vehicleFacts(v);
  const details = [facts.odometerKm !== null ? formatOdometer(facts.odometerKm, ctx.site.country) : null, facts.transmission, facts.fuel]
    .filter(Boolean)
    .join(", ");
  const description = `${title} for ${formatPrice(v.price)} at ${ctx.site.name}.${details ? ` ${details}.` : ""}`;
  return {
    title,
    description,
    alternates: { canonical: path },
    robots: listed ? undefined : { index: false },
    openGraph: { type: "website", title, description, url: path, images: [{ url: image, width: 1200, height: 630, alt: title }] },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}
