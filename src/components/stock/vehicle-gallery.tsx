"use client";

import { CarouselButton } from "@/components/ui/carousel-button";
import { Expand } from "@/components/ui/icons";
import dynamic from "next/dynamic";
import { FillPhoto } from "@/components/ui/photo";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { EmblaCarouselType } from "embla-carousel";
import { clsx } from "clsx";
import { IMAGE_QUALITY } from "@/domain/format/image";
import { photoAlt } from "@/domain/stock/vehicle";
import { EVENT_IDS } from "@/domain/analytics/events";
import { track } from "@/client/analytics";
import { usePageLoaded } from "@/client/page-loaded";
import { useEmbla } from "@/client/use-embla";

// the full-screen viewer's code and styles load when a shopper opens it, not with the page
const PhotoLightbox = dynamic(() => import("./photo-lightbox"), { ssr: false });

/** Carousel: drag threshold 10, animation duration 25, trimSnaps containment. */
export const CAROUSEL_OPTIONS = { dragThreshold: 10, duration: 25, containScroll: "trimSnaps" } as const;
const THUMB_OPTIONS = { ...CAROUSEL_OPTIONS, dragFree: true } as const;

export function VehicleGallery({ images, alts, title }: { images: string[]; alts?: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [edges, setEdges] = useState({ prev: false, next: images.length > 1 });
  const [fullScreen, setFullScreen] = useState(false);
  // the first photo is in the HTML; the other slides, the thumbnails and the carousel's code once the page has loaded
  const loaded = usePageLoaded();
  const [viewportRef, embla] = useEmbla(CAROUSEL_OPTIONS, loaded && images.length > 1);
  const [thumbsRef, thumbs] = useEmbla(THUMB_OPTIONS, loaded && images.length > 1);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const i = embla.selectedScrollSnap();
      setIndex(i);
      setEdges({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
      thumbs?.scrollTo(i);
    };
    const onShown = () => {
      onSelect();
      track(EVENT_IDS.galleryNext, { photo: embla.selectedScrollSnap() + 1 });
    };
    onSelect();
    embla.on("select", onShown).on("reInit", onSelect);
    return () => {
      embla.off("select", onShown).off("reInit", onSelect);
    };
  }, [embla, thumbs]);

  const openFullScreen = () => {
    setFullScreen(true);
    track(EVENT_IDS.galleryOpen, { photo: index + 1 });
  };
  // a step asked for before the carousel's code has come (it loads after the page) is taken when it comes, not lost
  const waiting = useRef<((api: EmblaCarouselType) => void) | null>(null);
  const step = useCallback((f: (api: EmblaCarouselType) => void) => (embla ? f(embla) : void (waiting.current = f)), [embla]);
  useEffect(() => {
    if (!embla || !waiting.current) return;
    waiting.current(embla);
    waiting.current = null;
  }, [embla]);
  const go = useCallback((i: number) => step((api) => api.scrollTo(i)), [step]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      step((api) => api.scrollPrev());
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      step((api) => api.scrollNext());
    } else if (e.key === "Enter") {
      e.preventDefault();
      openFullScreen();
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
          role="group"
          aria-label="Photo viewer: left and right arrow keys change the photo, Enter shows it full screen"
        >
          <div className="flex touch-pan-y">
            {images.map((src, i) => (
              <div
                key={src + i}
                className="relative aspect-[16/9] min-w-0 flex-[0_0_100%] cursor-zoom-in"
                onClick={openFullScreen}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${images.length}`}
              >
                {i === 0 || loaded ? (
                  <FillPhoto
                    src={src}
                    alt={photoAlt(title, alts, i)}
                    priority={i === 0}
                    quality={IMAGE_QUALITY.high}
                    sizes="(max-width: 991px) calc(100vw - 32px), 60vw"
                    className="object-cover"
                  />
                ) : null}
              </div>
            ))}
          </div>
        </div>
        <button
          type="button"
          onClick={openFullScreen}
          className="absolute right-2 top-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-black/70 px-3 text-sm font-semibold text-white"
        >
          <Expand aria-hidden className="size-4" />
          {images.length > 1 ? `View all ${images.length} photos` : "View full screen"}
        </button>
        {images.length > 1 && (
          <SlideControls
            edges={edges}
            onPrev={() => step((api) => api.scrollPrev())}
            onNext={() => step((api) => api.scrollNext())}
            shown={index + 1}
            count={images.length}
          />
        )}
      </div>
      {images.length > 1 && <Thumbnails images={images} index={index} loaded={loaded} stripRef={thumbsRef} onPick={go} />}
      {fullScreen && (
        <PhotoLightbox
          images={images}
          alts={alts}
          title={title}
          index={index}
          onIndex={(i) => embla?.scrollTo(i, true)}
          onClose={() => setFullScreen(false)}
        />
      )}
    </section>
  );
}

/** Previous and next, and which photo of how many is showing. */
function SlideControls({
  edges,
  onPrev,
  onNext,
  shown,
  count,
}: {
  edges: { prev: boolean; next: boolean };
  onPrev: () => void;
  onNext: () => void;
  shown: number;
  count: number;
}) {
  return (
    <>
      <CarouselButton
        direction="prev"
        label="Previous photo"
        disabled={!edges.prev}
        onClick={onPrev}
        className="absolute left-2 top-1/2 -translate-y-1/2 bg-white/90 shadow"
      />
      <CarouselButton
        direction="next"
        label="Next photo"
        disabled={!edges.next}
        onClick={onNext}
        className="absolute right-2 top-1/2 -translate-y-1/2 bg-white/90 shadow"
      />
      <p
        className="absolute bottom-2 right-2 rounded bg-black/70 px-2 py-1 text-xs text-white"
        aria-live="polite"
        data-testid="gallery-counter"
      >
        {shown} / {count}
      </p>
    </>
  );
}

/** The strip of thumbnails under the photo (its own carousel); their photos once the page has loaded. */
function Thumbnails({
  images,
  index,
  loaded,
  stripRef,
  onPick,
}: {
  images: string[];
  index: number;
  loaded: boolean;
  stripRef: (node: HTMLElement | null) => void;
  onPick: (i: number) => void;
}) {
  return (
    <div ref={stripRef} className="mt-2 overflow-hidden">
      <ul className="flex gap-2">
        {images.map((src, i) => (
          <li key={src + i} className="min-w-0 flex-[0_0_22%] sm:flex-[0_0_15%]">
            <button
              type="button"
              onClick={() => onPick(i)}
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index ? "true" : undefined}
              className={clsx(
                "relative block aspect-[16/9] w-full overflow-hidden rounded border-2",
                i === index ? "border-brand" : "border-transparent opacity-80",
              )}
            >
              {loaded ? <FillPhoto src={src} alt="" sizes="(max-width: 639px) 22vw, 15vw" className="object-cover" /> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
