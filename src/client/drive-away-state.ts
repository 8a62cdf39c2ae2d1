"use client";

import { useSyncExternalStore } from "react";
import { isAuState, type AuState } from "@/domain/pricing/drive-away";
import { readRaw } from "./storage";

/*
 * The state the shopper chose for drive-away estimates (docs/features/finance.md), kept in this
 * browser only: a state code, nothing personal. Every estimate, repayment and calculator on the page
 * follows it at once; until they choose, the site's state.
 */
const KEY = "drive_away_state";
const CHANGED = "drive-away-state";

/** the choice on this page, for a browser whose storage is blocked */
let chosenHere: AuState | null = null;

const read = (): AuState | null => {
  const v = readRaw(KEY);
  return isAuState(v) ? v : chosenHere;
};

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The shopper's state, or `fallback` (the site's) until they choose; the server renders the fallback. */
export function useDriveAwayState(fallback: AuState | null): AuState | null {
  return useSyncExternalStore(subscribe, read, () => null) ?? fallback;
}

export function chooseDriveAwayState(state: AuState): void {
  chosenHere = state;
  try {
    window.localStorage.setItem(KEY, state);
  } catch {
    /* storage blocked: the choice holds on this page only */
  }
  window.dispatchEvent(new Event(CHANGED));
}
