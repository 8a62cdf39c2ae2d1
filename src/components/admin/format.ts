const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** A moment in the dealer's own timezone, as staff read it: "23 Nov 2026, 2:05 pm" (one formatter per zone). */
export function staffTime(at: Date, timeZone: string): string {
  let f = FORMATS.get(timeZone);
  if (!f) FORMATS.set(timeZone, (f = new Intl.DateTimeFormat("en-AU", { timeZone, dateStyle: "medium", timeStyle: "short" })));
  return f.format(at);
}

const DAY = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" });
/** A calendar day ("2026-12-01", no time of day or zone) in words: "Tue, 1 Dec 2026". */
export function staffDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}
