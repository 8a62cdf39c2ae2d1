import { imageRequest } from "@/server/photos/service";

// GET /images/{key} — every photo the platform holds, in the image service's sizes and formats (w, h with fit=crop, q, auto=format)
// (dist/server.mjs answers these itself, without Next's pipeline, through the same imageRequest)
export async function GET(req: Request): Promise<Response> {
  return imageRequest(req);
}
