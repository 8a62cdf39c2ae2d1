// PUT /api/admin/sites/{siteId}/content/{id} — edits a page, post or offer
// DELETE /api/admin/sites/{siteId}/content/{id} — removes it
import { deleteContentEntry, putContent } from "@/server/admin/api/content";

export const dynamic = "force-dynamic";
export const PUT = putContent;
export const DELETE = deleteContentEntry;
