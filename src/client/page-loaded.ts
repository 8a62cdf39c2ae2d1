import { useSyncExternalStore } from "react";

/**
 * True once the page has loaded (the window's load event: its first photos are in), at once after a
 * client-side navigation. What a shopper cannot see yet (a gallery's other slides and its thumbnails)
 * is asked for after that, so that it never competes with the first photo, the page's LCP.
 * The server and hydration draw it as not loaded.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(subscribe, isLoaded, notLoaded);
}

function subscribe(changed: () => void): () => void {
  window.addEventListener("load", changed);
  return () => window.removeEventListener("load", changed);
}
const isLoaded = () => document.readyState === "complete";
const notLoaded = () => false;
