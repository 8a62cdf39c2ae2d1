import { BackLink } from "@/components/admin/back-link";
import { PhotoEditor } from "@/components/admin/photo-editor";
import { VehicleForm, type VehicleFormProps } from "@/components/admin/vehicle-form";
import type { PhotoView } from "@/domain/stock/photos";
import type { ReservationView } from "@/domain/store/reservation";
import { ReservationBanner } from "@/components/admin/reservation-banner";

export type VehicleProps = {
  siteId: number;
  vehicle: { id: number; title: string; stockNumber: string; vin: string | null; carType: string; websiteHref: string };
  form: VehicleFormProps;
  photos: PhotoView[];
  /** photos the car has from its feed, when it has none of its own yet */
  otherPhotos: number;
  /** a person replaced the feed's photos (later feeds' photos wait until handed back) */
  feedReplaced: boolean;
  /** the car's online reservation, while it holds the car */
  reservation: ReservationView | null;
};

/** One car's every field (grouped, each edited here marked) and its photos. */
export function VehicleView({ siteId, vehicle: v, form, photos, otherPhotos, feedReplaced, reservation }: VehicleProps) {
  return (
    <div className="max-w-2xl">
      <BackLink href={`/sites/${siteId}/stock`}>Stock</BackLink>
      <h1 className="text-2xl font-extrabold">{v.title}</h1>
      <p className="mb-4 text-neutral-700" data-testid="vehicle-ids">
        Stock {v.stockNumber}
        {v.vin ? ` · VIN ${v.vin}` : ""} · {v.carType} ·{" "}
        <a className="font-semibold text-brand underline" href={v.websiteHref} data-testid="on-website">
          View on the website
        </a>{" "}
        ·{" "}
        <a className="font-semibold text-brand underline" href={`/sites/${siteId}/stock/new?from=${v.id}`} data-testid="duplicate">
          Add another like it
        </a>
      </p>
      {reservation && <ReservationBanner siteId={siteId} vehicleId={v.id} r={reservation} />}
      <VehicleForm {...form} />
      <div className="mt-6 rounded-lg border border-neutral-200 bg-white p-5">
        <PhotoEditor siteId={siteId} vehicleId={v.id} initial={photos} otherPhotos={otherPhotos} feedReplaced={feedReplaced} />
      </div>
    </div>
  );
}
