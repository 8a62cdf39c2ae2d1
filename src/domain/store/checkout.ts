import "../zod-config";
import { z } from "zod";
import { MSG, ZIP_MESSAGE } from "../leads/messages";
import { phoneError, type PhoneMarket } from "../leads/phone";

/**
 * Reserve online (SPEC §3 enable_store, issue 13 part 5): a refundable deposit holds a car for the
 * buyer while the dealer calls them. The amounts and rules are here; the payment provider is an
 * interface on the server.
 */

/** The refundable deposit, in the site's currency's minor units (cents). */
export const DEPOSIT_CENTS = 50_000;
/** An order not paid within this many minutes lets the car go again. */
export const HOLD_MINUTES = 30;
/** How long the dealer holds a paid reservation before it calls the buyer, as the pages promise. */
export const CALL_BACK_HOURS = 24;

export const STORE_MSG = {
  taken: "Sorry, this car has just been reserved by another buyer.",
  unavailable: "This car cannot be reserved online. Please contact us about it.",
  unknownOrder: "We could not find that reservation.",
} as const;

export type ReservableVehicle = { status: "in_stock" | "coming_soon" | "sold"; price: number | null; listed: boolean };

/** A car can be reserved online when it is listed, in stock and has a price (a deposit on "Enquire for price." would be odd). */
export function canReserve(v: ReservableVehicle): boolean {
  return v.listed && v.status === "in_stock" && v.price !== null && v.price > 0;
}

/** The checkout form: who is reserving (the lead forms' rules for each field). */
export function checkoutSchema(country: string) {
  const market: PhoneMarket = country === "NZ" ? "NZ" : country === "US" ? "US" : "AU";
  const required = z.string({ error: MSG.required }).trim().min(1, MSG.required);
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
