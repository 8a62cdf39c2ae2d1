"use client";

import { Heart } from "@/components/ui/icons";
import Link from "next/link";
import { useFavourites } from "@/client/favourites";
import { isFavourite, type FavouriteCar } from "@/domain/stock/favourites";
import { clsx } from "clsx";

export function FavouriteButton({ car, className, withText = false }: { car: FavouriteCar; className?: string; withText?: boolean }) {
  const { favourites, toggle } = useFavourites();
  const saved = isFavourite(favourites, car.id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={withText ? undefined : `Save ${car.name}`}
      onClick={() => toggle(car)}
      className={clsx("fav", className)}
    >
      <Heart aria-hidden />
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
