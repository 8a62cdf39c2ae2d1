import { telHref } from "@/domain/site/links";
import Link from "next/link";
import { MapPin, Phone } from "@/components/ui/icons";
import type { SiteContext } from "@/domain/site/context";
import { FavouritesLink } from "@/components/stock/favourite-button";
import { MainNav } from "./main-nav";

export function SiteHeader({ ctx }: { ctx: SiteContext }) {
  const { site } = ctx;
  return (
    <header className="bg-brand text-brand-contrast">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black"
      >
        Skip to content
      </a>
      <div className="bg-brand-dark text-sm">
        <div className="mx-auto flex max-w-7xl items-center justify-end gap-4 px-4">
          <FavouritesLink />
          <Link href="/dealerships" className="inline-flex min-h-9 items-center gap-1 hover:underline">
            <MapPin aria-hidden className="size-4" /> Find Us
          </Link>
          {site.phone && (
            <a href={telHref(site.phone, site.country)} className="inline-flex min-h-9 items-center gap-1 font-semibold hover:underline">
              <Phone aria-hidden className="size-4" />
              <span>{site.phone}</span>
            </a>
          )}
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="shrink-0 text-xl font-extrabold tracking-tight md:text-2xl">
          {site.logo.url ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={site.logo.url} alt={`${site.name} home`} className="h-10 w-auto" />
          ) : (
            <>
              {site.name}
              <span className="sr-only"> home</span>
            </>
          )}
        </Link>
        <MainNav items={ctx.header} />
      </div>
    </header>
  );
}
