import { escapeMarkup as esc } from "@/domain/format/markup";

/*
 * The search filters as HTML text, drawn from a compact view (about a quarter of the
 * HTML's size). The server builds the view (SearchFilters: labels, order, "Show all", range links);
 * FilterForm draws it on the server and again in the browser, so the page's payload carries the
 * view instead of the HTML. Every value is escaped: the keyword is the shopper's, makes and models
 * come from the feed.
 */

/** A checkbox: value, label (omitted when it is the value), count, checked (1). */
export type FilterOption = [value: string, label: string | 0, count: number, checked?: 1];
/** A range link: label, count, address (omitted when it has no cars and is not chosen), chosen (1). */
export type FilterBucket = [label: string, count: number, href?: string, current?: 1];

export type FilterPart =
  | { checks: string; name: string; first: FilterOption[]; rest: FilterOption[] }
  | {
      range: string;
      name: string;
      value: { min?: number; max?: number };
      /** the stock's lowest and highest as the shopper reads them ("$9,990") */
      placeholder: { min?: string; max?: string };
      buckets: FilterBucket[];
    };

export type FiltersView = { sort?: string; q: string; parts: FilterPart[] };

function option([value, label, count, checked]: FilterOption, name: string): string {
  return `<li><label><input type="checkbox" name="${esc(name)}" value="${esc(value)}"${checked ? " checked" : ""}>${esc(label === 0 ? value : label)} <span>(${count})</span></label></li>`;
}

function checksHtml(p: Extract<FilterPart, { checks: string }>): string {
  const items = (list: FilterOption[]) => list.map((o) => option(o, p.name)).join("");
  return (
    `<fieldset class="facet"><legend>${esc(p.checks)}</legend><ul class="facet-opts">${items(p.first)}</ul>` +
    (p.rest.length
      ? `<details><summary><span>Show all ${p.first.length + p.rest.length}</span><span>Show fewer</span></summary><ul class="facet-opts">${items(p.rest)}</ul></details>`
      : "") +
    `</fieldset>`
  );
}

function rangeHtml(p: Extract<FilterPart, { range: string }>): string {
  // styled by globals.css's .facet-range, like the facets' checkboxes (no classes on each field)
  const input = (end: "min" | "max") =>
    `<label><span>${end === "min" ? "Min" : "Max"}</span><input type="number" inputmode="numeric" min="0" name="${esc(`${p.name}_${end}`)}"` +
    (p.value[end] !== undefined ? ` value="${esc(String(p.value[end]))}"` : "") +
    (p.placeholder[end] !== undefined ? ` placeholder="${esc(p.placeholder[end])}"` : "") +
    `></label>`;
  const list = p.buckets.some((b) => b[1] > 0)
    ? `<ul class="facet-buckets" aria-label="${esc(`${p.range} ranges`)}" data-testid="buckets-${esc(p.name)}">${p.buckets
        .map(
          ([label, count, href, current]) =>
            `<li>${
              href !== undefined
                ? `<a href="${esc(href)}" data-scroll="keep"${current ? ' aria-current="true"' : ""}><span>${esc(label)}</span> (${count})</a>`
                : `<span>${esc(label)} <span>(0)</span></span>`
            }</li>`,
        )
        .join("")}</ul>`
    : "";
  return `<fieldset class="facet"><legend>${esc(p.range)}</legend><div class="facet-range">${input("min")}${input("max")}</div>${list}</fieldset>`;
}

/** The form's fields as HTML text. */
export function filtersHtml(view: FiltersView): string {
  return (
    (view.sort !== undefined ? `<input type="hidden" name="sort" value="${esc(view.sort)}">` : "") +
    `<label class="block py-2 text-sm"><span class="mb-1 block font-bold uppercase tracking-wide">Keyword</span><input type="search" name="q" value="${esc(view.q)}" placeholder="Make, model or stock no." class="min-h-11 w-full rounded-md border border-neutral-300 px-3"></label>` +
    view.parts.map((p) => ("checks" in p ? checksHtml(p) : rangeHtml(p))).join("") +
    `<button type="submit" class="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-4 font-semibold text-brand-contrast">Apply filters</button>`
  );
}
