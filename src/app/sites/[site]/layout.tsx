import type { Metadata } from "next";
import type { CSSProperties } from "react";
import { VisitTracker } from "@/client/attribution";
import { DealerTools } from "@/components/layout/dealer-tools";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { storedImageSrc } from "@/domain/format/image";
import { getSiteContext } from "@/server/site-context";
import { requireSite } from "./_routes/site";
import { siteCities } from "@/domain/locations/geo";

type Props = { children: React.ReactNode; params: Promise<{ site: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const ctx = await getSiteContext((await params).site);
  if (!ctx) return { title: "Dealer website not found" };
  const cities = siteCities(ctx.locations).join(", ");
  const description = `${ctx.site.name} in ${cities}: browse ${ctx.stock.count} vehicles in stock, book a service or test drive, and find our opening hours.`;
  const banner = storedImageSrc(ctx.site.logo.banner);
  // the share cards of every page that does not set its own (home, dealerships, reviews…)
  return {
    title: { default: ctx.site.name, template: `%s | ${ctx.site.name}` },
    description,
    metadataBase: new URL(ctx.site.url),
    openGraph: {
      type: "website",
      siteName: ctx.site.name,
      title: ctx.site.name,
      description,
      locale: ctx.format.locale.replace("-", "_"),
      images: banner ? [{ url: banner, alt: ctx.site.name }] : undefined,
    },
    twitter: { card: banner ? "summary_large_image" : "summary", title: ctx.site.name, description },
  };
}

export default async function SiteLayout({ children, params }: Props) {
  const ctx = await requireSite(params);
  return (
    <div
      style={ctx.theme as CSSProperties}
      data-site={ctx.site.slug}
      className={ctx.features.sidebar_dealer_tools ? "pb-16 lg:pb-0" : undefined}
    >
      <VisitTracker />
      <SiteHeader ctx={ctx} />
      <main id="main">{children}</main>
      <DealerTools ctx={ctx} />
      <SiteFooter ctx={ctx} />
    </div>
  );
}
