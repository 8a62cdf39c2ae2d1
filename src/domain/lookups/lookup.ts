import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { cleanText } from "../leads/form-schema";
import { STATE_CODES } from "../leads/forms";

/*
 * Vehicle lookups: rego + state → the vehicle's make, model, year and VIN, on the
 * trade-in and sell-my-car forms. Shared by the lookup form (browser) and the lookup routes.
 */

export type LookupProviderName = "nevdis" | "autograb" | "redbook";

/** A rego as a registry stores it: letters and digits, upper case, no spaces (1–9). */
export const normaliseRego = (rego: string) => rego.replace(/[\s-]/g, "").toUpperCase();

/** A state code in any case ("VIC", "vic", " Vic ") reads as ours ("vic"). */
const stateCode = (message?: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(STATE_CODES as unknown as [string, ...string[]], message),
  );

export const LookupRequestSchema = z
  .object({
    rego: textLine()
      .max(20)
      .transform(normaliseRego)
      .pipe(textLine().regex(/^[A-Z0-9]{1,9}$/, "Please enter a valid rego.")),
    state: stateCode("Please choose the state it is registered in."),
  })
  .strict();
export type LookupRequest = z.infer<typeof LookupRequestSchema>;

export const LookupVehicleSchema = z.object({
  make: cleanText(60).min(1),
  model: cleanText(60).min(1),
  year: z.number().int().min(1900).max(2100),
  vin: textLine()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/)
    .nullable(),
  badge: cleanText(80).nullable(),
  body: cleanText(60).nullable(),
  colour: cleanText(40).nullable(),
});
export type LookupVehicle = z.infer<typeof LookupVehicleSchema>;

/** What the lookup routes answer (200): found with the vehicle, or not found (enter it by hand). */
export type LookupAnswer =
  { found: true; vehicle: LookupVehicle; provider: LookupProviderName } | { found: false; provider: LookupProviderName };

/** The car's line on the form and in the lead: "2019 Toyota Corolla Ascent Sport". */
export const lookupTitle = (v: Pick<LookupVehicle, "year" | "make" | "model" | "badge">) =>
  [v.year, v.make, v.model, v.badge].filter(Boolean).join(" ");

export const CONDITIONS = ["Excellent", "Good", "Fair", "Poor"] as const;
/** A condition as the list writes it, taken in any case ("good", "GOOD" → "Good"): an API client need not match our capitals. */
export const conditionField = (message?: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (CONDITIONS.find((c) => c.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
    z.enum(CONDITIONS, message ? { error: message } : undefined),
  );

/** The trade-in vehicle a lead carries (LeadMetaSchema): looked up, or typed by hand. */
export const TradeInVehicleSchema = z
  .object({
    make: cleanText(60).optional(),
    model: cleanText(60).optional(),
    year: z.number().int().min(1900).max(2100).optional(),
    vin: textLine()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, "Not a VIN.")
      .optional(),
    badge: cleanText(80).optional(),
    rego: textLine()
      .regex(/^[A-Z0-9]{1,9}$/)
      .optional(),
    state: stateCode().optional(),
    odometer: z.number().int().min(0).max(5_000_000).optional(),
    condition: conditionField().optional(),
    source: z.enum(["nevdis", "autograb", "redbook", "manual"]),
  })
  .strict();
export type TradeInVehicle = z.infer<typeof TradeInVehicleSchema>;

/** The trade-in vehicle a lead carries from what a provider found for a rego (the form adds odometer and condition). */
export const tradeInFromLookup = (
  source: TradeInVehicle["source"],
  v: Pick<LookupVehicle, "make" | "model" | "year" | "vin" | "badge">,
  rego: string,
  state: TradeInVehicle["state"],
): TradeInVehicle => ({
  source,
  make: v.make,
  model: v.model,
  year: v.year,
  ...(v.vin ? { vin: v.vin } : {}),
  ...(v.badge ? { badge: v.badge } : {}),
  rego,
  state,
});

export const LOOKUP_MSG = {
  notFound: "We couldn’t find that rego. Please enter your vehicle’s details below.",
  unavailable: "Vehicle lookup isn’t available right now. Please enter your vehicle’s details below.",
  tooMany: "Too many lookups from this connection. Please enter your vehicle’s details by hand.",
} as const;

/**
 * The rego step answered by the page itself (without JavaScript, a GET of the trade-in page with
 * `?rego=&state=`): the rego and state as asked, and the car found (as the lead carries it, and its
 * line for the form), or a note to go on by hand, or the step's own messages.
 */
export type RegoStep = {
  rego: string;
  state: string;
  vehicle?: TradeInVehicle;
  title?: string;
  note?: string;
  errors?: Record<string, string>;
};
