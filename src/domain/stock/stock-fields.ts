import { z } from "zod";
import { textBlock, textLine } from "../text-schema";
import { INVALID_CHARACTERS_MESSAGE } from "../leads/messages";
import { DRIVE_AWAY, EXCL_GOVT_CHARGES, priceTypeOf } from "./import-columns";

/*
 * The fields of a car as a stock CSV row and a car added or edited by hand both take them: the same
 * names, rules and messages (docs/features/back-office.md). import.ts adds the photos' addresses for a
 * file; vehicle-form.ts adds features and the listing switches for the back-office. Pure.
 */

export const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (max: number) => z.preprocess(blankToUndefined, textLine().trim().max(max, `Keep it under ${max} characters`).optional());
/** Line breaks as "\n" whatever sent them (a Windows export's "\r\n", a form's): a file and an edit store the same text. */
export const oneLineBreak = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v);
/** A cell with lines (a description): tabs and line breaks kept. */
const block = (max: number) =>
  z.preprocess((v) => blankToUndefined(oneLineBreak(v)), textBlock().trim().max(max, `Keep it under ${max} characters`).optional());
/**
 * A number typed as text is read only when written in decimal digits: Number() would also take "0x10",
 * "0b11", "1e3" or "Infinity", which no one means as a price. Anything else becomes NaN, refused with
 * the field's message.
 */
const decimal = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? v : Number.NaN);
export const whole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : decimal(v.replace(/[$,\s]/g, ""))) : v),
    z.coerce
      .number({ error: `Enter ${label} as a whole number` })
      .int(`Enter ${label} as a whole number`)
      .min(min, `Enter ${label} of at least ${min.toLocaleString("en-AU")}`)
      .max(max, `Enter ${label} of at most ${max.toLocaleString("en-AU")}`)
      .optional(),
  );

/** The price types the storefront knows (priceTypeLabel says each in a market's words). */
export const PRICE_TYPES = [DRIVE_AWAY, EXCL_GOVT_CHARGES] as const;
const PRICE_TYPE_MESSAGE = `Choose the price type: ${PRICE_TYPES.join(" or ")}`;
const priceType = z.preprocess(
  blankToUndefined,
  textLine({ error: PRICE_TYPE_MESSAGE })
    .transform((v, ctx) => priceTypeOf(v) ?? (ctx.addIssue({ code: "custom", message: PRICE_TYPE_MESSAGE }), z.NEVER))
    .optional(),
);

/*
 * What the editor offers for the body, fuel, transmission and drive: the words the storefront's cards,
 * filters and keyword search read (as the demo's and most feeds' stock has them). A feed may still send
 * others (they are kept and shown as sent); the editor keeps offering a car's own.
 */
export const BODY_TYPES = [
  ...["hatch", "sedan", "wagon", "SUV", "utility", "cab chassis", "coupe", "convertible", "van", "people mover", "bus"],
  ...["tray", "tipper", "pantech", "prime mover"],
  ...["campervan", "motorhome", "class c motorhome", "caravan", "fifth wheel", "travel trailer"],
  ...["adventure", "cruiser", "enduro", "naked", "scooter", "sport", "touring", "trail"],
] as const;
export const FUELS = ["Petrol", "Diesel", "Hybrid", "Plug-in Hybrid", "Electric", "LPG", "Gasoline", "None"] as const;
export const TRANSMISSIONS = ["Automatic", "Manual", "Automated Manual", "None"] as const;
export const DRIVES = ["FWD", "RWD", "AWD", "4WD", "4x2", "6x4", "Chain", "Belt", "Shaft", "Towed"] as const;

/** A list's choices for a select: "" (not said) first, then the list, then the car's own value when the list lacks it. */
export function choicesOf(list: readonly string[], current: string): string[] {
  return ["", ...list, ...(current && !list.includes(current) ? [current] : [])];
}

/*
 * A make or model has to be seen: one of only invisible characters (zero-width spaces, joiners) or
 * right-to-left controls would list a car with no name, and a direction control inside a name can make
 * it read as another; neither comes from a real feed.
 */
const VISIBLE = /[^\p{Cf}\p{Z}\p{Cc}\u034F\u115F\u1160\u2800\u3164\uFFA0]/u;
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const name = (what: string, max: number) =>
  textLine({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(max)
    .refine((v) => VISIBLE.test(v), `Enter the ${what}`)
    .refine((v) => !DIRECTION_CONTROL.test(v), INVALID_CHARACTERS_MESSAGE);

export const STATUSES = ["in_stock", "coming_soon", "sold"] as const;
export const CAR_TYPES = ["new", "used", "demo"] as const;

export function stockFields(thisYear: number) {
  return {
    stock_number: textLine({ error: "Enter the stock number" })
      .trim()
      .min(1, "Enter the stock number")
      .max(40, "Keep the stock number under 40 characters")
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "Use letters, digits, '.', '_', '/' or '-' in the stock number"),
    vin: z.preprocess(
      blankToUndefined,
      textLine()
        .trim()
        .toUpperCase()
        .regex(/^[A-HJ-NPR-Z0-9]{17}$/, "A VIN has 17 letters and digits (no I, O or Q)")
        .optional(),
    ),
    rego: text(12),
    make: name("make", 60),
    model: name("model", 80),
    badge: text(80),
    series: text(40),
    year: z.preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : decimal(v.trim())) : v),
      z.coerce
        // blank: asked for; anything but digits ("0x7E9", "2.02e3"): four digits
        .number({ error: (iss) => (iss.input === undefined ? "Enter the year" : "Enter the year as four digits") })
        .int("Enter the year as four digits")
        .min(1900, "Enter a year from 1900")
        .max(thisYear + 1, `Enter a year up to ${thisYear + 1}`),
    ),
    car_type: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(CAR_TYPES, { error: "Enter new, used or demo" }),
    ),
    price: whole("the price", 0, 10_000_000),
    price_type: priceType,
    subscription_weekly: whole("the weekly subscription price", 1, 100_000),
    odometer: whole("the odometer", 0, 5_000_000),
    colour: text(40),
    body_type: text(40),
    fuel: text(40),
    transmission: text(40),
    drive: text(20),
    seats: whole("the seats", 0, 100),
    doors: whole("the doors", 0, 10),
    location_id: whole("the location id", 1, 2_147_483_647),
    status: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .trim()
              .toLowerCase()
              .replace(/[\s-]+/g, "_") || undefined
          : v,
      z.enum(STATUSES, { error: "Enter in_stock, coming_soon or sold" }).optional(),
    ),
    description: block(5000),
  };
}
