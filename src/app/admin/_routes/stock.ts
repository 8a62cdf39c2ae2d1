import "server-only";
import { notFound } from "next/navigation";
import { parseSiteId } from "@/domain/platform/contract";
import { vehicleHref } from "@/domain/site/vehicle";
import { photoView } from "@/domain/stock/photos";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listImports } from "@/server/repositories/imports";
import { importPhotoReports } from "@/server/repositories/photo-fetches";
import { getStaffVehicle } from "@/server/repositories/stock-admin";
import { listVehiclePhotos } from "@/server/repositories/vehicle-photos";
import type { SiteParams } from "./params";

/** One car's editable fields, its photos and its page on the website (managers and owners); a 404 for another site's. */
export async function loadVehicle(params: Promise<{ siteId: string; id: string }>) {
  const p = await params;
  const { site } = await requireStaffSite(p.siteId, "stock.edit");
  const id = parseSiteId(p.id);
  const db = await getDb();
  const v = id === null ? null : await getStaffVehicle(db, site.id, id);
  if (!v) notFound();
  const photos = await listVehiclePhotos(db, site.id, v.id);
  return {
    siteId: site.id,
    vehicle: {
      id: v.id,
      title: `${v.year} ${v.make} ${v.model} ${v.badge ?? ""}`,
      stockNumber: v.stockNumber,
      vin: v.vin,
      carType: v.carType,
      websiteHref: new URL(vehicleHref(site.template, v.slug), site.url).toString(),
    },
    values: { price: v.price, odometer: v.odometer, status: v.status, show: v.showOnDealerWebsite, description: v.description ?? "" },
    photos: photos.map(photoView),
    otherPhotos: photos.length ? 0 : v.thumbnails.length,
  };
}

/** The site's recent imports with what became of their photos, and the latest held for confirmation (managers and owners). */
export async function loadStockImport(params: SiteParams) {
  const { site } = await requireStaffSite((await params).siteId, "stock.edit");
  const db = await getDb();
  const recent = await listImports(db, site.id);
  const photos = await importPhotoReports(
    db,
    site.id,
    recent.map((r) => r.id),
  );
  return {
    site: { id: site.id, name: site.name, timezone: site.timezone },
    recent: recent.map((r) => ({
      id: r.id,
      source: r.source,
      full: r.full,
      status: r.status,
      report: r.report,
      createdAt: r.createdAt,
      photos: photos.get(r.id),
    })),
  };
}
