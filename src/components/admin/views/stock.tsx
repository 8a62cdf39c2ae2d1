import Link from "next/link";
import type { ReactNode } from "react";
import { type Column, DataTable } from "@/components/admin/data-table";
import { FilterSelect } from "@/components/admin/filter-select";
import { SelectAll } from "@/components/admin/select-all";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  CONDITION_LABELS,
  confirmSoldQuestion,
  STOCK_CONDITIONS,
  STOCK_LIST_STATUSES,
  STOCK_SORT_LABELS,
  STOCK_SORTS,
  STOCK_STATUS_LABELS,
  stockListParams,
  stockListSearch,
  type BulkOutcome,
  type StockListQuery,
} from "@/domain/stock/stock-list";

export type StockRow = {
  id: number;
  stockNumber: string;
  name: string;
  /** the first photo through the image service at a thumbnail's width, or none */
  thumbnail: string | null;
  photos: number;
  days: number;
  views7: number;
  views30: number;
  leads7: number;
  leads30: number;
  price: number | null;
  priceType: string | null;
  condition: string;
  location: string | null;
  status: string;
  showOnDealerWebsite: boolean;
  /** reserved online ("Reserved · $500 · Rhea"): not sold, hidden or repriced until released or converted; null when not */
  reserved: string | null;
  /** feeds in a row the car was missing from */
  missingFeeds: number;
  /** a person changed a field the feed writes: the feed leaves it alone */
  edited: boolean;
};

export type StockProps = {
  site: { id: number; name: string; currency: string };
  /** the staff member edits cars (managers and owners): the editor, duplicates and bulk actions */
  edit: boolean;
  query: StockListQuery;
  pages: number;
  total: number;
  locations: Array<{ id: number; name: string }>;
  /** the cars ticked when the form came back (a question or a field to fix) */
  selected: number[];
  outcome: BulkOutcome;
  /** the cars "Mark N cars sold?" would sell */
  confirm: Array<{ id: number; label: string }>;
  rows: StockRow[];
};

const STATUS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold" };
const BULK = "bulk";
const badge = "rounded px-2 text-xs font-bold";

/**
 * The stock list a used-car manager works from (docs/features/back-office.md, "The stock list"): each car's
 * photo, days in stock, views and leads, filters, sort and search in a plain GET form (a shareable
 * address), 50 a page; managers tick cars for a bulk action (a plain form post), export the view as
 * CSV, duplicate a car and add one. On a phone each row is a card.
 */
export function StockView(p: StockProps) {
  const { site, edit, query, pages, total, rows } = p;
  const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: site.currency, maximumFractionDigits: 0 });
  const base = `/sites/${site.id}/stock`;
  const columns = stockColumns({ edit, base, ticked: new Set(p.selected), money });
  const back = stockListParams(query).toString();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{site.name}: stock</h1>
        <div className="flex flex-wrap gap-2">
          {edit && (
            <Link href={`${base}/new`} className={buttonVariants({ size: "sm" })} data-testid="add-car">
              Add a car
            </Link>
          )}
          {edit && (
            <Link href={`${base}/import`} className={buttonVariants({ size: "sm", variant: "outline" })}>
              Import a CSV
            </Link>
          )}
          <a
            href={`/api/admin/sites/${site.id}/stock.csv${stockListSearch(query, { page: 1 })}`}
            className={buttonVariants({ size: "sm", variant: "outline" })}
            download
          >
            Export this view (CSV)
          </a>
        </div>
      </div>
      {p.outcome && p.outcome.kind !== "confirm" && (
        <p
          role={p.outcome.kind === "error" ? "alert" : "status"}
          className={`mb-3 rounded-md p-3 ${p.outcome.kind === "error" ? "bg-red-50 text-red-900" : "bg-green-50 text-green-900"}`}
          data-testid="bulk-outcome"
        >
          {p.outcome.message}
        </p>
      )}
      {p.outcome?.kind === "confirm" && p.confirm.length > 0 && (
        <ConfirmSold siteId={site.id} cars={p.confirm} back={back} cancel={`${base}${stockListSearch(query)}`} />
      )}
      <Filters {...p} />
      {edit && rows.length > 0 && <BulkForm siteId={site.id} locations={p.locations} back={back} />}
      <p className="mb-2 text-sm text-neutral-700" data-testid="stock-total">
        {total.toLocaleString("en-AU")} car{total === 1 ? "" : "s"}
      </p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(v) => v.id}
        caption="The site's cars"
        captionHidden
        empty="No cars match."
        emptyTestId="stock-empty"
        testId="stock-list"
        rowTestId="stock-row"
      />
      {pages > 1 && <PageLinks base={base} query={query} pages={pages} />}
    </>
  );
}

/** The list's columns: a manager's tick box and Duplicate link on either side of the car's photo, figures, price and place. */
function stockColumns({
  edit,
  base,
  ticked,
  money,
}: {
  edit: boolean;
  base: string;
  /** the cars ticked when the form came back */
  ticked: Set<number>;
  money: Intl.NumberFormat;
}): Array<Column<StockRow>> {
  const columns: Array<Column<StockRow> | false> = [
    edit && {
      header: "Select",
      headerContent: <span className="sr-only">Select</span>,
      cell: (v) => (
        <input
          type="checkbox"
          name="ids"
          value={v.id}
          form={BULK}
          defaultChecked={ticked.has(v.id)}
          aria-label={`Select ${v.stockNumber}`}
          className="size-5"
        />
      ),
    },
    {
      header: "Photo",
      cell: (v) =>
        v.thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element -- a back-office thumbnail from the image service, at its own size
          <img src={v.thumbnail} alt={v.name} width={96} height={64} loading="lazy" className="h-16 w-24 rounded object-cover" />
        ) : (
          <span className="flex h-16 w-24 items-center justify-center rounded bg-neutral-100 text-xs text-neutral-700">No photo</span>
        ),
    },
    {
      header: "Car",
      rowHeader: true,
      className: "min-w-48",
      cell: (v) => (
        <span className="block text-left">
          <span className="block font-mono text-xs">{v.stockNumber}</span>
          {edit ? (
            <Link href={`${base}/${v.id}`} className="font-semibold underline">
              {v.name}
            </Link>
          ) : (
            <span className="font-semibold">{v.name}</span>
          )}
          <span className="mt-1 flex flex-wrap gap-1">
            {v.reserved && <span className={`${badge} bg-amber-200 text-amber-950`}>{v.reserved}</span>}
            {!v.showOnDealerWebsite && <span className={`${badge} bg-neutral-200`}>Hidden</span>}
            {v.missingFeeds > 0 && v.status !== "sold" && (
              <span className={`${badge} bg-amber-100 text-amber-900`}>Missing from last feed</span>
            )}
            {v.edited && <span className={`${badge} bg-sky-100 text-sky-900`}>Edited here</span>}
          </span>
        </span>
      ),
    },
    { header: "Photos", numeric: true, cell: (v) => v.photos },
    { header: "Days in stock", numeric: true, cell: (v) => v.days },
    { header: "Views 7 / 30 days", numeric: true, cell: (v) => `${v.views7} / ${v.views30}` },
    { header: "Leads 7 / 30 days", numeric: true, cell: (v) => `${v.leads7} / ${v.leads30}` },
    {
      header: "Price",
      numeric: true,
      cell: (v) => (
        <span>
          {v.price === null || v.price <= 0 ? "No price" : money.format(v.price)}
          {v.priceType && <span className="block text-xs text-neutral-700">{v.priceType}</span>}
        </span>
      ),
    },
    { header: "Condition", cell: (v) => CONDITION_LABELS[v.condition as keyof typeof CONDITION_LABELS] ?? v.condition },
    { header: "Location", cell: (v) => v.location ?? "—" },
    { header: "Status", cell: (v) => STATUS[v.status] ?? v.status },
    edit && {
      header: "Duplicate",
      headerContent: <span className="sr-only">Duplicate</span>,
      cell: (v) => (
        <Link href={`${base}/new?from=${v.id}`} className="text-sm underline" aria-label={`Duplicate ${v.stockNumber}`}>
          Duplicate
        </Link>
      ),
    },
  ];
  return columns.filter((c): c is Column<StockRow> => c !== false);
}

/** "Mark N cars sold?": the cars, and the form post that sells them (or Cancel, back to the list). */
function ConfirmSold({ siteId, cars, back, cancel }: { siteId: number; cars: StockProps["confirm"]; back: string; cancel: string }) {
  return (
    <section className="mb-4 rounded-lg border-2 border-red-700 bg-white p-4" aria-labelledby="confirm-sold" data-testid="confirm-sold">
      <h2 id="confirm-sold" className="text-lg font-bold">
        {confirmSoldQuestion(cars.length)}
      </h2>
      <p className="text-sm">They leave the website&apos;s stock now. A feed does not put them back.</p>
      <ul className="my-2 list-disc pl-5 text-sm">
        {cars.map((c) => (
          <li key={c.id}>{c.label}</li>
        ))}
      </ul>
      <form method="post" action={`/api/admin/sites/${siteId}/vehicles/bulk`} className="flex flex-wrap gap-2">
        {cars.map((c) => (
          <input key={c.id} type="hidden" name="ids" value={c.id} />
        ))}
        <input type="hidden" name="action" value="sold" />
        <input type="hidden" name="confirm" value="1" />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className={`${buttonVariants()} bg-red-700 text-white hover:bg-red-800`}>
          Mark {cars.length === 1 ? "it" : `all ${cars.length}`} sold
        </button>
        <Link href={cancel} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      </form>
    </section>
  );
}

/** Previous and Next, around "Page 2 of 5". */
function PageLinks({ base, query, pages }: { base: string; query: StockListQuery; pages: number }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
      {query.page > 1 && (
        <Link
          href={`${base}${stockListSearch(query, { page: query.page - 1 })}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Previous
        </Link>
      )}
      <span className="text-sm">
        Page {query.page} of {pages}
      </span>
      {query.page < pages && (
        <Link
          href={`${base}${stockListSearch(query, { page: query.page + 1 })}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Next
        </Link>
      )}
    </nav>
  );
}

/** The filters, sort and search: a GET form, so the view is an address to share or bookmark. */
function Filters({ site, query, locations }: StockProps) {
  const check = (name: string, label: string, on: boolean): ReactNode => (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
      <input type="checkbox" name={name} value="1" defaultChecked={on} className="size-5" />
      {label}
    </label>
  );
  const show = (
    <button type="submit" className={buttonVariants({ variant: "outline" })}>
      Show
    </button>
  );
  // what the view shows, in words, on the closed filters (a phone's screen is kept for the cars)
  const on = [
    query.condition && CONDITION_LABELS[query.condition],
    query.status && STOCK_STATUS_LABELS[query.status],
    query.location !== null && locations.find((l) => l.id === query.location)?.name,
    query.over && `Over ${query.over} days`,
    query.noPhoto && "No photo",
    query.noPrice && "No price",
    query.sort !== "stock" && `${STOCK_SORT_LABELS[query.sort]}, ${query.dir === "desc" ? "largest" : "smallest"} first`,
  ].filter(Boolean);
  return (
    <form
      method="get"
      action={`/sites/${site.id}/stock`}
      role="search"
      aria-label="Filter the stock"
      className="mb-4 rounded-lg border border-neutral-200 bg-white p-3"
    >
      <div className="flex items-end gap-2">
        <label className="block flex-1 text-sm font-semibold">
          Find by stock number, rego, VIN or words
          <input type="search" name="q" defaultValue={query.q} className={inputClass} maxLength={100} />
        </label>
        {show}
      </div>
      <details className="mt-2" data-testid="stock-filters">
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold">
          Filters and sort{on.length ? `: ${on.join(" · ")}` : ""}
        </summary>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <FilterSelect
            name="condition"
            label="Condition"
            value={query.condition}
            any="Any"
            options={STOCK_CONDITIONS.map((c) => [c, CONDITION_LABELS[c]])}
          />
          <FilterSelect
            name="status"
            label="Status"
            value={query.status}
            any="Any"
            options={STOCK_LIST_STATUSES.map((s) => [s, STOCK_STATUS_LABELS[s]])}
          />
          <FilterSelect
            name="location"
            label="Location"
            value={query.location}
            any="Any"
            options={locations.map((l) => [String(l.id), l.name])}
          />
          <FilterSelect
            name="over"
            label="In stock"
            value={query.over}
            any="Any time"
            options={[
              ["60", "Over 60 days"],
              ["90", "Over 90 days"],
            ]}
          />
          <FilterSelect name="sort" label="Sort by" value={query.sort} options={STOCK_SORTS.map((s) => [s, STOCK_SORT_LABELS[s]])} />
          <FilterSelect
            name="dir"
            label="Order"
            value={query.dir}
            options={[
              ["desc", "Largest first (Z–A)"],
              ["asc", "Smallest first (A–Z)"],
            ]}
          />
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-1">
          {check("no_photo", "No photo", query.noPhoto)}
          {check("no_price", "No price", query.noPrice)}
          {show}
          <Link href={`/sites/${site.id}/stock`} className="text-sm underline">
            Clear
          </Link>
        </div>
      </details>
    </form>
  );
}

/** The bulk actions on the ticked cars: a plain form post; marking sold asks first (the handler answers with the question). */
function BulkForm({ siteId, locations, back }: { siteId: number; locations: StockProps["locations"]; back: string }) {
  return (
    <form
      id={BULK}
      method="post"
      action={`/api/admin/sites/${siteId}/vehicles/bulk`}
      aria-label="Change the selected cars"
      className="bulk-form mb-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3"
      data-testid="bulk-form"
    >
      <input type="hidden" name="back" value={back} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectAll form={BULK} />
        <FilterSelect
          name="action"
          label="With the selected cars"
          value=""
          any="Choose…"
          options={BULK_ACTIONS.map((a) => [a, BULK_ACTION_LABELS[a]])}
        />
        <div className="bulk-move">
          <FilterSelect
            name="location_id"
            label="Location (to move)"
            value=""
            any="Choose…"
            options={locations.map((l) => [String(l.id), l.name])}
          />
        </div>
        <fieldset className="bulk-price flex flex-wrap items-end gap-2">
          <legend className="text-sm font-semibold">Price change</legend>
          <FilterSelect
            name="price_dir"
            label="Direction"
            value="down"
            options={[
              ["down", "Down"],
              ["up", "Up"],
            ]}
          />
          <label className="block w-28 text-sm font-semibold">
            Amount
            <input name="price_amount" inputMode="decimal" className={inputClass} />
          </label>
          <FilterSelect
            name="price_by"
            label="By"
            value="percent"
            options={[
              ["percent", "%"],
              ["dollars", "dollars"],
            ]}
          />
        </fieldset>
        <button type="submit" className={buttonVariants()}>
          Apply
        </button>
      </div>
    </form>
  );
}
