// GET, POST, PUT /api/admin/sites/{siteId}/vehicles/{id}/photos — a car's photos: list, upload (multipart, field photos), order, main and alt text
import { getPhotos, postPhotos, putPhotos } from "@/server/admin/api/photos";

export const dynamic = "force-dynamic";
export const GET = getPhotos;
export const POST = postPhotos;
export const PUT = putPhotos;
