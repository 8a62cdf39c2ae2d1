import type { NextConfig } from "next";
import { IMAGE_QUALITY, IMAGE_WIDTHS } from "./src/domain/format/image";
import { iconSpriteVersion } from "./src/components/ui/icon-set";
import { ADMIN_AREA_HEADER, SITE_KEY_HEADER, SITE_SEGMENT_PATTERN } from "./src/domain/site/tenant";
import { baseSecurityHeaders, HSTS, LOCAL_HOST_NAME_PATTERN } from "./src/domain/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "rate-limiter-flexible", "busboy", "pg", "sharp"],
  poweredByHeader: false,
  // the icon sprite's address carries its content's version (src/components/ui/icons.tsx)
  env: { ICON_SPRITE_VERSION: iconSpriteVersion() },
  reactStrictMode: true,
  // `npm test` type-checks the same program beside the build (scripts/test.mjs), with the route
  // types the build writes first; the build's own pass would do that work twice
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  // forbidden(): a back-office page a role may not open answers 403 with src/app/admin/forbidden.tsx
  experimental: { authInterrupts: true },
  // Tenant routing in production: the server in front of Next (src/server/edge/server.ts, `pageDestination`)
  // names each page request's tenant in a header, replacing any a client sent, and these rewrites
  // send it to the tenant's routes: Next's own rewrite keeps the address the shopper asked for, as
  // its middleware does, at a fraction of the middleware's cost. The tenant's segment arrives
  // percent-encoded, made to match SITE_SEGMENT_PATTERN whatever the Host (`siteSegment`).
  rewrites: async () => ({
    beforeFiles: [
      { source: "/:path*", has: [{ type: "header", key: ADMIN_AREA_HEADER, value: "1" }], destination: "/admin/:path*" },
      {
        source: "/:path*",
        has: [{ type: "header", key: SITE_KEY_HEADER, value: `(?<site>${SITE_SEGMENT_PATTERN})` }],
        destination: "/sites/:site/:path*",
      },
    ],
    afterFiles: [],
    fallback: [],
  }),
  // The headers every answer carries when our edge is absent (`next dev`, `next start`; the page CSP
  // comes from src/proxy.ts). Behind the edge they are the values it would add anyway.
  headers: async () => [
    { source: "/:path*", headers: Object.entries(baseSecurityHeaders("localhost")).map(([key, value]) => ({ key, value })) },
    {
      source: "/:path*",
      missing: [{ type: "host", value: LOCAL_HOST_NAME_PATTERN }],
      headers: [{ key: "strict-transport-security", value: HSTS }],
    },
  ],
  images: {
    // one loader builds the image-service URL (width, auto format, quality, max width 1280)
    loader: "custom",
    loaderFile: "./src/image-loader.ts",
    deviceSizes: [...IMAGE_WIDTHS],
    // the width set runs from 640 to 3840, nothing smaller (a small image asks for 640;
    // widths over the 1280 cap are served at 1280, every other width as itself)
    imageSizes: [],
    qualities: [IMAGE_QUALITY.low, IMAGE_QUALITY.default, IMAGE_QUALITY.high],
  },
};

export default nextConfig;
