import "server-only";
import { alertMail, carNews, isEmptyDigest, NEW_MATCHES_LISTED, type AlertDigest, type SearchNews } from "@/domain/accounts/alerts";
import { nounInText, vehicleHref } from "@/domain/site/vehicle";
import { parseSavedSearch } from "@/domain/stock/saved-search";
import { pluralNoun } from "@/domain/stock/summary";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { sharedAuthSecret } from "@/server/auth/auth";
import type { Db } from "@/server/db/client";
import { env } from "@/server/base/env";
import { log, siteLog } from "@/server/base/log";
import { getMailer, sendMail, type Mailer } from "@/server/mail/mailer";
import { pollingWorker } from "@/server/base/polling-worker";
import {
  alertRecipient,
  claimDigest,
  digestCandidates,
  finishDigest,
  searchesWithAlerts,
  watchedWithAlerts,
  type DigestCandidate,
} from "@/server/repositories/alerts";
import { getSiteById } from "@/server/repositories/sites";
import { SqlVehicleSearch, type VehicleSearch } from "@/server/search/vehicle-search";
import { loadFromDatabase, type SiteContext } from "@/server/site/context";
import { serverNow } from "@/server/base/clock";
import { signToken, tokenMacValid } from "@/server/base/signed-tokens";

/*
 * The alert digests. A worker of every process that takes leads looks, every few minutes,
 * for customers with an alert on whose last digest went a day ago or more; each is claimed (two
 * processes never build the same one), its news gathered (src/domain/accounts/alerts.ts) and, when
 * there is any, one message goes through the platform's mailer with RFC 8058's one-click
 * unsubscribe headers.
 */

const TOKEN = /^([1-9]\d{0,8})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

/** The unsubscribe token of one customer on one site: `{siteId}.{userId}.{mac}` (it does not expire). */
export async function unsubscribeToken(db: Db, userId: string, siteId: number): Promise<string> {
  const body = `${siteId}.${userId}`;
  return signToken(await sharedAuthSecret(db), "alerts", body);
}

/** The customer and site a token names, when it was signed here; else null. */
export async function readUnsubscribeToken(db: Db, token: string | null | undefined): Promise<DigestCandidate | null> {
  const m = TOKEN.exec(token ?? "");
  if (!m) return null;
  return tokenMacValid(await sharedAuthSecret(db), "alerts", `${m[1]}.${m[2]}`, m[3]!) ? { siteId: Number(m[1]), userId: m[2]! } : null;
}

export type AlertDeps = {
  mailer?: Mailer;
  search?: VehicleSearch;
  /** the site as its pages see it (tests may give their own) */
  context?: (db: Db, siteId: number) => Promise<SiteContext | null>;
};

const CLAIM_MS = 2 * 60_000;
const BATCH = 50;

async function siteContextOf(db: Db, siteId: number): Promise<SiteContext | null> {
  const site = await getSiteById(db, siteId);
  return site ? loadFromDatabase(db, site) : null;
}

/**
 * One round: every due customer's digest built and, when there is news, sent. A customer with
 * nothing to tell is looked at again after `recheckMs`. True when more customers may be waiting.
 */
export async function runAlertRound(db: Db, now: number, deps: AlertDeps = {}, recheckMs = 60_000): Promise<boolean> {
  const candidates = await digestCandidates(db, now, BATCH);
  const contexts = new Map<number, Promise<SiteContext | null>>();
  const search = deps.search ?? new SqlVehicleSearch(db);
  for (const c of candidates) {
    if (!(await claimDigest(db, c, now, CLAIM_MS))) continue;
    let ctx: SiteContext | null = null;
    try {
      if (!contexts.has(c.siteId)) contexts.set(c.siteId, (deps.context ?? siteContextOf)(db, c.siteId));
      ctx = await contexts.get(c.siteId)!;
      const outcome = ctx && ctx.accounts.enabled ? await digestFor(db, ctx, c, now, search, deps.mailer ?? getMailer()) : null;
      await finishDigest(db, c, {
        now,
        sent: outcome?.sent ?? false,
        cars: outcome?.cars ?? [],
        toldSearches: outcome?.toldSearches ?? [],
        recheckAt: now + recheckMs,
      });
    } catch (err) {
      (ctx ? siteLog(ctx.site.id) : log).warn({ err: (err as Error).message }, "alerts: a digest failed");
      await finishDigest(db, c, { now, sent: false, cars: [], toldSearches: [], recheckAt: now + recheckMs }).catch(() => {});
    }
  }
  return candidates.length === BATCH;
}

type Outcome = { sent: boolean; cars: Array<{ vehicleId: number; price: number | null; status: string }>; toldSearches: string[] };

async function digestFor(
  db: Db,
  ctx: SiteContext,
  c: DigestCandidate,
  now: number,
  search: VehicleSearch,
  mailer: Mailer,
): Promise<Outcome> {
  const [who, watched, saved] = await Promise.all([alertRecipient(db, c.userId), watchedWithAlerts(db, c), searchesWithAlerts(db, c)]);
  const nothing: Outcome = { sent: false, cars: [], toldSearches: [] };
  // alerts go to a confirmed address only
  if (!who?.verified) return nothing;
  const site = ctx.site;
  const url = (path: string) => new URL(path, site.url).toString();
  const cars = carNews(
    watched.map((w) => ({
      vehicleId: w.vehicleId,
      title: vehicleTitle(w),
      url: url(vehicleHref(site.template, w.slug)),
      price: w.price,
      status: w.status,
      alertPrice: w.alertPrice,
      alertStatus: w.alertStatus,
    })),
  );
  const searches: Array<SearchNews & { id: string }> = [];
  for (const s of saved) {
    const parsed = parseSavedSearch(s.href, ctx.landing, site.defaultSort);
    // a search whose make the site no longer sells finds nothing
    if (!parsed) continue;
    const found = await search.newSince(site, ctx.locations, parsed.query, s.alertedAt, NEW_MATCHES_LISTED, now);
    if (found.count === 0) continue;
    searches.push({
      id: s.id,
      label: s.label,
      url: url(parsed.href),
      count: found.count,
      cars: found.vehicles.map((v) => ({ title: vehicleTitle(v), url: url(vehicleHref(site.template, v.slug)), price: v.price })),
    });
  }
  const baselines = watched.map((w) => ({ vehicleId: w.vehicleId, price: w.price, status: w.status }));
  const digest: AlertDigest = { cars, searches };
  if (isEmptyDigest(digest)) return { ...nothing, cars: baselines };
  const token = await unsubscribeToken(db, c.userId, c.siteId);
  const oneClick = url(`/api/alerts/unsubscribe?token=${token}`);
  const mail = alertMail({
    site: { name: site.name, colour: site.colours.primary, nouns: nounInText(pluralNoun(ctx.noun)) },
    name: who.name,
    digest,
    manageUrl: url("/my-garage"),
    unsubscribeUrl: url(`/alerts/unsubscribe?token=${token}`),
  });
  const sent = await sendMail(
    {
      to: who.email,
      // from the site, by name, at the platform's address
      from: { name: site.name },
      ...mail,
      // RFC 8058: a mail program's "Unsubscribe" posts List-Unsubscribe=One-Click to this address
      headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    },
    mailer,
  );
  // not sent: everything stays as it was, for the next round to try again
  if (!sent) return nothing;
  siteLog(site.id).info({ cars: cars.length, searches: searches.length }, "alerts: digest sent");
  return { sent: true, cars: baselines, toldSearches: searches.map((s) => s.id) };
}

/** The alert worker of this process: a round every ALERTS_INTERVAL_SECONDS (five minutes unless set). */
export function startAlertWorker(getDbFn: () => Promise<Db>, deps: AlertDeps = {}, intervalMs = env().ALERTS_INTERVAL_SECONDS * 1000) {
  return pollingWorker({
    name: "alerts",
    intervalMs,
    wakeDelayMs: 1000,
    round: async () => runAlertRound(await getDbFn(), serverNow(), deps, intervalMs),
  });
}
