import { brandDisplayName } from "@/domain/site/brands";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { bucketLabel, isBucket, type RangeDimension } from "@/domain/stock/buckets";
import { kmToOdometer, SEARCH_VARIANTS, searchHref, type SearchQuery } from "@/domain/stock/search";
import type { Location } from "@/domain/site/types";
import type { FacetValue, SearchResult } from "@/domain/stock/search";
import { FilterForm } from "./filter-form";
import { own } from "@/domain/own";
import { escapeMarkup as esc } from "@/domain/format/markup";

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
 * SSR renderers were the largest part of the page's server time, issue 35). Every value is escaped;
 * FilterForm navigates on their native change events and keeps focus and open lists across pages.
 */

function checksHtml(legend: string, name: string, values: FacetValue[], selected: string[], label?: (v: string) => string): string {
  if (values.length === 0) return "";
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
  const item = (v: FacetValue) =>
    `<li><label><input type="checkbox" name="${esc(name)}" value="${esc(v.value)}"${selected.includes(v.value) ? " checked" : ""}>${esc(label ? label(v.value) : v.value)} <span>(${v.count})</span></label></li>`;
  return (
    `<fieldset class="facet"><legend>${esc(legend)}</legend><ul class="facet-opts">${first.map(item).join("")}</ul>` +
    (rest.length
      ? `<details><summary><span>Show all ${all.length}</span><span>Show fewer</span></summary><ul class="facet-opts">${rest.map(item).join("")}</ul></details>`
      : "") +
    `</fieldset>`
  );
}

type Bucket = { label: string; count: number; href: string; current: boolean };

function rangeHtml(
  legend: string,
  name: string,
  range: { min?: number; max?: number },
  placeholder: { min?: number; max?: number },
  buckets: Bucket[],
): string {
  const input = (end: "min" | "max") =>
    `<label class="text-sm"><span class="mb-1 block text-neutral-700">${end === "min" ? "Min" : "Max"}</span><input type="number" inputmode="numeric" min="0" name="${esc(`${name}_${end}`)}"` +
    (range[end] !== undefined ? ` value="${esc(String(range[end]))}"` : "") +
    (placeholder[end] !== undefined ? ` placeholder="${esc(String(placeholder[end]))}"` : "") +
    ` class="min-h-11 w-full rounded-md border border-neutral-300 px-2"></label>`;
  const list = buckets.some((b) => b.count > 0)
    ? `<ul class="facet-buckets" aria-label="${esc(`${legend} ranges`)}" data-testid="buckets-${esc(name)}">${buckets
        .map(
          (b) =>
            `<li>${
              b.count > 0 || b.current
                ? `<a href="${esc(b.href)}" data-scroll="keep"${b.current ? ' aria-current="true"' : ""}><span>${esc(b.label)}</span> (${b.count})</a>`
                : `<span>${esc(b.label)} <span>(0)</span></span>`
            }</li>`,
        )
        .join("")}</ul>`
    : "";
  return `<fieldset class="facet"><legend>${esc(legend)}</legend><div class="grid grid-cols-2 gap-2">${input("min")}${input("max")}</div>${list}</fieldset>`;
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
  const html =
    (query.sort !== defaultSort ? `<input type="hidden" name="sort" value="${esc(query.sort)}">` : "") +
    `<label class="block py-2 text-sm"><span class="mb-1 block font-bold uppercase tracking-wide">Keyword</span><input type="search" name="q" value="${esc(query.q)}" placeholder="Make, model or stock no." class="min-h-11 w-full rounded-md border border-neutral-300 px-3"></label>` +
    (routeTypes.length > 1
      ? checksHtml(
          "Condition",
          "car_type",
          f.carType.filter((c) => (routeTypes as readonly string[]).includes(c.value)),
          query.carTypes,
          (v) => (v === "used" ? usedWord.charAt(0).toUpperCase() + usedWord.slice(1) : (own(CAR_TYPE_LABEL, v) ?? v)),
        )
      : "") +
    checksHtml("Make", "make", f.make, query.make, brandDisplayName) +
    [...modelsByMake].map(([make, models]) => checksHtml(`${brandDisplayName(make)} models`, "model", models, query.model)).join("") +
    checksHtml("Body type", "body", f.body, query.body, (v) => bodyTypeLabel(v)) +
    rangeHtml("Price ($)", "price", query.price, result.ranges.price, buckets("price")) +
    rangeHtml("Year", "year", query.year, result.ranges.year, buckets("year")) +
    rangeHtml(
      `Odometer (${distanceLabel})`,
      "odometer",
      query.odometer,
      {
        ...(odo.min !== undefined ? { min: kmToOdometer(odo.min, country) } : {}),
        ...(odo.max !== undefined ? { max: kmToOdometer(odo.max, country) } : {}),
      },
      buckets("odometer"),
    ) +
    checksHtml("Fuel", "fuel", f.fuel, query.fuel) +
    checksHtml("Transmission", "transmission", f.transmission, query.transmission) +
    (f.city.length > 1 ? checksHtml("City", "city", f.city, query.city) : "") +
    (showLocations ? checksHtml("Location", "location", f.location, query.location, locationName) : "") +
    `<button type="submit" class="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-4 font-semibold text-brand-contrast">Apply filters</button>`;
  return <FilterForm action={`/search/${query.variant}`} id="search-filters" html={html} />;
}
