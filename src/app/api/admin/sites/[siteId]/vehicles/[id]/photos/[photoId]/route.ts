// DELETE /api/admin/sites/{siteId}/vehicles/{id}/photos/{photoId} — takes one photo off a car
import { deletePhoto } from "@/server/admin/api/photos";

export const dynamic = "force-dynamic";
export const DELETE = deletePhoto;
