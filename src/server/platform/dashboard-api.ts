import "server-only";
import { createHash } from "node:crypto";
import {
  OpeningHoursUpdateSchema,
  PLATFORM_CACHE_SECONDS,
  PLATFORM_MAX_AGE_SECONDS,
  SpecialHoursUpdateSchema,
  WebsiteSessionSchema,
  parseSiteId,
  toSearchPageTemplates,
  toSearchSlugs,
  toSessionLocation,
  toWebsiteSession,
} from "@/domain/platform/contract";
import { platformOpenApi } from "@/domain/platform/openapi";
import { catalogue, siteTag } from "@/server/cache";
import { getDb, type Db } from "@/server/db";
import { env } from "@/server/base/env";
import { errorAnswer, fieldErrors, HttpError } from "@/server/http/api";
import { readJson, readText } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { MAX_IMPORT_BYTES } from "@/domain/stock/import";
import { applyChecked, checkStockImport } from "@/server/stock/imports";
import { getImport } from "@/server/repositories/imports";
import { getSiteById, getSiteUpdatedAt } from "@/server/repositories/sites";
import { loadFromDatabase, type SiteContext } from "@/server/site/context";
import type { Weekday } from "@/domain/site/types";
import { hoursEntry } from "@/domain/site/hours";
import { editLocationHours, editSpecialHours, PLATFORM_API_ACTOR } from "./site-edits";
import { isMediaType } from "@/domain/http/content-type";
import { sameSecret } from "@/server/base/signed-tokens";

/*
 * The dashboard's side of the platform data API (docs/features/platform-api.md): the website session, search
 * slugs and search page templates a storefront reads, and the two writes (opening hours, special
 * hours) that change them and notify storefronts. Contract: src/domain/platform/contract.ts; the
 * OpenAPI document generated from it is served at /api/v1/openapi.json.
 */

const MAX_WRITE_BYTES = 256 * 1024;
const REALM = 'Basic realm="dealer-platform-api", charset="UTF-8"';
const PUBLIC_CACHE = `public, max-age=${PLATFORM_MAX_AGE_SECONDS}, stale-while-revalidate=${PLATFORM_CACHE_SECONDS}`;
const PRIVATE_CACHE = `private, max-age=${PLATFORM_MAX_AGE_SECONDS}, stale-while-revalidate=${PLATFORM_CACHE_SECONDS}`;

/** True when the request's Basic credentials are these (compared in constant time); false when none are configured. */
export function basicAuthOk(header: string | null, user: string | undefined, password: string | undefined): boolean {
  const m = /^Basic ([A-Za-z0-9+/=]{1,2000})$/i.exec((header ?? "").trim());
  const given = m ? Buffer.from(m[1]!, "base64").toString("utf8") : "";
  const expected = user && password ? `${user}:${password}` : null;
  const same = sameSecret(given, expected ?? "");
  return same && expected !== null && m !== null;
}

/** Failed Basic-auth attempts allowed per client and window before every attempt is refused with 429. */
export const PLATFORM_AUTH_FAILURES = 20;
const authLimiter = () =>
  sharedLimiter("platform-auth", { limit: PLATFORM_AUTH_FAILURES, windowMs: 15 * 60_000, databaseUrl: env().DATABASE_URL });

/**
 * The request's Basic credentials must be the reader's (or the admin's). Each attempt counts
 * against its client and a good one gives its point back, so only failures add up: past
 * PLATFORM_AUTH_FAILURES in 15 minutes every attempt from that client is a 429 with Retry-After,
 * the right password included (a guesser learns nothing more).
 */
export async function requireAuth(req: Request, who: "reader" | "admin"): Promise<void> {
  const e = env();
  const key = await limitOrThrow(
    authLimiter(),
    clientAddressOf(req),
    "Too many failed sign-ins from this connection. Please try again later.",
  );
  const ok =
    who === "reader"
      ? basicAuthOk(req.headers.get("authorization"), e.PLATFORM_API_USER, e.PLATFORM_API_PASSWORD)
      : basicAuthOk(req.headers.get("authorization"), e.PLATFORM_ADMIN_USER, e.PLATFORM_ADMIN_PASSWORD);
  if (!ok) throw new HttpError(401, "Authentication required.", { "www-authenticate": REALM });
  await authLimiter().refund(key);
}

export function siteIdOf(raw: string): number {
  const id = parseSiteId(raw);
  if (id === null) throw new HttpError(400, "The site id must be a positive whole number.");
  return id;
}

/** 200 with validators, or 304 when the client's validator still holds. */
export function conditionalJson(req: Request, body: string, lastModified: Date | null, cacheControl: string): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers: Record<string, string> = {
    etag,
    "cache-control": cacheControl,
    "content-type": "application/json; charset=utf-8",
    vary: "Authorization",
  };
  const seconds = lastModified ? Math.floor(lastModified.getTime() / 1000) : null;
  if (seconds !== null) headers["last-modified"] = new Date(seconds * 1000).toUTCString();
  const inm = req.headers.get("if-none-match");
  const ims = Date.parse(req.headers.get("if-modified-since") ?? "");
  const fresh = inm
    ? inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*")
    : seconds !== null && Number.isFinite(ims) && seconds <= ims / 1000;
  return new Response(fresh ? null : body, { status: fresh ? 304 : 200, headers });
}

/** Wraps a platform API handler once (the site API's error answers: HttpError, 503 while the database is down, else a logged 500). */
export function platformRoute<P extends Record<string, string>>(fn: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, { params }: { params: Promise<P> }): Promise<Response> => {
    try {
      return await fn(req, await params);
    } catch (e) {
      return errorAnswer(e, req, null);
    }
  };
}

/** The site's context from the database, shared for a few seconds by the three reads. */
async function siteData(db: Db, siteId: number) {
  return catalogue.cached(`platform-site:${siteId}`, [siteTag(siteId)], async () => {
    const site = await getSiteById(db, siteId);
    return site ? loadFromDatabase(db, site) : null;
  });
}

/** A read of one site's data: authenticated when `auth`, the id checked, the answer conditional on its validators. */
function siteRead(auth: boolean, answer: (ctx: SiteContext | null) => unknown) {
  return platformRoute<{ siteId: string }>(async (req, p) => {
    if (auth) await requireAuth(req, "reader");
    const siteId = siteIdOf(p.siteId);
    const db = await getDb();
    const [ctx, updatedAt] = await Promise.all([siteData(db, siteId), getSiteUpdatedAt(db, siteId)]);
    return conditionalJson(req, JSON.stringify(answer(ctx)), updatedAt, auth ? PRIVATE_CACHE : PUBLIC_CACHE);
  });
}
const known = (ctx: SiteContext | null): SiteContext => {
  if (!ctx) throw new HttpError(404, "Unknown site.");
  return ctx;
};

// GET /api/v1/websites/{siteId}/website_session_data.json — navigation, special hours, locations; JSON null for an unknown site
export const getWebsiteSession = siteRead(false, (ctx) => WebsiteSessionSchema.parse(ctx ? toWebsiteSession(ctx) : null));

// GET /websites/{siteId}/pages/search_slugs.json — Basic auth; the site's search landing pages
export const getSearchSlugs = siteRead(true, (ctx) => toSearchSlugs(known(ctx).landing));

// GET /websites/{siteId}/search_page_templates.json — Basic auth; H1, title and description per landing page kind
export const getSearchPageTemplates = siteRead(true, (ctx) => toSearchPageTemplates(known(ctx).site.searchPageTemplates));

// GET /api/v1/openapi.json — the data API's contract, generated from its zod schemas
export const getOpenApi = platformRoute(async (req) =>
  conditionalJson(req, JSON.stringify(platformOpenApi()), null, "public, max-age=300"),
);

export async function bodyOf(req: Request): Promise<unknown> {
  if (!isMediaType(req.headers.get("content-type"), "application/json")) throw new HttpError(415, "Send the body as application/json.");
  return readJson(req, MAX_WRITE_BYTES);
}

// PUT /api/v1/websites/{siteId}/locations/{locationId}/opening_hours.json — administrator Basic auth; replaces a location's week
export const putOpeningHours = platformRoute<{ siteId: string; locationId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const siteId = siteIdOf(p.siteId);
  const locationId = parseSiteId(p.locationId);
  if (locationId === null) throw new HttpError(400, "The location id must be a positive whole number.");
  const parsed = OpeningHoursUpdateSchema.safeParse(await bodyOf(req));
  if (!parsed.success) throw new HttpError(422, "Please correct the opening hours.", {}, fieldErrors(parsed.error, "opening_hours"));
  const db = await getDb();
  if (!(await getSiteById(db, siteId))) throw new HttpError(404, "Unknown site.");
  const done = await editLocationHours(
    siteId,
    locationId,
    // the schema checked weekday 0–6; the displayed text is always made from the times (never taken as sent)
    parsed.data.opening_hours.map((h) => hoursEntry(h.weekday as Weekday, h.status, h.open, h.close)),
    PLATFORM_API_ACTOR,
  );
  if (!done) throw new HttpError(404, "Unknown location.");
  const { location, webhooks } = done;
  return Response.json(toSessionLocation(location), { headers: { "cache-control": "no-store", "x-platform-webhooks": webhooks ?? "" } });
});

// PUT /api/v1/websites/{siteId}/special_hours.json — administrator Basic auth; replaces the site's special hours
export const putSpecialHours = platformRoute<{ siteId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const siteId = siteIdOf(p.siteId);
  const parsed = SpecialHoursUpdateSchema.safeParse(await bodyOf(req));
  if (!parsed.success) throw new HttpError(422, "Please correct the special hours.", {}, fieldErrors(parsed.error, "special_hours"));
  const db = await getDb();
  if (!(await getSiteById(db, siteId))) throw new HttpError(404, "Unknown site.");
  const entries = parsed.data.special_hours;
  const { foreign, webhooks } = await editSpecialHours(siteId, entries, PLATFORM_API_ACTOR);
  if (foreign.length) {
    const errors = Object.fromEntries(
      entries.flatMap((e, i) =>
        e.location_id !== null && foreign.includes(e.location_id)
          ? [[`special_hours.${i}.location_id`, "Not a location of this site"]]
          : [],
      ),
    );
    throw new HttpError(422, "Please correct the special hours.", {}, errors);
  }
  return Response.json({ special_hours: entries }, { headers: { "cache-control": "no-store", "x-platform-webhooks": webhooks ?? "" } });
});

// POST /api/v1/websites/{siteId}/stock_feed.csv[?full=0][&clear_blanks=1][&overwrite_edited=1] — administrator Basic auth; a
// dealer-management system's stock as CSV (the back-office import's columns, by the names dealer systems
// use and the site's remembered mapping). A full feed by default; a column the feed leaves out, or an
// empty cell unless clear_blanks=1, leaves the car's field alone. 200 applied, 422 with the
// line-by-line report (nothing written), 409 held for a manager's confirmation in the back-office.
export const postStockFeed = platformRoute<{ siteId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const siteId = siteIdOf(p.siteId);
  if (!isMediaType(req.headers.get("content-type"), "text/csv", "text/plain")) throw new HttpError(415, "Send the feed as text/csv.");
  if (!(await getSiteById(await getDb(), siteId))) throw new HttpError(404, "Unknown site.");
  const csv = await readText(req, MAX_IMPORT_BYTES);
  const query = new URL(req.url).searchParams;
  const checked = await checkStockImport({
    siteId,
    csv,
    full: query.get("full") !== "0",
    clearBlanks: query.get("clear_blanks") === "1",
    // a field a person edited in the back-office is left alone unless the feed says to overwrite it
    overwriteEdited: query.get("overwrite_edited") === "1",
    source: "feed",
    staffId: null,
  });
  const body = { import_id: checked.id, status: checked.status, report: checked.report };
  if (checked.status === "rejected")
    return Response.json({ error: "The feed has errors. Nothing was imported.", ...body }, { status: 422 });
  if (checked.status === "held")
    return Response.json(
      { error: "The feed would mark many cars as sold: held until a manager confirms it in the back-office.", ...body },
      { status: 409 },
    );
  const imp = await getImport(await getDb(), siteId, checked.id);
  const { plan, message } = await applyChecked(imp!, PLATFORM_API_ACTOR, false);
  return Response.json({ ...body, status: "applied", plan, message }, { headers: { "cache-control": "no-store" } });
});
