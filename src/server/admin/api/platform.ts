import "server-only";
import { readFile, rm } from "node:fs/promises";
import { parseSiteId } from "@/domain/platform/contract";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { HttpError, json } from "@/server/http/api";
import { incomingDir, receiveMultipart, UploadError } from "@/server/http/multipart";
import { MAX_PHOTO_BYTES, PhotoRejected } from "@/server/photos/ingest";
import { keepPhoto } from "@/server/photos/keep";
import { readLogoColours } from "@/server/photos/logo-colours";
import {
  addDealership,
  addLocation,
  changeDealership,
  changeLocation,
  changeSiteRecord,
  createSiteFromRecord,
} from "@/server/platform/site-records";
import { getSiteById } from "@/server/repositories/sites";
import { addRule, removeRule, ruleJson } from "@/server/platform/feature-rules-api";
import { actor, adminRoute, jsonBody } from "./handler";
import { isMediaType } from "@/domain/http/content-type";

/*
 * The operators' console: `/api/admin/platform/sites`, `…/{siteId}`, `…/{siteId}/locations`,
 * `…/locations/{locationId}`, `…/dealerships[/{dealershipId}]`, `…/{siteId}/logo`, and
 * `/api/admin/platform/rules[/{ruleId}]`. The same functions as the platform API
 * (server/platform/site-records.ts), with the operator as the audit log's actor. Dealer staff get a
 * 404: the console is not shown to exist for them.
 */

function idOf(raw: string, what: string): number {
  const id = parseSiteId(raw);
  if (id === null) throw new HttpError(404, `Unknown ${what}.`);
  return id;
}

/** POST /api/admin/platform/sites — a new site (a draft unless published: true): 201 with its record. */
export const postConsoleSite = adminRoute(
  async (req, { staff }) => {
    const site = await createSiteFromRecord(await jsonBody(req), actor(staff));
    return json(201, { site, message: `${site.name} created as a draft.` });
  },
  { operator: true, write: true },
);

/** PUT /api/admin/platform/sites/{siteId} — the fields given change (published publishes or takes the site down). */
export const putConsoleSite = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const body = await jsonBody(req);
    const site = await changeSiteRecord(idOf(params.siteId, "site"), body, actor(staff));
    const published = (body as { published?: unknown }).published;
    const message =
      published === true
        ? `${site.name} is published.`
        : published === false
          ? `${site.name} is a draft again: the public sees "coming soon".`
          : "Saved.";
    return json(200, { site, message });
  },
  { operator: true, write: true },
);

/** POST /api/admin/platform/sites/{siteId}/locations — a new location: 201 with it. */
export const postConsoleLocation = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const location = await addLocation(idOf(params.siteId, "site"), await jsonBody(req), actor(staff));
    return json(201, { location, message: `${location.name} added.` });
  },
  { operator: true, write: true },
);

/** PUT /api/admin/platform/sites/{siteId}/locations/{locationId} — the fields given of one location. */
export const putConsoleLocation = adminRoute<{ siteId: string; locationId: string }>(
  async (req, { staff, params }) => {
    const location = await changeLocation(
      idOf(params.siteId, "site"),
      idOf(params.locationId, "location"),
      await jsonBody(req),
      actor(staff),
    );
    return json(200, { location, message: `${location.name} saved.` });
  },
  { operator: true, write: true },
);

const LOGO_UPLOAD = { files: 1, fileBytes: MAX_PHOTO_BYTES, totalBytes: MAX_PHOTO_BYTES + 64 * 1024, fieldBytes: 1024 } as const;
const LOGO_PARTS = {
  fields: ["logo"],
  types: { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" },
  refused: "Upload the logo as a PNG, JPEG, WebP or AVIF picture.",
};
const SLOTS = ["url", "thumb", "banner"] as const;

/**
 * POST /api/admin/platform/sites/{siteId}/logo — multipart: `logo` (one picture) and `slot` (url: the
 * full logo, thumb: the small one, banner: the home page's picture). Stored through the photo store
 * and served by the image service at /images/{key}; the site's logo record points there, with the
 * logo's colours measured (its colour on the header, its palette offered as the brand colours).
 */
export const postConsoleLogo = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const siteId = idOf(params.siteId, "site");
    const db = await getDb();
    const site = await getSiteById(db, siteId);
    if (!site) throw new HttpError(404, "Unknown site.");
    const type = req.headers.get("content-type") ?? "";
    if (!isMediaType(type, "multipart/form-data")) throw new HttpError(415, "Send the logo as multipart/form-data (field logo).");
    const temp = incomingDir(env().UPLOAD_DIR);
    try {
      const { fields, files } = await receiveMultipart(req.body, type, temp, LOGO_UPLOAD, LOGO_PARTS).catch((e: unknown) => {
        if (e instanceof UploadError)
          throw e.status === 422 ? new HttpError(422, e.message, {}, { logo: e.message }) : new HttpError(e.status, e.message);
        throw e;
      });
      const slot = fields.find(([k]) => k === "slot")?.[1] ?? "url";
      if (!(SLOTS as readonly string[]).includes(slot))
        throw new HttpError(422, "Choose the logo, the small logo or the banner.", {}, { slot: "Choose url, thumb or banner" });
      const file = files[0];
      if (!file) throw new HttpError(422, "Choose a picture to upload.", {}, { logo: "Choose a picture to upload" });
      const bytes = await readFile(file.tempPath);
      const kept = await keepPhoto(db, bytes).catch((e: unknown) => {
        if (e instanceof PhotoRejected) throw new HttpError(422, e.message, {}, { logo: e.message });
        throw e;
      });
      const logo = { ...site.logo, [slot]: `/images/${kept.key}` };
      if (slot !== "banner") {
        // measured now so the console can judge the logo on the header and offer its colours (the checklist's logo item)
        const { ink, palette } = await readLogoColours(bytes);
        logo.ink = { ...site.logo.ink, [slot]: ink };
        if (slot === "url") logo.palette = palette;
      }
      const updated = await changeSiteRecord(siteId, { logo }, actor(staff));
      return json(201, { site: updated, message: slot === "banner" ? "Banner uploaded." : "Logo uploaded." });
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  },
  { operator: true, write: true },
);

/** POST /api/admin/platform/rules — a feature rule: 201 with it. */
export const postConsoleRule = adminRoute(
  async (req, { staff }) => {
    const rule = await addRule(await jsonBody(req), `staff:${staff.id}`);
    return json(201, { rule: ruleJson(rule), message: "Rule added. The sites it fits show its flags now." });
  },
  { operator: true, write: true },
);

/** DELETE /api/admin/platform/rules/{ruleId} — remove a rule. */
export const deleteConsoleRule = adminRoute<{ ruleId: string }>(
  async (_req, { staff, params }) => {
    await removeRule(idOf(params.ruleId, "rule"), `staff:${staff.id}`);
    return json(200, { message: "Rule removed." });
  },
  { operator: true, write: true },
);

/** POST /api/admin/platform/sites/{siteId}/dealerships — a new dealership: 201 with it. */
export const postConsoleDealership = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const dealership = await addDealership(idOf(params.siteId, "site"), await jsonBody(req), actor(staff));
    return json(201, { dealership, message: `${dealership.name} added.` });
  },
  { operator: true, write: true },
);

/** PUT /api/admin/platform/sites/{siteId}/dealerships/{dealershipId} — the fields given of one dealership. */
export const putConsoleDealership = adminRoute<{ siteId: string; dealershipId: string }>(
  async (req, { staff, params }) => {
    const dealership = await changeDealership(
      idOf(params.siteId, "site"),
      idOf(params.dealershipId, "dealership"),
      await jsonBody(req),
      actor(staff),
    );
    return json(200, { dealership, message: `${dealership.name} saved.` });
  },
  { operator: true, write: true },
);
