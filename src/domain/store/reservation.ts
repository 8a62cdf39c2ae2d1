/*
 * A car reserved online (a deposit paid, or a buyer inside their unpaid hold) is that buyer's until
 * the dealer releases the reservation or turns it into a sale: until then its status, its showing on
 * the website and its price stay as the buyer reserved it.
 */

/** What a reserved car is refused, with the way out. */
export const RESERVED_MESSAGE = "This car is reserved online. Release the reservation or convert it to a sale first.";

/** The fields of a car a reservation holds (as the editor and the API name them). */
export const HELD_FIELDS = ["status", "show_on_dealer_website", "price"] as const;

/** The first changed field a reservation holds, or null when the change leaves the reservation alone. */
export function heldField(changed: readonly string[]): (typeof HELD_FIELDS)[number] | null {
  return HELD_FIELDS.find((f) => changed.includes(f)) ?? null;
}

/** A reservation as the back-office shows it. */
export type ReservationView = { number: string; by: string; deposit: string; paid: boolean; until: string | null };

export const depositText = (cents: number, currency: string) =>
  `${currency === "NZD" ? "NZ$" : "$"}${(cents / 100).toLocaleString("en-AU", { maximumFractionDigits: 2 })}`;
