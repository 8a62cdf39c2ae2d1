import type { Metadata } from "next";
import { BackLink } from "@/components/admin/back-link";
import { notFound } from "next/navigation";
import { VehicleEditForm } from "@/components/admin/stock-forms";
import { parseSiteId } from "@/domain/platform/contract";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { getStaffVehicle } from "@/server/repositories/stock-admin";
import { listVehiclePhotos } from "@/server/repositories/vehicle-photos";
import { PhotoEditor } from "@/components/admin/photo-editor";
import { photoView } from "@/domain/stock/photos";
import { vehicleHref } from "@/domain/site/vehicle";

export const metadata: Metadata = { title: "Edit vehicle" };

// GET /sites/{siteId}/stock/{id} — one car's editable fields and its photos (managers and owners)
export default async function VehiclePage({ params }: { params: Promise<{ siteId: string; id: string }> }) {
  const p = await params;
  const { site } = await requireStaffSite(p.siteId, "stock.edit");
  const id = parseSiteId(p.id);
  const db = await getDb();
  const v = id === null ? null : await getStaffVehicle(db, site.id, id);
  if (!v) notFound();
  const photos = await listVehiclePhotos(db, site.id, v.id);
  return (
    <div className="max-w-2xl">
      <BackLink href={`/sites/${site.id}/stock`}>Stock</BackLink>
      <h1 className="text-2xl font-extrabold">
        {v.year} {v.make} {v.model} {v.badge ?? ""}
      </h1>
      <p className="mb-4 text-neutral-700" data-testid="vehicle-ids">
        Stock {v.stockNumber}
        {v.vin ? ` · VIN ${v.vin}` : ""} · {v.carType} ·{" "}
        <a
          className="font-semibold text-brand underline"
          href={new URL(vehicleHref(site.template, v.slug), site.url).toString()}
          data-testid="on-website"
        >
          View on the website
        </a>
      </p>
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <VehicleEditForm
          siteId={site.id}
          vehicleId={v.id}
          values={{ price: v.price, odometer: v.odometer, status: v.status, show: v.showOnDealerWebsite, description: v.description ?? "" }}
        />
      </div>
      <div className="mt-6 rounded-lg border border-neutral-200 bg-white p-5">
        <PhotoEditor
          siteId={site.id}
          vehicleId={v.id}
          initial={photos.map(photoView)}
          otherPhotos={photos.length ? 0 : v.thumbnails.length}
        />
      </div>
    </div>
  );
}
