"use client";

import { useEffect, useMemo, useRef } from "react";
import { useFavourites } from "@/client/favourites";
import { favouriteOf, unpackCard, type CardsShared, type PackedCard } from "@/domain/stock/card-view";
import { isFavourite } from "@/domain/stock/favourites";
import { cardHtml } from "./card-html";
import { CallToActionCard } from "./vehicle-card";

/** A result: a card (its view packed, packCard) or the call to action. */
export type GridItem = PackedCard | { cta: { sellHref: string; sellLabel: string } };

/**
 * The search results: the page sends each card as its packed view (a few hundred bytes of data), and each
 * card is drawn as text (cardHtml), one element for React to render and hydrate rather than twenty.
 * The hearts in them work through this component: a click on one saves or forgets its car, and
 * each heart says whether its car is saved.
 */
export function ResultGrid({ items: packed, shared, priority }: { items: GridItem[]; shared: CardsShared; priority: number }) {
  const { favourites, toggle } = useFavourites();
  const items = useMemo(
    () => packed.map((i) => ("cta" in i ? { kind: "cta" as const, ...i.cta } : { kind: "card" as const, view: unpackCard(i, shared) })),
    [packed, shared],
  );
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    if (!ul) return;
    const views = new Map(items.flatMap((i) => (i.kind === "card" ? [[i.view.id, i.view] as const] : [])));
    const onClick = (e: MouseEvent) => {
      const heart = e.target instanceof Element ? e.target.closest("button[data-fav]") : null;
      const view = heart instanceof HTMLElement ? views.get(Number(heart.dataset.fav)) : undefined;
      if (view) toggle(favouriteOf(view));
    };
    ul.addEventListener("click", onClick);
    // the hearts take clicks from now on (tests wait for this, as for React's own handlers)
    ul.dataset.live = "";
    return () => ul.removeEventListener("click", onClick);
  }, [items, toggle]);
  let card = 0;
  return (
    <ul ref={list} className="results mt-4 grid grid-cols-1 lg:mt-6 gap-4 sm:grid-cols-2 xl:grid-cols-3 group-data-[pending]:opacity-60">
      {items.map((item) =>
        item.kind === "cta" ? (
          <li key="cta">
            <CallToActionCard sellHref={item.sellHref} sellLabel={item.sellLabel} />
          </li>
        ) : (
          <li
            key={item.view.id}
            dangerouslySetInnerHTML={{
              __html: cardHtml(item.view, { priority: card++ < priority, saved: isFavourite(favourites, item.view.id) }),
            }}
          />
        ),
      )}
    </ul>
  );
}
