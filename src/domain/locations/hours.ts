import { formatHours, formatTime, WEEKDAY_NAMES } from "../site/hours";
import type { OpeningHourEntry, OpeningStatus, SpecialHoursEntry, Weekday } from "../site/types";

/** A special-hours entry as stored or as received: start_hour/end_hour, or hours {begin, end}. */
export type RawSpecialHours = {
  date: string;
  status: string;
  name?: string | null;
  location_id?: number | null;
  start_hour?: string | null;
  end_hour?: string | null;
  hours?: { begin?: string | null; end?: string | null } | null;
};

const STATUSES: OpeningStatus[] = ["Open", "Closed", "By Appointment"];
const hhmm = (s: string | null | undefined): string | null => {
  const m = /^(\d{1,2}):(\d{2})/.exec(s ?? "");
  return m ? `${m[1]!.padStart(2, "0")}:${m[2]}` : null;
};

export function normalizeSpecialHours(raw: RawSpecialHours): SpecialHoursEntry {
  const status = (STATUSES.find((s) => s.toLowerCase() === raw.status.toLowerCase()) ?? "Closed") as OpeningStatus;
  return {
    date: raw.date.slice(0, 10),
    name: raw.name ?? null,
    status,
    start_hour: hhmm(raw.start_hour ?? raw.hours?.begin),
    end_hour: hhmm(raw.end_hour ?? raw.hours?.end),
    location_id: raw.location_id ?? null,
  };
}

export type LocalTime = { date: string; weekday: Weekday; minutes: number };

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one (it was a
 * tenth of a lead POST's CPU). A bad zone still throws, as before, and is not kept. The bound only stops
 * growth (there are a few hundred zones in all), so there is nothing to evict and no need for
 * lru-cache here — which would also ship in every form page's JavaScript, as this module does.
 */
const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = ZONE_FORMATS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    if (ZONE_FORMATS.size < 1000) ZONE_FORMATS.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date, weekday (0 = Sunday) and minute of the day at an instant in a time zone, read by Intl. */
function localTimeByIntl(instant: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!) as Weekday;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * A zone's offset from UTC is the same through each quarter hour of UTC: zones change their offset
 * only on a quarter hour (their offsets are whole quarter hours, and they change at a whole or half
 * hour of their own clock). So the offset is read by Intl once a quarter hour and zone, and kept: a
 * report works out thousands of leads' local times. 100,000 quarter hours are over a thousand days of
 * one zone, so the fuse that empties a zone's map trips only on reports spanning years, and then costs
 * one Intl read a quarter hour; not lru-cache, as this module ships in the pages' JavaScript.
 */
const QUARTER = 900_000;
const OFFSETS = new Map<string, Map<number, number>>();
function offsetAt(instant: number, timeZone: string): number {
  const q = Math.floor(instant / QUARTER);
  let zone = OFFSETS.get(timeZone);
  if (!zone) {
    zoneFormat(timeZone); // a bad zone throws here, before anything is kept
    zone = new Map();
    if (OFFSETS.size < 1000) OFFSETS.set(timeZone, zone);
  }
  let offset = zone.get(q);
  if (offset === undefined) {
    const t = localTimeByIntl(q * QUARTER, timeZone);
    offset = Date.parse(`${t.date}T00:00:00Z`) + t.minutes * 60_000 - q * QUARTER;
    if (zone.size >= 100_000) zone.clear();
    zone.set(q, offset);
  }
  return offset;
}

/** The wall-clock date, weekday (0 = Sunday) and minute of the day at an instant in a time zone. */
export function localTime(instant: number, timeZone: string): LocalTime {
  const wall = new Date(instant + offsetAt(instant, timeZone));
  if (Number.isNaN(wall.getTime())) return localTimeByIntl(instant, timeZone);
  return {
    date: wall.toISOString().slice(0, 10),
    weekday: wall.getUTCDay() as Weekday,
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/**
 * The instant a wall-clock time (minutes into `date`) happens in a time zone. A time the clocks skip
 * (the hour lost in spring) is read with the offset before the change, so it lands just after it.
 */
export function instantAt(date: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** An instant as ISO 8601 in a zone's own clock with its offset: "2026-12-08T07:30:00+11:00". */
export function isoInZone(instant: number, timeZone: string): string {
  const offset = offsetAt(instant, timeZone) / 60_000;
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const a = Math.abs(offset);
  return `${wall}${offset < 0 ? "-" : "+"}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")}`;
}

export type DayHours = { status: OpeningStatus; open: string | null; close: string | null; formatted: string; special: string | null };

const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Hours on a date: a special entry for the location wins, then a site-wide special, then the weekly entry. */
export function hoursOn(
  date: string,
  weekday: Weekday,
  weekly: OpeningHourEntry[],
  specials: SpecialHoursEntry[],
  locationId: number | null,
): DayHours {
  const special =
    specials.find((s) => s.date === date && s.location_id !== null && s.location_id === locationId) ??
    specials.find((s) => s.date === date && s.location_id === null);
  if (special) {
    const open = special.status === "Open" ? special.start_hour : null;
    const close = special.status === "Open" ? special.end_hour : null;
    return {
      status: special.status,
      open,
      close,
      formatted: formatHours(special.status, open, close),
      special: special.name ?? "Special hours",
    };
  }
  const e = weekly.find((w) => w.weekday === weekday);
  if (!e) return { status: "Closed", open: null, close: null, formatted: "Closed", special: null };
  return { status: e.status, open: e.open, close: e.close, formatted: formatHours(e.status, e.open, e.close), special: null };
}

export type OpenState = { state: "open" | "closed" | "by-appointment"; label: string; detail: string | null };

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * "Open now / Closed now / Opens at …" in the location's own time zone, not the server's.
 * Hours that close at or before they open run past midnight (e.g. 22:00–02:00).
 * At the closing minute a location is closed.
 */
export function openState(
  instant: number,
  timeZone: string,
  weekly: OpeningHourEntry[],
  specials: SpecialHoursEntry[],
  locationId: number | null,
): OpenState {
  const now = localTime(instant, timeZone);
  const day = (offset: number) => {
    const date = addDays(now.date, offset);
    const weekday = ((((now.weekday + offset) % 7) + 7) % 7) as Weekday;
    return { date, weekday, hours: hoursOn(date, weekday, weekly, specials, locationId) };
  };
  const isOpenPeriod = (h: DayHours) => h.status === "Open" && h.open !== null && h.close !== null;

  // still inside yesterday's overnight period?
  const y = day(-1).hours;
  if (isOpenPeriod(y) && toMinutes(y.close!) <= toMinutes(y.open!) && now.minutes < toMinutes(y.close!)) {
    return { state: "open", label: "Open now", detail: `Closes at ${formatTime(y.close!)}` };
  }
  const t = day(0).hours;
  if (isOpenPeriod(t)) {
    const o = toMinutes(t.open!);
    const c = toMinutes(t.close!);
    const overnight = c <= o;
    if (now.minutes >= o && (overnight || now.minutes < c))
      return { state: "open", label: "Open now", detail: `Closes at ${formatTime(t.close!)}` };
    if (now.minutes < o) return { state: "closed", label: "Closed now", detail: `Opens at ${formatTime(t.open!)}` };
  }
  for (let i = 1; i <= 7; i++) {
    const d = day(i);
    if (isOpenPeriod(d.hours)) {
      const when = i === 1 ? "tomorrow" : WEEKDAY_NAMES[d.weekday];
      if (t.status === "By Appointment")
        return { state: "by-appointment", label: "By Appointment", detail: `Opens ${when} at ${formatTime(d.hours.open!)}` };
      return { state: "closed", label: "Closed now", detail: `Opens ${when} at ${formatTime(d.hours.open!)}` };
    }
  }
  return t.status === "By Appointment"
    ? { state: "by-appointment", label: "By Appointment", detail: null }
    : { state: "closed", label: "Closed now", detail: null };
}

/** Special hours from today on (in the location's time zone), soonest first, for the holiday-hours dialog. */
export function upcomingSpecialHours(
  instant: number,
  timeZone: string,
  specials: SpecialHoursEntry[],
  locationId: number | null,
  limit = 12,
): Array<SpecialHoursEntry & { formatted: string }> {
  const today = localTime(instant, timeZone).date;
  return specials
    .filter((s) => s.date >= today && (s.location_id === null || s.location_id === locationId))
    .filter((s, i, all) => !(s.location_id === null && all.some((o) => o.date === s.date && o.location_id !== null)))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit)
    .map((s) => ({ ...s, formatted: formatHours(s.status, s.start_hour, s.end_hour) }));
}
