"use client";

import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { CarouselButton } from "@/components/ui/carousel-button";
import { useEffect, useState, type ReactNode } from "react";

/** Autoplay every 4000 ms; drag threshold 10, duration 25, trimSnaps containment. */
export const LOCATIONS_AUTOPLAY_MS = 4000;
export const LOCATIONS_CAROUSEL_OPTIONS = { dragThreshold: 10, duration: 25, containScroll: "trimSnaps", align: "start" } as const;

const reducedMotion = () => typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/**
 * Locations carousel: previous/next are disabled at the ends; autoplay pauses on hover and on
 * keyboard focus, and is off for people who prefer reduced motion.
 */
export function LocationsCarousel({ label, children }: { label: string; children: ReactNode[] }) {
  const [plugins] = useState(() =>
    reducedMotion()
      ? []
      : [Autoplay({ delay: LOCATIONS_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })],
  );
  const [ref, embla] = useEmblaCarousel(LOCATIONS_CAROUSEL_OPTIONS, plugins);
  const [edges, setEdges] = useState({ prev: false, next: children.length > 1 });

  useEffect(() => {
    if (!embla) return;
    const update = () => setEdges({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={ref} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {children.map((child, i) => (
            <div
              key={i}
              className="relative min-w-0 flex-[0_0_100%] pl-4 md:flex-[0_0_50%] lg:flex-[0_0_33.333%]"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${children.length}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <CarouselButton
          direction="prev"
          label="Previous locations"
          disabled={!edges.prev}
          onClick={() => embla?.scrollPrev()}
          className="border border-neutral-300 bg-white"
        />
        <CarouselButton
          direction="next"
          label="Next locations"
          disabled={!edges.next}
          onClick={() => embla?.scrollNext()}
          className="border border-neutral-300 bg-white"
        />
      </div>
    </section>
  );
}
