import type { Metadata } from "next";
import { BackLink } from "@/components/admin/back-link";
import { notFound } from "next/navigation";
import { VehicleEditForm } from "@/components/admin/stock-forms";
import { parseSiteId } from "@/domain/platform/contract";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { getStaffVehicle } from "@/server/repositories/stock-admin";

export const metadata: Metadata = { title: "Edit vehicle" };

// GET /sites/{siteId}/stock/{id} — one car's editable fields (managers and owners)
export default async function VehiclePage({ params }: { params: Promise<{ siteId: string; id: string }> }) {
  const p = await params;
  const { site } = await requireStaffSite(p.siteId, "stock.edit");
  const id = parseSiteId(p.id);
  const v = id === null ? null : await getStaffVehicle(await getDb(), site.id, id);
  if (!v) notFound();
  return (
    <div className="max-w-2xl">
      <BackLink href={`/sites/${site.id}/stock`}>Stock</BackLink>
      <h1 className="text-2xl font-extrabold">
        {v.year} {v.make} {v.model} {v.badge ?? ""}
      </h1>
      <p className="mb-4 text-neutral-700">
        Stock {v.stockNumber}
        {v.vin ? ` · VIN ${v.vin}` : ""} · {v.carType}
      </p>
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <VehicleEditForm
          siteId={site.id}
          vehicleId={v.id}
          values={{ price: v.price, odometer: v.odometer, status: v.status, show: v.showOnDealerWebsite, description: v.description ?? "" }}
        />
      </div>
    </div>
  );
}
