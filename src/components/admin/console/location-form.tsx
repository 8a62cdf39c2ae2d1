"use client";

import { useState, type FormEvent } from "react";
import { addressSearchUrl } from "@/domain/locations/geo";
import { MAP_POINT_HINT, parseMapPoint } from "@/domain/locations/map-point";
import { LocationPatchSchema, LocationRecordSchema, AU_STATES, DEFAULT_WEEK } from "@/domain/platform/location-record";
import type { Country } from "@/domain/site/types";
import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/text-field";
import { StatusLine } from "../status-line";
import { given, clearable, numberOf } from "./fields";
import { useRecordForm } from "./use-record-form";

export type LocationFormValues = {
  id: number;
  dealership_id: number | null;
  name: string;
  slug: string;
  location_type: string;
  buying: boolean;
  position: number;
  visible: boolean;
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  landline_phone: string;
  email: string;
  dealer_license_number: string;
  motor_vehicle_repairer: string;
  gmb_profile_id: string;
};

type Where = { street: string; city: string; state: string; postcode: string };
const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
const whereIn = (form: HTMLFormElement): Where => ({
  street: field(form, "street")?.value.trim() ?? "",
  city: field(form, "city")?.value.trim() ?? "",
  state: field(form, "state")?.value.trim() ?? "",
  postcode: field(form, "postcode")?.value.trim() ?? "",
});

type Errors = Record<string, string>;
type Start = { name: string; phone: string; email: string; state: string };
type Pasted = { point: string } | { problem: string } | null;

/** The record the platform API takes, from the form as the operator left it. */
function locationRecord(f: FormData, editing: boolean) {
  return {
    name: given(f, "name") ?? "",
    ...(given(f, "slug") ? { slug: given(f, "slug") } : {}),
    location_type: String(f.get("location_type")),
    dealership_id: given(f, "dealership_id") ? Number(given(f, "dealership_id")) : null,
    location_subtype: f.get("buying") === "on" ? ["buying"] : [],
    position: numberOf(f, "position"),
    visible: f.get("visible") === "on",
    contact_detail: {
      phone: given(f, "phone") ?? "",
      ...(given(f, "landline_phone") ? { landline_phone: given(f, "landline_phone") } : {}),
      ...(given(f, "email") ? { email: given(f, "email") } : {}),
    },
    dealer_license_number: clearable(f, "dealer_license_number"),
    motor_vehicle_repairer: clearable(f, "motor_vehicle_repairer"),
    ...(given(f, "gmb_profile_id") ? { gmb_profile_id: given(f, "gmb_profile_id") } : {}),
    address: {
      street: given(f, "street") ?? "",
      city: given(f, "city") ?? "",
      state: given(f, "state") ?? "",
      postcode: given(f, "postcode") ?? "",
      // none typed: the server places it (the pasted point, else the postcode's centre)
      lat: numberOf(f, "lat"),
      long: numberOf(f, "long"),
      ...(given(f, "map_point") ? { map_point: given(f, "map_point") } : {}),
    },
    // a new location opens with the usual sales week; the week editor beside it changes it
    ...(editing
      ? {}
      : {
          opening_hours: [...DEFAULT_WEEK],
        }),
  };
}

/**
 * The address as typed, for the map link, and the point pasted from the map: a paste fills in the
 * latitude and longitude at once, so the operator sees what will be saved.
 */
function usePlacing(values: LocationFormValues | undefined) {
  const first: Where = {
    street: values?.street ?? "",
    city: values?.city ?? "",
    state: values?.state ?? "VIC",
    postcode: values?.postcode ?? "",
  };
  const [where, setWhere] = useState<Where>(first);
  const [pasted, setPasted] = useState<Pasted>(null);
  const changed = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    const target = e.target as HTMLInputElement;
    if (["street", "city", "state", "postcode"].includes(target.name)) setWhere(whereIn(form));
    if (target.name !== "map_point") return;
    const text = target.value.trim();
    const point = text ? parseMapPoint(text) : null;
    if (!text) return setPasted(null);
    if (!point) return setPasted({ problem: MAP_POINT_HINT });
    field(form, "lat")!.value = String(point.lat);
    field(form, "long")!.value = String(point.long);
    setPasted({ point: `Placed at ${point.lat}, ${point.long}: save to keep it` });
  };
  const reset = () => {
    setWhere(first);
    setPasted(null);
  };
  return { where, pasted, changed, reset };
}

/**
 * Add a location, or change one: type, address, contacts, licence numbers, shown or hidden, order.
 * The address is placed for the operator (Australia: at its postcode's centre); to put the pin on the
 * door they open the address on the map, and paste back the coordinates or the map's address, which
 * fills in the latitude and longitude here (docs/features/onboarding.md, the location step).
 */
export function LocationForm({
  siteId,
  country,
  dealerships,
  values,
  start,
}: {
  siteId: number;
  country: string;
  dealerships: ReadonlyArray<{ id: number; name: string }>;
  values?: LocationFormValues;
  /** a new location starts with what the site already says (its name for the first one, its phone and email), so nothing is typed twice */
  start?: Start;
}) {
  const { state, errors, save } = useRecordForm(`/api/admin/platform/sites/${siteId}/locations`, values?.id);
  const editing = values !== undefined;
  const { where, pasted, changed, reset } = usePlacing(values);
  const noPostcodeData = country !== "AU";
  const mapLink = where.street || where.city || where.postcode ? addressSearchUrl(where, country as Country) : null;
  const key = values?.id ?? "new";
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    await save(form, editing ? LocationPatchSchema : LocationRecordSchema, locationRecord(new FormData(form), editing), "location");
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      onChange={changed}
      onReset={reset}
      aria-label={editing ? `Location ${values.name}` : "New location"}
      className="space-y-4"
      data-testid={`location-${key}`}
    >
      <StatusLine state={state} testId={`location-${key}`} />
      <div className="grid gap-4 md:grid-cols-3">
        <KindFields values={values} start={start} dealerships={dealerships} errors={errors} />
        <AddressFields values={values} start={start} country={country} errors={errors} />
        <PlaceFields values={values} noPostcodeData={noPostcodeData} mapLink={mapLink} pasted={pasted} errors={errors} />
        <ContactFields values={values} start={start} errors={errors} />
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="visible" defaultChecked={values?.visible ?? true} className="size-5" />
          <span className="font-semibold">Shown on the site</span>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="buying" defaultChecked={values?.buying ?? false} className="size-5" />
          <span className="font-semibold">Buys cars (subtype buying)</span>
        </label>
      </div>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        {editing ? "Save the location" : "Add the location"}
      </button>
    </form>
  );
}

/** Its name, slug, type and dealership. */
function KindFields({
  values,
  start,
  dealerships,
  errors,
}: {
  values?: LocationFormValues;
  start?: Start;
  dealerships: ReadonlyArray<{ id: number; name: string }>;
  errors: Errors;
}) {
  return (
    <>
      <TextField name="name" label="Name" defaultValue={values?.name ?? start?.name} error={errors.name} />
      <TextField
        name="slug"
        label="Slug"
        defaultValue={values?.slug}
        error={errors.slug}
        hint={values !== undefined ? undefined : "Made from the name when empty"}
      />
      <SelectField
        name="location_type"
        label="Type"
        options={[
          ["sales", "Sales"],
          ["service", "Service"],
          ["parts", "Parts"],
        ]}
        defaultValue={values?.location_type || "sales"}
        error={errors.location_type}
      />
      <SelectField
        name="dealership_id"
        label="Dealership"
        options={[["", "None (the site's own)"], ...dealerships.map((d) => [String(d.id), d.name] as const)]}
        defaultValue={values?.dealership_id ? String(values.dealership_id) : ""}
        error={errors.dealership_id}
      />
    </>
  );
}

/** Street, suburb, state (Australia's from a list) and postcode. */
function AddressFields({
  values,
  start,
  country,
  errors,
}: {
  values?: LocationFormValues;
  start?: Start;
  country: string;
  errors: Errors;
}) {
  // a new location starts in the dealer's own state; the first one asks
  const startState = values?.state ?? start?.state ?? "";
  const states =
    country === "AU" ? [...(startState ? [] : [["", "From the postcode"] as const]), ...AU_STATES.map((s) => [s, s] as const)] : null;
  return (
    <>
      <TextField name="street" label="Street address" defaultValue={values?.street} error={errors["address.street"]} />
      <TextField name="city" label="Suburb or city" defaultValue={values?.city} error={errors["address.city"]} />
      {states ? (
        <SelectField name="state" label="State" options={states} defaultValue={startState} error={errors["address.state"]} />
      ) : (
        <TextField name="state" label="State or region" defaultValue={values?.state} error={errors["address.state"]} />
      )}
      <TextField name="postcode" label="Postcode" defaultValue={values?.postcode} error={errors["address.postcode"]} />
    </>
  );
}

/** Where the pin goes: the point pasted from the map (with the link to find it), and the latitude and longitude it fills in. */
function PlaceFields({
  values,
  noPostcodeData,
  mapLink,
  pasted,
  errors,
}: {
  values?: LocationFormValues;
  /** outside Australia nothing places the address: the operator pastes the point */
  noPostcodeData: boolean;
  mapLink: string | null;
  pasted: Pasted;
  errors: Errors;
}) {
  return (
    <>
      <div className="md:col-span-3">
        <TextField
          name="map_point"
          label={noPostcodeData ? "Point from the map" : "Point from the map (optional)"}
          error={errors["address.map_point"] ?? ("problem" in (pasted ?? {}) ? MAP_POINT_HINT : undefined)}
          hint={
            noPostcodeData
              ? "Open the address on the map, right-click the door, copy the coordinates (or the map's address) and paste them here"
              : "Left empty, the location is placed at its postcode's centre. For the exact spot: open the address on the map, right-click the door, copy the coordinates (or the map's address) and paste them here"
          }
        />
        {mapLink && (
          <a
            href={mapLink}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block min-h-11 py-2 text-sm font-semibold underline"
          >
            Open this address on Google Maps
          </a>
        )}
        {pasted && "point" in pasted && (
          <p role="status" className="text-sm font-semibold text-green-800">
            {pasted.point}
          </p>
        )}
      </div>
      <TextField
        name="lat"
        label="Latitude"
        type="text"
        defaultValue={values ? String(values.lat) : undefined}
        error={errors["address.lat"]}
        hint={noPostcodeData ? "e.g. -43.5321 (negative south of the equator)" : "Empty: from the point pasted, else the postcode"}
      />
      <TextField
        name="long"
        label="Longitude"
        type="text"
        defaultValue={values ? String(values.long) : undefined}
        error={errors["address.long"]}
        hint="e.g. 144.3600"
      />
    </>
  );
}

/** Phones and email, licence and repairer numbers, the reviews profile and the order. */
function ContactFields({ values, start, errors }: { values?: LocationFormValues; start?: Start; errors: Errors }) {
  return (
    <>
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        defaultValue={values?.phone ?? start?.phone}
        error={errors["contact_detail.phone"]}
      />
      <TextField
        name="landline_phone"
        label="Landline"
        type="tel"
        defaultValue={values?.landline_phone}
        error={errors["contact_detail.landline_phone"]}
      />
      <TextField
        name="email"
        label="Email (leads to this location go here)"
        type="email"
        defaultValue={values?.email ?? start?.email}
        error={errors["contact_detail.email"]}
      />
      <TextField
        name="dealer_license_number"
        label="Dealer licence number"
        defaultValue={values?.dealer_license_number}
        error={errors.dealer_license_number}
      />
      <TextField
        name="motor_vehicle_repairer"
        label="Motor vehicle repairer number"
        defaultValue={values?.motor_vehicle_repairer}
        error={errors.motor_vehicle_repairer}
      />
      <TextField name="gmb_profile_id" label="Reviews profile id" defaultValue={values?.gmb_profile_id} error={errors.gmb_profile_id} />
      <TextField
        name="position"
        label="Order"
        type="number"
        defaultValue={values ? String(values.position) : undefined}
        error={errors.position}
        hint="Lower comes first"
      />
    </>
  );
}
