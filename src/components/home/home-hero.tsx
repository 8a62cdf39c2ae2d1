import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { usedWord } from "@/domain/site/features";
import { pluralNoun } from "@/domain/stock/summary";
import type { SiteContext } from "@/domain/site/context";
import { nounInText } from "@/domain/site/vehicle";

export function HomeHero({ ctx }: { ctx: SiteContext }) {
  const plural = pluralNoun(ctx.noun);
  const types = (["new", "demo", "used"] as const)
    .filter((t) => ctx.stock.car_types[t] > 0)
    .map((t) => (t === "used" ? usedWord(ctx.features) : t));
  const kinds = types.length > 1 ? `${types.slice(0, -1).join(", ")} and ${types.at(-1)}` : (types[0] ?? "");
  const cities = [...new Set(ctx.locations.map((l) => l.address.city))];
  return (
    <section className="bg-gradient-to-br from-brand to-brand-dark text-brand-contrast">
      <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{ctx.site.name}</h1>
        <p className="mt-3 max-w-2xl text-lg md:text-xl">
          {kinds.charAt(0).toUpperCase() + kinds.slice(1)} {nounInText(plural)} in {cities.join(" and ")}.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/search/new-used-and-demo-cars" className={buttonVariants({ variant: "accent", size: "lg" })}>
            Browse all {ctx.stock.count} {plural}
          </Link>
          <Link href="/service" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Book a Service
          </Link>
        </div>
      </div>
    </section>
  );
}
