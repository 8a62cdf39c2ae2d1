import { isVendorId, SETTING_NAME, type VendorIdKey } from "./vendor-ids";
import type { SiteFeatureFlags, SiteIntegrations } from "./types";

/**
 * The third-party scripts that site switches load, in one registry (docs/features/analytics-chat-widgets.md). Each entry says when a site
 * has it (its switch and its account id in the site record's integrations), the script's URL (a
 * template filled from those settings), what the loader sets up before the script runs, and how it
 * loads. Every entry loads after the first interaction or 3 s (docs/features/analytics-chat-widgets.md) through next/script, so that
 * none blocks the largest paint. The browser receives only this registry's output, never the site's
 * integration record (it holds server-only tokens).
 */

export type WidgetKind = "analytics" | "pixel" | "chat" | "call-tracking" | "tools" | "spin";

/** afterInteraction: as soon as the gate opens; lazyOnload: after that, once the browser is idle */
export type WidgetStrategy = "afterInteractive" | "lazyOnload";

export type WidgetSite = {
  features: Pick<SiteFeatureFlags, "autobot" | "dealercell" | "dealerstudio" | "impel" | "live_chat">;
  integrations: SiteIntegrations;
};

/** What the browser gets for one widget. */
export type SiteWidget = {
  key: string;
  label: string;
  kind: WidgetKind;
  /** the script to load; null for a widget the app serves itself as a component (the local chat) */
  src: string | null;
  strategy: WidgetStrategy;
  /** a chat widget: hidden on the site's chat-hidden paths */
  chat: boolean;
  /** settings the loader puts on `window[global]` before the script loads */
  setup?: { global: string; value: Record<string, string | number | boolean | Record<string, string | number | boolean>> };
  /** what the loader polls for (every 100 ms) to know the widget is ready; a chat frame missing is logged */
  readyGlobal?: string;
};

/** Origins a widget needs beyond the site itself, by CSP directive (the page's CSP is built from these). */
export type WidgetOrigins = { script?: string[]; connect?: string[]; frame?: string[]; img?: string[] };

/** A platform a site sends shoppers' events to, and what it sends, in the privacy policy's words. */
export type AdPlatform = { name: string; sends: string };

type Entry = {
  key: string;
  label: string;
  kind: WidgetKind;
  /** the switch in plain words (docs/features/analytics-chat-widgets.md) */
  switchedOnBy: string;
  /** what the vendor's script loads, calls and frames (its own documentation's CSP list) */
  origins: WidgetOrigins;
  /** an advertising or analytics platform the widget sends events to: named in the site's privacy policy */
  advertiser?: AdPlatform;
  build(site: WidgetSite): Omit<SiteWidget, "key" | "label" | "kind"> | null;
};

/**
 * An id goes into a URL only when it has its vendor's shape (the same formats the settings forms and
 * the platform API check): one stored before those checks, or written around them, switches its
 * widget off instead of reaching a URL.
 */
const id = (v: string | undefined, key: VendorIdKey) => (isVendorId(key, v) ? v : null);
const q = encodeURIComponent;

export const WIDGET_REGISTRY: readonly Entry[] = [
  {
    key: "tag-manager",
    label: "Tag manager",
    kind: "analytics",
    switchedOnBy: "integrations.tag_manager_id (e.g. GTM-ABC1234)",
    advertiser: {
      name: "Google Tag Manager",
      sends:
        "the pages you visit and what you do on them (cars viewed, enquiries sent; never your name or contact details), which our container passes to the Google services it is set up for, such as Google Analytics and Google Ads",
    },
    origins: {
      script: ["https://www.googletagmanager.com"],
      connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
      frame: ["https://www.googletagmanager.com"],
      img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
    },
    build: ({ integrations: i }) => {
      const gtm = id(i.tag_manager_id, "tag_manager_id");
      return gtm ? { src: `https://www.googletagmanager.com/gtm.js?id=${q(gtm)}`, strategy: "afterInteractive", chat: false } : null;
    },
  },
  {
    key: "analytics",
    label: "Analytics",
    kind: "analytics",
    switchedOnBy: "integrations.analytics_id (e.g. G-ABC123XYZ)",
    advertiser: {
      name: "Google Analytics",
      sends: "the pages you visit and what you do on them (cars viewed, searches, enquiries sent), never your name or contact details",
    },
    origins: {
      script: ["https://www.googletagmanager.com"],
      connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"],
      img: ["https://*.google-analytics.com", "https://www.googletagmanager.com"],
    },
    build: ({ integrations: i }) => {
      const ga = id(i.analytics_id, "analytics_id");
      return ga
        ? {
            src: `https://www.googletagmanager.com/gtag/js?id=${q(ga)}`,
            strategy: "afterInteractive",
            chat: false,
            setup: { global: "__gtagConfig", value: { id: ga } },
          }
        : null;
    },
  },
  {
    key: "social-pixel",
    label: "Social pixel",
    kind: "pixel",
    switchedOnBy: "integrations.facebook_pixel_id; facebook_mode local uses the app's stand-in",
    advertiser: {
      name: "Meta (Facebook and Instagram)",
      sends:
        "the pages and cars you view and the enquiries you send, with your device's IP address and browser, to measure and show our advertising; with an enquiry also your email address, phone number, name and postcode, scrambled (SHA-256 hashed) on our server before they leave it",
    },
    origins: {
      script: ["https://connect.facebook.net"],
      connect: ["https://www.facebook.com", "https://connect.facebook.net"],
      frame: ["https://www.facebook.com"],
      img: ["https://www.facebook.com"],
    },
    build: ({ integrations: i }) => {
      const pixel = id(i.facebook_pixel_id, "facebook_pixel_id");
      if (!pixel) return null;
      return {
        src: i.facebook_mode === "local" ? "/widgets/pixel.js" : "https://connect.facebook.net/en_US/fbevents.js",
        strategy: "afterInteractive",
        chat: false,
        setup: { global: "__pixelConfig", value: { id: pixel } },
        readyGlobal: "fbq",
      };
    },
  },
  {
    key: "live-chat",
    label: "Live chat",
    kind: "chat",
    switchedOnBy: "feature live_chat and integrations.live_chat (provider local: the app's own chat)",
    origins: {
      script: ["https://cdn.livechatinc.com"],
      connect: ["https://*.livechatinc.com", "wss://*.livechatinc.com"],
      frame: ["https://secure.livechatinc.com"],
      img: ["https://cdn.livechatinc.com", "https://cdn.livechat-files.com"],
    },
    build: ({ features, integrations: i }) => {
      if (!features.live_chat || !i.live_chat) return null;
      if (i.live_chat.provider === "local") return { src: null, strategy: "afterInteractive", chat: true };
      const license = id(i.live_chat.license, "live_chat_license");
      return license
        ? {
            src: "https://cdn.livechatinc.com/tracking.js",
            strategy: "afterInteractive",
            chat: true,
            setup: { global: "__lc", value: { license: Number(license) } },
            readyGlobal: "LiveChatWidget",
          }
        : null;
    },
  },
  {
    key: "text-chat",
    label: "Text-message chat",
    kind: "chat",
    switchedOnBy: "feature dealercell and integrations.dealercell_id",
    origins: { script: ["https://widget.dealercell.com"], connect: ["https://*.dealercell.com"], frame: ["https://*.dealercell.com"] },
    build: ({ features, integrations: i }) => {
      const dealer = id(i.dealercell_id, "dealercell_id");
      return features.dealercell && dealer
        ? {
            src: `https://widget.dealercell.com/dealercell.js?dealer=${q(dealer)}`,
            strategy: "lazyOnload",
            chat: true,
            readyGlobal: "DealerCell",
          }
        : null;
    },
  },
  {
    key: "voice-text",
    label: "Voice and text widget",
    kind: "chat",
    switchedOnBy: "integrations.voice_text_id",
    origins: {
      script: ["https://connect.podium.com"],
      connect: ["https://*.podium.com", "wss://*.podium.com"],
      frame: ["https://*.podium.com"],
    },
    build: ({ integrations: i }) => {
      const token = id(i.voice_text_id, "voice_text_id");
      return token ? { src: `https://connect.podium.com/widget.js#ORG_TOKEN=${q(token)}`, strategy: "lazyOnload", chat: true } : null;
    },
  },
  {
    key: "call-tracking",
    label: "Call tracking",
    kind: "call-tracking",
    switchedOnBy: "integrations.call_tracking_id (company/script)",
    origins: { script: ["https://cdn.callrail.com"], connect: ["https://*.callrail.com"] },
    build: ({ integrations: i }) => {
      const path = id(i.call_tracking_id, "call_tracking_id");
      return path ? { src: `https://cdn.callrail.com/companies/${path}/12/swap.js`, strategy: "afterInteractive", chat: false } : null;
    },
  },
  {
    key: "support-chat",
    label: "Support chat",
    kind: "chat",
    switchedOnBy: "integrations.support_chat_id",
    origins: {
      script: ["https://widget.intercom.io", "https://js.intercomcdn.com"],
      connect: ["https://*.intercom.io", "wss://*.intercom.io", "https://*.intercomcdn.com"],
      frame: ["https://intercom-sheets.com", "https://www.intercom-reporting.com"],
      img: ["https://js.intercomcdn.com", "https://static.intercomassets.com"],
    },
    build: ({ integrations: i }) => {
      const app = id(i.support_chat_id, "support_chat_id");
      return app
        ? {
            src: `https://widget.intercom.io/widget/${q(app)}`,
            strategy: "lazyOnload",
            chat: true,
            setup: { global: "intercomSettings", value: { app_id: app } },
            readyGlobal: "Intercom",
          }
        : null;
    },
  },
  {
    key: "chatbot",
    label: "Chatbot",
    kind: "chat",
    switchedOnBy: "feature autobot and integrations.chatbot.website_id (initialised with website id and chat settings)",
    origins: {
      script: ["https://cdn.autobot.ai"],
      connect: ["https://*.autobot.ai", "wss://*.autobot.ai"],
      frame: ["https://*.autobot.ai"],
    },
    build: ({ features, integrations: i }) => {
      const site = id(i.chatbot?.website_id, "chatbot_website_id");
      if (!features.autobot || !site) return null;
      const settings: Record<string, string | number | boolean> = {};
      for (const [k, v] of Object.entries(i.chatbot?.settings ?? {})) if (SETTING_NAME.test(k)) settings[k] = v;
      return {
        src: "https://cdn.autobot.ai/chat/bundle.js",
        strategy: "lazyOnload",
        chat: true,
        setup: { global: "autobotConfig", value: { websiteId: site, chatSettings: settings } },
        readyGlobal: "Autobot",
      };
    },
  },
  {
    key: "dealer-tools",
    label: "Dealer tools scripts",
    kind: "tools",
    switchedOnBy: "feature dealerstudio and integrations.dealer_tools_id",
    origins: {
      script: ["https://cdn.dealerstudio.com.au"],
      connect: ["https://*.dealerstudio.com.au"],
      frame: ["https://*.dealerstudio.com.au"],
    },
    build: ({ features, integrations: i }) => {
      const dealer = id(i.dealer_tools_id, "dealer_tools_id");
      return features.dealerstudio && dealer
        ? { src: `https://cdn.dealerstudio.com.au/tools.js?dealer=${q(dealer)}`, strategy: "lazyOnload", chat: false }
        : null;
    },
  },
  {
    key: "spin-viewer",
    label: "360 spin viewer",
    kind: "spin",
    switchedOnBy: "feature impel and integrations.spin_customer_id",
    origins: {
      script: ["https://cdn.impel.io"],
      connect: ["https://*.impel.io"],
      frame: ["https://*.impel.io"],
      img: ["https://*.impel.io"],
    },
    build: ({ features, integrations: i }) => {
      const customer = id(i.spin_customer_id, "spin_customer_id");
      return features.impel && customer
        ? {
            src: `https://cdn.impel.io/spin/embed.js?customer=${q(customer)}`,
            strategy: "lazyOnload",
            chat: false,
            setup: { global: "__spinConfig", value: { customer } },
          }
        : null;
    },
  },
];

/** The widgets a site loads: its switches and ids, through the registry (a bad id switches its widget off). */
export function siteWidgets(site: WidgetSite): SiteWidget[] {
  const out: SiteWidget[] = [];
  for (const e of WIDGET_REGISTRY) {
    const built = e.build(site);
    if (built) out.push({ key: e.key, label: e.label, kind: e.kind, ...built });
  }
  return out;
}

/** The advertising and analytics platforms the site's widgets send events to: those its switches and ids really load. */
export function advertisingPlatforms(site: WidgetSite): AdPlatform[] {
  return WIDGET_REGISTRY.flatMap((e) => (e.advertiser && e.build(site) ? [e.advertiser] : []));
}

/**
 * The origins a site's page must allow for the widgets it loads, and for nothing else.
 * A widget the app serves itself (the local chat, the local pixel stand-in) needs none.
 */
export function widgetOrigins(site: WidgetSite): Required<WidgetOrigins> {
  const out = { script: new Set<string>(), connect: new Set<string>(), frame: new Set<string>(), img: new Set<string>() };
  for (const e of WIDGET_REGISTRY) {
    const built = e.build(site);
    if (!built?.src?.startsWith("https://")) continue;
    for (const d of ["script", "connect", "frame", "img"] as const) for (const o of e.origins[d] ?? []) out[d].add(o);
  }
  return { script: [...out.script], connect: [...out.connect], frame: [...out.frame], img: [...out.img] };
}

/**
 * Chat widgets are hidden on /cars and /checkout paths for some sites. A hidden path hides
 * itself and everything under it, and a path that ends with it (/cars/{slug}/checkout).
 */
export function chatHiddenOn(pathname: string, hiddenPaths: readonly string[]): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return hiddenPaths.some((raw) => {
    const p = raw.replace(/\/+$/, "");
    if (!p.startsWith("/") || p === "") return false;
    return path === p || path.startsWith(`${p}/`) || path.endsWith(p);
  });
}

/**
 * The pages a shopper fills a form in on (the enquiry forms' pages, with a location's
 * contact form and the signed-in finance page): the chat teaser never shows there (on a
 * phone it covered the form's fields). The launcher stays.
 */
export const FORM_PAGE_PATHS = [
  "/book-test-drive",
  "/service",
  "/pages/book-a-service",
  "/vehicle-parts-and-accessories",
  "/finance",
  "/finance-pre-approval",
  "/personalised/finance",
  "/trade-in",
  "/sell-my-car",
  "/fleet",
  "/careers",
  "/contact",
  "/contact-us",
  "/checkout",
] as const;

export function isFormPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return FORM_PAGE_PATHS.some((p) => path === p || path.startsWith(`${p}/`)) || /\/checkout$/.test(path);
}
