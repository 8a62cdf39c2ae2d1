import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { MSG, ZIP_MESSAGE } from "../leads/messages";
import { phoneError, type PhoneMarket } from "../leads/phone";

/**
 * Reserve online (enable_store): a refundable deposit holds a car for the
 * buyer while the dealer calls them. The amounts and rules are here; the payment provider is an
 * interface on the server.
 */

/** The refundable deposit, in the site's currency's minor units (cents). */
export const DEPOSIT_CENTS = 50_000;
/** An order not paid within this many minutes lets the car go again. */
export const HOLD_MINUTES = 30;
/** How long the dealer holds a paid reservation before it calls the buyer, as the pages promise. */
export const CALL_BACK_HOURS = 24;

/** At most this many unpaid holds per shopper (their account, their email and their connection, each counted). */
export const MAX_UNPAID_HOLDS = 2;

export const STORE_MSG = {
  taken: "Sorry, this car has just been reserved by another buyer.",
  unavailable: "This car cannot be reserved online. Please contact us about it.",
  unknownOrder: "We could not find that reservation.",
  tooManyHolds: `You already hold ${MAX_UNPAID_HOLDS} cars without paying the deposit. Finish paying for one, or wait ${HOLD_MINUTES} minutes for a hold to lapse, before reserving another.`,
} as const;

export type ReservableVehicle = { status: "in_stock" | "coming_soon" | "sold"; price: number | null; listed: boolean };

/** A car can be reserved online when it is listed, in stock and has a price (a deposit on "Enquire for price." would be odd). */
export function canReserve(v: ReservableVehicle): boolean {
  return v.listed && v.status === "in_stock" && v.price !== null && v.price > 0;
}

/** The checkout form: who is reserving (the lead forms' rules for each field). */
export function checkoutSchema(country: string) {
  const market: PhoneMarket = country === "NZ" ? "NZ" : country === "US" ? "US" : "AU";
  const required = textLine({ error: MSG.required }).trim().min(1, MSG.required);
  const name = required.max(50, MSG.alpha).regex(/^[\p{L}\s'-]+$/u, MSG.alpha);
  return z
    .object({
      vehicle_slug: required.max(200),
      first_name: name,
      last_name: name,
      email: required.max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.email),
      phone: required.max(30).superRefine((v, ctx) => {
        const e = phoneError(v, market);
        if (e) ctx.addIssue({ code: "custom", message: e });
      }),
      postcode: country === "US" ? required.regex(/^\d{5}$/, ZIP_MESSAGE) : required.regex(/^\d{4}$/, MSG.postcode),
      accept_terms: z.literal(true, { error: "Please accept the reservation terms." }),
    })
    .strict();
}
export type CheckoutInput = z.infer<ReturnType<typeof checkoutSchema>>;

/** How long a paid reservation holds the car for its buyer (the dealer refunds the deposit on cancelling). */
export const PAID_HOLD_DAYS = 7;

/** Until when an order holds its car: an unpaid one HOLD_MINUTES from its start, a paid one PAID_HOLD_DAYS from payment. */
export function holdEnds(order: { status: string; createdAt: Date; updatedAt: Date }): Date | null {
  if (order.status === "pending") return new Date(order.createdAt.getTime() + HOLD_MINUTES * 60_000);
  if (order.status === "paid") return new Date(order.updatedAt.getTime() + PAID_HOLD_DAYS * 86_400_000);
  return null;
}

/** The reservation number a buyer quotes: the first 8 characters of the order's id, upper case. */
export const reservationNumber = (orderId: string): string => orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
