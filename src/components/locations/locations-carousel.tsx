"use client";

import type { AutoplayType } from "embla-carousel-autoplay";
import { CarouselButton } from "@/components/ui/carousel-button";
import { useEmbla } from "@/client/use-embla";
import { useNear } from "@/client/use-near";
import { useEffect, useState, type ReactNode } from "react";

/** Autoplay every 4000 ms; drag threshold 10, duration 25, trimSnaps containment. */
export const LOCATIONS_AUTOPLAY_MS = 4000;
export const LOCATIONS_CAROUSEL_OPTIONS = { dragThreshold: 10, duration: 25, containScroll: "trimSnaps", align: "start" } as const;

const reducedMotion = () => typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** Autoplay, started only while the carousel is on screen (below); none for people who prefer reduced motion. */
const autoplay = async () => {
  if (reducedMotion()) return [];
  const { default: Autoplay } = await import("embla-carousel-autoplay");
  return [
    Autoplay({ delay: LOCATIONS_AUTOPLAY_MS, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true }),
  ];
};

/**
 * Locations carousel: previous/next are disabled at the ends; autoplay pauses on hover and on
 * keyboard focus, and is off for people who prefer reduced motion. Its code loads when the shopper
 * comes near it (it sits below the first screen), and it turns only while on screen: a turn nobody
 * sees still costs a phone's main thread every 4 seconds.
 */
export function LocationsCarousel({ label, children }: { label: string; children: ReactNode[] }) {
  const { ref: box, near } = useNear<HTMLElement>();
  const [ref, embla] = useEmbla(LOCATIONS_CAROUSEL_OPTIONS, near, autoplay);
  const [edges, setEdges] = useState({ prev: false, next: children.length > 1 });

  useEffect(() => {
    const turns = embla?.plugins().autoplay as AutoplayType | undefined;
    if (!turns || !box.current) return;
    const io = new IntersectionObserver(([seen]) => (seen?.isIntersecting ? turns.play() : turns.stop()), { threshold: 0.5 });
    io.observe(box.current);
    return () => io.disconnect();
  }, [embla, box]);

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
    <section ref={box} aria-roledescription="carousel" aria-label={label} className="relative" data-ready={embla ? "" : undefined}>
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
