// GET /icons.svg — the icon sprite every page's icons refer to (`?v=` its version: cached for ever)
import { iconSprite, iconSpriteVersion } from "@/components/ui/icon-set";

export const dynamic = "force-static";

const SPRITE = iconSprite();
const ETAG = `"${iconSpriteVersion(SPRITE)}"`;

export function GET() {
  return new Response(SPRITE, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      etag: ETAG,
      "x-content-type-options": "nosniff",
      // opened on its own, an SVG is a document: nothing in it may run or load
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
