"use client";

import { useState } from "react";
import { MapPin } from "@/components/ui/icons";

/**
 * "Use my location" (near me): asks the browser for its position (with the shopper's
 * permission) and opens `href` with it, rounded to two decimals (about a kilometre: never more
 * exact than the search needs). Without permission it says so and the postcode box stays.
 */
export function UseMyLocation({ href, fallback }: { href: string; fallback: string }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) return setState("failed");
    setState("busy");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const url = new URL(href, window.location.href);
        url.searchParams.set("near", `${p.coords.latitude.toFixed(2)},${p.coords.longitude.toFixed(2)}`);
        url.searchParams.delete("postcode");
        window.location.assign(url.toString());
      },
      () => setState("failed"),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };
  return (
    <>
      <button
        type="button"
        onClick={locate}
        disabled={state === "busy"}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-4 font-semibold text-brand disabled:opacity-60"
        data-testid="use-my-location"
      >
        <MapPin aria-hidden className="size-4" />
        {state === "busy" ? "Finding you…" : "Use my location"}
      </button>
      {state === "failed" && (
        <p role="alert" className="basis-full text-sm font-semibold text-red-700" data-testid="location-failed">
          We couldn’t get your location. {fallback}
        </p>
      )}
    </>
  );
}
