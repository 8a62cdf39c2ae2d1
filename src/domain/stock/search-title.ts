import { usedWord } from "@/domain/site/features";
import { SEARCH_VARIANTS, type SearchVariant } from "@/domain/stock/search";
import { conditionsOnSale, pluralNoun, type CarType } from "@/domain/stock/summary";
import type { SiteContext } from "@/domain/site/context";

type TitleCtx = Pick<SiteContext, "noun" | "features"> & { stock: { car_types: Record<CarType, number> } };

/** "New, Used and Demo Cars", or only the conditions the site sells ("Pre-owned Cars" on a used-only site). */
export function searchTitle(variant: SearchVariant, ctx: TitleCtx): string {
  return `${searchConditions(variant, ctx)} ${pluralNoun(ctx.noun)}`;
}

/** The conditions a search lists, in the spec's order of words: "New, Used and Demo", "Pre-owned". */
export function searchConditions(variant: SearchVariant, ctx: TitleCtx): string {
  const used = usedWord(ctx.features);
  const label: Record<CarType, string> = { new: "New", demo: "Demo", used: used.charAt(0).toUpperCase() + used.slice(1) };
  // the spec's order of words: New, Used and Demo
  const order: CarType[] = ["new", "used", "demo"];
  const on = conditionsOnSale(ctx.stock.car_types, SEARCH_VARIANTS[variant]);
  const words = order.filter((t) => on.includes(t)).map((t) => label[t]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0]!;
}
