"use client";

import { useEffect, useState } from "react";
import type { CardView } from "@/domain/stock/card-view";
import { cn } from "@/components/ui/cn";
import { FixedPhoto } from "@/components/ui/photo";

/**
 * The recently viewed row itself: the site's current cards for the kept ids (GET /api/vehicles),
 * small and side by side, scrolling sideways on a phone. Cars the site no longer offers are left
 * out; if the cards cannot be read the row stays away (it is a convenience, never an error).
 */
export function RecentlyViewedRow({
  ids,
  plural,
  onClear,
  className,
}: {
  ids: number[];
  plural: string;
  onClear: () => void;
  className?: string;
}) {
  const [cards, setCards] = useState<CardView[] | null>(null);
  const key = ids.join(",");
  useEffect(() => {
    const abort = new AbortController();
    fetch(`/api/vehicles?ids=${key}`, { signal: abort.signal, headers: { accept: "application/json" } })
      .then(async (r) => (r.ok ? setCards(((await r.json()) as { vehicles: CardView[] }).vehicles) : setCards([])))
      .catch(() => !abort.signal.aborted && setCards([]));
    return () => abort.abort();
  }, [key]);
  if (!cards?.length) return null;
  return (
    <section aria-labelledby="recently-viewed" className={cn("mt-12", className)} data-testid="recently-viewed">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recently-viewed" className="text-2xl font-bold">
          Recently viewed
        </h2>
        <button type="button" onClick={onClear} className="min-h-11 text-sm font-semibold text-brand underline">
          Clear<span className="sr-only"> recently viewed {plural}</span>
        </button>
      </div>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2">
        {cards.map((c) => {
          return (
            <li key={c.id} className="w-60 shrink-0 snap-start overflow-hidden rounded-lg border border-neutral-200 bg-white">
              <a href={c.href} className="block focus-visible:outline-offset-[-3px]">
                <FixedPhoto src={c.image} alt="" width={240} height={180} className="aspect-[4/3] w-full bg-neutral-100 object-cover" />
                <span className="block p-3">
                  <span className="block font-semibold text-neutral-900">{c.title}</span>
                  <span className="mt-1 block text-neutral-800">{c.sold ? "Sold" : c.price}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
