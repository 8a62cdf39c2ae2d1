import "server-only";
import { OpeningHoursUpdateSchema, parseSiteId, SpecialHoursUpdateSchema } from "@/domain/platform/contract";
import { hoursEntry } from "@/domain/site/hours";
import type { Weekday } from "@/domain/site/types";
import { HttpError, json } from "@/server/http/api";
import { editLocationHours, editSpecialHours } from "@/server/platform/site-edits";
import { adminRoute, actor, jsonBody, parsed } from "./handler";

/* A location's opening hours and the site's special hours: `/api/admin/sites/{siteId}/locations/{locationId}/hours`, `/special-hours`. */

/** PUT /api/admin/sites/{siteId}/locations/{locationId}/hours — the week, as the platform API's PUT takes it. */
export const putLocationHours = adminRoute<{ siteId: string; locationId: string }>(
  async (req, { staff, params, siteId }) => {
    const locationId = parseSiteId(params.locationId);
    if (locationId === null) throw new HttpError(404, "Unknown location.");
    const body = parsed(OpeningHoursUpdateSchema, await jsonBody(req), "Please correct the opening hours.", "opening_hours");
    const done = await editLocationHours(
      siteId,
      locationId,
      body.opening_hours.map((h) => hoursEntry(h.weekday as Weekday, h.status, h.open, h.close)),
      actor(staff),
    );
    if (!done) throw new HttpError(404, "Unknown location.");
    return json(200, { ok: true, message: "Opening hours saved. The website shows them now." });
  },
  { permission: "settings.edit", write: true },
);

/** PUT /api/admin/sites/{siteId}/special-hours — the whole list of holiday hours, replaced. */
export const putSpecialHours = adminRoute<{ siteId: string }>(
  async (req, { staff, siteId }) => {
    const body = parsed(SpecialHoursUpdateSchema, await jsonBody(req), "Please correct the holiday hours.", "special_hours");
    const { foreign } = await editSpecialHours(siteId, body.special_hours, actor(staff));
    if (foreign.length)
      throw new HttpError(
        422,
        "Please correct the holiday hours.",
        {},
        Object.fromEntries(
          body.special_hours.flatMap((e, i) =>
            e.location_id !== null && foreign.includes(e.location_id)
              ? [[`special_hours.${i}.location_id`, "Not a location of this site"]]
              : [],
          ),
        ),
      );
    return json(200, { ok: true, message: "Holiday hours saved. The website shows them now." });
  },
  { permission: "settings.edit", write: true },
);
