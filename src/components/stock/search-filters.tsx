import { brandDisplayName } from "@/domain/site/brands";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { bucketLabel, isBucket, rangeValue, type RangeDimension } from "@/domain/stock/buckets";
import { kmToOdometer, SEARCH_VARIANTS, searchHref, type SearchQuery } from "@/domain/stock/search";
import type { Location } from "@/domain/site/types";
import type { FacetValue, SearchResult } from "@/domain/stock/search";
import { FilterForm } from "./filter-form";
import { own } from "@/domain/own";
import type { FilterBucket, FilterOption, FilterPart, FiltersView } from "./filters-html";

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

/*
 * The filters are drawn as HTML text (about 250 elements on a search page, which through the RSC and
 * SSR renderers were the largest part of the page's server time), from the compact view
 * built here (filters-html.ts). FilterForm navigates on their native change events and keeps focus
 * and open lists across pages.
 */

function checks(legend: string, name: string, values: FacetValue[], selected: string[], label?: (v: string) => string): FilterPart[] {
  if (values.length === 0) return [];
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
  const option = (v: FacetValue): FilterOption => {
    const shown = label ? label(v.value) : v.value;
    const o: FilterOption = [v.value, shown === v.value ? 0 : shown, v.count];
    if (selected.includes(v.value)) o.push(1);
    return o;
  };
  return [{ checks: legend, name, first: first.map(option), rest: rest.map(option) }];
}

type Bucket = { label: string; count: number; href: string; current: boolean };

function range(
  legend: string,
  name: RangeDimension,
  value: { min?: number; max?: number },
  placeholder: { min?: number; max?: number },
  buckets: Bucket[],
): FilterPart {
  return {
    range: legend,
    name,
    value,
    placeholder: {
      ...(placeholder.min !== undefined ? { min: rangeValue(name, placeholder.min) } : {}),
      ...(placeholder.max !== undefined ? { max: rangeValue(name, placeholder.max) } : {}),
    },
    buckets: buckets.map((b): FilterBucket => {
      if (!(b.count > 0 || b.current)) return [b.label, 0];
      return b.current ? [b.label, b.count, b.href, 1] : [b.label, b.count, b.href];
    }),
  };
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
  const view: FiltersView = {
    ...(query.sort !== defaultSort ? { sort: query.sort } : {}),
    q: query.q,
    parts: [
      ...(routeTypes.length > 1
        ? checks(
            "Condition",
            "car_type",
            f.carType.filter((c) => (routeTypes as readonly string[]).includes(c.value)),
            query.carTypes,
            (v) => (v === "used" ? usedWord.charAt(0).toUpperCase() + usedWord.slice(1) : (own(CAR_TYPE_LABEL, v) ?? v)),
          )
        : []),
      ...checks("Make", "make", f.make, query.make, brandDisplayName),
      ...[...modelsByMake].flatMap(([make, models]) => checks(`${brandDisplayName(make)} models`, "model", models, query.model)),
      ...checks("Body type", "body", f.body, query.body, (v) => bodyTypeLabel(v)),
      range("Price ($)", "price", query.price, result.ranges.price, buckets("price")),
      range("Year", "year", query.year, result.ranges.year, buckets("year")),
      range(
        `Odometer (${distanceLabel})`,
        "odometer",
        query.odometer,
        {
          ...(odo.min !== undefined ? { min: kmToOdometer(odo.min, country) } : {}),
          ...(odo.max !== undefined ? { max: kmToOdometer(odo.max, country) } : {}),
        },
        buckets("odometer"),
      ),
      ...checks("Fuel", "fuel", f.fuel, query.fuel),
      ...checks("Transmission", "transmission", f.transmission, query.transmission),
      ...(f.city.length > 1 ? checks("City", "city", f.city, query.city) : []),
      ...(showLocations ? checks("Location", "location", f.location, query.location, locationName) : []),
    ],
  };
  return <FilterForm action={`/search/${query.variant}`} id="search-filters" view={view} />;
}
