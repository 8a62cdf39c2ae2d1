"use client";

import { useEffect, useSyncExternalStore } from "react";
import { myReservationOf, rememberReservation, type MyReservation } from "@/client/my-reservations";

const noSubscription = () => () => {};
const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );

/**
 * A reserved car's banner: another buyer's reservation for everyone else; the buyer who
 * holds it (this browser made it) reads that it is theirs, until when, and how to cancel.
 */
export function ReservedBanner({
  slug,
  noun,
  phone,
  tel,
  deposit,
  timeZone,
}: {
  slug: string;
  noun: string;
  phone: string | null;
  tel: string | null;
  deposit: string;
  timeZone: string;
}) {
  const mine = useSyncExternalStore(
    noSubscription,
    () => JSON.stringify(myReservationOf(slug)),
    () => "null",
  );
  const r = JSON.parse(mine) as MyReservation | null;
  if (!r)
    return (
      <div role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="reserved-banner">
        <p className="font-bold text-amber-900">This {noun} is reserved by another buyer.</p>
        <p className="mt-1 text-sm text-neutral-800">Ask us about it: if the reservation lapses, it can be yours.</p>
      </div>
    );
  return (
    <div role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4" data-testid="my-reservation">
      <p className="font-bold text-emerald-900">
        {r.status === "paid" ? `You’ve reserved this ${noun}.` : `This ${noun} is held for you while you pay the deposit.`}
      </p>
      <p className="mt-1 text-sm text-neutral-800">
        {r.status === "paid" ? "It is held for you until " : "The hold ends at "}
        <strong data-testid="my-reservation-until">{when(r.until, timeZone)}</strong>. Reservation number{" "}
        <strong className="font-mono">{r.number}</strong>.
      </p>
      <p className="mt-1 text-sm text-neutral-800">
        {r.status === "paid" ? (
          <>
            To cancel and have your {deposit} deposit refunded,{" "}
            {phone && tel ? (
              <a href={tel} className="font-semibold underline">
                call us on {phone}
              </a>
            ) : (
              "call us"
            )}{" "}
            and quote your reservation number.
          </>
        ) : (
          "To cancel, simply don’t pay: the car is free again when the hold ends."
        )}
      </p>
    </div>
  );
}

/** On the confirmation page: this browser remembers the reservation (or forgets a cancelled one). */
export function RememberReservation(props: MyReservation | { slug: string; status: "cancelled" | "expired" }) {
  const key = JSON.stringify(props);
  useEffect(() => rememberReservation(JSON.parse(key) as typeof props), [key]);
  return null;
}
