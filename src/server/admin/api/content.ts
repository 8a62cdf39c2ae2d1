import "server-only";
import { parseSiteId } from "@/domain/platform/contract";
import { ContentEditSchema, contentFields, KIND_LABELS } from "@/domain/content/edit";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { siteDataChanged } from "@/server/platform/site-edits";
import { deleteContent, saveContent } from "@/server/repositories/content-edits";
import { getSiteById } from "@/server/repositories/sites";
import type { Staff } from "../staff-auth";
import { adminRoute, actor, jsonBody, parsed } from "./handler";

/* Content pages and posts: `/api/admin/sites/{siteId}/content` and `/content/{id}`. */

async function saveContentEntry(req: Request, staff: Staff, siteId: number, id: number | null): Promise<Response> {
  const body = parsed(ContentEditSchema, await jsonBody(req), "Please check the highlighted fields.");
  const db = await getDb();
  const site = await getSiteById(db, siteId);
  if (!site) throw new HttpError(404, "Unknown site.");
  const saved = await saveContent(db, siteId, id, contentFields(body, site.timezone), actor(staff));
  if (saved === null) throw new HttpError(404, "Unknown content.");
  if (saved === "taken")
    throw new HttpError(
      422,
      "Please check the highlighted fields.",
      {},
      { slug: `Another ${KIND_LABELS[body.kind].toLowerCase()} has this address` },
    );
  await siteDataChanged(siteId, ["navigation"]);
  return json(200, { ok: true, id: saved, message: "Saved. The website shows it now." });
}

/** POST /api/admin/sites/{siteId}/content — a new page, post or offer. */
export const postContent = adminRoute<{ siteId: string }>(async (req, { staff, siteId }) => saveContentEntry(req, staff, siteId, null), {
  permission: "settings.edit",
  write: true,
});

const contentIdOf = (raw: string) => {
  const id = parseSiteId(raw);
  if (id === null) throw new HttpError(404, "Unknown content.");
  return id;
};

/** PUT /api/admin/sites/{siteId}/content/{id}; DELETE removes it. */
export const putContent = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params, siteId }) => saveContentEntry(req, staff, siteId, contentIdOf(params.id)),
  { permission: "settings.edit", write: true },
);
export const deleteContentEntry = adminRoute<{ siteId: string; id: string }>(
  async (_req, { staff, params, siteId }) => {
    if (!(await deleteContent(await getDb(), siteId, contentIdOf(params.id), actor(staff)))) throw new HttpError(404, "Unknown content.");
    await siteDataChanged(siteId, ["navigation"]);
    return json(200, { ok: true, message: "Deleted." });
  },
  { permission: "settings.edit", write: true },
);
