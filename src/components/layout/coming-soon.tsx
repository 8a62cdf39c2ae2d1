import { siteLogo } from "@/domain/site/logo";
import { storedImageSrc } from "@/domain/format/image";
import { internationalPhone } from "@/domain/locations/geo";
import type { SiteContext } from "@/domain/site/context";

/**
 * A draft site's face to the public: the dealer's name and logo, that the site is on its
 * way, and how to reach the dealer meanwhile. Nothing of the stock, forms or pages behind it.
 */
export function ComingSoon({ ctx }: { ctx: SiteContext }) {
  const logo = storedImageSrc(siteLogo(ctx.site.logo).full);
  const phone = ctx.site.phone ?? ctx.locations[0]?.contactDetail.phone ?? null;
  const email = ctx.site.email ?? ctx.locations[0]?.contactDetail.email ?? null;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
      data-testid="coming-soon"
    >
      {logo ? (
        // eslint-disable-next-line @next/next/no-img-element -- one small logo, no srcset to choose from
        <img src={logo} alt={ctx.site.name} className="h-16 w-auto" />
      ) : null}
      <h1 className="text-3xl font-bold text-brand">{ctx.site.name}</h1>
      <p className="text-lg">Our new website is coming soon.</p>
      {phone || email ? (
        <p>
          In the meantime, call us on{" "}
          {phone ? (
            <a className="font-semibold underline" href={`tel:${internationalPhone(phone, ctx.site.country)}`}>
              {phone}
            </a>
          ) : null}
          {phone && email ? " or email " : null}
          {email ? (
            <a className="font-semibold underline" href={`mailto:${email}`}>
              {email}
            </a>
          ) : null}
          .
        </p>
      ) : null}
    </main>
  );
}

/** The bar a previewing member of staff sees on every page of a draft site. */
export function PreviewBar() {
  return (
    <div role="status" className="bg-amber-300 px-4 py-2 text-center text-sm text-black" data-testid="preview-bar">
      Preview: this site is not published yet. The public sees a &ldquo;coming soon&rdquo; page.{" "}
      <a className="font-semibold underline" href="/api/preview?end=1">
        Leave the preview
      </a>
    </div>
  );
}
