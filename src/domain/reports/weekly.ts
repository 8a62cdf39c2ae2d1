import { escapeHtml } from "../format/html";
import { formatCount } from "../format/price";
import { contrastText } from "../site/colour";
import { durationLabel } from "../staff/response";
import { addDays, changeLabel, periodLabel } from "./range";
import type { Count } from "./report";

/*
 * The weekly email to a site's owners and managers (each may turn it off): last week's
 * leads beside the week before, where they came from, the cars asked about most, and the leads
 * still waiting for a first contact, with a link to the reports. Sent from Monday 8 am in the
 * site's time zone, once a week per site.
 */

export const WEEKLY_SEND_FROM_MINUTES = 8 * 60;

/** The Monday of the week before the one `date` is in ("YYYY-MM-DD", `weekday` 0 = Sunday). */
export function lastWeekOf(date: string, weekday: number): string {
  const sinceMonday = (weekday + 6) % 7;
  return addDays(date, -sinceMonday - 7);
}

/**
 * The week the email is due for now, or null before Monday 8 am (the week before's was due until
 * then), and null when that week ended before the site was created (`createdDay`, the site's own
 * date of its creation): a report of a week the site did not exist is nothing but zeros.
 */
export function weeklyDue(local: { date: string; weekday: number; minutes: number }, createdDay?: string): string | null {
  if (local.weekday === 1 && local.minutes < WEEKLY_SEND_FROM_MINUTES) return null;
  const week = lastWeekOf(local.date, local.weekday);
  if (createdDay !== undefined && addDays(week, 6) < createdDay) return null;
  return week;
}

export type WeeklyInput = {
  site: { name: string; colour: string };
  week: string;
  total: number;
  previous: number;
  bySource: Count[];
  topCars: Count[];
  waiting: Array<{ name: string; category: string; minutes: number; url: string }>;
  notContacted: number;
  reportsUrl: string;
};

/** The email: plain text and HTML (every value escaped). */
export function weeklyMail(p: WeeklyInput): { subject: string; text: string; html: string } {
  const to = addDays(p.week, 6);
  const period = periodLabel(p.week, to);
  const sources = p.bySource.filter((s) => s.now > 0);
  const cars = p.topCars.slice(0, 5);
  const change = changeLabel(p.total, p.previous);
  const subject = `${p.site.name}: ${formatCount(p.total)} lead${p.total === 1 ? "" : "s"} last week (${change})`;
  const lines = [
    `${p.site.name}, ${period}`,
    "",
    `Leads: ${formatCount(p.total)} (${change} on ${formatCount(p.previous)} the week before)`,
    "",
    ...(sources.length ? ["Where they came from:", ...sources.map((s) => `- ${s.label}: ${formatCount(s.now)}`), ""] : []),
    ...(cars.length ? ["Cars asked about most:", ...cars.map((c) => `- ${c.label}: ${formatCount(c.now)}`), ""] : []),
    p.notContacted ? `Still not contacted: ${formatCount(p.notContacted)}` : "Every lead of the week has been contacted.",
    ...p.waiting.map((w) => `- ${w.name} (${w.category}), waiting ${durationLabel(w.minutes)}: ${w.url}`),
    "",
    `The reports: ${p.reportsUrl}`,
    'To stop this email, untick "Email me this summary every Monday" on the reports page.',
  ];
  const e = escapeHtml;
  const colour = /^#[0-9a-f]{6}$/i.test(p.site.colour) ? p.site.colour : "#1f2937";
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#111;line-height:1.5;max-width:640px">
<h1 style="font-size:20px;border-bottom:4px solid ${colour};padding-bottom:8px">${e(p.site.name)}: last week</h1>
<p>${e(period)}</p>
<p style="font-size:18px"><strong>${e(formatCount(p.total))} leads</strong> (${e(change)} on ${e(formatCount(p.previous))} the week before)</p>
${sources.length ? `<h2 style="font-size:16px">Where they came from</h2>${list(sources.map((s) => `${e(s.label)}: ${e(formatCount(s.now))}`))}` : ""}
${cars.length ? `<h2 style="font-size:16px">Cars asked about most</h2>${list(cars.map((c) => `${e(c.label)}: ${e(formatCount(c.now))}`))}` : ""}
<h2 style="font-size:16px">${p.notContacted ? `Still not contacted: ${e(formatCount(p.notContacted))}` : "Every lead of the week has been contacted."}</h2>
${p.waiting.length ? list(p.waiting.map((w) => `<a href="${e(w.url)}">${e(w.name)}</a> (${e(w.category)}), waiting ${e(durationLabel(w.minutes))}`)) : ""}
<p><a href="${e(p.reportsUrl)}" style="display:inline-block;padding:10px 16px;background:${colour};color:${contrastText(colour)};text-decoration:none;border-radius:6px">Open the reports</a></p>
<p style="color:#555;font-size:13px">To stop this email, untick “Email me this summary every Monday” on the reports page.</p>
</body></html>`;
  return { subject, text: lines.join("\n"), html };
}
