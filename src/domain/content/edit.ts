import { z } from "zod";
import { textBlock, textLine } from "../text-schema";
import { localTime } from "../locations/hours";
import { isDate } from "../reports/range";
import type { LinkRules } from "../site/links";
import { blogBase, pageHref } from "./content";
import type { ContentEntry } from "./types";

/*
 * Editing a site's content in the back-office: pages, blog posts and offers, written in
 * Markdown (rendered through the sanitizer like every entry, src/domain/content/markdown). Dates are
 * the dealer's days: published from the start of the day, an offer ends at the end of its day.
 */

export const EDITABLE_KINDS = ["page", "post", "offer"] as const;
export type EditableKind = (typeof EDITABLE_KINDS)[number];
export const KIND_LABELS: Record<EditableKind, string> = { page: "Page", post: "Blog post", offer: "Offer" };

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    textLine().trim().max(max, `Keep the ${label} under ${max} characters`).nullable().default(null),
  );
const money = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.replace(/[$,\s]/g, "")) : v),
    z.coerce
      .number({ error: `Enter ${label} in whole dollars` })
      .int(`Enter ${label} in whole dollars`)
      .min(0)
      .max(10_000_000)
      .nullable()
      .default(null),
  );

export const ContentEditSchema = z
  .object({
    kind: z.enum(EDITABLE_KINDS, { error: "Choose page, post or offer" }),
    slug: textLine()
      .trim()
      .toLowerCase()
      .min(1, "Enter the address (slug)")
      .max(100, "Keep the address under 100 characters")
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, e.g. winter-service-special"),
    title: textLine().trim().min(1, "Enter the title").max(200, "Keep the title under 200 characters"),
    summary: textBlock().trim().max(300, "Keep the summary under 300 characters").default(""),
    body: textBlock().max(50_000, "Keep the text under 50,000 characters").default(""),
    image: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      textLine()
        .trim()
        .max(2048)
        .regex(/^(\/(?!\/)[^\s"'<>\\]*|https:\/\/[^\s"'<>\\]+)$/, "Use a site path (/photos/…) or an https address")
        .nullable()
        .default(null),
    ),
    author: optionalText(100, "author"),
    make: optionalText(60, "brand"),
    published_on: textLine().regex(DAY, "Enter the date as YYYY-MM-DD").refine(isDate, "Enter a date that exists"),
    expires_on: z.preprocess(
      (v) => (v === "" ? null : v),
      textLine().regex(DAY, "Enter the date as YYYY-MM-DD").refine(isDate, "Enter a date that exists").nullable().default(null),
    ),
    price: money("the price"),
    saving: money("the saving"),
    subscription_weekly: money("the weekly price"),
    terms: optionalText(2000, "terms"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.expires_on && v.expires_on < v.published_on)
      ctx.addIssue({ code: "custom", path: ["expires_on"], message: "The offer must end on or after the day it starts" });
    if (v.kind !== "offer" && (v.expires_on || v.price !== null || v.saving !== null || v.subscription_weekly !== null || v.terms))
      ctx.addIssue({ code: "custom", path: ["kind"], message: "Only an offer has an end date, prices and terms" });
  });
export type ContentEdit = z.infer<typeof ContentEditSchema>;

/** The instant a wall-clock day starts in a time zone (two passes over the zone's offset; DST-safe for midnight). */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const offsetAt = (instant: number) => {
    const l = localTime(instant, timeZone);
    const [ly, lm, ld] = l.date.split("-").map(Number) as [number, number, number];
    return Date.UTC(ly, lm - 1, ld) + l.minutes * 60_000 - Math.floor(instant / 60_000) * 60_000;
  };
  const first = utc - offsetAt(utc);
  return new Date(utc - offsetAt(first));
}

/** The form's values as the entry's fields: published at the start of its day, an offer ending at the end of its last day. */
export function contentFields(e: ContentEdit, timeZone: string) {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    kind: e.kind,
    slug: e.slug,
    title: e.title,
    summary: e.summary,
    body: e.body,
    image: e.image,
    author: e.author,
    make: e.make,
    publishedAt: zonedDayStart(e.published_on, timeZone),
    expiresAt: e.expires_on ? new Date(zonedDayStart(nextDay(e.expires_on), timeZone).getTime() - 1) : null,
    price: e.price,
    saving: e.saving,
    subscriptionWeekly: e.subscription_weekly,
    terms: e.terms,
  };
}

/** An entry as the form shows it (dates as the dealer's days). */
export function contentFormValues(c: ContentEntry, timeZone: string): Record<keyof ContentEdit, string> {
  return {
    kind: c.kind,
    slug: c.slug,
    title: c.title,
    summary: c.summary,
    body: c.body,
    image: c.image ?? "",
    author: c.author ?? "",
    make: c.make ?? "",
    published_on: localTime(c.publishedAt.getTime(), timeZone).date,
    expires_on: c.expiresAt ? localTime(c.expiresAt.getTime(), timeZone).date : "",
    price: c.price === null ? "" : String(c.price),
    saving: c.saving === null ? "" : String(c.saving),
    subscription_weekly: c.subscriptionWeekly === null ? "" : String(c.subscriptionWeekly),
    terms: c.terms ?? "",
  };
}

/** Where an entry is on the public site (pages by the site's link rules, posts under its blog, offers under /special-offers). */
export function publicContentHref(kind: EditableKind, slug: string, rules: LinkRules): string {
  if (kind === "page") return pageHref(slug, rules);
  if (kind === "post") return `${blogBase(rules)}/${slug}`;
  return `/special-offers/${slug}`;
}
