"use client";

import { useEffect, useSyncExternalStore } from "react";
import { FAVOURITES_KEY, parseFavourites, type FavouriteCar } from "@/domain/stock/favourites";
import { EVENT_IDS } from "@/domain/analytics/events";
import { track } from "./analytics";
import { errorFromResponse } from "./fetch-json";
import { readRaw, writeJson } from "./storage";

/**
 * The signed-in customer, from GET /api/auth (docs/features/accounts.md), fetched once per page load on sites with
 * accounts. While it loads the header shows a loading state, never a guess (docs/features/accounts.md).
 *
 * Favourites: signed out they live in this browser only (as before). Signed in, the server's
 * watchlist is the list: on the first sign-in in this browser the local favourites are merged into
 * it (no duplicates), and from then on the browser's copy mirrors the server's.
 */
export type WatchCar = FavouriteCar & { sold: boolean };
export type AccountUser = { name: string; email: string; details: Record<string, string> };
export type AccountState =
  | { status: "loading" }
  | { status: "off" }
  | { status: "error" }
  | { status: "ready"; garageName: string; user: AccountUser | null; watchlist: WatchCar[] };

type AuthBody = { accounts: boolean; garage_name?: string; user: AccountUser | null; watchlist: WatchCar[] };

const SYNCED_KEY = "garage_synced";
const USER_DETAILS_KEY = "user_details";
const LOADING: AccountState = { status: "loading" };
let state: AccountState = LOADING;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const set = (next: AccountState) => {
  state = next;
  listeners.forEach((l) => l());
};

/** A short tag of the signed-in account (not the email itself) marking that this browser's favourites were merged. */
function tagOf(email: string): string {
  let h = 5381;
  for (let i = 0; i < email.length; i++) h = ((h << 5) + h + email.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

const toFavourites = (list: WatchCar[]): FavouriteCar[] =>
  list.map(({ id, name, slug, make, model, primary_image_url }) => ({ id, name, slug, make, model, primary_image_url }));

function mirror(list: WatchCar[]) {
  writeJson(FAVOURITES_KEY, toFavourites(list));
  window.dispatchEvent(new StorageEvent("storage", { key: FAVOURITES_KEY }));
}

async function getAuth(): Promise<AuthBody> {
  const res = await fetch("/api/auth", { headers: { accept: "application/json" }, cache: "no-store" });
  if (!res.ok) throw await errorFromResponse(res);
  return res.json() as Promise<AuthBody>;
}

/** The browser's favourites that this site still shows (a sold-and-gone car is not merged). */
async function listedLocalIds(local: FavouriteCar[]): Promise<number[]> {
  if (!local.length) return [];
  const res = await fetch(`/api/vehicles?ids=${local.map((c) => c.id).join(",")}`, { headers: { accept: "application/json" } });
  if (!res.ok) return [];
  const body = (await res.json()) as { vehicles: Array<{ id: number }> };
  return body.vehicles.map((v) => v.id);
}

async function load() {
  try {
    let body = await getAuth();
    if (!body.accounts) return set({ status: "off" });
    const user = body.user;
    if (user) {
      const tag = tagOf(user.email);
      if (readRaw(SYNCED_KEY) !== JSON.stringify(tag)) {
        const onServer = new Set(body.watchlist.map((w) => w.id));
        const extra = (await listedLocalIds(parseFavourites(readRaw(FAVOURITES_KEY)))).filter((id) => !onServer.has(id));
        if (extra.length) body = await changeWatchlist("POST", "/api/account/watchlist", { vehicle_ids: extra });
        writeJson(SYNCED_KEY, tag);
      }
      mirror(body.watchlist);
      const d = user.details;
      // saved details prefill every enquiry form (the forms read the browser's stored details)
      // (written as user-details.ts keeps them; that module's zod stays out of every page with a heart)
      const details = { name: d.name || user.name, last_name: d.last_name, email: user.email, phone: d.phone, postcode: d.postcode };
      writeJson(USER_DETAILS_KEY, Object.fromEntries(Object.entries(details).filter(([, v]) => typeof v === "string" && v)));
    }
    set({ status: "ready", garageName: body.garage_name ?? "My Garage", user: body.user, watchlist: body.watchlist });
  } catch (e) {
    // an auth load failure is logged to the console only; signing in stays offered
    console.warn("Account not loaded.", e instanceof Error ? e.message : e);
    set({ status: "error" });
  }
}

async function changeWatchlist(method: "POST" | "DELETE", url: string, body?: unknown): Promise<AuthBody> {
  const res = await fetch(url, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw await errorFromResponse(res);
  return res.json() as Promise<AuthBody>;
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The account state; `enabled` is the site's setting (no request at all where accounts are off). */
export function useAccount(enabled: boolean): AccountState {
  const s = useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
  useEffect(() => {
    if (enabled && !loading) loading = load();
  }, [enabled]);
  return enabled ? s : { status: "off" };
}

/** The signed-in customer right now (null while loading, signed out, or where accounts are off). */
export const signedInUser = (): AccountUser | null => (state.status === "ready" ? state.user : null);

/** A heart while signed in: the server's watchlist changes and the browser's copy follows it. */
export async function syncHeart(car: FavouriteCar, saved: boolean): Promise<void> {
  // a heart pressed while the account is still loading waits for it (else the load's copy of the server's list would undo it)
  if (state.status === "loading") await loading;
  if (!signedInUser()) return;
  const body = saved
    ? await changeWatchlist("POST", "/api/account/watchlist", { vehicle_ids: [car.id] })
    : await changeWatchlist("DELETE", `/api/account/watchlist?id=${car.id}`);
  if (state.status === "ready") set({ ...state, watchlist: body.watchlist });
  mirror(body.watchlist);
}

/** Signs out, and leaves nothing of the account in this browser (a shared computer keeps no one's list). */
export async function signOut(): Promise<void> {
  // a load still merging must finish first, or it could write the account back into this browser
  await loading;
  await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  track(EVENT_IDS.signOut);
  for (const key of [FAVOURITES_KEY, SYNCED_KEY, USER_DETAILS_KEY]) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* storage blocked */
    }
  }
  // a whole new page load on purpose: no signed-in state may survive in this tab
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/");
}
