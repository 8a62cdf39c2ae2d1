const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** A moment in the dealer's own timezone, as staff read it: "23 Nov 2026, 2:05 pm" (one formatter per zone). */
export function staffTime(at: Date, timeZone: string): string {
  let f = FORMATS.get(timeZone);
  if (!f) FORMATS.set(timeZone, (f = new Intl.DateTimeFormat("en-AU", { timeZone, dateStyle: "medium", timeStyle: "short" })));
  return f.format(at);
}
