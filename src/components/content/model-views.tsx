import type { RangeModel } from "@/domain/content/content";
import { formatPrice } from "@/domain/format/price";
import { pluralNoun } from "@/domain/stock/summary";
import { nounInText } from "@/domain/site/vehicle";

/** A model's line of the range: name, how many are in stock and the "from" price (computed from stock). */
export function ModelCards({ models, noun, headingLevel = 3 }: { models: RangeModel[]; noun: string; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="models">
      {models.map((m) => (
        <li key={m.slug}>
          <a href={`/models/${m.slug}`} className="block h-full rounded-lg border border-neutral-200 p-4 hover:border-brand">
            <H className="text-lg font-bold">
              {m.brand} {m.model}
            </H>
            <p className="mt-1 text-sm text-neutral-700">
              {m.count} {nounInText(m.count === 1 ? noun : pluralNoun(noun))} in stock
              {m.electrified ? " · Electrified" : ""}
            </p>
            <p className="mt-2 font-semibold" data-testid="from-price">
              {m.fromPrice !== null ? <>From {formatPrice(m.fromPrice)}</> : formatPrice(null)}
            </p>
          </a>
        </li>
      ))}
    </ul>
  );
}
