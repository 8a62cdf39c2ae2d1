import { TrackView } from "@/components/widgets/track-view";
import { searchPageEvent } from "@/domain/analytics/page-events";
import { X } from "@/components/ui/icons";
import { brandDisplayName } from "@/domain/site/brands";
import { sellCarForm, usedWord } from "@/domain/site/features";
import {
  activeFilterCount,
  LIST_FILTERS,
  searchHref,
  sortDefault,
  sortOptions,
  toggleFilter,
  type SearchQuery,
  type SortId,
} from "@/domain/stock/search";
import { pluralNoun } from "@/domain/stock/summary";
import { bodyTypeLabel, withCallToAction } from "@/domain/stock/vehicle";
import type { SearchResult } from "@/domain/stock/search";
import type { SiteContext } from "@/domain/site/context";
import { SortSelect } from "./filter-form";
import { FiltersDrawer, FiltersPanel, FiltersToggle } from "./filters-panel";
import { SearchFilters } from "./search-filters";
import { searchTitle } from "@/domain/stock/search-title";
import { cardContext, cardsNote, cardsShared, cardView, packCard } from "@/domain/stock/card-view";
import { RepaymentNote } from "./repayment-note";
import { NearForm } from "./near-form";
import { rangeLabel } from "@/domain/stock/understand";
import { clsx } from "clsx";
import { ResultGrid } from "./result-grid";
import { nounInText } from "@/domain/site/vehicle";
import { PageSection, PageTitle } from "@/components/ui/page";
import { SaveSearchButton } from "@/components/account/save-search";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

type Props = {
  ctx: SiteContext;
  query: SearchQuery;
  result: SearchResult;
  now: number;
  /** a landing page's own H1 (its template) */ heading?: string;
  /** each location's distance (km) from where the shopper said they are; null when they have not (or it is unknown) */
  distances?: Record<number, number> | null;
};

/** Quick filters and chips: on a phone one row that scrolls sideways (the results start sooner), wrapping beside the filters. */
const ONE_ROW_ON_PHONE = "flex gap-2 overflow-x-auto pb-1 lg:flex-wrap lg:overflow-visible lg:pb-0";

function pageWindow(page: number, pages: number): number[] {
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  return [...set].sort((a, b) => a - b);
}

export function SearchResults({ ctx, query, result, now, heading, distances = null }: Props) {
  const def = ctx.site.defaultSort;
  const plural = pluralNoun(ctx.noun);
  const used = usedWord(ctx.features);
  const q = { ...query, page: result.page };
  const href = (change: Partial<SearchQuery>) => searchHref(q, def, change);
  const cardCtx = { ...cardContext(ctx, now), ...(distances ? { distances } : {}) };
  const unit = ctx.format.distanceUnit;
  // the page without a place (the near form's base, the near chip's link): the site's own sort again
  const away = { near: undefined, page: 1, ...(query.sort === "distance" ? { sort: sortDefault(def) } : {}) };
  const filters = activeFilterCount(query);
  // what the keywords were read as: the search applied it, the chips show it
  const understood = result.understood ?? null;
  const typed = understood ? understood.rest : query.q;
  const searchEvent = searchPageEvent(query, result.total, def);
  const chips: Array<{ label: string; href: string; keyword?: boolean; literal?: boolean }> = [
    ...query.carTypes.map((t) => ({
      label: t === "used" ? used : t,
      href: href({ carTypes: query.carTypes.filter((x) => x !== t), page: 1 }),
    })),
    ...LIST_FILTERS.flatMap((k) =>
      query[k].map((v) => ({
        label:
          k === "make"
            ? brandDisplayName(v)
            : k === "body"
              ? bodyTypeLabel(v)
              : k === "location"
                ? (ctx.locations.find((l) => l.slug === v)?.name ?? v)
                : v,
        href: href(toggleFilter(query, k, v)),
      })),
    ),
    ...(["price", "year", "odometer"] as const).flatMap((k) => {
      const label = rangeLabel(k, query[k], ctx.format.distanceUnit);
      return label ? [{ label, href: href({ [k]: {}, page: 1 }) }] : [];
    }),
    // the keywords: a chip for each phrase they were read as ("Red", "SUV", "Under $40,000"), one for the words left
    // where the shopper said they are, and how far they will go
    ...(query.near
      ? [
          {
            label: query.near.postcode ? `Near ${query.near.postcode}` : "Near your location",
            href: href(away),
            literal: true,
          },
          ...(query.near.within
            ? [
                {
                  label: `Within ${query.near.within} ${unit}`,
                  href: href({ near: { ...query.near, within: undefined }, page: 1 }),
                  literal: true,
                },
              ]
            : []),
        ]
      : []),
    ...(understood
      ? [
          ...understood.terms.map((t) => ({ label: t.label, href: href({ q: t.without, page: 1 }), keyword: true, literal: true })),
          ...(understood.rest ? [{ label: `“${understood.rest}”`, href: href({ q: understood.withoutRest, page: 1 }) }] : []),
        ]
      : query.q
        ? [{ label: `“${query.q}”`, href: href({ q: "", page: 1 }) }]
        : []),
  ];
  const clearAll = searchHref(
    {
      ...query,
      carTypes: [],
      make: [],
      model: [],
      body: [],
      fuel: [],
      transmission: [],
      city: [],
      location: [],
      price: {},
      year: {},
      odometer: {},
      q: "",
      page: 1,
      near: undefined,
      ...(query.sort === "distance" ? { sort: sortDefault(def) } : {}),
    },
    def,
  );
  const presets = [
    ...(ctx.site.searchPresets.cities ?? []).map((c) => ({
      label: c,
      href: href({ city: [c], page: 1 }),
      active: query.city.length === 1 && query.city[0] === c,
    })),
    ...(ctx.site.searchPresets.makes ?? []).map((m) => ({
      label: brandDisplayName(m),
      href: href({ make: [m], page: 1 }),
      active: query.make.length === 1 && query.make[0] === m,
    })),
  ];
  const items = withCallToAction(result.vehicles);
  const sell = sellCarForm(ctx.features);
  const views = new Map(result.vehicles.map((v) => [v.id, cardView(v, cardCtx)]));
  const shared = cardsShared(cardCtx);

  return (
    <PageSection className="max-lg:pt-4">
      {searchEvent && <TrackView key={JSON.stringify(query)} event={searchEvent.id} props={searchEvent.props} />}
      <Breadcrumbs
        siteUrl={ctx.site.url}
        compact
        crumbs={[
          { label: searchTitle(query.variant, ctx), href: `/search/${query.variant}` },
          ...(heading ? [{ label: heading, href: searchHref({ ...query, page: 1 }, def) }] : []),
        ]}
      />
      <PageTitle>{heading ?? searchTitle(query.variant, ctx)}</PageTitle>
      <a
        href="#results-count"
        className="sr-only focus:not-sr-only focus:mt-2 focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-md focus:bg-brand focus:px-4 focus:font-semibold focus:text-brand-contrast"
      >
        Skip to results
      </a>
      <FiltersDrawer>
        <div className="mt-3 lg:mt-6 lg:grid lg:grid-cols-[17rem_1fr] lg:gap-8">
          <FiltersPanel total={result.total}>
            <SearchFilters
              query={query}
              result={result}
              locations={ctx.locations}
              country={ctx.site.country}
              distanceLabel={ctx.format.distanceUnit}
              usedWord={used}
              showLocations={ctx.locations.length > 1}
              defaultSort={def}
            />
          </FiltersPanel>
          <section aria-labelledby="results-count">
            {/* results first on a phone: Filters, Near me and "save this search" are one row of small
                controls, the count and Sort one line under them, so the first car's photo, price and
                Enquire button are on the first screen (docs/features/search-and-vehicles.md) */}
            <div className="flex flex-wrap items-center gap-2" data-testid="results-controls">
              <div className="order-last flex basis-full items-center justify-between gap-2 lg:contents">
                <p
                  id="results-count"
                  role="status"
                  tabIndex={-1}
                  className="scroll-mt-4 font-semibold lg:mr-auto lg:text-lg"
                  data-testid="results-count"
                >
                  {result.total} {result.total === 1 ? ctx.noun : plural} found
                </p>
                <SortSelect
                  label="Sort by"
                  value={query.sort}
                  className="min-w-0"
                  options={sortOptions(ctx.site.country, ctx.features.offers_subscription, distances !== null).map((o) => ({
                    ...o,
                    href: href({ sort: o.id as SortId, page: 1 }),
                  }))}
                />
              </div>
              <FiltersToggle count={chips.length} className="shrink-0" />
              <NearForm
                href={searchHref({ ...query, ...away, sort: sortDefault(def) }, def)}
                country={ctx.site.country}
                {...(query.near ? { near: query.near } : {})}
                unplaced={Boolean(query.near && !distances)}
                within
                unit={unit}
                collapsed={!query.near}
                compact
              />
              {ctx.accounts.enabled && (
                <SaveSearchButton href={searchHref({ ...query, page: 1 }, def)} garageName={ctx.accounts.garageName} />
              )}
            </div>
            {result.keywords?.match === "similar" && (
              <p className="mt-2 text-neutral-800" data-testid="keyword-note">
                Nothing matched “{typed}” exactly: showing results for “{result.keywords.corrected}”.
              </p>
            )}
            {presets.length > 0 && (
              <ul className={clsx("mt-3", ONE_ROW_ON_PHONE)} aria-label="Quick filters">
                {presets.map((p) => (
                  <li key={p.label} className="shrink-0">
                    <a
                      href={p.href}
                      aria-current={p.active ? "true" : undefined}
                      className="inline-flex min-h-11 items-center rounded-full border border-brand px-4 text-sm font-semibold whitespace-nowrap text-brand aria-[current]:bg-brand aria-[current]:text-brand-contrast"
                    >
                      {p.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {chips.length > 0 && (
              <ul className={clsx("mt-2 items-center", ONE_ROW_ON_PHONE)} aria-label="Active filters">
                {chips.map((c) => (
                  <li key={c.label + c.href} className="shrink-0">
                    <a
                      href={c.href}
                      data-scroll="keep"
                      className={clsx(
                        "inline-flex min-h-9 items-center gap-1 rounded-full bg-neutral-100 px-3 text-sm whitespace-nowrap hover:bg-neutral-200",
                        !c.literal && "capitalize",
                      )}
                      data-testid={c.keyword ? "keyword-chip" : undefined}
                    >
                      {c.label} <X aria-hidden className="size-4" />
                      <span className="sr-only">(remove filter)</span>
                    </a>
                  </li>
                ))}
                <li className="shrink-0">
                  <a href={clearAll} className="text-sm font-semibold whitespace-nowrap text-brand underline">
                    Clear all
                  </a>
                </li>
              </ul>
            )}
            {result.total === 0 ? (
              <div className="mt-10 rounded-lg border border-dashed border-neutral-300 p-10 text-center">
                <h2 className="text-xl font-bold">No {nounInText(plural)} match your search</h2>
                {result.keywords?.match === "none" && result.keywords.suggestions.length > 0 ? (
                  <div className="mt-2 text-neutral-700" data-testid="keyword-suggestions">
                    <p>
                      Nothing in stock matches “{typed}”{understood || filters > 1 ? " with these filters" : ""}. Perhaps one of these:
                    </p>
                    <ul className="mt-3 flex flex-wrap justify-center gap-2">
                      {result.keywords.suggestions.map((sug) => (
                        <li key={`${sug.make} ${sug.model}`}>
                          <a
                            href={href({ q: "", make: [sug.make], model: [sug.model], page: 1 })}
                            className="inline-flex min-h-11 items-center rounded-full border border-brand px-4 text-sm font-semibold text-brand"
                          >
                            {sug.make} {sug.model}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  <p className="mt-2 text-neutral-700">Try removing a filter, or browse everything in stock.</p>
                )}
                <a
                  href={clearAll}
                  className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-brand-contrast"
                >
                  Clear all filters
                </a>
              </div>
            ) : (
              <>
                <h2 className="sr-only">Search results</h2>
                {/* one photo asked for first: on a phone the second card is below the screen, and its
                  photo at high priority shared the network with the first's, the page's LCP */}
                <ResultGrid
                  priority={1}
                  shared={shared}
                  items={items.map((item) =>
                    "kind" in item ? { cta: { sellHref: sell.href, sellLabel: sell.action } } : packCard(views.get(item.id)!, shared),
                  )}
                />
              </>
            )}
            {result.pages > 1 && (
              <nav aria-label="Pagination" className="pages">
                {result.page > 1 && (
                  <a href={href({ page: result.page - 1 })} className="px-4" rel="prev">
                    Previous
                  </a>
                )}
                {pageWindow(result.page, result.pages).map((p, i, all) => (
                  <span key={p}>
                    {i > 0 && p - all[i - 1]! > 1 && <span aria-hidden>…</span>}
                    <a
                      href={href({ page: p })}
                      aria-current={p === result.page ? "page" : undefined}
                      aria-label={`Page ${p}`}
                      className="min-w-11 justify-center px-3"
                    >
                      {p}
                    </a>
                  </span>
                ))}
                {result.page < result.pages && (
                  <a href={href({ page: result.page + 1 })} className="px-4" rel="next">
                    Next
                  </a>
                )}
              </nav>
            )}
            <RepaymentNote note={cardsNote(cardCtx, [...views.values()])} className="mt-8" />
          </section>
        </div>
      </FiltersDrawer>
    </PageSection>
  );
}
