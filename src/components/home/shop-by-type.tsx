import { FixedPhoto } from "@/components/ui/photo";
import type { SiteContext } from "@/domain/site/context";
import { slugify } from "@/domain/format/slug";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { parseSearch, searchHref } from "@/domain/stock/search";

const MAX_TYPES = 6;

/**
 * The kinds of vehicle the dealer has on the lot, drawn as their trade's shapes (bikes, campers,
 * trucks, cars) with how many of each, into the search by body type. Left out when the stock has
 * fewer than two kinds: there is nothing to choose between.
 */
export function ShopByType({ ctx }: { ctx: SiteContext }) {
  const bodies = ctx.stock.bodies.slice(0, MAX_TYPES);
  if (bodies.length < 2) return null;
  return (
    <section aria-labelledby="types-heading" className="mx-auto max-w-7xl px-4 py-8" data-testid="shop-by-type">
      <h2 id="types-heading" className="text-2xl font-bold">
        Shop by type
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {bodies.map((b) => (
          <li key={b.body}>
            <a
              href={searchHref(parseSearch("new-used-and-demo-cars", { body: b.body }, ctx.site.defaultSort), ctx.site.defaultSort)}
              className="flex h-full flex-col items-center rounded-lg border border-neutral-200 bg-white p-3 text-center hover:border-brand"
            >
              <FixedPhoto src={`/photos/body/${slugify(b.body)}.svg`} alt="" width={180} height={80} className="h-16 w-auto" />
              <span className="mt-2 font-semibold">{bodyTypeLabel(b.body)}</span>
              <span className="text-sm text-neutral-700">{b.count} in stock</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
