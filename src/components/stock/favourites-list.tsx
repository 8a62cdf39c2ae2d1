"use client";

import Image from "next/image";
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { useFavourites } from "@/client/favourites";
import { FavouriteButton } from "./favourite-button";
import { nounInText } from "@/domain/site/vehicle";

const noop = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/** Saved vehicles, read from this browser's storage (SPEC §3 Favourite car). */
export function FavouritesList({ basePath, plural }: { basePath: string; plural: string }) {
  const { favourites } = useFavourites();
  const hydrated = useHydrated();
  if (!hydrated) return <p role="status">Loading your saved {nounInText(plural)}…</p>;
  if (favourites.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-neutral-300 p-10 text-center">
        <p className="text-lg font-semibold">You haven’t saved any {nounInText(plural)} yet.</p>
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
  return (
    <>
      <p role="status" className="mb-4 font-semibold" data-testid="favourites-total">
        {favourites.length} saved
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {favourites.map((car) => (
          <li key={car.id} className="relative overflow-hidden rounded-lg border border-neutral-200" data-testid="favourite-card">
            <div className="relative aspect-[16/9] bg-neutral-100">
              {car.primary_image_url && (
                <Image src={car.primary_image_url} alt={car.name} fill sizes="(max-width: 767px) 100vw, 33vw" className="object-cover" />
              )}
              <FavouriteButton car={car} className="absolute right-2 top-2 z-10" />
            </div>
            <div className="p-4">
              <h2 className="font-bold">
                <Link href={`${basePath}/${encodeURIComponent(car.slug)}`} className="hover:underline">
                  {car.name}
                </Link>
              </h2>
              <p className="text-sm text-neutral-700">
                {car.make} {car.model}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
