"use client";

/**
 * The browser's storage, read and written in one way: JSON values, and a storage that is blocked,
 * full or holds junk never breaks a page (reads fall back, writes are skipped).
 */
type Area = "local" | "session";
const area = (a: Area): Storage => (a === "local" ? window.localStorage : window.sessionStorage);

/** The raw string (for callers that parse and check it themselves), or null. */
export function readRaw(key: string, where: Area = "local"): string | null {
  try {
    return area(where).getItem(key);
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, fallback: T, where: Area = "local"): T {
  const raw = readRaw(key, where);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, where: Area = "local"): void {
  try {
    area(where).setItem(key, JSON.stringify(value));
  } catch {
    /* storage blocked or full: nothing is kept */
  }
}
