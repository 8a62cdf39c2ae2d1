import { describe, expect, test } from "vitest";
import { ICON_SET, iconSprite, iconSpriteVersion } from "@/components/ui/icon-set";
import { GET } from "./route";

describe("GET /icons.svg", () => {
  test("the sprite: one symbol per icon, cached for ever under its version, inert as a document", async () => {
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe(`"${iconSpriteVersion()}"`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const body = await res.text();
    expect([...body.matchAll(/<symbol id="([a-z-]+)" viewBox="0 0 24 24">/g)].map((m) => m[1])).toEqual(Object.keys(ICON_SET));
    expect(body).not.toMatch(/<script|on\w+=/i);
  });
  test("the version follows the drawings", () => {
    expect(iconSpriteVersion(iconSprite())).toBe(iconSpriteVersion());
    expect(iconSpriteVersion(iconSprite().replace("M8 2v3", "M8 2v4"))).not.toBe(iconSpriteVersion());
  });
});
