import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: {
    // SPEC §7: one loader builds the image-service URL (width, auto format, quality, max width 1280)
    loader: "custom",
    loaderFile: "./src/image-loader.ts",
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [96, 128, 256, 384],
    qualities: [60, 75, 80],
  },
};

export default nextConfig;
