import { answerImage } from "@/server/photos/service";

// GET /images/{key} — every photo the platform holds, in SPEC §7's sizes and formats (w, h with fit=crop, q, auto=format)
// (dist/server.mjs answers these itself, without Next's pipeline: src/server/photos/service.ts imageRequest)
export async function GET(req: Request, { params }: { params: Promise<{ parts: string[] }> }) {
  const { parts } = await params;
  return answerImage(parts, new URL(req.url).searchParams, req.headers);
}
