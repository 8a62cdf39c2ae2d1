"use client";

import { useEffect } from "react";
import { usePageLoaded } from "@/client/page-loaded";

/**
 * What a page holds below the screen (search results after the first row, a vehicle's
 * similar cars) waits to be drawn until the page has loaded: its style, layout and photos kept a
 * phone's first photo (the LCP) waiting. Once the page has loaded, this marks the document drawn
 * while the browser is idle, and the rules in globals.css stop holding anything back, so nothing
 * changes size as it nears the screen (a link under the pointer moved once, in a browser test).
 */
export function DrawnAfterLoad() {
  const loaded = usePageLoaded();
  useEffect(() => {
    const root = document.documentElement;
    if (!loaded || root.dataset.drawn !== undefined) return;
    const draw = () => void (root.dataset.drawn = "");
    if (typeof requestIdleCallback !== "function") return void draw();
    const id = requestIdleCallback(draw, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }, [loaded]);
  return null;
}
