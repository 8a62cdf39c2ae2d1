import { PLACEHOLDER_SVG, vehicleSvg } from "@/server/demo/photo-svg";

const HEADERS = { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" };

// GET /photos/{body}/{colour}/{n}.svg — locally generated demo vehicle photos (no external URLs).
export async function GET(req: Request, { params }: { params: Promise<{ parts: string[] }> }) {
  const { parts } = await params;
  if (parts.length === 1 && parts[0] === "placeholder.svg") return new Response(PLACEHOLDER_SVG, { headers: HEADERS });
  const [body, colour, file] = parts;
  const n = Number.parseInt(file?.replace(/\.svg$/, "") ?? "", 10);
  if (parts.length !== 3 || !body || !colour || !/^\d+\.svg$/.test(file ?? "") || n < 1 || n > 50) {
    return new Response("Not found", { status: 404 });
  }
  // the image-service parameters: w and h with fit=crop give a filled, cropped box (the share image)
  const q = new URL(req.url).searchParams;
  const w = Number(q.get("w")), h = Number(q.get("h"));
  const size = q.get("fit") === "crop" && w > 0 && h > 0 && w <= 3840 && h <= 3840 ? { width: w, height: h } : undefined;
  return new Response(vehicleSvg(body.replace(/-/g, " "), colour, n, size), { headers: HEADERS });
}
