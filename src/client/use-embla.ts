"use client";

import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from "embla-carousel";
import { useEffect, useState } from "react";

/**
 * An Embla carousel on the element given to the returned ref, its code asked for only when `ready`
 * (a vehicle page's gallery: once the page has loaded, when its other slides are drawn), so it is
 * not part of the page's first load. Until then the api is undefined and the first slide shows.
 * `plugins` loads the carousel's plugins with it (the locations carousel's autoplay).
 */
export function useEmbla(options: EmblaOptionsType, ready: boolean, plugins?: () => Promise<EmblaPluginType[]>) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!node || !ready) return;
    let live = true;
    let made: EmblaCarouselType | undefined;
    void Promise.all([import("embla-carousel"), plugins?.() ?? []]).then(([{ default: Embla }, loaded]) => {
      if (!live) return;
      made = Embla(node, options, loaded);
      setApi(made);
    });
    return () => {
      live = false;
      made?.destroy();
      setApi(undefined);
    };
    // the options and plugins are constants of the caller's module
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [node, ready]);
  return [setNode, api] as const;
}
