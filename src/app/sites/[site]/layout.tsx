import type { Metadata } from "next";
import type { CSSProperties } from "react";
import { VisitTracker } from "@/client/attribution";
import { DealerTools } from "@/components/layout/dealer-tools";
import { DrawnAfterLoad } from "@/components/layout/drawn-after-load";
import { LinkNavigation } from "@/components/layout/link-navigation";
import { cachedFooterView } from "@/components/layout/footer-view";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { storedImageSrc } from "@/domain/format/image";
import { getSiteContext } from "@/server/site/context";
import { requireSite, siteAccess } from "./_routes/site";
import { ComingSoon, PreviewBar } from "@/components/layout/coming-soon";
import { siteCities } from "@/domain/locations/geo";
import { SiteWidgets } from "@/components/widgets/site-widgets";
import { OverlayGuard } from "@/components/widgets/overlay-guard";
import { leadFormSite } from "@/domain/leads/forms";
import { openState } from "@/domain/locations/hours";
import { siteHours } from "@/domain/site/hours";
import { siteWidgets } from "@/domain/site/widgets";
import { conversionsProviderFor } from "@/server/analytics/conversions";
import { requestNow } from "@/server/base/clock";
import { env } from "@/server/base/env";
import type { SiteContext } from "@/server/site/context";
import { getSiteSecrets, type SiteSecrets } from "@/server/site/secrets";

type Props = { children: React.ReactNode; params: Promise<{ site: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const ctx = await getSiteContext((await params).site);
  if (!ctx) return { title: "Dealer website not found" };
  // a draft is never indexed, previewed or not
  if (!ctx.site.published)
    return { title: `${ctx.site.name}: coming soon`, metadataBase: new URL(ctx.site.url), robots: { index: false, follow: false } };
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
  const access = await siteAccess(ctx);
  // a draft shows the public "coming soon" (none of the pages behind it render); staff preview it
  if (access === "coming-soon")
    return (
      <div style={ctx.theme as CSSProperties} data-site={ctx.site.slug}>
        <ComingSoon ctx={ctx} />
      </div>
    );
  const secrets = await getSiteSecrets(ctx.site.id);
  return (
    <div
      style={ctx.theme as CSSProperties}
      data-site={ctx.site.slug}
      className={ctx.features.sidebar_dealer_tools ? "pb-16 lg:pb-0" : undefined}
    >
      {access === "preview" ? <PreviewBar /> : null}
      <VisitTracker />
      <LinkNavigation />
      <DrawnAfterLoad />
      <SiteHeader ctx={ctx} />
      <main id="main">{children}</main>
      <DealerTools ctx={ctx} />
      <SiteFooter view={cachedFooterView(ctx, new Date(requestNow()).getFullYear())} />
      <SiteWidgets {...widgetProps(ctx, secrets)} />
      <OverlayGuard />
    </div>
  );
}

/** What the browser needs for analytics and the site's widgets (never the integration record itself: it holds tokens). */
function widgetProps(ctx: SiteContext, secrets: SiteSecrets) {
  const widgets = siteWidgets({ features: ctx.features, integrations: ctx.site.integrations });
  const localChat = widgets.some((w) => w.key === "live-chat" && w.src === null);
  const main = ctx.locations[0];
  const now = requestNow();
  return {
    site: ctx.site.slug,
    endpoint: ctx.features.analytics_events ? "/api/events" : null,
    adEvents: conversionsProviderFor(ctx.site.integrations, secrets, env().FACEBOOK_GRAPH_BASE) !== null,
    widgets,
    chatHiddenPaths: ctx.features.chat_hidden_paths,
    chat: localChat
      ? {
          dealerName: ctx.site.name,
          hours: main ? openState(now, main.timezone, siteHours(ctx.site, ctx.locations), ctx.specialHours, main.id) : null,
          phone: main?.contactDetail.phone || ctx.site.phone,
          formSite: leadFormSite(ctx),
          raised: ctx.features.sidebar_dealer_tools,
        }
      : null,
  };
}
