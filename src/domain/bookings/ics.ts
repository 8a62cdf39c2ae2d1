/*
 * A booking as an iCalendar event (RFC 5545), the text/calendar part of its confirmation: a mail
 * program offers to add it to the calendar. Times are UTC (every calendar converts them to its own
 * clock); the location's own zone rides along as X-WR-TIMEZONE and in the description's words.
 */
export type CalendarBooking = {
  uid: string;
  start: number;
  end: number;
  summary: string;
  description: string;
  location: string;
  timeZone: string;
  url: string;
  organizer: { name: string; email: string } | null;
  stamp: number;
  cancelled?: boolean;
};

const utc = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
/** A text value escaped (backslash, semicolon, comma, line breaks) as the iCalendar standard asks for text values. */
export const icsText = (s: string) =>
  s
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets folded (a CRLF and a space), as the iCalendar standard asks. */
const octets = (s: string) => new TextEncoder().encode(s).length;
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (octets(rest) > 75) {
    let cut = 74;
    while (octets(rest.slice(0, cut)) > 74) cut--;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out.join("\r\n ");
}

/** The booking's calendar: a REQUEST while it stands, a CANCEL once it is cancelled. */
export function bookingCalendar(b: CalendarBooking): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Dealer Platform//Bookings//EN",
    `METHOD:${b.cancelled ? "CANCEL" : "REQUEST"}`,
    `X-WR-TIMEZONE:${b.timeZone}`,
    "BEGIN:VEVENT",
    `UID:${b.uid}`,
    `DTSTAMP:${utc(b.stamp)}`,
    `DTSTART:${utc(b.start)}`,
    `DTEND:${utc(b.end)}`,
    `SUMMARY:${icsText(b.summary)}`,
    `DESCRIPTION:${icsText(b.description)}`,
    `LOCATION:${icsText(b.location)}`,
    `URL:${b.url}`,
    ...(b.organizer ? [`ORGANIZER;CN=${icsText(b.organizer.name).replace(/"/g, "")}:mailto:${b.organizer.email}`] : []),
    `STATUS:${b.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SEQUENCE:${b.cancelled ? 1 : 0}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
