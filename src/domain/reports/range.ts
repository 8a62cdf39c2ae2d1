import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { localTime } from "../locations/hours";

/*
 * The period a report covers, in the site's own days: a preset (the last 7, 30 or 90
 * days, the last 12 months) or two dates, grouped by day, week (Monday to Sunday) or month, with
 * the period of the same length just before it beside it. Dates are "YYYY-MM-DD" in the site's
 * time zone; the server turns them into instants.
 */

export const REPORT_PRESETS = { "7d": 7, "30d": 30, "90d": 90, "12m": 365 } as const;
export type ReportPreset = keyof typeof REPORT_PRESETS;
export const PRESET_LABELS: Record<ReportPreset, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
};
export const GROUPINGS = ["day", "week", "month"] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const GROUPING_LABELS: Record<Grouping, string> = { day: "By day", week: "By week", month: "By month" };
/** The longest period a report covers (a little over a year: a year and its previous period are kept) */
export const MAX_REPORT_DAYS = 400;

export type ReportRange = {
  /** first and last day, inclusive */
  from: string;
  to: string;
  by: Grouping;
  /** the preset it came from, when it did */
  preset: ReportPreset | null;
  /** the period of the same length just before */
  previous: { from: string; to: string };
  days: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (d: string, n: number) => fromMs(toMs(d) + n * DAY_MS);
export const daysBetween = (a: string, b: string) => Math.round((toMs(b) - toMs(a)) / DAY_MS);
/** A real calendar date "YYYY-MM-DD" (not 2026-02-30; a month or day out of range parses as NaN, which has no ISO form). */
export const isDate = (d: string): boolean => DATE.test(d) && Number.isFinite(toMs(d)) && fromMs(toMs(d)) === d;

/** The range form's fields (GET: `?preset=30d` or `?from=2026-01-01&to=2026-03-31`, and `by`), as the page and the CSV read them. */
export const ReportQuerySchema = z
  .object({
    preset: z.enum([...(Object.keys(REPORT_PRESETS) as ReportPreset[]), "custom"], { error: "Choose a period." }).optional(),
    from: textLine().refine(isDate, "Enter the first day as a date.").optional(),
    to: textLine().refine(isDate, "Enter the last day as a date.").optional(),
    by: z.enum(GROUPINGS, { error: "Choose day, week or month." }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "The first day must come before the last.", path: ["to"] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < MAX_REPORT_DAYS, {
    error: `Choose at most ${MAX_REPORT_DAYS} days.`,
    path: ["from"],
  });

/** The grouping that keeps a chart readable: days up to a month, weeks up to half a year, then months. */
export const defaultGrouping = (days: number): Grouping => (days <= 31 ? "day" : days <= 182 ? "week" : "month");

/**
 * The range a query asks for, `today` being the site's date now: a preset, or the two dates (with
 * `preset=custom` or no preset); a last day after today is today; nothing asked means the last 30
 * days. Null when the query is not valid (the caller answers with the schema's messages).
 */
export function reportRange(query: Record<string, string | undefined>, today: string): ReportRange | null {
  const parsed = ReportQuerySchema.safeParse(query);
  if (!parsed.success) return null;
  const q = parsed.data;
  let from: string;
  let to: string;
  let preset: ReportPreset | null = null;
  if (q.from && q.to && (!q.preset || q.preset === "custom")) {
    to = q.to > today ? today : q.to;
    from = q.from > to ? to : q.from;
  } else {
    preset = q.preset && q.preset !== "custom" ? q.preset : "30d";
    to = today;
    from = addDays(today, -(REPORT_PRESETS[preset] - 1));
  }
  const days = daysBetween(from, to) + 1;
  return {
    from,
    to,
    by: q.by ?? defaultGrouping(days),
    preset,
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
    days,
  };
}

/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's first. */
export function bucketOf(day: string, by: Grouping): string {
  if (by === "day") return day;
  if (by === "month") return `${day.slice(0, 8)}01`;
  const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** Every bucket of a period in order (the first may start before `from`). */
export function buckets(from: string, to: string, by: Grouping): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const b = bucketOf(d, by);
    if (out.at(-1) !== b) out.push(b);
  }
  return out;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A bucket as a person reads it: "3 Nov", "w/c 3 Nov", "Nov 2026". */
export function bucketLabel(bucket: string, by: Grouping): string {
  const [y, m, d] = bucket.split("-").map(Number) as [number, number, number];
  if (by === "month") return `${MONTHS[m - 1]} ${y}`;
  return `${by === "week" ? "w/c " : ""}${d} ${MONTHS[m - 1]}`;
}

/** "1 Nov 2026 – 30 Nov 2026". */
export function periodLabel(from: string, to: string): string {
  const one = (s: string) => {
    const [y, m, d] = s.split("-").map(Number) as [number, number, number];
    return `${d} ${MONTHS[m - 1]} ${y}`;
  };
  return from === to ? one(from) : `${one(from)} – ${one(to)}`;
}

/** The change from the previous period as people read it: "+25%", "−10%", "new" (from none), "no change". */
export function changeLabel(now: number, before: number): string {
  if (now === before) return "no change";
  if (before === 0) return "new";
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? "no change" : `${pct > 0 ? "+" : "−"}${Math.abs(pct)}%`;
}

/** The date of an instant in a time zone, "YYYY-MM-DD" (through localTime's kept offsets: a report asks for hundreds of cars' days). */
export function localDay(instant: number | Date, timeZone: string): string {
  return localTime(typeof instant === "number" ? instant : instant.getTime(), timeZone).date;
}
