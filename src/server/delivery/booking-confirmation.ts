import "server-only";
import { bookingCalendar } from "@/domain/bookings/ics";
import { bookingWhat } from "@/domain/bookings/booking-page";
import { whenText } from "@/domain/leads/answers";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { escapeHtml } from "@/domain/format/html";
import type { Mailer, MailMessage } from "@/server/mail/mailer";
import { bookingOfLead, type Booking } from "@/server/repositories/bookings";
import type { Db } from "@/server/db/client";
import { bookingPath } from "@/server/bookings/tokens";
import { adminOrigin } from "@/server/http/admin-host";
import type { DeliveryLead } from "./messages";

/**
 * The shopper's confirmation of a booking: when and where in words on the location's own clock,
 * the link to see or cancel it, and the same as a calendar event (text/calendar) their mail
 * program offers to add.
 */
export function bookingConfirmation(l: DeliveryLead, b: Booking, link: string): MailMessage | null {
  const to = typeof l.payload.email === "string" ? l.payload.email.trim() : "";
  if (!to) return null;
  const zone = l.location?.timezone ?? l.site.timezone;
  const what = bookingWhat(b.kind, l.vehicle ? vehicleTitle(l.vehicle) : null);
  const when = `${whenText(b.startsAt, zone, { year: true })} (${zone.replace(/_/g, " ")} time)`;
  const place = l.location ? [l.location.name, l.location.address.full].filter(Boolean).join(", ") : l.site.name;
  const first = typeof l.payload.first_name === "string" ? l.payload.first_name.trim() : "";
  const text = [
    `${first ? `Hi ${first},` : "Hello,"}`,
    "",
    `Your booking with ${l.site.name} is confirmed.`,
    "",
    `${what}`,
    `When: ${when}`,
    `Where: ${place}`,
    "",
    `To see or cancel your booking: ${link}`,
    "",
    l.site.name,
  ].join("\n");
  const html = `<p>${escapeHtml(first ? `Hi ${first},` : "Hello,")}</p>
<p>Your booking with ${escapeHtml(l.site.name)} is confirmed.</p>
<p><strong>${escapeHtml(what)}</strong><br>When: ${escapeHtml(when)}<br>Where: ${escapeHtml(place)}</p>
<p><a href="${escapeHtml(link)}">See or cancel your booking</a></p>`;
  const email = l.location?.contactDetail.email ?? l.site.email ?? null;
  const calendar = bookingCalendar({
    uid: `${b.id}@bookings`,
    start: b.startsAt.getTime(),
    end: b.endsAt.getTime(),
    summary: `${what} — ${l.site.name}`,
    description: `${what}\nWhen: ${when}\nSee or cancel: ${link}`,
    location: place,
    timeZone: zone,
    url: link,
    organizer: email ? { name: l.site.name, email } : null,
    stamp: b.createdAt.getTime(),
  });
  return {
    to,
    subject: `Booking confirmed: ${what} — ${l.site.name}`,
    text,
    html,
    from: { name: l.site.name },
    icalEvent: { method: "REQUEST", filename: "booking.ics", content: calendar },
  };
}

/** Sends a lead's booking confirmation (the outbox's booking_email job); says what happened, without anything personal. */
export async function sendBookingConfirmation(db: Db, l: DeliveryLead, mailer: Mailer): Promise<string> {
  const b = await bookingOfLead(db, l.site.id, l.id);
  if (!b) return "no booking";
  const message = bookingConfirmation(l, b, new URL(await bookingPath(db, b.id), l.site.url).toString());
  if (!message) return "no email address";
  const sent = await mailer.send(message);
  return `sent ${sent.messageId}`;
}

/** The dealer's notice that a shopper cancelled a booking from its page: what, when and who, and the lead's page. */
export async function sendBookingCancelled(db: Db, l: DeliveryLead, to: string, mailer: Mailer): Promise<string> {
  const b = await bookingOfLead(db, l.site.id, l.id);
  if (!b) return "no booking";
  const zone = l.location?.timezone ?? l.site.timezone;
  const what = bookingWhat(b.kind, l.vehicle ? vehicleTitle(l.vehicle) : null);
  const who = [l.payload.first_name, l.payload.last_name].filter((v) => typeof v === "string" && v.trim()).join(" ") || "The shopper";
  const when = whenText(b.startsAt, zone, { year: true });
  const sent = await mailer.send({
    to,
    subject: `Booking cancelled: ${what}, ${when} — ${l.site.name}`,
    text: [
      `${who} cancelled their booking from its page; the time is free again.`,
      "",
      what,
      `When: ${when}`,
      `Where: ${l.location?.name ?? l.site.name}`,
      "",
      `The lead: ${adminOrigin()}/leads/${l.id}`,
    ].join("\n"),
  });
  return `sent ${sent.messageId}`;
}
