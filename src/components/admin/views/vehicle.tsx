import { BackLink } from "@/components/admin/back-link";
import { PhotoEditor } from "@/components/admin/photo-editor";
import { VehicleEditForm } from "@/components/admin/stock-forms";
import type { PhotoView } from "@/domain/stock/photos";

export type VehicleProps = {
  siteId: number;
  vehicle: { id: number; title: string; stockNumber: string; vin: string | null; carType: string; websiteHref: string };
  values: { price: number | null; odometer: number; status: string; show: boolean; description: string };
  photos: PhotoView[];
  /** photos the car has from its feed, when it has none of its own yet */
  otherPhotos: number;
  /** a person replaced the feed's photos (later feeds' photos wait until handed back) */
  feedReplaced: boolean;
};

/** One car's editable fields and its photos. */
export function VehicleView({ siteId, vehicle: v, values, photos, otherPhotos, feedReplaced }: VehicleProps) {
  return (
    <div className="max-w-2xl">
      <BackLink href={`/sites/${siteId}/stock`}>Stock</BackLink>
      <h1 className="text-2xl font-extrabold">{v.title}</h1>
      <p className="mb-4 text-neutral-700" data-testid="vehicle-ids">
        Stock {v.stockNumber}
        {v.vin ? ` · VIN ${v.vin}` : ""} · {v.carType} ·{" "}
        <a className="font-semibold text-brand underline" href={v.websiteHref} data-testid="on-website">
          View on the website
        </a>
      </p>
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <VehicleEditForm siteId={siteId} vehicleId={v.id} values={values} />
      </div>
      <div className="mt-6 rounded-lg border border-neutral-200 bg-white p-5">
        <PhotoEditor siteId={siteId} vehicleId={v.id} initial={photos} otherPhotos={otherPhotos} feedReplaced={feedReplaced} />
      </div>
    </div>
  );
}
