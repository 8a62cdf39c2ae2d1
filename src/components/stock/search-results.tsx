import { TrackView } from "@/components/widgets/track-view";
import { searchPageEvent } from "@/domain/analytics/page-events";
import { X } from "@/components/ui/icons";
import { sellCarForm, usedWord } from "@/domain/site/features";
import { activeFilterCount, searchHref, sortDefault, sortOptions, type SearchQuery, type SortId } from "@/domain/stock/search";
import { clearAllHref, quickFilters, searchChips, type ChangeHref, type SearchChip } from "@/domain/stock/search-chips";
import { pluralNoun } from "@/domain/stock/summary";
import { withCallToAction } from "@/domain/stock/vehicle";
import type { SearchResult } from "@/domain/stock/search";
import type { SiteContext } from "@/domain/site/context";
import { SortSelect } from "./filter-form";
import { FiltersDrawer, FiltersPanel, FiltersToggle } from "./filters-panel";
import { SearchFilters } from "./search-filters";
import { searchTitle } from "@/domain/stock/search-title";
import { cardContext, cardsNote, cardsShared, cardView, packCard } from "@/domain/stock/card-view";
import { RepaymentNote } from "./repayment-note";
import { NearForm } from "./near-form";
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
  const q = { ...query, page: result.page };
  const href: ChangeHref = (change) => searchHref(q, def, change);
  const cardCtx = { ...cardContext(ctx, now), ...(distances ? { distances } : {}) };
  const unit = ctx.format.distanceUnit;
  // the page without a place (the near form's base, the near chip's link): the site's own sort again
  const away = { near: undefined, page: 1, ...(query.sort === "distance" ? { sort: sortDefault(def) } : {}) };
  // what the keywords were read as: the search applied it, the chips show it
  const understood = result.understood ?? null;
  const typed = understood ? understood.rest : query.q;
  const searchEvent = searchPageEvent(query, result.total, def);
  const chips = searchChips(query, { href, away, understood, usedWord: usedWord(ctx.features), locations: ctx.locations, unit });
  const clearAll = clearAllHref(query, def);
  const presets = quickFilters(query, ctx.site.searchPresets, href);
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
              distanceLabel={unit}
              usedWord={usedWord(ctx.features)}
              showLocations={ctx.locations.length > 1}
              defaultSort={def}
            />
          </FiltersPanel>
          <section aria-labelledby="results-count">
            <ResultsControls
              ctx={ctx}
              query={query}
              total={result.total}
              distances={distances}
              chips={chips.length}
              href={href}
              away={away}
            />
            {result.keywords?.match === "similar" && (
              <p className="mt-2 text-neutral-800" data-testid="keyword-note">
                Nothing matched “{typed}” exactly: showing results for “{result.keywords.corrected}”.
              </p>
            )}
            {presets.length > 0 && <QuickFilters presets={presets} />}
            {chips.length > 0 && <ActiveFilters chips={chips} clearAll={clearAll} />}
            {result.total === 0 ? (
              <NoResults
                noun={pluralNoun(ctx.noun)}
                keywords={result.keywords}
                typed={typed}
                filtered={Boolean(understood) || activeFilterCount(query) > 1}
                href={href}
                clearAll={clearAll}
              />
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
            {result.pages > 1 && <Pagination page={result.page} pages={result.pages} href={href} />}
            <RepaymentNote note={cardsNote(cardCtx, [...views.values()])} className="mt-8" />
          </section>
        </div>
      </FiltersDrawer>
    </PageSection>
  );
}

/**
 * Results first on a phone: Filters, Near me and "save this search" are one row of small controls,
 * the count and Sort one line under them, so the first car's photo, price and Enquire button are on
 * the first screen (docs/features/search-and-vehicles.md).
 */
function ResultsControls(p: {
  ctx: SiteContext;
  query: SearchQuery;
  total: number;
  distances: Record<number, number> | null;
  chips: number;
  href: ChangeHref;
  away: Partial<SearchQuery>;
}) {
  const { ctx, query, href } = p;
  const def = ctx.site.defaultSort;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="results-controls">
      <div className="order-last flex basis-full items-center justify-between gap-2 lg:contents">
        <p
          id="results-count"
          role="status"
          tabIndex={-1}
          className="scroll-mt-4 font-semibold lg:mr-auto lg:text-lg"
          data-testid="results-count"
        >
          {p.total} {p.total === 1 ? ctx.noun : pluralNoun(ctx.noun)} found
        </p>
        <SortSelect
          label="Sort by"
          value={query.sort}
          className="min-w-0"
          options={sortOptions(ctx.site.country, ctx.features.offers_subscription, p.distances !== null).map((o) => ({
            ...o,
            href: href({ sort: o.id as SortId, page: 1 }),
          }))}
        />
      </div>
      <FiltersToggle count={p.chips} className="shrink-0" />
      <NearForm
        href={searchHref({ ...query, ...p.away, sort: sortDefault(def) }, def)}
        country={ctx.site.country}
        {...(query.near ? { near: query.near } : {})}
        unplaced={Boolean(query.near && !p.distances)}
        within
        unit={ctx.format.distanceUnit}
        collapsed={!query.near}
        compact
      />
      {ctx.accounts.enabled && <SaveSearchButton href={searchHref({ ...query, page: 1 }, def)} garageName={ctx.accounts.garageName} />}
    </div>
  );
}

function QuickFilters({ presets }: { presets: ReturnType<typeof quickFilters> }) {
  return (
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
  );
}

function ActiveFilters({ chips, clearAll }: { chips: SearchChip[]; clearAll: string }) {
  return (
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
  );
}

/** Nothing found: cars like the keywords where there are some, and a way back to everything. */
function NoResults(p: {
  noun: string;
  keywords: SearchResult["keywords"];
  typed: string;
  filtered: boolean;
  href: ChangeHref;
  clearAll: string;
}) {
  return (
    <div className="mt-10 rounded-lg border border-dashed border-neutral-300 p-10 text-center">
      <h2 className="text-xl font-bold">No {nounInText(p.noun)} match your search</h2>
      {p.keywords?.match === "none" && p.keywords.suggestions.length > 0 ? (
        <div className="mt-2 text-neutral-700" data-testid="keyword-suggestions">
          <p>
            Nothing in stock matches “{p.typed}”{p.filtered ? " with these filters" : ""}. Perhaps one of these:
          </p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {p.keywords.suggestions.map((sug) => (
              <li key={`${sug.make} ${sug.model}`}>
                <a
                  href={p.href({ q: "", make: [sug.make], model: [sug.model], page: 1 })}
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
      <a href={p.clearAll} className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-brand-contrast">
        Clear all filters
      </a>
    </div>
  );
}

function Pagination({ page, pages, href }: { page: number; pages: number; href: ChangeHref }) {
  return (
    <nav aria-label="Pagination" className="pages">
      {page > 1 && (
        <a href={href({ page: page - 1 })} className="px-4" rel="prev">
          Previous
        </a>
      )}
      {pageWindow(page, pages).map((n, i, all) => (
        <span key={n}>
          {i > 0 && n - all[i - 1]! > 1 && <span aria-hidden>…</span>}
          <a
            href={href({ page: n })}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            className="min-w-11 justify-center px-3"
          >
            {n}
          </a>
        </span>
      ))}
      {page < pages && (
        <a href={href({ page: page + 1 })} className="px-4" rel="next">
          Next
        </a>
      )}
    </nav>
  );
}
