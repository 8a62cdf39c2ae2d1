import "server-only";
import { createHash } from "node:crypto";
import { vehicleEnquiryCategory } from "@/domain/leads/answers";
import { addDays, daysBetween, localDay } from "@/domain/reports/range";
import { CHANNELS, type Channel } from "@/domain/reports/source";
import type { Db } from "@/server/db/client";
import { locationIdsOf, stockForHistory, writeHistory, type HistoryRows } from "@/server/repositories/demo-data";
import { getMeta } from "@/server/repositories/meta";
import { listSiteLabels } from "@/server/repositories/sites";
import data from "./data/history.json" with { type: "json" };
import { createRng, type Rng } from "./prng";

/*
 * A believable year of a busy dealer's traffic and leads, so the demo's reports are not
 * empty (and, smaller, of the group's two other sites, for the group view): parkside's visits by day and source (the rollup the reports read) and its leads, with the
 * status history a sales team leaves (contacted after minutes or hours, then won or lost). Each day
 * is drawn from its own seed, and the days are topped up at each start up to yesterday (a real
 * event's rollup for a day wins over the demo's). Demo leads say so (`payload.demo_history`) and are
 * never delivered. The sites, rates, names and campaigns drawn from are data (data/history.json).
 */

export const HISTORY_SITE = 1001;
/**
 * The sites with a demo year: parkside, busy; and the two other sites of the demo's dealer group
 * (`group@parksidemotorgroup.com.au`, the reports' group view), smaller. `staff` makes the contacts.
 */
export const HISTORY_SITES: ReadonlyArray<HistorySite> = data.sites;
export type HistorySite = { id: number; scale: number; staff: string };
export const HISTORY_DAYS = 365;
/** How far each site's history is written (parkside's key is the one it always had). */
const throughKey = (siteId: number) => (siteId === HISTORY_SITE ? "demo_history_through" : `demo_history_through:${siteId}`);

/** Visits a day by channel, before the day's weekday, season and trend. */
const SHARE: Record<Channel, number> = data.share;
/** How often a visit of each channel sends an enquiry. */
const ENQUIRY_RATE: Record<Channel, number> = data.enquiryRate;
/** Each enquiry category and its weight, in the order the draw walks them. */
const CATEGORIES: Array<[string, number]> = Object.entries(data.categories);
const FIRST: string[] = data.firstNames;
const LAST: string[] = data.lastNames;
/** The query parameters a visit of each channel arrives with (cast: JSON types a key that some rows lack as possibly undefined). */
const CAMPAIGNS = data.campaigns as Record<Channel, Array<Record<string, string>>>;
const REFERRERS: Partial<Record<Channel, string[]>> = data.referrers;

const pickWeighted = <T>(rng: Rng, items: Array<[T, number]>): T => {
  let x = rng.next() * items.reduce((n, [, w]) => n + w, 0);
  for (const [item, w] of items) if ((x -= w) <= 0) return item;
  return items.at(-1)![0];
};
/** A count near `mean` (a rounded normal approximation, never below 0). */
const near = (rng: Rng, mean: number) => Math.max(0, Math.round(mean + Math.sqrt(mean) * (rng.next() + rng.next() + rng.next() - 1.5) * 2));
/** A lead's id, the same for the same day and number (a UUID's shape, from a hash). */
function historyLeadId(siteId: number, day: string, n: number): string {
  const h = createHash("sha256").update(`demo-history:${siteId}:${day}:${n}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const seedOf = (day: string, siteId: number) => Number(day.replaceAll("-", "")) * 7 + siteId;

type DayDraw = HistoryRows;
/** Days of per-car page views the demo writes (the stock report's), the most recent. */
const VIEW_DAYS = 90;

/** One day of a site's history, the same every time for that day. */
export function drawDay(
  day: string,
  ctx: {
    site: HistorySite;
    locations: number[];
    vehicles: Array<{ id: number; carType: string; slug: string }>;
    now: number;
    index: number;
  },
): DayDraw {
  const siteId = ctx.site.id;
  const rng = createRng(seedOf(day, siteId));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const season = 1 + 0.15 * Math.sin(((ctx.index % 365) / 365) * 2 * Math.PI);
  const trend = 0.85 + 0.3 * (ctx.index / HISTORY_DAYS);
  const mean = 620 * ctx.site.scale * (weekday === 6 ? 1.3 : weekday === 0 ? 0.8 : 1) * season * trend;
  const out: DayDraw = { visits: [], leads: [], notes: [], views: [] };
  for (const channel of CHANNELS) {
    const visits = near(rng, mean * SHARE[channel]);
    const enquiries = near(rng, visits * ENQUIRY_RATE[channel]);
    out.visits.push({
      siteId,
      day,
      channel,
      visits,
      searchVisits: Math.round(visits * (0.5 + rng.next() * 0.1)),
      vehicleVisits: Math.round(visits * (0.4 + rng.next() * 0.1)),
      enquiryVisits: Math.min(enquiries, visits),
      reservationVisits: rng.next() < 0.08 ? 1 : 0,
    });
    for (let i = 0; i < enquiries; i++) {
      const drawn = pickWeighted(rng, CATEGORIES);
      const car = /Vehicle|Finance/.test(drawn) && ctx.vehicles.length ? rng.pick(ctx.vehicles) : null;
      // an enquiry about a car is filed by the car's type, as a shopper's is (drawn in the same order, so the rest of the year stays as it was)
      const category = car && /Vehicle Enquiry$/.test(drawn) ? vehicleEnquiryCategory(car.carType) : drawn;
      const first = rng.pick(FIRST);
      const last = rng.pick(LAST);
      // business hours in Melbourne (UTC+10/11): 8 am to 8 pm local is about 21:00 the day before to 09:00 UTC
      const at = new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000 + rng.int(0, 12 * 60) * 60_000);
      const id = historyLeadId(siteId, day, out.leads.length);
      const params = rng.pick(CAMPAIGNS[channel]);
      const referrer = REFERRERS[channel] ? rng.pick(REFERRERS[channel]!) : null;
      const age = ctx.now - at.getTime();
      const contactedAfter = Math.round(Math.exp(rng.next() * 6.5) + 2) * 60_000; // 3 minutes to a day
      const contacted = age > contactedAfter && rng.next() < 0.9;
      const closed =
        contacted && age > 3 * 86_400_000
          ? pickWeighted<"won" | "lost" | null>(rng, [
              ["won", 0.3],
              ["lost", 0.4],
              [null, 0.3],
            ])
          : null;
      out.leads.push({
        id,
        siteId,
        category,
        name: `${first} ${last}`,
        firstName: first,
        lastName: last,
        email: `${first}.${last}.${rng.int(10, 99)}@example.com`.toLowerCase(),
        // tasman is in New Zealand: a mobile there
        phone:
          siteId === 1003
            ? `02${rng.int(1, 9)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`
            : `04${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
        locationId: rng.pick(ctx.locations),
        vehicleId: car?.id ?? null,
        payload: {
          first_name: first,
          last_name: last,
          category,
          message: car ? "Is this one still available? I'd like to take it for a drive." : "Please call me back about my enquiry.",
          linked_query_params: params,
          ...(referrer ? { first_referrer: referrer } : {}),
          visited_pages: ["/"],
          demo_history: true,
        },
        status: closed ?? (contacted ? "contacted" : "new"),
        firstContactAt: contacted ? new Date(at.getTime() + contactedAfter) : null,
        createdAt: at,
        updatedAt: at,
      });
      if (contacted)
        out.notes.push({
          siteId,
          leadId: id,
          staffName: ctx.site.staff,
          statusFrom: "new",
          statusTo: "contacted",
          body: "Called, left a message.",
          createdAt: new Date(at.getTime() + contactedAfter),
        });
      if (closed)
        out.notes.push({
          siteId,
          leadId: id,
          staffName: ctx.site.staff,
          statusFrom: "contacted",
          statusTo: closed,
          body: closed === "won" ? "Sold." : "Bought elsewhere.",
          createdAt: new Date(at.getTime() + contactedAfter + 2 * 86_400_000),
        });
    }
  }
  // the last 90 days: each day some fifty cars' pages were opened (a few cars much more than others)
  if (ctx.index >= HISTORY_DAYS - VIEW_DAYS && ctx.vehicles.length) {
    const seen = new Map<string, number>();
    for (let i = 0; i < Math.max(5, Math.round(50 * ctx.site.scale)); i++) {
      const car = ctx.vehicles[Math.floor(rng.next() ** 2 * ctx.vehicles.length)]!;
      seen.set(car.slug, (seen.get(car.slug) ?? 0) + rng.int(1, 6));
    }
    for (const [vehicleSlug, views] of seen) out.views.push({ siteId, day, vehicleSlug, views });
  }
  return out;
}

/**
 * Writes the days of history not written yet, up to yesterday in each history site's time zone (the
 * first start writes the whole year). The number of days written, all sites together.
 */
export async function refreshDemoHistory(db: Db, now: number): Promise<number> {
  let days = 0;
  for (const site of HISTORY_SITES) days += await refreshSiteHistory(db, site, now);
  return days;
}

async function refreshSiteHistory(db: Db, history: HistorySite, now: number): Promise<number> {
  const [site] = await listSiteLabels(db, [history.id]);
  if (!site) return 0;
  const key = throughKey(site.id);
  const yesterday = addDays(localDay(now, site.timezone), -1);
  const mark = await getMeta(db, key);
  const start = addDays(yesterday, -(HISTORY_DAYS - 1));
  const from = mark !== null && mark >= start ? addDays(mark, 1) : start;
  if (from > yesterday) return 0;
  const locations = await locationIdsOf(db, site.id);
  const vehicles = await stockForHistory(db, site.id);
  const all: DayDraw = { visits: [], leads: [], notes: [], views: [] };
  let days = 0;
  for (let d = from; d <= yesterday; d = addDays(d, 1), days++) {
    const drawn = drawDay(d, { site: history, locations, vehicles, now, index: HISTORY_DAYS - 1 - daysBetween(d, yesterday) });
    all.visits.push(...drawn.visits);
    all.leads.push(...drawn.leads);
    all.notes.push(...drawn.notes);
    all.views.push(...drawn.views);
  }
  await writeHistory(db, all, { [key]: yesterday });
  return days;
}
