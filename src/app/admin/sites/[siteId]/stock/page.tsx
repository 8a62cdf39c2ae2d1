import type { Metadata } from "next";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";
import { can } from "@/domain/staff/roles";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listStaffStock } from "@/server/repositories/stock-admin";

export const metadata: Metadata = { title: "Stock" };

const STATUS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold" };
const PAGE = 50;

// GET /sites/{siteId}/stock?q=&page= — the site's cars by stock number (everyone on the site; managers edit)
export default async function StockPage({
  params,
  searchParams,
}: {
  params: Promise<{ siteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await requireStaffSite((await params).siteId, "stock.read");
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q.slice(0, 100) : "";
  const pageNo = typeof sp.page === "string" && /^[1-9]\d{0,4}$/.test(sp.page) ? Number(sp.page) : 1;
  const { rows, total } = await listStaffStock(await getDb(), site.id, { q, offset: (pageNo - 1) * PAGE, limit: PAGE });
  const edit = can(site.role, "stock.edit");
  const price = new Intl.NumberFormat("en-AU", { style: "currency", currency: site.currency, maximumFractionDigits: 0 });
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const href = (p: number) => `/sites/${site.id}/stock?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{site.name}: stock</h1>
        {edit && (
          <Link href={`/sites/${site.id}/stock/import`} className={buttonVariants({ size: "sm" })}>
            Import a CSV
          </Link>
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
