import { brandDisplayName } from "@/domain/site/brands";
import { parseSearch, searchHref } from "@/domain/stock/search";
import { usedWord } from "@/domain/site/features";
import { conditionsOnSale, pluralNoun, type CarType } from "@/domain/stock/summary";
import type { SiteContext } from "@/domain/site/context";

/** Stock summary with links into search by new / demo / used (stock filters). */
export function StockSummarySection({ ctx }: { ctx: SiteContext }) {
  const plural = pluralNoun(ctx.noun);
  const used = usedWord(ctx.features);
  const all: Array<{ type: CarType; label: string; href: string }> = [
    { type: "new", label: `New ${plural}`, href: "/search/new-and-demo-cars?car_type=new" },
    { type: "demo", label: `Demo ${plural}`, href: "/search/new-and-demo-cars?car_type=demo" },
    { type: "used", label: `${used.charAt(0).toUpperCase()}${used.slice(1)} ${plural}`, href: "/search/used-cars" },
  ];
  const cards = all.filter((c) => conditionsOnSale(ctx.stock.car_types).includes(c.type));
  return (
    <section aria-labelledby="stock-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="stock-heading" className="text-2xl font-bold">
        Our stock: <span data-testid="stock-total">{ctx.stock.count}</span> {plural}
      </h2>
      <ul className={`mt-6 grid grid-cols-1 gap-4 ${cards.length === 3 ? "sm:grid-cols-3" : cards.length === 2 ? "sm:grid-cols-2" : ""}`}>
        {cards.map((c) => {
          const count = ctx.stock.car_types[c.type];
          const body = (
            <>
              <span className="block text-4xl font-extrabold text-brand" data-testid={`stock-${c.type}`}>
                {count}
              </span>
              <span className="mt-1 block font-semibold">{c.label}</span>
            </>
          );
          return (
            <li key={c.type}>
              {count > 0 ? (
                <a
                  href={c.href}
                  className="block rounded-lg border border-neutral-200 p-6 shadow-sm transition hover:border-brand hover:shadow-md"
                >
                  {body}
                </a>
              ) : (
                <div className="rounded-lg border border-dashed border-neutral-300 p-6 text-neutral-600">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      {ctx.stock.makes.length > 0 && (
        <div className="mt-8">
          <h3 className="text-lg font-semibold">Popular makes</h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {ctx.stock.makes.slice(0, 10).map((m) => (
              <li key={m.make}>
                <a
                  href={searchHref(parseSearch("new-used-and-demo-cars", { make: m.make }, ctx.site.defaultSort), ctx.site.defaultSort)}
                  className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 px-4 text-sm hover:border-brand"
                >
                  {brandDisplayName(m.make)} <span className="ml-1 text-neutral-600">({m.count})</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
