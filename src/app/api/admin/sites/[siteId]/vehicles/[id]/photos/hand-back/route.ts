// POST /api/admin/sites/{siteId}/vehicles/{id}/photos/hand-back — the car's photos go back to its stock feed
import { postPhotosHandBack } from "@/server/admin/api/photos";

export const dynamic = "force-dynamic";
export const POST = postPhotosHandBack;
