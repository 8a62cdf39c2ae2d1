"use client";

/**
 * The reservations made in this browser: written by the confirmation page, read by the
 * vehicle page, whose reserved banner then says the car is the buyer's own instead of another
 * buyer's. Nothing personal: the car's slug, the reservation number, its state and its end.
 */
import { readJson, writeJson } from "./storage";

const KEY = "my_reservations";
export type MyReservation = { slug: string; number: string; status: "pending" | "paid"; until: string };

export function myReservations(): MyReservation[] {
  const v = readJson<unknown>(KEY, []);
  return Array.isArray(v)
    ? v.filter(
        (r): r is MyReservation =>
          !!r &&
          typeof r.slug === "string" &&
          typeof r.number === "string" &&
          (r.status === "pending" || r.status === "paid") &&
          typeof r.until === "string" &&
          !Number.isNaN(Date.parse(r.until)),
      )
    : [];
}

/** Keeps (or replaces) this car's reservation; a cancelled or lapsed one is forgotten. */
export function rememberReservation(r: MyReservation | { slug: string; status: "cancelled" | "expired" }) {
  const others = myReservations().filter((x) => x.slug !== r.slug && Date.parse(x.until) > Date.now());
  writeJson(KEY, r.status === "pending" || r.status === "paid" ? [...others, r].slice(-10) : others);
}

/** This browser's live reservation of the car, if any. */
export function myReservationOf(slug: string, now = Date.now()): MyReservation | null {
  return myReservations().find((r) => r.slug === slug && Date.parse(r.until) > now) ?? null;
}
