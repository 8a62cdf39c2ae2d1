"use client";

import dynamic from "next/dynamic";
import Script from "next/script";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { configureAnalytics, flush, startAnalytics, track } from "@/client/analytics";
import { EVENT_IDS, linkEvents } from "@/domain/analytics/events";
import { chatHiddenOn, isFormPage, type SiteWidget } from "@/domain/site/widgets";
import {
  ANALYTICS_DEFER_MS,
  PAGE_BOTTOM_POLL_MS,
  PAGE_BOTTOM_SLACK_PX,
  WIDGET_POLL_MS,
  WIDGET_READY_TIMEOUT_MS,
} from "@/domain/analytics/timings";
import type { LocalChatProps } from "./local-chat";

const MAX_CLIENT_ERRORS = 5;

const LocalChat = dynamic(() => import("./local-chat").then((m) => m.LocalChat), { ssr: false });

export type SiteWidgetsProps = {
  site: string;
  /** the events endpoint where the site's switch is on, else null */
  endpoint: string | null;
  adEvents: boolean;
  widgets: SiteWidget[];
  chatHiddenPaths: string[];
  /** the app's own chat (the live-chat entry with provider local) */
  chat: Omit<LocalChatProps, "hidden" | "formPage"> | null;
};

type Win = Window & Record<string, unknown>;

/**
 * The official pixel snippet's queue: calls made before the script arrives wait in fbq.queue (and
 * when each was made in fbq.queuedAt, which the local stand-in reports; the vendor ignores it).
 */
function pixelStub(w: Win) {
  if (typeof w.fbq === "function") return;
  const q: unknown[] = [];
  const at: number[] = [];
  const fbq = (...args: unknown[]) => {
    q.push(args);
    at.push(Date.now());
  };
  Object.assign(fbq, { queue: q, queuedAt: at, loaded: false, version: "2.0" });
  w.fbq = fbq;
  w._fbq = fbq;
}

/**
 * The site's measuring and talking (docs/features/analytics-chat-widgets.md): analytics and every third-party script wait until
 * the first scroll, click, touch or key, or 3000 ms, whichever is first; a page view (event 1) on
 * every App Router route change; the registry's widgets through next/script once the gate opens,
 * each polled every 100 ms until ready (a chat frame that never comes is logged to the console only,
 * as any failure is); delegated tracking of call, email and directions links; the local chat.
 */
export function SiteWidgets({ site, endpoint, adEvents, widgets, chatHiddenPaths, chat }: SiteWidgetsProps) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // first, so that events fired before (a child's effects run before ours) go out with the site's settings
  useEffect(() => configureAnalytics({ site, endpoint, adEvents }), [site, endpoint, adEvents]);

  // a page view on the first render and every route change
  useEffect(() => {
    track(EVENT_IDS.pageView, { label: pathname });
  }, [pathname]);

  useGate(widgets, setOpen);

  // <html data-widgets-gate>: "waiting" while the gate is shut, "open" once what it opens is rendered; a
  // positive signal that browser tests wait for before they check that nothing was loaded or sent
  useEffect(() => {
    document.documentElement.dataset.widgetsGate = open ? "open" : "waiting";
  }, [open]);

  useFlushWhenHidden();
  useReadiness(open, widgets);
  usePageBottom();
  useErrorReports();
  useTrackedClicks();

  const hidden = chatHiddenOn(pathname, chatHiddenPaths);
  return open ? (
    <>
      {widgets.map((w) =>
        w.src === null || (w.chat && hidden) ? null : <Script key={w.key} id={`widget-${w.key}`} src={w.src} strategy={w.strategy} />,
      )}
      {chat && <LocalChat {...chat} hidden={hidden} formPage={isFormPage(pathname)} />}
    </>
  ) : null;
}

/** The gate: widgets and analytics start at the first scroll, click, touch or key, or after ANALYTICS_DEFER_MS, whichever is first. */
function useGate(widgets: SiteWidget[], setOpen: (open: boolean) => void) {
  useEffect(() => {
    const events = ["scroll", "click", "touchstart", "keydown", "pointerdown"] as const;
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      for (const e of events) window.removeEventListener(e, go, { capture: true });
      clearTimeout(timer);
      const w = window as unknown as Win;
      for (const widget of widgets) {
        if (widget.setup) w[widget.setup.global] = widget.setup.value;
        if (widget.kind === "pixel") pixelStub(w);
      }
      startAnalytics();
      setOpen(true);
    };
    const timer = setTimeout(go, ANALYTICS_DEFER_MS);
    for (const e of events) window.addEventListener(e, go, { capture: true, passive: true });
    return () => {
      done = true;
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, go, { capture: true });
    };
  }, [widgets, setOpen]);
}

/** Queued events leave when the page is hidden (sendBeacon). */
function useFlushWhenHidden() {
  useEffect(() => {
    const hide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", hide);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", hide);
      window.removeEventListener("pagehide", flush);
    };
  }, []);
}

/** Readiness: every WIDGET_POLL_MS until the widget's global exists (<html data-widget-…="ready"); a chat that never comes is logged only. */
function useReadiness(open: boolean, widgets: SiteWidget[]) {
  useEffect(() => {
    if (!open) return;
    const waiting = widgets.filter((w) => w.readyGlobal);
    if (waiting.length === 0) return;
    const started = Date.now();
    const left = new Set(waiting.map((w) => w.key));
    const w = window as unknown as Win;
    const timer = setInterval(() => {
      for (const widget of waiting) {
        if (!left.has(widget.key)) continue;
        const ready = w[widget.readyGlobal!];
        // a stub's queue is not the widget: the pixel is ready when its script marked itself loaded
        if (ready && (widget.kind !== "pixel" || (ready as { loaded?: boolean }).loaded)) {
          left.delete(widget.key);
          document.documentElement.dataset[`widget${widget.key.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`] = "ready";
        } else if (Date.now() - started > WIDGET_READY_TIMEOUT_MS) {
          left.delete(widget.key);
          if (widget.chat) console.warn(`Chat widget frame missing: ${widget.label}.`);
        }
      }
      if (left.size === 0) clearInterval(timer);
    }, WIDGET_POLL_MS);
    return () => clearInterval(timer);
  }, [open, widgets]);
}

/** Page-bottom poll: <html data-page-bottom> says whether the shopper is at the page's end. */
function usePageBottom() {
  useEffect(() => {
    const root = document.documentElement;
    const check = () => {
      if (document.hidden) return;
      const atBottom =
        window.innerHeight + window.scrollY >= root.scrollHeight - PAGE_BOTTOM_SLACK_PX && root.scrollHeight > window.innerHeight;
      const value = atBottom ? "true" : "false";
      if (root.dataset.pageBottom !== value) root.dataset.pageBottom = value;
    };
    const timer = setInterval(check, PAGE_BOTTOM_POLL_MS);
    return () => {
      clearInterval(timer);
      delete root.dataset.pageBottom;
    };
  }, []);
}

/** Event 61: a script error or a promise nobody caught, at most MAX_CLIENT_ERRORS per page. */
function useErrorReports() {
  useEffect(() => {
    let reported = 0;
    const report = (message: unknown) => {
      if (reported++ >= MAX_CLIENT_ERRORS) return;
      track(EVENT_IDS.clientError, { error_message: String(message || "Unknown error").slice(0, 500) });
    };
    const onError = (e: ErrorEvent) => report(e.message);
    const onRejection = (e: PromiseRejectionEvent) => report(e.reason instanceof Error ? e.reason.message : e.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}

/** A click on a control that names its event, else on a link, is tracked by what the link is for and where it is (linkEvents). */
function useTrackedClicks() {
  useEffect(() => {
    const click = (e: MouseEvent) => {
      // a control that names its event: data-track="24" (Book a Test Drive, Finance this car, …)
      const marked = (e.target as Element | null)?.closest?.("[data-track]");
      const id = marked instanceof HTMLElement ? Number(marked.dataset.track) : NaN;
      if (Number.isInteger(id) && id > 0) {
        // a <summary> counts when it opens its <details> (the click comes before the toggle)
        if (marked!.tagName === "SUMMARY" && (marked!.parentElement as HTMLDetailsElement | null)?.open) return;
        track(id, { label: (marked!.textContent ?? "").trim().slice(0, 100) });
        return;
      }
      const a = (e.target as Element | null)?.closest?.("a[href]");
      if (!(a instanceof HTMLAnchorElement)) return;
      const label = (a.getAttribute("aria-label") ?? a.textContent ?? "").trim().slice(0, 100);
      const area = a.closest("[data-area]")?.getAttribute("data-area");
      for (const event of linkEvents(a.getAttribute("href") ?? "", area === "header" || area === "footer" ? area : "body")) {
        track(event, { label });
      }
    };
    document.addEventListener("click", click, { capture: true });
    return () => document.removeEventListener("click", click, { capture: true });
  }, []);
}
