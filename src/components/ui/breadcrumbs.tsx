import { breadcrumbJsonLd, type Crumb } from "@/domain/content/json-ld";
import { JsonLd } from "./json-ld";

/**
 * The trail from the home page to a deep page, for shoppers (a nav landmark) and search engines
 * (BreadcrumbList). The last crumb is the page itself: not a link, and on a phone only for screen readers
 * where `compact` (a long vehicle name would take the first screen).
 */
export function Breadcrumbs({ siteUrl, crumbs, compact = false }: { siteUrl: string; crumbs: Crumb[]; compact?: boolean }) {
  const all = [{ label: "Home", href: "/" }, ...crumbs];
  const last = all.length - 1;
  return (
    <>
      <JsonLd data={breadcrumbJsonLd({ url: siteUrl }, all)} />
      <nav aria-label="Breadcrumb" className="mb-3 text-sm text-neutral-700">
        {all.map((c, i) => (
          <span key={c.href} className={i === last && compact ? "max-sm:sr-only" : undefined}>
            {i > 0 && <span aria-hidden> › </span>}
            {i < last ? (
              <a href={c.href} className="underline">
                {c.label}
              </a>
            ) : (
              <span aria-current="page">{c.label}</span>
            )}
          </span>
        ))}
      </nav>
    </>
  );
}
