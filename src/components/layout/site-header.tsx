import { telHref } from "@/domain/site/links";
import { MapPin, Phone } from "@/components/ui/icons";
import type { SiteContext } from "@/domain/site/context";
import { FavouritesLink } from "@/components/stock/favourite-button";
import { AccountLinks } from "./account-links";
import { MainNav } from "./main-nav";
import { siteLogo } from "@/domain/site/logo";
import type { LogoPlate } from "@/domain/site/types";

/** The plates' backings: the same colours as PLATE_COLOURS, which the console measures the logo against. */
const PLATE_CLASS: Record<LogoPlate, string> = { light: "bg-white", dark: "bg-neutral-900" };

export function SiteHeader({ ctx }: { ctx: SiteContext }) {
  const { site } = ctx;
  const logo = siteLogo(site.logo);
  const plate = site.logo.plate;
  return (
    <header className="bg-brand text-brand-contrast" data-area="header">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black"
      >
        Skip to content
      </a>
      <div className="bg-brand-dark text-sm text-brand-dark-contrast">
        <div className="mx-auto flex max-w-7xl items-center justify-end gap-4 px-4">
          {ctx.accounts.enabled && <AccountLinks garageName={ctx.accounts.garageName} />}
          <FavouritesLink />
          {/* on a phone with accounts the bar keeps its words for the account and the saved cars; the others show their icons */}
          <a
            href="/dealerships"
            className="inline-flex min-h-9 min-w-9 items-center justify-center gap-1 whitespace-nowrap hover:underline"
          >
            <MapPin aria-hidden className="size-4" />{" "}
            <span className={ctx.accounts.enabled ? "sr-only sm:not-sr-only" : undefined}>Find Us</span>
          </a>
          {site.phone && (
            <a
              href={telHref(site.phone, site.country)}
              className="inline-flex min-h-9 min-w-9 items-center justify-center gap-1 whitespace-nowrap font-semibold hover:underline"
            >
              <Phone aria-hidden className="size-4" />
              <span className={ctx.accounts.enabled ? "sr-only sm:not-sr-only" : undefined}>{site.phone}</span>
            </a>
          )}
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        {/* a long name wraps rather than pushing the menu off a phone's screen (harbour-city's was 7 px off) */}
        <a href="/" className="min-w-0 text-xl font-extrabold leading-tight tracking-tight [overflow-wrap:anywhere] md:text-2xl">
          {logo.full && logo.small ? (
            // the thumb on a phone, the full logo from a tablet up (logo url and thumb)
            // on a plate when the logo would not read on the header's colour (chosen in the console)
            <picture
              className={plate ? `${PLATE_CLASS[plate]} inline-block rounded-md px-2 py-1` : undefined}
              data-plate={plate ?? undefined}
            >
              <source media="(min-width: 768px)" srcSet={logo.full} />
              <img src={logo.small} alt={`${site.name} home`} className="h-10 w-auto" />
            </picture>
          ) : (
            <>
              {site.name}
              <span className="sr-only"> home</span>
            </>
          )}
        </a>
        <MainNav items={ctx.header} />
      </div>
    </header>
  );
}
