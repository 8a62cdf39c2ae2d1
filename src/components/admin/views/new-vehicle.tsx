import { possessive } from "@/domain/format/possessive";
import { BackLink } from "@/components/admin/back-link";
import { VehicleForm, type VehicleFormProps } from "@/components/admin/vehicle-form";

export type NewVehicleProps = {
  site: { id: number; name: string };
  /** the car this one copies (a second unit of the same model) */
  copiedFrom: { id: number; stockNumber: string; title: string } | null;
  form: VehicleFormProps;
};

/** "Add a car": every field of a new car; its photos are added in its editor next. */
export function NewVehicleView({ site, copiedFrom, form }: NewVehicleProps) {
  return (
    <div className="max-w-2xl">
      <BackLink href={`/sites/${site.id}/stock`}>Stock</BackLink>
      <h1 className="text-2xl font-extrabold">Add a car</h1>
      <p className="mb-4 text-neutral-700">
        {copiedFrom
          ? `A second unit like ${copiedFrom.stockNumber} (${copiedFrom.title}): give it its own VIN and rego.`
          : `A car for ${possessive(site.name)} stock. You add its photos on the next page.`}
      </p>
      <VehicleForm {...form} />
    </div>
  );
}
