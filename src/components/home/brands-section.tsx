import { FixedPhoto } from "@/components/ui/photo";
import type { SiteContext } from "@/domain/site/context";

/** The site's brands as logos (the name where a brand has none), each to its brand page. */
export function BrandsSection({ ctx }: { ctx: SiteContext }) {
  if (ctx.brands.length === 0) return null;
  return (
    <section aria-labelledby="brands-heading" className="bg-neutral-50">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="brands-heading" className="text-2xl font-bold">
          Our Brands
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="brands">
          {ctx.brands.map((b) => (
            <li key={b.slug}>
              <a
                href={`/brands/${b.slug}`}
                className="flex min-h-20 items-center justify-center rounded-lg border border-neutral-200 bg-white p-4 text-lg font-bold hover:border-brand"
              >
                {b.logo ? <FixedPhoto src={b.logo} alt={b.name} width={180} height={60} className="h-12 w-auto" /> : b.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
