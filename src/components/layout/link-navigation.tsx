"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** How long the pointer rests on a link before its page is prefetched (a pass over it asks for nothing). */
export const PREFETCH_AFTER_MS = 100;
/**
 * How long a client-side navigation may take before the browser is sent there itself: a safety net,
 * so that a shopper's click gets there at worst this much later, whatever the router does with it.
 * (It was added for a lost "Apply for finance" click in the browser tests, which turned out to be a
 * fixed bar fading in over the link between the press and the release: see OverlayGuard.)
 */
export const NAVIGATION_WATCHDOG_MS = 4000;

/**
 * One island gives every plain link of a site's pages client-side navigation (and a prefetch when
 * the pointer rests on it), as next/link would, without a client component per link: the search
 * page's footer, menus, breadcrumbs, chips, pagination and 36 cards hold about 150 links, and each
 * next/link is rendered on the server, shipped in the page's payload and hydrated on its own.
 *
 * A link is left to the browser when it opens elsewhere (another origin, `target`, `download`, a
 * modifier key or another button), only moves within the page (`#…`), or says `data-hard`
 * (a download, an API address). A page the router cannot show (a feed, a file) is loaded whole by
 * the router itself. `data-scroll="keep"` keeps the scroll position (filter chips). A touch asks for
 * no prefetch (its click follows at once).
 */
export function LinkNavigation() {
  const router = useRouter();
  useEffect(() => {
    const internal = (target: EventTarget | null): HTMLAnchorElement | null => {
      const a = target instanceof Element ? target.closest("a[href]") : null;
      if (!(a instanceof HTMLAnchorElement) || a.target || a.hasAttribute("download") || a.hasAttribute("data-hard")) return null;
      if (a.origin !== location.origin || /^\/(api|images|photos|_next)\//.test(a.pathname)) return null;
      return a;
    };
    let resting: ReturnType<typeof setTimeout> | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = internal(e.target);
      if (!a) return;
      // a jump within this page is the browser's own
      if (a.pathname === location.pathname && a.search === location.search && a.hash) return;
      e.preventDefault();
      clearTimeout(resting);
      router.push(a.pathname + a.search + a.hash, { scroll: a.dataset.scroll !== "keep" });
      clearTimeout(watchdog);
      // only a move to another address can be seen to arrive (a redirect arrives elsewhere: also a move)
      const from = location.href;
      if (a.pathname + a.search !== location.pathname + location.search)
        watchdog = setTimeout(() => {
          if (location.href === from) location.assign(a.href);
        }, NAVIGATION_WATCHDOG_MS);
    };
    const prefetched = new Set<string>();
    const onPointer = (e: PointerEvent) => {
      clearTimeout(resting);
      if (e.pointerType === "touch") return;
      const a = internal(e.target);
      const href = a && a.pathname + a.search;
      if (!href || prefetched.has(href)) return;
      resting = setTimeout(() => {
        prefetched.add(href);
        router.prefetch(href);
      }, PREFETCH_AFTER_MS);
    };
    document.addEventListener("click", onClick);
    document.addEventListener("pointerover", onPointer, { passive: true });
    // said on the page, so a test (and a curious developer) can tell the links are live
    document.documentElement.dataset.links = "client";
    return () => {
      clearTimeout(resting);
      clearTimeout(watchdog);
      delete document.documentElement.dataset.links;
      document.removeEventListener("click", onClick);
      document.removeEventListener("pointerover", onPointer);
    };
  }, [router]);
  return null;
}
