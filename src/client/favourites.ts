"use client";

import { useCallback, useSyncExternalStore } from "react";
import { EVENT_IDS } from "@/domain/analytics/events";
import { FAVOURITES_KEY, parseFavourites, toggleFavourite, type FavouriteCar } from "@/domain/stock/favourites";
import { syncHeart } from "./account";
import { track } from "./analytics";
import { readRaw, writeJson } from "./storage";

/** Saved cars live in localStorage (per site origin), shared across tabs and components. */
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: FavouriteCar[] } = { raw: null, list: [] };
const EMPTY: FavouriteCar[] = [];

function read(): FavouriteCar[] {
  const raw = readRaw(FAVOURITES_KEY); // storage blocked: favourites are simply empty
  if (raw !== cache.raw) cache = { raw, list: parseFavourites(raw) };
  return cache.list;
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => e.key === FAVOURITES_KEY && cb();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(cb);
    window.removeEventListener("storage", onStorage);
  };
}

export function useFavourites() {
  const list = useSyncExternalStore(subscribe, read, () => EMPTY);
  const toggle = useCallback((car: FavouriteCar) => {
    const next = toggleFavourite(read(), car);
    track(EVENT_IDS.favourite, { car_slug: car.slug, car_name: car.name, saved: next.some((c) => c.id === car.id) });
    const before = read();
    writeJson(FAVOURITES_KEY, next);
    listeners.forEach((l) => l());
    // signed in: the garage's watchlist on the server changes too; if it cannot, the heart goes back
    syncHeart(
      car,
      next.some((c) => c.id === car.id),
    ).catch(() => {
      writeJson(FAVOURITES_KEY, before);
      listeners.forEach((l) => l());
    });
  }, []);
  /** Every saved car removed at once (event 41); signed in, the watchlist empties too, or the list comes back. */
  const removeAll = useCallback(async () => {
    const before = read();
    if (before.length === 0) return;
    track(EVENT_IDS.favouritesClear, { count: before.length });
    writeJson(FAVOURITES_KEY, []);
    listeners.forEach((l) => l());
    try {
      for (const car of before) await syncHeart(car, false);
    } catch {
      writeJson(FAVOURITES_KEY, before);
      listeners.forEach((l) => l());
    }
  }, []);
  return { favourites: list, toggle, removeAll };
}
