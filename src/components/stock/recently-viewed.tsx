"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { usePageLoaded } from "@/client/page-loaded";
import { readRaw, writeJson } from "@/client/storage";
import { parseRecent, recentToShow, RECENTLY_VIEWED_KEY, withViewed } from "@/domain/stock/recently-viewed";

// the row's code and its cards load only for a shopper who has viewed other cars, after the page has loaded
const RecentlyViewedRow = dynamic(() => import("./recently-viewed-row").then((m) => m.RecentlyViewedRow), { ssr: false });

/**
 * Recently viewed, at the foot of the home page and of a vehicle page (which also
 * records its car). Everything happens once the page has loaded and the browser is idle, so it
 * never competes with the page's first photo; a shopper with nothing viewed gets nothing drawn.
 */
export function RecentlyViewed({ currentId, plural, className }: { currentId?: number; plural: string; className?: string }) {
  const loaded = usePageLoaded();
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (!loaded) return;
    const run = () => {
      const list = parseRecent(readRaw(RECENTLY_VIEWED_KEY));
      if (currentId) writeJson(RECENTLY_VIEWED_KEY, withViewed(list, currentId));
      setIds(recentToShow(list, currentId));
    };
    if (typeof requestIdleCallback !== "function") return void run();
    const idle = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, [loaded, currentId]);
  if (ids.length === 0) return null;
  const clear = () => {
    writeJson(RECENTLY_VIEWED_KEY, []);
    setIds([]);
  };
  return <RecentlyViewedRow ids={ids} plural={plural} onClear={clear} className={className} />;
}
