import "server-only";
import { AlertSwitchSchema, savedDetailsSchema, WatchlistAddSchema } from "@/domain/accounts/forms";
import { searchTitle } from "@/domain/stock/search-title";
import { cardContext, cardView, favouriteOf, type CardView } from "@/domain/stock/card-view";
import { MAX_FAVOURITES, parseVehicleIds } from "@/domain/stock/favourites";
import { parseSavedSearch, savedSearchLabel } from "@/domain/stock/saved-search";
import { requestNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { fieldErrors, HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { checkOrigin, readJson } from "@/server/http/body";
import {
  addToWatchlist,
  getCustomerDetails,
  listWatchlistIds,
  MAX_SAVED_SEARCHES,
  removeFromWatchlist,
  removeSavedSearch,
  saveCustomerDetails,
  saveSearch,
} from "@/server/repositories/customers";
import { setCarAlert, setSearchAlert } from "@/server/repositories/alerts";
import type { SiteContext } from "@/server/site/context";
import { savedStock } from "@/server/stock/service";
import { currentCustomer, type Customer } from "./handlers";
import { isUuid } from "@/domain/ids";
import { isMediaType } from "@/domain/http/content-type";

/**
 * A signed-in customer's API route, wrapped once: accounts on for this site (else 404), a session
 * of this site (else 401), same-origin for every change (else 403), then the handler.
 */
export function accountApi(fn: (req: Request, ctx: SiteContext, customer: Customer) => Promise<Response>) {
  return siteApi(async (req, ctx) => {
    if (!ctx.accounts.enabled) throw new HttpError(404, "Accounts are not offered on this site.");
    if (req.method !== "GET" && req.method !== "HEAD") checkOrigin(req, "Accounts can only be used from this website.");
    const customer = await currentCustomer(req.headers, ctx);
    if (!customer) throw new HttpError(401, "Please sign in.");
    return fn(req, ctx, customer);
  });
}

/** The watchlist as the site shows it now: listed cars in the order saved (a car the site no longer shows is left out). */
export async function watchlistCards(ctx: SiteContext, customerId: string): Promise<CardView[]> {
  const ids = await listWatchlistIds(await getDb(), customerId, ctx.site.id);
  const now = requestNow();
  const found = new Map((await savedStock(ctx, ids, now)).map((v) => [v.id, v]));
  const card = cardContext(ctx, now);
  return ids.flatMap((id) => (found.has(id) ? [cardView(found.get(id)!, card)] : []));
}

/** GET /api/auth body (docs/features/accounts.md): the user and the watchlist, or a flag saying accounts are off here. */
export async function authState(req: Request, ctx: SiteContext) {
  if (!ctx.accounts.enabled) return { accounts: false as const, user: null, watchlist: [] };
  const customer = await currentCustomer(req.headers, ctx);
  const base = { accounts: true as const, garage_name: ctx.accounts.garageName };
  if (!customer) return { ...base, user: null, watchlist: [] };
  const [cards, details] = await Promise.all([watchlistCards(ctx, customer.id), getCustomerDetails(await getDb(), customer.id)]);
  return {
    ...base,
    user: { name: customer.name, email: customer.email, details },
    watchlist: cards.map((c) => ({ ...favouriteOf(c), sold: c.sold })),
  };
}

export const authStateRoute = siteApi(async (req, ctx) => json(200, await authState(req, ctx), { vary: "cookie" }));

const MAX_BODY = 8 * 1024;

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  if (!isMediaType(req.headers.get("content-type"), "application/json")) throw new HttpError(415, "Send the request as application/json.");
  const body = await readJson(req, MAX_BODY);
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new HttpError(422, "Please check the request.", {}, { form: "Send a JSON object." });
  return body as Record<string, unknown>;
}

/**
 * POST /api/account/watchlist {vehicle_ids:[…]} — adds cars (the browser's favourites merged on
 * sign-in, or one heart); every id must be a car this site shows, else 422 and nothing changes.
 * DELETE /api/account/watchlist?id=N — removes one. Both answer the watchlist as GET /api/auth does.
 */
export const watchlistRoutes = {
  POST: accountApi(async (req, ctx, customer) => {
    const parsed = WatchlistAddSchema.safeParse(await jsonBody(req));
    if (!parsed.success) throw new HttpError(422, "Please check the vehicle ids.", {}, fieldErrors(parsed.error, "vehicle_ids"));
    const ids = [...new Set(parsed.data.vehicle_ids)];
    const visible = new Set((await savedStock(ctx, ids, requestNow())).map((v) => v.id));
    const unknown = ids.filter((id) => !visible.has(id));
    if (unknown.length)
      throw new HttpError(
        422,
        "Some of those cars are not on this site.",
        {},
        { vehicle_ids: `Not a vehicle of this site: ${unknown.join(", ")}.` },
      );
    const db = await getDb();
    const have = await listWatchlistIds(db, customer.id, ctx.site.id);
    if (new Set([...have, ...ids]).size > MAX_FAVOURITES)
      throw new HttpError(422, "Your watchlist is full.", {}, { vehicle_ids: `Keep up to ${MAX_FAVOURITES} cars in your watchlist.` });
    await addToWatchlist(db, customer.id, ctx.site.id, ids);
    return json(200, await authState(req, ctx));
  }),
  DELETE: accountApi(async (req, ctx, customer) => {
    const id = parseVehicleIds(new URL(req.url).searchParams.get("id"));
    if (!id || id.length !== 1) throw new HttpError(422, "Please check the vehicle id.", {}, { id: "Give one vehicle id." });
    await removeFromWatchlist(await getDb(), customer.id, ctx.site.id, id[0]!);
    return json(200, await authState(req, ctx));
  }),
};

/**
 * POST /api/account/searches {href} — "Save this search": a search page of this site (else 422);
 * DELETE /api/account/searches?id=uuid — forgets one (404 when it is not this customer's).
 */
export const searchRoutes = {
  POST: accountApi(async (req, ctx, customer) => {
    const body = await jsonBody(req);
    const saved = typeof body.href === "string" ? parseSavedSearch(body.href, ctx.landing, ctx.site.defaultSort) : null;
    if (!saved)
      throw new HttpError(422, "That is not a search of this site.", {}, { href: "Give the address of one of this site's search pages." });
    const label = savedSearchLabel(saved.query, searchTitle(saved.query.variant, ctx));
    const ok = await saveSearch(await getDb(), customer.id, ctx.site.id, saved.href, label, new Date(requestNow()));
    if (!ok)
      throw new HttpError(
        422,
        "You have saved the most searches we keep.",
        {},
        { href: `Keep up to ${MAX_SAVED_SEARCHES} saved searches: remove one in your garage first.` },
      );
    return json(200, { saved: { href: saved.href, label } });
  }),
  DELETE: accountApi(async (req, ctx, customer) => {
    const id = new URL(req.url).searchParams.get("id") ?? "";
    if (!isUuid(id) || !(await removeSavedSearch(await getDb(), customer.id, ctx.site.id, id)))
      throw new HttpError(404, "No such saved search.");
    return json(200, { ok: true });
  }),
};

/** PUT /api/account/details {first_name, last_name, phone, postcode} — the details that prefill this customer's forms. */
export const detailsRoutes = {
  PUT: accountApi(async (req, ctx, customer) => {
    const parsed = savedDetailsSchema(ctx.site.country).safeParse(await jsonBody(req));
    if (!parsed.success) throw new HttpError(422, "Please check the highlighted fields.", {}, fieldErrors(parsed.error, "form"));
    await saveCustomerDetails(await getDb(), customer.id, parsed.data, new Date(requestNow()));
    return json(200, { details: parsed.data });
  }),
};

/**
 * PUT /api/account/alerts {vehicle_id | search_id, alerts} — one alert on or off: a
 * watched car's (price drops, sold) or a saved search's (new matches). 404 when the car is not on
 * this customer's watchlist or the search is not theirs.
 */
export const alertRoutes = {
  PUT: accountApi(async (req, ctx, customer) => {
    const parsed = AlertSwitchSchema.safeParse(await jsonBody(req));
    if (!parsed.success) throw new HttpError(422, "Please check the alert.", {}, fieldErrors(parsed.error, "form"));
    const { vehicle_id, search_id, alerts } = parsed.data;
    const db = await getDb();
    const found =
      vehicle_id !== undefined
        ? await setCarAlert(db, customer.id, ctx.site.id, vehicle_id, alerts)
        : await setSearchAlert(db, customer.id, ctx.site.id, search_id!, alerts, new Date(requestNow()));
    if (!found) throw new HttpError(404, vehicle_id !== undefined ? "That car is not on your watchlist." : "No such saved search.");
    return json(200, { ...(vehicle_id !== undefined ? { vehicle_id } : { search_id }), alerts });
  }),
};
