import "../zod-config";
import { z } from "zod";
import { textBlock, textLine } from "../text-schema";
import {
  ADDITIONAL_SERVICES,
  DEFAULT_CATEGORY,
  DEPENDS_ON,
  ENQUIRY_TYPES,
  LEAD_SOURCES,
  phoneMarketOf,
  STATE_CODES,
  todayAt,
  visibleFields,
} from "./forms";
import { slotsFor, type FieldName, type FormDef, type FormRules } from "./forms";
import { FAR_DATE_MESSAGE, MSG, NUMBER_MESSAGE, PAST_DATE_MESSAGE, ZIP_MESSAGE } from "./messages";
import { phoneError } from "./phone";
import { isoDate, isOfferedSlot } from "./test-drive";

/** Test drives (the validation rules have no words for these): a day and a time the location is open. */
export const CLOSED_DAY_MESSAGE = "Please choose a day when we are open.";
export const TIME_MESSAGE = "Please choose a time when we are open.";

/*
 * The zod side of the form table (forms.ts): one schema per form and site, used by the browser form
 * (components/forms/lead-check.ts) and by the lead API alike, with the field types flowing to both.
 */

/** Text a stranger typed: never NUL/control characters or lone surrogates (they cannot be stored). */
export const cleanText = (max: number) => textBlock().max(max);
const req = textBlock({ error: MSG.required }).trim().min(1, { message: MSG.required, abort: true });

/**
 * A whole number, as a number or as digits (the browser's selects send strings). Never `null`,
 * `[]`, booleans, blanks, decimals or hex, which `z.coerce.number` would quietly turn into numbers.
 */
export function wholeNumber(message: string = MSG.required) {
  return z
    .union(
      [
        z.number({ error: message }),
        textLine({ error: message })
          .trim()
          .regex(/^\d{1,12}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message));
}
const alpha = /^[\p{L}\s]+$/u;
const REGO = /^[A-Za-z0-9 ]{1,9}$/;

/** Every field's schema for a form and site: one typed table, so the form's values are typed end to end. */
function fieldSchemas(form: FormDef, rules: FormRules) {
  const isOptional = (name: FieldName) =>
    form.optional.includes(name) || (name === "message" && form.kind === "contact" && rules.messageOptional);
  const text = (name: FieldName, inner: z.ZodType<string, string>) =>
    isOptional(name)
      ? z
          .union([z.literal(""), inner])
          .optional()
          .default("")
      : inner;
  const name = req.max(50).regex(alpha, MSG.alpha);
  const amount = (f: "odometer" | "loan_amount") =>
    isOptional(f) ? optionalWholeNumber(100_000_000) : wholeNumber().pipe(z.number().max(100_000_000, MSG.required));
  return {
    first_name: text("first_name", name),
    middle_name: text("middle_name", name),
    last_name: text("last_name", name),
    email: text("email", req.max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.email)),
    phone: text(
      "phone",
      req.max(30).superRefine((v, ctx) => {
        const e = phoneError(v, phoneMarketOf(form, rules));
        if (e) ctx.addIssue({ code: "custom", message: e });
      }),
    ),
    postcode: text("postcode", rules.zip ? req.regex(/^\d{5}$/, ZIP_MESSAGE) : req.regex(/^\d{4}$/, MSG.postcode)),
    category: z.enum(ENQUIRY_TYPES, { error: MSG.required }).default(DEFAULT_CATEGORY),
    // one the site does not have is refused, unless the site sets it on every lead anyway (overridden, as the spec says)
    location: wholeNumber().refine((id) => rules.overrides?.location || rules.locationIds.includes(id), MSG.required),
    dealership_slug: req.refine((s) => rules.overrides?.dealership || rules.dealershipSlugs.includes(s), MSG.required),
    day: wholeNumber().pipe(z.number().min(1, MSG.required).max(31, MSG.required)),
    month: wholeNumber().pipe(z.number().min(1, MSG.required).max(12, MSG.required)),
    year: wholeNumber().pipe(z.number().min(1900, MSG.required).max(2100, MSG.required)),
    Rego: text("Rego", req.regex(REGO, "Please enter a valid rego.")),
    // no default here: a state is the shopper's only beside a rego (see withoutHiddenFields)
    state: z.union([z.literal(""), z.enum(STATE_CODES, { error: MSG.required })], { error: MSG.required }).optional(),
    additional_services: z.array(z.enum(ADDITIONAL_SERVICES)).max(ADDITIONAL_SERVICES.length).default([]),
    odometer: amount("odometer"),
    loan_amount: amount("loan_amount"),
    where_did_you_hear: z
      .union([z.literal(""), z.enum(LEAD_SOURCES)])
      .optional()
      .default(""),
    // optional; the form's box starts ticked, but a lead that does not say is not taken as a yes
    opt_in: z.boolean().optional(),
    trade_vehicle: text("trade_vehicle", req.max(120)),
    company: text("company", req.max(120)),
    position: text("position", req.max(120)),
    message: text("message", req.max(5000)),
    time: text("time", textLine({ error: TIME_MESSAGE }).regex(/^\d{2}:\d{2}$/, TIME_MESSAGE)),
  } satisfies Record<FieldName, z.ZodType>;
}

/** An optional whole number: empty → "", anything else must be a whole number up to `max`. */
function optionalWholeNumber(max: number) {
  const inner = wholeNumber(NUMBER_MESSAGE).pipe(z.number().max(max, NUMBER_MESSAGE));
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number | "" => {
      if (v === undefined || v === "") return "";
      const r = inner.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: "custom", message: NUMBER_MESSAGE });
      return z.NEVER;
    });
}

type AllFields = z.ZodObject<ReturnType<typeof fieldSchemas>>;
/** What a form's fields take (the browser's strings and numbers) and give (parsed): only its visible fields are present. */
export type LeadFormInput = Partial<z.input<AllFields>>;
export type LeadFormValues = Partial<z.output<AllFields>>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === "";

/**
 * A field that shows only once another has a value (the state beside a rego) is the
 * shopper's only when they saw it: without its parent it is left out, whatever the browser or a
 * caller sent, so no default the shopper never saw reaches a lead.
 */
export function withoutHiddenFields<T extends Partial<Record<FieldName, unknown>>>(values: T): T {
  const out: Partial<Record<FieldName, unknown>> = { ...values };
  for (const [child, parent] of Object.entries(DEPENDS_ON) as Array<[FieldName, FieldName]>)
    if (isEmpty(out[parent]) || isEmpty(out[child])) delete out[child];
  return out as T;
}

/** Why a booking's date (YYYY-MM-DD) cannot be booked from `today`, or null: dates compare as text. */
function bookingDateMessage(date: string, today: string): string | null {
  if (date < today) return PAST_DATE_MESSAGE;
  const yearAhead = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return date > yearAhead ? FAR_DATE_MESSAGE : null;
}

/** One zod schema per form and site, used by the browser form and by the server alike. */
export function leadFormSchema(form: FormDef, rules: FormRules): z.ZodType<LeadFormValues, LeadFormInput> {
  const fields = visibleFields(form, rules);
  const mask: Partial<Record<FieldName, true>> = {};
  for (const f of fields) mask[f] = true;
  return z
    .object(fieldSchemas(form, rules))
    .pick(mask)
    .superRefine((v, ctx) => {
      // a field shown beside another (the state beside a rego) is required once it shows
      for (const [child, parent] of Object.entries(DEPENDS_ON) as Array<[FieldName, FieldName]>)
        if (mask[child] && !isEmpty(v[parent]) && isEmpty(v[child])) ctx.addIssue({ code: "custom", path: [child], message: MSG.required });
      if (v.day === undefined || v.month === undefined || v.year === undefined) return;
      const location = v.location ?? (rules.locationIds.length === 1 ? rules.locationIds[0] : undefined);
      const date = isoDate(v.day, v.month, v.year);
      // a test drive is always a slot; a service only where a time was chosen (else its day is a preferred day)
      const slots = form.kind === "test-drive" || v.time ? slotsFor(form.kind, rules) : undefined;
      const real = new Date(Date.UTC(v.year, v.month - 1, v.day));
      if (!slots && (real.getUTCDate() !== v.day || real.getUTCMonth() !== v.month - 1)) {
        ctx.addIssue({ code: "custom", path: ["day"], message: "Please choose a valid date." });
        return;
      }
      // a booking from today on, in the chosen location's own time zone (a day already gone there is gone), to a year ahead
      const range = form.booking && rules.today ? bookingDateMessage(date, todayAt(rules.today, location)) : null;
      if (range) {
        ctx.addIssue({ code: "custom", path: ["day"], message: range });
        return;
      }
      if (slots) {
        // only the days and times the location offers from now (domain/bookings/slots.ts)
        const days = location !== undefined ? (slots[location] ?? []) : [];
        if (!days.some((d) => d.date === date)) ctx.addIssue({ code: "custom", path: ["day"], message: CLOSED_DAY_MESSAGE });
        else if (v.time && !isOfferedSlot(days, date, v.time)) ctx.addIssue({ code: "custom", path: ["time"], message: TIME_MESSAGE });
      }
    })
    .transform((v) => withoutHiddenFields(v));
}
