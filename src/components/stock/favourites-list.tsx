"use client";

import Image from "next/image";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useFavourites } from "@/client/favourites";
import { compareRows, MAX_COMPARE, MIN_COMPARE, type ComparableCard } from "@/domain/stock/card-view";
import type { FavouriteCar } from "@/domain/stock/favourites";
import { nounInText } from "@/domain/site/vehicle";
import { clsx } from "clsx";
import { FavouriteButton } from "./favourite-button";
import { EnquireLink, VehicleCardView } from "./vehicle-card";
import { RepaymentNote } from "./repayment-note";
import { useHydrated } from "@/client/use-hydrated";

type Loaded = { key: string; vehicles: ComparableCard[]; missing: number[]; note: string | null } | { key: string; failed: true };

/** The site's current cards for the saved ids (price, km, location can change after saving). */
function useSavedCards(ids: number[]) {
  const key = ids.join(",");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    fetch(`/api/vehicles?ids=${key}`, { signal: abort.signal, headers: { accept: "application/json" } })
      .then(async (r) => {
        if (!r.ok) throw new Error(`status ${r.status}`);
        const body = (await r.json()) as { vehicles: ComparableCard[]; missing: number[]; note?: string | null };
        setLoaded({ key, vehicles: body.vehicles, missing: body.missing, note: body.note ?? null });
      })
      .catch(() => {
        if (!abort.signal.aborted) setLoaded({ key, failed: true });
      });
    return () => abort.abort();
  }, [key, attempt]);
  // an answer for another list (a heart was just toggled) is still shown while the new one loads
  return { loaded, current: loaded?.key === key, retry: () => setAttempt((n) => n + 1) };
}

/** Saved vehicles: full cards from the site's current stock, and two to four compared side by side. */
export function FavouritesList({ plural }: { plural: string }) {
  const { favourites, toggle, removeAll } = useFavourites();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const hydrated = useHydrated();
  const ids = favourites.map((f) => f.id);
  const { loaded, current, retry } = useSavedCards(ids);
  const [selected, setSelected] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const tableHeading = useRef<HTMLHeadingElement>(null);
  const noun = nounInText(plural);

  useEffect(() => {
    if (comparing) tableHeading.current?.focus();
  }, [comparing]);

  if (!hydrated || (ids.length > 0 && !loaded)) return <p role="status">Loading your saved {noun}…</p>;
  if (favourites.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-neutral-300 p-10 text-center">
        <p className="text-lg font-semibold">You haven’t saved any {noun} yet.</p>
        <p className="mt-1 text-neutral-700">Tap the heart on any listing to keep it here.</p>
        <Link
          href="/search/new-used-and-demo-cars"
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-brand-contrast"
        >
          Browse our stock
        </Link>
      </div>
    );
  }

  const cards = loaded && "vehicles" in loaded ? new Map(loaded.vehicles.map((v) => [v.id, v])) : new Map<number, ComparableCard>();
  const failed = loaded !== null && "failed" in loaded;
  const saved = favourites.filter((f) => ids.includes(f.id));
  const chosen = selected.filter((id) => cards.has(id) && ids.includes(id));
  const canCompare = chosen.length >= MIN_COMPARE;
  const choose = (id: number, on: boolean) => {
    setSelected((s) => (on ? [...s.filter((x) => x !== id), id].slice(-MAX_COMPARE) : s.filter((x) => x !== id)));
    setComparing(false);
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p role="status" className="font-semibold" data-testid="favourites-total">
            {favourites.length} saved{!current && !failed ? " · updating…" : ""}
          </p>
          <RemoveAll
            count={favourites.length}
            noun={noun}
            confirming={confirmingClear}
            onConfirming={setConfirmingClear}
            onConfirm={() => {
              setConfirmingClear(false);
              setSelected([]);
              setComparing(false);
              void removeAll();
            }}
          />
        </div>
        <CompareBar
          chosen={chosen.length}
          noun={noun}
          onCompare={() => setComparing(true)}
          onClear={() => {
            setSelected([]);
            setComparing(false);
          }}
        />
      </div>
      {failed && (
        <div role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
          We couldn’t load the latest prices for your saved {noun}.{" "}
          <button type="button" onClick={retry} className="font-semibold underline">
            Try again
          </button>
        </div>
      )}
      {comparing && canCompare && (
        <CompareTable cards={chosen.map((id) => cards.get(id)!)} headingRef={tableHeading} onClose={() => setComparing(false)} />
      )}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {saved.map((car) => {
          const view = cards.get(car.id);
          return (
            <li key={car.id} data-testid="favourite-card">
              {view ? (
                <VehicleCardView view={view}>
                  <label className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-neutral-300 px-3 text-sm font-semibold">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand"
                      checked={chosen.includes(car.id)}
                      disabled={!chosen.includes(car.id) && chosen.length >= MAX_COMPARE}
                      onChange={(e) => choose(car.id, e.target.checked)}
                      aria-describedby={!chosen.includes(car.id) && chosen.length >= MAX_COMPARE ? "compare-limit" : undefined}
                    />
                    Compare
                    <span className="sr-only"> {view.title}</span>
                  </label>
                </VehicleCardView>
              ) : (
                <GoneCard car={car} pending={!failed && !current} unknown={failed} onRemove={() => toggle(car)} />
              )}
            </li>
          );
        })}
      </ul>
      <p id="compare-limit" className="sr-only">
        You can compare up to {MAX_COMPARE} at a time.
      </p>
      {loaded && "note" in loaded && <RepaymentNote note={loaded.note} className="mt-6" />}
    </>
  );
}

/** Remove all, asking first. */
function RemoveAll({
  count,
  noun,
  confirming,
  onConfirming,
  onConfirm,
}: {
  count: number;
  noun: string;
  confirming: boolean;
  onConfirming: (on: boolean) => void;
  onConfirm: () => void;
}) {
  return confirming ? (
    <div role="group" aria-label={`Remove all ${count} saved ${noun}?`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm">Remove all {count}?</span>
      <button
        type="button"
        onClick={onConfirm}
        className="min-h-11 rounded-md border border-red-700 px-3 text-sm font-semibold text-red-800"
      >
        Yes, remove all
      </button>
      <button type="button" onClick={() => onConfirming(false)} className="min-h-11 px-2 text-sm font-semibold underline">
        Keep them
      </button>
    </div>
  ) : (
    <button type="button" onClick={() => onConfirming(true)} className="min-h-11 px-2 text-sm font-semibold underline">
      Remove all
    </button>
  );
}

/** How many are chosen to compare, Compare (from MIN_COMPARE) and Clear. */
function CompareBar({ chosen, noun, onCompare, onClear }: { chosen: number; noun: string; onCompare: () => void; onClear: () => void }) {
  const canCompare = chosen >= MIN_COMPARE;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="compare-bar">
      <p className="text-sm text-neutral-700" aria-live="polite">
        {chosen === 0 ? `Tick ${MIN_COMPARE} to ${MAX_COMPARE} ${noun} to compare them.` : `${chosen} of ${MAX_COMPARE} chosen to compare.`}
      </p>
      <button
        type="button"
        disabled={!canCompare}
        onClick={onCompare}
        className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-sm font-semibold text-brand-contrast disabled:cursor-not-allowed disabled:opacity-50"
      >
        Compare{canCompare ? ` ${chosen}` : ""}
      </button>
      {chosen > 0 && (
        <button type="button" onClick={onClear} className="min-h-11 px-2 text-sm font-semibold underline">
          Clear
        </button>
      )}
    </div>
  );
}

/** A saved car the site no longer shows (sold, removed), or not loaded yet: what was saved, and a way to let it go. */
function GoneCard({ car, pending, unknown, onRemove }: { car: FavouriteCar; pending: boolean; unknown: boolean; onRemove: () => void }) {
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white"
      data-testid="gone-card"
    >
      <div className="relative aspect-[16/9] bg-neutral-100">
        {car.primary_image_url && (
          <Image
            src={car.primary_image_url}
            alt={car.name}
            fill
            sizes="(max-width: 767px) 100vw, 33vw"
            className={clsx("object-cover", !pending && !unknown && "grayscale")}
          />
        )}
        <FavouriteButton car={car} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-bold">{car.name}</h3>
        {pending ? (
          <p className="text-sm text-neutral-700">Loading the latest details…</p>
        ) : unknown ? (
          <p className="text-sm text-neutral-700">
            {car.make} {car.model}
          </p>
        ) : (
          <>
            <p className="text-sm font-semibold text-red-800">No longer available</p>
            <p className="text-sm text-neutral-700">This vehicle has been sold or taken off sale.</p>
            <button
              type="button"
              onClick={onRemove}
              className="mt-auto inline-flex min-h-11 items-center justify-center rounded-md border border-neutral-300 px-4 text-sm font-semibold"
            >
              Remove from saved
            </button>
          </>
        )}
      </div>
    </article>
  );
}

function CompareTable({
  cards,
  headingRef,
  onClose,
}: {
  cards: ComparableCard[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}) {
  const rows = compareRows(cards);
  return (
    <section aria-labelledby="compare-heading" className="mb-8 rounded-lg border border-neutral-200 bg-white p-4" data-testid="compare">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="compare-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          Comparing {cards.length} vehicles
        </h2>
        <button type="button" onClick={onClose} className="min-h-11 px-2 text-sm font-semibold underline">
          Close comparison
        </button>
      </div>
      {/* the table keeps every car side by side; on a phone it scrolls sideways with the labels held */}
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-left text-sm" style={{ minWidth: `${6.5 + cards.length * 9}rem` }}>
          <caption className="sr-only">Specifications of the chosen vehicles side by side</caption>
          <thead>
            <tr>
              <td className="sticky left-0 w-[6.5rem] bg-white" />
              {cards.map((c) => (
                <th key={c.id} scope="col" className="px-2 pb-3 align-top font-normal">
                  <div className="relative mb-2 aspect-[16/9] overflow-hidden rounded bg-neutral-100">
                    <Image
                      src={c.image}
                      alt=""
                      fill
                      sizes="(max-width: 767px) 40vw, 20vw"
                      quality={c.imageQuality}
                      className="object-cover"
                    />
                  </div>
                  <Link href={c.href} className="block font-bold hover:underline">
                    {c.title}
                  </Link>
                  <EnquireLink view={c} className="mt-2 whitespace-nowrap px-3" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-neutral-200" data-same={r.same || undefined}>
                <th scope="row" className="sticky left-0 bg-white py-2 pr-2 align-top font-semibold">
                  {r.label}
                </th>
                {r.values.map((v, i) => (
                  <td key={cards[i]!.id} className={clsx("px-2 py-2 align-top", r.same ? "text-neutral-600" : "font-semibold")}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
