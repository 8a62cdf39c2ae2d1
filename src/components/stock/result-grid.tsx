"use client";

import type { CardView } from "@/domain/stock/card-view";
import { CallToActionCard, VehicleCardView } from "./vehicle-card";

export type GridItem = { kind: "card"; view: CardView } | { kind: "cta"; sellHref: string; sellLabel: string };

/**
 * The result cards, rendered from their views: the page sends each card as a few hundred bytes of
 * data rather than as its element tree, which keeps the server's render and the payload small.
 */
export function ResultGrid({ items, priority }: { items: GridItem[]; priority: number }) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 group-data-[pending]:opacity-60">
      {items.map((item, i) =>
        item.kind === "cta" ? (
          <li key="cta">
            <CallToActionCard sellHref={item.sellHref} sellLabel={item.sellLabel} />
          </li>
        ) : (
          <li key={item.view.id}>
            <VehicleCardView view={item.view} priority={i < priority} />
          </li>
        ),
      )}
    </ul>
  );
}
