import "server-only";
import { parseSiteId } from "@/domain/platform/contract";
import { HttpError } from "@/server/http/api";
import { bodyOf, platformRoute, requireAuth, siteIdOf } from "./dashboard-api";
import {
  addDealership,
  addLocation,
  changeDealership,
  changeLocation,
  changeSiteRecord,
  createSiteFromRecord,
  siteRecordAnswer,
} from "./site-records";
import { PLATFORM_API_ACTOR } from "./site-edits";

/*
 * The platform API's site records: create a site, read and change it, add and change
 * its locations. Administrator Basic auth on every call; field names as in docs/features/onboarding.md.
 */

const NO_STORE = { "cache-control": "no-store" };

/** `1001.json` → 1001; anything else is a 404 (the path names a JSON document). */
function jsonId(raw: string, what: string): number {
  const m = /^(.+)\.json$/.exec(raw);
  if (!m) throw new HttpError(404, "Not found.");
  const id = parseSiteId(m[1]!);
  if (id === null) throw new HttpError(400, `The ${what} id must be a positive whole number.`);
  return id;
}

// POST /api/v1/websites — a site from its record; 201 with the record as stored
export const postWebsite = platformRoute(async (req) => {
  await requireAuth(req, "admin");
  const body = await createSiteFromRecord(await bodyOf(req), PLATFORM_API_ACTOR);
  return Response.json(body, { status: 201, headers: { ...NO_STORE, location: `/api/v1/websites/${body.id}.json` } });
});

// GET /api/v1/websites/{id}.json — the site record with its effective flags, locations and publish checklist
export const getWebsite = platformRoute<{ siteId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const body = await siteRecordAnswer(jsonId(p.siteId, "site"));
  if (!body) throw new HttpError(404, "Unknown site.");
  return Response.json(body, { headers: NO_STORE });
});

// PUT /api/v1/websites/{id}.json — change the fields given (published: true publishes, false takes the site down)
export const putWebsite = platformRoute<{ siteId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const siteId = jsonId(p.siteId, "site");
  return Response.json(await changeSiteRecord(siteId, await bodyOf(req), PLATFORM_API_ACTOR), { headers: NO_STORE });
});

// POST /api/v1/websites/{siteId}/locations — a new location of the site; 201 with it
export const postLocation = platformRoute<{ siteId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const body = await addLocation(siteIdOf(p.siteId), await bodyOf(req), PLATFORM_API_ACTOR);
  return Response.json(body, { status: 201, headers: NO_STORE });
});

// PUT /api/v1/websites/{siteId}/locations/{locationId}.json — change the fields given of one location
export const putLocation = platformRoute<{ siteId: string; locationId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const body = await changeLocation(siteIdOf(p.siteId), jsonId(p.locationId, "location"), await bodyOf(req), PLATFORM_API_ACTOR);
  return Response.json(body, { headers: NO_STORE });
});

// POST /api/v1/websites/{siteId}/dealerships — a new dealership (franchise) of the site; 201 with it
export const postDealership = platformRoute<{ siteId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const body = await addDealership(siteIdOf(p.siteId), await bodyOf(req), PLATFORM_API_ACTOR);
  return Response.json(body, { status: 201, headers: NO_STORE });
});

// PUT /api/v1/websites/{siteId}/dealerships/{dealershipId}.json — change the fields given of one dealership (visible: false hides it)
export const putDealership = platformRoute<{ siteId: string; dealershipId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  const body = await changeDealership(siteIdOf(p.siteId), jsonId(p.dealershipId, "dealership"), await bodyOf(req), PLATFORM_API_ACTOR);
  return Response.json(body, { headers: NO_STORE });
});
