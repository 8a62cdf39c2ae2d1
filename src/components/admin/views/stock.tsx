import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";

export type StockRow = {
  id: number;
  stockNumber: string;
  name: string;
  price: number | null;
  status: string;
  showOnDealerWebsite: boolean;
  /** feeds in a row the car was missing from */
  missingFeeds: number;
};

export type StockProps = {
  site: { id: number; name: string; currency: string };
  /** the staff member edits cars (managers and owners) */
  edit: boolean;
  q: string;
  pageNo: number;
  pages: number;
  total: number;
  rows: StockRow[];
};

const STATUS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold" };
/** The site's cars by stock number, found by stock number, make, model or VIN, 50 a page. */
export function StockView({ site, edit, q, pageNo, pages, total, rows }: StockProps) {
  const price = new Intl.NumberFormat("en-AU", { style: "currency", currency: site.currency, maximumFractionDigits: 0 });
  const href = (p: number) => `/sites/${site.id}/stock?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{site.name}: stock</h1>
        {edit && (
          <div className="flex gap-2">
            <Link href={`/sites/${site.id}/stock/new`} className={buttonVariants({ size: "sm" })} data-testid="add-car">
              Add a car
            </Link>
            <Link href={`/sites/${site.id}/stock/import`} className={buttonVariants({ size: "sm", variant: "outline" })}>
              Import a CSV
            </Link>
          </div>
        )}
      </div>
      <form method="get" className="mb-4 flex max-w-xl items-end gap-2" role="search">
        <label className="block flex-1 text-sm font-semibold">
          Find by stock number, make, model or VIN
          <input type="search" name="q" defaultValue={q} className={inputClass} />
        </label>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Find
        </button>
      </form>
      <p className="mb-2 text-sm text-neutral-700" data-testid="stock-total">
        {total.toLocaleString("en-AU")} car{total === 1 ? "" : "s"}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6">No cars match.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" data-testid="stock-list">
          {rows.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3" data-testid="stock-row">
              <span className="w-28 font-mono text-sm">{v.stockNumber}</span>
              <span className="min-w-48 flex-1 font-semibold">
                {edit ? (
                  <Link href={`/sites/${site.id}/stock/${v.id}`} className="underline">
                    {v.name}
                  </Link>
                ) : (
                  v.name
                )}
              </span>
              <span className="text-sm">{v.price === null ? "No price" : price.format(v.price)}</span>
              <span className="text-sm">{STATUS[v.status] ?? v.status}</span>
              {!v.showOnDealerWebsite && <span className="rounded bg-neutral-200 px-2 text-xs font-bold">Hidden</span>}
              {v.missingFeeds > 0 && v.status !== "sold" && (
                <span className="rounded bg-amber-100 px-2 text-xs font-bold text-amber-900">Missing from last feed</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          {pageNo > 1 && (
            <Link href={href(pageNo - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Previous
            </Link>
          )}
          <span className="text-sm">
            Page {pageNo} of {pages}
          </span>
          {pageNo < pages && (
            <Link href={href(pageNo + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Next
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
