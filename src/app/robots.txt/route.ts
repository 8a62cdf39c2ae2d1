// GET /robots.txt — every tenant's pages may be crawled; lead and internal endpoints may not.
export function GET() {
  return new Response("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /mock/\nDisallow: /success\nDisallow: /favourites\n", {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
