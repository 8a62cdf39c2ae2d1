"use client";

import { useEffect, useRef, useState } from "react";
import { DEFAULT_MAP_ZOOM } from "@/domain/locations/geo";

/** The map loader's placeholders. */
export const MAP_TEXT = {
  idle: "Google Maps is on idle",
  loading: "Google Maps is loading",
  error: "Google Maps is on error",
} as const;
export type MapState = "idle" | "loading" | "ready" | "error";

type GoogleMaps = { maps: { Map: new (el: HTMLElement, o: object) => unknown; Marker: new (o: object) => unknown } };
declare global {
  interface Window {
    google?: GoogleMaps;
  }
}

export const mapsScriptUrl = (key: string) =>
  `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&loading=async&callback=Function.prototype`;

/**
 * The map loader: idle until the map scrolls into view, then loading the Maps script, then ready
 * (a map at zoom 10 with a marker) or error. With no map key, or when the script fails, the error
 * state still gives the address and a directions link.
 */
export function MapView({
  mapKey,
  scriptUrl,
  lat,
  long,
  zoom = DEFAULT_MAP_ZOOM,
  title,
  address,
  directions,
}: {
  mapKey?: string | null;
  scriptUrl?: string;
  lat: number;
  long: number;
  zoom?: number;
  title: string;
  address: string;
  directions: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const src = scriptUrl ?? (mapKey ? mapsScriptUrl(mapKey) : null);
  const [state, setState] = useState<MapState>(src ? "idle" : "error");

  useEffect(() => {
    if (!src || !box.current) return;
    let cancelled = false;
    const start = () => {
      setState("loading");
      const draw = () => {
        if (cancelled) return;
        try {
          const g = window.google!;
          const map = new g.maps.Map(canvas.current!, { center: { lat, lng: long }, zoom });
          new g.maps.Marker({ position: { lat, lng: long }, map, title });
          setState("ready");
        } catch {
          setState("error");
        }
      };
      if (window.google?.maps) return draw();
      let script = document.querySelector<HTMLScriptElement>(`script[data-maps="${src}"]`);
      if (!script) {
        script = document.createElement("script");
        script.src = src;
        script.async = true;
        script.dataset.maps = src;
        document.head.appendChild(script);
      }
      script.addEventListener("load", draw, { once: true });
      script.addEventListener("error", () => !cancelled && setState("error"), { once: true });
    };
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        start();
      }
    });
    io.observe(box.current);
    return () => {
      cancelled = true;
      io.disconnect();
    };
  }, [src, lat, long, zoom, title]);

  return (
    <div ref={box} className="relative aspect-[16/9] w-full overflow-hidden rounded-lg bg-neutral-100" data-map-state={state}>
      <div ref={canvas} className="absolute inset-0" {...(state === "ready" ? { role: "region", "aria-label": `Map of ${title}` } : {})} />
      {state !== "ready" && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center" role="status">
          <p className="font-semibold">{MAP_TEXT[state]}</p>
          {state === "error" && (
            <>
              <p className="text-sm text-neutral-700">{address}</p>
              <a
                href={directions}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-sm font-semibold text-brand-contrast"
              >
                Get Directions
              </a>
            </>
          )}
        </div>
      )}
    </div>
  );
}
