import { FillPhoto } from "@/components/ui/photo";
import { Search } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { storedImageSrc } from "@/domain/format/image";
import { usedWord } from "@/domain/site/features";
import { siteOffersService, stockOffer } from "@/domain/site/navigation";
import { pluralNoun } from "@/domain/stock/summary";
import type { SiteContext } from "@/domain/site/context";
import { nounInText } from "@/domain/site/vehicle";
import { siteCities } from "@/domain/locations/geo";

/**
 * The first screen of a dealer's site: the dealer's own picture (the site record's banner), what
 * they sell and where, a keyword search, and the main calls to action.
 */
export function HomeHero({ ctx }: { ctx: SiteContext }) {
  const plural = pluralNoun(ctx.noun);
  const types = (["new", "demo", "used"] as const)
    .filter((t) => ctx.stock.car_types[t] > 0)
    .map((t) => (t === "used" ? usedWord(ctx.features) : t));
  const kinds = types.length > 1 ? `${types.slice(0, -1).join(", ")} and ${types.at(-1)}` : (types[0] ?? "");
  const cities = siteCities(ctx.locations);
  // "New, demo and used cars in Box Hill": a new dealer with no stock or location yet says less, never "cars in ."
  const line = [kinds, nounInText(plural), cities.length ? `in ${cities.join(" and ")}` : ""].filter(Boolean).join(" ");
  const banner = storedImageSrc(ctx.site.logo.banner);
  const { all, sell } = stockOffer({ features: ctx.features, noun: ctx.noun, carTypes: ctx.stock.car_types });
  return (
    <section
      className={cn("relative isolate overflow-hidden text-white", !banner && "bg-gradient-to-br from-brand to-brand-dark")}
      data-testid="hero"
    >
      {banner && (
        <>
          <FillPhoto src={banner} alt="" priority sizes="100vw" className="-z-20 object-cover object-bottom" data-testid="hero-image" />
          {/* the words stay readable on any picture */}
          <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-black/80 via-black/55 to-black/20" />
        </>
      )}
      <div className="mx-auto max-w-7xl px-4 py-10 md:py-20">
        <h1 className="text-3xl font-extrabold tracking-tight drop-shadow md:text-5xl">{ctx.site.name}</h1>
        <p className="mt-3 max-w-2xl text-lg drop-shadow md:text-xl">{line.charAt(0).toUpperCase() + line.slice(1)}.</p>
        <form action="/search/new-used-and-demo-cars" method="get" role="search" className="mt-6 flex max-w-xl gap-2">
          <label htmlFor="hero-q" className="sr-only">
            Search our {nounInText(plural)}
          </label>
          <input
            id="hero-q"
            name="q"
            type="search"
            maxLength={100}
            placeholder="Make, model or keyword"
            className="min-h-12 min-w-0 flex-1 rounded-md border-0 bg-white px-4 text-base text-neutral-900 placeholder:text-neutral-600"
          />
          <button type="submit" className={`${buttonVariants({ variant: "accent", size: "lg" })} max-sm:px-4`}>
            {/* on a phone the button is its icon: the box keeps the width to show its whole placeholder */}
            <Search aria-hidden className="size-5" />
            <span className="max-sm:sr-only">Search</span>
          </button>
        </form>
        <div className="mt-5 flex flex-wrap gap-3">
          {all && (
            <a href="/search/new-used-and-demo-cars" className={buttonVariants({ variant: "accent", size: "lg" })}>
              Browse all {all.label}
            </a>
          )}
          {sell && (
            <a href={sell.href} className={buttonVariants({ variant: "outline", size: "lg" })}>
              {sell.action}
            </a>
          )}
          {siteOffersService(ctx) && (
            <a href="/service" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Book a Service
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
