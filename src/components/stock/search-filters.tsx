import { brandDisplayName } from "@/domain/site/brands";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { kmToOdometer, SEARCH_VARIANTS, type SearchQuery } from "@/domain/stock/search";
import type { Location } from "@/domain/site/types";
import type { FacetValue, SearchResult } from "@/domain/stock/search";
import { FilterForm } from "./filter-form";
import { own } from "@/domain/own";

type Props = {
  query: SearchQuery;
  result: SearchResult;
  locations: Location[];
  country: string;
  distanceLabel: string;
  usedWord: string;
  showLocations: boolean;
  defaultSort: string;
};

const CAR_TYPE_LABEL: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };

function Checks({
  legend,
  name,
  values,
  selected,
  label,
}: {
  legend: string;
  name: string;
  values: FacetValue[];
  selected: string[];
  label?: (v: string) => string;
}) {
  if (values.length === 0) return null;
  // selected values with no stock left under the other filters stay visible so they can be cleared
  const shown = [...values, ...selected.filter((s) => !values.some((v) => v.value === s)).map((value) => ({ value, count: 0 }))];
  return (
    <fieldset className="border-b border-neutral-200 py-4">
      <legend className="float-left mb-2 w-full text-sm font-bold uppercase tracking-wide">{legend}</legend>
      <ul className="clear-both max-h-72 space-y-1 overflow-y-auto pr-1">
        {shown.map((v) => (
          <li key={v.value}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={v.value}
                defaultChecked={selected.includes(v.value)}
                className="size-4 accent-[var(--brand)]"
              />
              <span className="flex-1">{label ? label(v.value) : v.value}</span>
              <span className="text-neutral-600">({v.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function RangeField({
  legend,
  name,
  range,
  placeholder,
}: {
  legend: string;
  name: string;
  range: { min?: number; max?: number };
  placeholder: { min?: number; max?: number };
}) {
  return (
    <fieldset className="border-b border-neutral-200 py-4">
      <legend className="float-left mb-2 w-full text-sm font-bold uppercase tracking-wide">{legend}</legend>
      <div className="clear-both grid grid-cols-2 gap-2">
        {(["min", "max"] as const).map((end) => (
          <label key={end} className="text-sm">
            <span className="mb-1 block text-neutral-700">{end === "min" ? "Min" : "Max"}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name={`${name}_${end}`}
              defaultValue={range[end]}
              placeholder={placeholder[end] !== undefined ? String(placeholder[end]) : undefined}
              className="min-h-11 w-full rounded-md border border-neutral-300 px-2"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Facets with counts; every value is a link-able URL state (the form is a plain GET form). */
export function SearchFilters({ query, result, locations, country, distanceLabel, usedWord, showLocations, defaultSort }: Props) {
  const f = result.facets;
  const routeTypes = SEARCH_VARIANTS[query.variant];
  const modelsByMake = new Map<string, FacetValue[]>();
  for (const m of f.model) modelsByMake.set(m.make!, [...(modelsByMake.get(m.make!) ?? []), m]);
  const locationName = (slug: string) => locations.find((l) => l.slug === slug)?.name ?? slug;
  const odo = result.ranges.odometer;
  return (
    <FilterForm action={`/search/${query.variant}`} id="search-filters">
      {query.sort !== defaultSort && <input type="hidden" name="sort" value={query.sort} />}
      <label className="block py-2 text-sm">
        <span className="mb-1 block font-bold uppercase tracking-wide">Keyword</span>
        <input
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Make, model or stock no."
          className="min-h-11 w-full rounded-md border border-neutral-300 px-3"
        />
      </label>
      {routeTypes.length > 1 && (
        <Checks
          legend="Condition"
          name="car_type"
          values={f.carType.filter((c) => (routeTypes as readonly string[]).includes(c.value))}
          selected={query.carTypes}
          label={(v) => (v === "used" ? usedWord.charAt(0).toUpperCase() + usedWord.slice(1) : (own(CAR_TYPE_LABEL, v) ?? v))}
        />
      )}
      <Checks legend="Make" name="make" values={f.make} selected={query.make} label={brandDisplayName} />
      {[...modelsByMake].map(([make, models]) => (
        <Checks key={make} legend={`${brandDisplayName(make)} models`} name="model" values={models} selected={query.model} />
      ))}
      <Checks legend="Body type" name="body" values={f.body} selected={query.body} label={(v) => bodyTypeLabel(v)} />
      <RangeField legend="Price ($)" name="price" range={query.price} placeholder={result.ranges.price} />
      <RangeField legend="Year" name="year" range={query.year} placeholder={result.ranges.year} />
      <RangeField
        legend={`Odometer (${distanceLabel})`}
        name="odometer"
        range={query.odometer}
        placeholder={{
          ...(odo.min !== undefined ? { min: kmToOdometer(odo.min, country) } : {}),
          ...(odo.max !== undefined ? { max: kmToOdometer(odo.max, country) } : {}),
        }}
      />
      <Checks legend="Fuel" name="fuel" values={f.fuel} selected={query.fuel} />
      <Checks legend="Transmission" name="transmission" values={f.transmission} selected={query.transmission} />
      {f.city.length > 1 && <Checks legend="City" name="city" values={f.city} selected={query.city} />}
      {showLocations && <Checks legend="Location" name="location" values={f.location} selected={query.location} label={locationName} />}
      <button
        type="submit"
        className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-4 font-semibold text-brand-contrast"
      >
        Apply filters
      </button>
    </FilterForm>
  );
}
