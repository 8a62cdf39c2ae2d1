"use client";

import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import Image from "next/image";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { IMAGE_QUALITY } from "@/domain/format/image";

/** SPEC §9 carousel: drag threshold 10, animation duration 25, trimSnaps containment. */
export const CAROUSEL_OPTIONS = { dragThreshold: 10, duration: 25, containScroll: "trimSnaps" } as const;

export function VehicleGallery({ images, title }: { images: string[]; title: string }) {
  const [viewportRef, embla] = useEmblaCarousel(CAROUSEL_OPTIONS);
  const [thumbsRef, thumbs] = useEmblaCarousel({ ...CAROUSEL_OPTIONS, dragFree: true });
  const [index, setIndex] = useState(0);
  const [edges, setEdges] = useState({ prev: false, next: images.length > 1 });

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const i = embla.selectedScrollSnap();
      setIndex(i);
      setEdges({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
      thumbs?.scrollTo(i);
    };
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla, thumbs]);

  const go = useCallback((i: number) => embla?.scrollTo(i), [embla]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      embla?.scrollPrev();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      embla?.scrollNext();
    }
  };

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="select-none">
      <div className="relative">
        <div
          ref={viewportRef}
          className="overflow-hidden rounded-lg bg-neutral-100 focus-visible:outline-3"
          tabIndex={0}
          onKeyDown={onKey}
          aria-label="Photo viewer: use the left and right arrow keys"
        >
          <div className="flex touch-pan-y">
            {images.map((src, i) => (
              <div
                key={src + i}
                className="relative aspect-[16/9] min-w-0 flex-[0_0_100%]"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${images.length}`}
              >
                <Image
                  src={src}
                  alt={`${title}, photo ${i + 1}`}
                  fill
                  priority={i === 0}
                  quality={IMAGE_QUALITY.high}
                  sizes="(max-width: 991px) 100vw, 60vw"
                  className="object-cover"
                />
              </div>
            ))}
          </div>
        </div>
        {images.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => embla?.scrollPrev()}
              disabled={!edges.prev}
              aria-label="Previous photo"
              className="absolute left-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow disabled:opacity-40"
            >
              <ChevronLeft aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => embla?.scrollNext()}
              disabled={!edges.next}
              aria-label="Next photo"
              className="absolute right-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow disabled:opacity-40"
            >
              <ChevronRight aria-hidden />
            </button>
            <p
              className="absolute bottom-2 right-2 rounded bg-black/70 px-2 py-1 text-xs text-white"
              aria-live="polite"
              data-testid="gallery-counter"
            >
              {index + 1} / {images.length}
            </p>
          </>
        )}
      </div>
      {images.length > 1 && (
        <div ref={thumbsRef} className="mt-2 overflow-hidden">
          <ul className="flex gap-2">
            {images.map((src, i) => (
              <li key={src + i} className="min-w-0 flex-[0_0_22%] sm:flex-[0_0_15%]">
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Show photo ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  className={cn(
                    "relative block aspect-[16/9] w-full overflow-hidden rounded border-2",
                    i === index ? "border-brand" : "border-transparent opacity-80",
                  )}
                >
                  <Image src={src} alt="" fill sizes="15vw" className="object-cover" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
