import { z } from "zod";
import { isDate } from "../reports/range";
import { internationalPhone } from "../locations/geo";
import type { Country } from "../site/types";
import { textBlock, textLine } from "../text-schema";

/*
 * The salesperson's answer to a lead from a phone (docs/features/back-office.md): the outcome of a
 * call they logged with its follow-up day, and the site's reply templates that fill the one-tap SMS
 * and email with the shopper's first name, the car, the salesperson and the site.
 */

export const CALL_OUTCOMES = ["answered", "no_answer", "voicemail", "not_interested", "test_drive_booked"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  answered: "Answered",
  no_answer: "No answer",
  voicemail: "Left voicemail",
  not_interested: "Not interested",
  test_drive_booked: "Booked test drive",
};
/** Outcomes where the shopper was reached (or left a message): the lead counts as contacted. */
export const reachedShopper = (o: CallOutcome): boolean => o !== "no_answer";

/** Leads still being worked: only these have a follow-up to chase (won and lost ones are done). */
export const OPEN_STATUSES = ["new", "contacted"] as const;
/** Whether a lead's follow-up day has come: an open lead, its day on or before the site's today (YYYY-MM-DD). */
export const followUpDue = (status: string, followUpOn: string | null, today: string): boolean =>
  followUpOn !== null && (OPEN_STATUSES as readonly string[]).includes(status) && followUpOn <= today;

/** POST /api/admin/leads/{id}/calls: what happened, a note, and the day to try again (optional). */
export const LeadCallSchema = z
  .object({
    outcome: z.enum(CALL_OUTCOMES, { error: "Choose what happened" }),
    note: textBlock().trim().max(2000, "Keep the note under 2,000 characters").default(""),
    follow_up_on: textLine()
      .trim()
      .refine((d) => d === "" || (isDate(d) && d >= "2000-01-01" && d <= "2100-12-31"), "Enter the day as a date, e.g. 2026-12-01")
      .default("")
      .transform((d) => d || null),
  })
  .strict();
export type LeadCall = z.infer<typeof LeadCallSchema>;

// — reply templates —

export const PLACEHOLDERS = ["first_name", "car", "salesperson", "site"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type ReplyTemplates = { sms: string; email_subject: string; email_body: string };

export const DEFAULT_REPLY_TEMPLATES: ReplyTemplates = {
  sms: "Hi {first_name}, it's {salesperson} from {site}. Thanks for your enquiry about the {car}. When is a good time for a quick call?",
  email_subject: "Your enquiry about the {car}",
  email_body:
    "Hi {first_name},\n\nThanks for your enquiry about the {car}. I'd be glad to answer any questions, arrange a test drive or work out a price with you.\n\nWhen suits you for a quick call?\n\nKind regards,\n{salesperson}\n{site}",
};

const ANY_PLACEHOLDER = /\{([a-z_]+)\}/g;
const onlyKnownPlaceholders = (s: string) =>
  [...s.matchAll(ANY_PLACEHOLDER)].every((m) => (PLACEHOLDERS as readonly string[]).includes(m[1]!));
const PLACEHOLDER_MESSAGE = "Use only {first_name}, {car}, {salesperson} or {site} in braces";

const template = (kind: "line" | "block", max: number, what: string) =>
  (kind === "line" ? textLine() : textBlock())
    .trim()
    .min(1, `Write the ${what}`)
    .max(max, `Keep the ${what} under ${max.toLocaleString("en-AU")} characters`)
    .refine(onlyKnownPlaceholders, PLACEHOLDER_MESSAGE);

export const ReplyTemplatesSchema = z
  .object({
    sms: template("block", 480, "text message"),
    email_subject: template("line", 150, "subject"),
    email_body: template("block", 3000, "email"),
  })
  .strict();

/** The site's templates with the defaults for any not stored (or stored unreadably). */
export function replyTemplatesOf(stored: unknown): ReplyTemplates {
  const r = ReplyTemplatesSchema.partial().safeParse(stored ?? {});
  const got = r.success ? r.data : {};
  return {
    sms: got.sms || DEFAULT_REPLY_TEMPLATES.sms,
    email_subject: got.email_subject || DEFAULT_REPLY_TEMPLATES.email_subject,
    email_body: got.email_body || DEFAULT_REPLY_TEMPLATES.email_body,
  };
}

/**
 * The template with its placeholders filled: a missing first name reads "there" ("Hi there"), a
 * lead without a car "car". Values are put in as they are (never read as placeholders themselves).
 */
export function fillTemplate(text: string, values: Partial<Record<Placeholder, string | null>>): string {
  const fallback: Record<Placeholder, string> = { first_name: "there", car: "car", salesperson: "the team", site: "us" };
  return text.replace(ANY_PLACEHOLDER, (whole, key: string) =>
    (PLACEHOLDERS as readonly string[]).includes(key) ? values[key as Placeholder]?.trim() || fallback[key as Placeholder] : whole,
  );
}

/** A one-tap text message to the number, its body filled in (RFC 5724's `?body=`). */
export function smsHref(phone: string, body: string, country: Country = "AU"): string {
  return `sms:${internationalPhone(phone, country)}?body=${encodeURIComponent(body)}`;
}

/** A one-tap email with its subject and body; line breaks as CRLF, as mail expects (RFC 6068). */
export function mailtoHref(email: string, subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, "\r\n"));
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${enc(subject)}&body=${enc(body)}`;
}

// — where the shopper came from —

export type VisitedPage = { kind: "vehicle"; slug: string; path: string } | { kind: "page"; label: string; path: string };

const NAMED_PAGES: Record<string, string> = {
  "/": "Home page",
  "/search": "Search",
  "/favourites": "Favourites",
  "/my-garage": "My garage",
};

/**
 * A page of the shopper's visit as staff read it: a car's page by its slug (the caller names the
 * car), any other page by its words ("/trade-in-valuation" → "Trade in valuation"). Query strings and
 * fragments are dropped; an unreadable path is shown as it is.
 */
export function visitedPage(raw: string): VisitedPage {
  const path = raw.split(/[?#]/)[0] || "/";
  const car = /^\/(?:cars|motorcycles|campers)\/([^/]+)(?:\/checkout)?\/?$/.exec(path);
  let slug: string | null = null;
  if (car) {
    try {
      slug = decodeURIComponent(car[1]!);
    } catch {
      slug = null;
    }
  }
  if (slug) return { kind: "vehicle", slug, path };
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (NAMED_PAGES[trimmed]) return { kind: "page", label: NAMED_PAGES[trimmed], path };
  const last = trimmed.split("/").filter(Boolean).at(-1);
  let words: string | null = null;
  try {
    words = last ? decodeURIComponent(last).replace(/[-_]+/g, " ").trim() : null;
  } catch {
    words = null;
  }
  return { kind: "page", label: words ? words[0]!.toUpperCase() + words.slice(1) : path, path };
}
