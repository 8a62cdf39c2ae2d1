"use client";

import { useState } from "react";
import { WITHIN, type NearQuery } from "@/domain/locations/near";
import type { Country } from "@/domain/site/types";
import { UseMyLocation } from "./use-my-location";
import { MapPin } from "@/components/ui/icons";
import { clsx } from "clsx";

/**
 * Near me: a postcode box (Australian sites, which have the postcode table) and "Use my
 * location", as a plain GET form that keeps the page's other choices in hidden fields. `within` adds
 * "within 25/50/…". `collapsed` (the search page before the shopper has said where they are) shows
 * one "Near me" button that opens it: the search page's HTML stays within its budget. `compact` (the
 * search page's row of controls above the results) draws a small button, and the form on a row of its own.
 */
export function NearForm({
  href,
  country,
  near,
  unplaced,
  within = false,
  unit,
  collapsed = false,
  compact = false,
}: {
  /** the page's address without near, postcode, within, sort or page */
  href: string;
  country: Country;
  near?: NearQuery;
  /** the postcode given could not be placed */
  unplaced: boolean;
  within?: boolean;
  unit: "km" | "mi";
  collapsed?: boolean;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(!collapsed);
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={clsx(
          "inline-flex min-h-11 items-center rounded-md border border-brand font-semibold text-brand",
          compact ? "shrink-0 gap-1 bg-white px-2.5 text-sm" : "mt-3 gap-2 px-4",
        )}
        aria-expanded="false"
        data-testid="near-me"
      >
        <MapPin aria-hidden className="size-4" /> Near me
      </button>
    );
  const url = new URL(href, "http://x");
  const hidden = [...url.searchParams];
  const postcodes = country === "AU";
  return (
    <form
      method="get"
      action={url.pathname}
      className={clsx("flex flex-wrap items-end gap-2", compact ? "basis-full" : "mt-3")}
      aria-label="Near you"
      data-testid="near-form"
    >
      {hidden.map(([k, v], i) => (
        <input key={`${k}${i}`} type="hidden" name={k} value={v} />
      ))}
      {near?.point && <input type="hidden" name="near" value={near.point} />}
      {postcodes && (
        <label className="text-sm font-semibold">
          Your postcode
          <input
            name="postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="\d{4}"
            maxLength={4}
            defaultValue={near?.postcode ?? ""}
            autoFocus={collapsed}
            aria-invalid={unplaced || undefined}
            aria-describedby={unplaced ? "near-unplaced" : undefined}
            className="mt-1 block min-h-11 w-28 rounded-md border border-neutral-400 bg-white px-3 text-base"
          />
        </label>
      )}
      {within && (
        <label className="text-sm font-semibold">
          Distance
          <select
            name="within"
            defaultValue={near?.within ? String(near.within) : ""}
            className="mt-1 block min-h-11 rounded-md border border-neutral-400 bg-white px-3 text-base"
          >
            <option value="">Any distance</option>
            {WITHIN.map((w) => (
              <option key={w} value={w}>
                Within {w} {unit}
              </option>
            ))}
          </select>
        </label>
      )}
      {(postcodes || within) && (
        <button type="submit" className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-brand-contrast">
          {postcodes ? "Show nearest" : "Apply"}
        </button>
      )}
      <UseMyLocation
        href={`${url.pathname}?${new URLSearchParams([...hidden, ...(near?.within ? [["within", String(near.within)]] : [])])}`}
        fallback={postcodes ? "Enter your postcode instead." : "Allow location access in your browser and try again."}
      />
      {unplaced && (
        <p id="near-unplaced" role="status" className="basis-full text-sm font-semibold text-red-700" data-testid="near-unplaced">
          We don’t know postcode {near?.postcode}. Check it, or use your location.
        </p>
      )}
    </form>
  );
}
