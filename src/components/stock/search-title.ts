import { usedWord } from "@/domain/site/features";
import type { SearchVariant } from "@/domain/stock/search";
import { pluralNoun } from "@/domain/stock/summary";
import type { SiteContext } from "@/server/site-context";

export function searchTitle(variant: SearchVariant, ctx: Pick<SiteContext, "noun" | "features">): string {
  const plural = pluralNoun(ctx.noun);
  const used = usedWord(ctx.features);
  const Used = used.charAt(0).toUpperCase() + used.slice(1);
  if (variant === "used-cars") return `${Used} ${plural}`;
  if (variant === "new-and-demo-cars") return `New and Demo ${plural}`;
  return `New, ${Used} and Demo ${plural}`;
}
