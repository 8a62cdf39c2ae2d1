/** A moment in the dealer's own timezone, as staff read it: "23 Nov 2026, 2:05 pm". */
export function staffTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-AU", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(at);
}
