import { textLine } from "../text-schema";
import { storedImageSrc } from "../format/image";

/* The field rules the platform's records share (site, location, dealership). Pure. */

export { EMAIL } from "../leads/delivery";

/** Required text, trimmed, with "Enter …" when missing or empty. */
export const text = (max: number, what: string) =>
  textLine(`Enter ${what}`).trim().min(1, `Enter ${what}`).max(max, `${what} is at most ${max} characters`);
/** Text that may be left out or cleared (null). */
export const optionalText = (max: number, what: string) => text(max, what).nullable().optional();
/** A phone number as a dealer writes it. */
export const phone = (what: string) =>
  textLine(`Enter ${what}`)
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, `Enter ${what} such as (03) 9870 1000`);
/** A picture the pages may show: a path on this platform (/images/{key}) or an https address (the rule of storedImageSrc). */
export const picture = (message: string, tooLong?: string) =>
  textLine()
    .trim()
    .max(2000, tooLong)
    .refine((v) => storedImageSrc(v) !== null, message);
