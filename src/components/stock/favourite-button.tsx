"use client";

import { Heart } from "@/components/ui/icons";
import Link from "next/link";
import { useFavourites } from "@/client/favourites";
import { isFavourite, type FavouriteCar } from "@/domain/stock/favourites";
import { cn } from "@/components/ui/cn";

export function FavouriteButton({ car, className, withText = false }: { car: FavouriteCar; className?: string; withText?: boolean }) {
  const { favourites, toggle } = useFavourites();
  const saved = isFavourite(favourites, car.id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={withText ? undefined : `Save ${car.name}`}
      onClick={() => toggle(car)}
      className={cn(
        "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-white/95 px-3 text-sm font-semibold text-neutral-900 shadow ring-1 ring-black/10 hover:bg-white",
        className,
      )}
    >
      <Heart aria-hidden className={cn("size-5", saved ? "fill-red-600 text-red-600" : "text-neutral-700")} />
      {withText && (saved ? "Saved" : "Save")}
    </button>
  );
}

export function FavouritesLink() {
  const { favourites } = useFavourites();
  return (
    <Link href="/favourites" className="inline-flex min-h-9 items-center gap-1 whitespace-nowrap hover:underline">
      <Heart aria-hidden className="size-4" />
      Saved <span data-testid="favourites-count">({favourites.length})</span>
    </Link>
  );
}
