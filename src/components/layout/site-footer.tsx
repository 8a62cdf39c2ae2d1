import type { SiteContext } from "@/domain/site/context";
import { cachedFooterHtml } from "./footer-html";

/** The site's footer: find us, opening hours, the footer menus, contact and social links (footer-html.ts). */
export function SiteFooter({ ctx, year }: { ctx: SiteContext; year: number }) {
  return (
    <footer
      className="mt-16 bg-neutral-900 text-neutral-200"
      data-area="footer"
      dangerouslySetInnerHTML={{ __html: cachedFooterHtml(ctx, year) }}
    />
  );
}
