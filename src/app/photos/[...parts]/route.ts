import { PLACEHOLDER_SVG, vehicleSvg } from "@/server/demo/photo-svg";

const HEADERS = { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" };

// GET /photos/{body}/{colour}/{n}.svg — locally generated demo vehicle photos (no external URLs).
export async function GET(_req: Request, { params }: { params: Promise<{ parts: string[] }> }) {
  const { parts } = await params;
  if (parts.length === 1 && parts[0] === "placeholder.svg") return new Response(PLACEHOLDER_SVG, { headers: HEADERS });
  const [body, colour, file] = parts;
  const n = Number.parseInt(file?.replace(/\.svg$/, "") ?? "", 10);
  if (parts.length !== 3 || !body || !colour || !/^\d+\.svg$/.test(file ?? "") || n < 1 || n > 50) {
    return new Response("Not found", { status: 404 });
  }
  return new Response(vehicleSvg(body.replace(/-/g, " "), colour, n), { headers: HEADERS });
}
