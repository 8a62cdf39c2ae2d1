"use client";

import { readJson, writeJson } from "./storage";

/** Stored user details: name, last_name, email, phone, postcode — prefilled on the next form. */
export type StoredUserDetails = { name?: string; last_name?: string; email?: string; phone?: string; postcode?: string };
const KEY = "user_details";

/** Each field's longest stored value; checked by hand (zod here would put ~20 KB of script on every form page). */
const MAX: Record<keyof StoredUserDetails, number> = { name: 100, last_name: 100, email: 254, phone: 30, postcode: 10 };

/** The stored details, if they are an object of short strings; anything else in storage is ignored. */
export function parseUserDetails(v: unknown): StoredUserDetails | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const out: StoredUserDetails = {};
  for (const key of Object.keys(MAX) as Array<keyof StoredUserDetails>) {
    const value = o[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.length > MAX[key]) return null;
    out[key] = value;
  }
  return out;
}

export function loadUserDetails(): StoredUserDetails {
  return parseUserDetails(readJson<unknown>(KEY, {})) ?? {};
}

export function saveUserDetails(d: StoredUserDetails) {
  const details = parseUserDetails(d);
  if (details) writeJson(KEY, details);
}
