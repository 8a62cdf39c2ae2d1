import { brandDisplayName } from "@/domain/site/brands";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { bucketLabel, isBucket, type RangeDimension } from "@/domain/stock/buckets";
import { kmToOdometer, SEARCH_VARIANTS, searchHref, type SearchQuery } from "@/domain/stock/search";
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

/** How many values a facet shows before "Show all". */
const SHOWN_FIRST = 6;

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
  const all = [...values, ...selected.filter((s) => !values.some((v) => v.value === s)).map((value) => ({ value, count: 0 }))];
  // a long list: the chosen and the most common first, the rest behind "Show all" (never an inner scroll box)
  const long = all.length > SHOWN_FIRST + 1;
  const ranked = long
    ? [...all].sort((a, b) => Number(selected.includes(b.value)) - Number(selected.includes(a.value)) || b.count - a.count)
    : all;
  const first = long ? ranked.slice(0, SHOWN_FIRST) : ranked;
  const rest = long
    ? ranked.slice(SHOWN_FIRST).sort((a, b) => (label ? label(a.value) : a.value).localeCompare(label ? label(b.value) : b.value))
    : [];
  const item = (v: FacetValue) => (
    <li key={v.value}>
      <label>
        <input type="checkbox" name={name} value={v.value} defaultChecked={selected.includes(v.value)} />
        {label ? label(v.value) : v.value} <span>({v.count})</span>
      </label>
    </li>
  );
  // the short classes of globals.css (`.facet…`): a search page holds 50 to 100 of these options
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <ul className="facet-opts">{first.map(item)}</ul>
      {rest.length > 0 && (
        <details>
          <summary>
            <span>Show all {all.length}</span>
            <span>Show fewer</span>
          </summary>
          <ul className="facet-opts">{rest.map(item)}</ul>
        </details>
      )}
    </fieldset>
  );
}

function RangeField({
  legend,
  name,
  range,
  placeholder,
  buckets,
}: {
  legend: string;
  name: string;
  range: { min?: number; max?: number };
  placeholder: { min?: number; max?: number };
  buckets: Array<{ label: string; count: number; href: string; current: boolean }>;
}) {
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
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
      {buckets.some((b) => b.count > 0) && (
        <ul className="facet-buckets" aria-label={`${legend} ranges`} data-testid={`buckets-${name}`}>
          {buckets.map((b) => (
            <li key={b.label}>
              {b.count > 0 || b.current ? (
                <a href={b.href} data-scroll="keep" aria-current={b.current ? "true" : undefined}>
                  <span>{b.label}</span> ({b.count})
                </a>
              ) : (
                <span>
                  {b.label} <span>(0)</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
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
  const buckets = (dimension: RangeDimension) =>
    result.buckets[dimension].map(({ count, ...range }) => ({
      label: bucketLabel(dimension, range, distanceLabel),
      count,
      current: isBucket(query[dimension], range),
      href: searchHref(query, defaultSort, { [dimension]: range, page: 1 }),
    }));
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
      <RangeField legend="Price ($)" name="price" range={query.price} placeholder={result.ranges.price} buckets={buckets("price")} />
      <RangeField legend="Year" name="year" range={query.year} placeholder={result.ranges.year} buckets={buckets("year")} />
      <RangeField
        legend={`Odometer (${distanceLabel})`}
        name="odometer"
        buckets={buckets("odometer")}
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
