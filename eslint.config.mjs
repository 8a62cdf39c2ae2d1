import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// A function a reader can hold: about 120 lines. Tests are exempt (a table or a scenario reads best whole).
const FUNCTION_LINES = { max: 120, skipBlankLines: true, skipComments: true };

// Functions still over the budget, each held at its present size until it is split (not to grow meanwhile).
const TO_SPLIT = {
  "scripts/lib/bench/reports.ts": 126,
  "src/components/admin/console/location-form.tsx": 230,
  "src/components/admin/console/site-record-form.tsx": 176,
  "src/components/admin/hours-editors.tsx": 160,
  "src/components/admin/stock-forms.tsx": 121,
  "src/components/admin/vehicle-form.tsx": 215,
  "src/components/admin/views/console-site.tsx": 250,
  "src/components/admin/views/site-reports.tsx": 152,
  "src/components/admin/views/stock.tsx": 184,
  "src/components/forms/finance-calculator.tsx": 197,
  "src/components/locations/location-card.tsx": 162,
  "src/components/stock/favourites-list.tsx": 142,
  "src/components/stock/vehicle-detail.tsx": 238,
  "src/components/stock/vehicle-gallery.tsx": 146,
  "src/components/widgets/local-chat.tsx": 180,
  "src/components/widgets/site-widgets.tsx": 128,
  "src/domain/platform/openapi.ts": 281,
  "src/server/demo/content.ts": 315,
  "src/server/demo/generate.ts": 141,
  "src/server/edge/page-cache/index.ts": 244,
  "src/server/edge/server.ts": 162,
  "src/server/photos/variant-cache.ts": 121,
  "src/server/platform-client/client.ts": 141,
  "src/server/repositories/imports.ts": 122,
};

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "dist/**",
      "node_modules/**",
      ".data/**",
      "drizzle/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    rules: { "max-lines-per-function": ["error", FUNCTION_LINES] },
  },
  {
    files: ["**/*.test.{ts,tsx}", "e2e/**"],
    rules: { "max-lines-per-function": "off" },
  },
  ...Object.entries(TO_SPLIT).map(([file, max]) => ({
    files: [file],
    rules: { "max-lines-per-function": ["error", { ...FUNCTION_LINES, max }] },
  })),
  {
    // src/domain stays pure: no React, no Next, no DB, no env.
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "react",
            "react-dom",
            "next",
            "next/*",
            "drizzle-orm*",
            "@electric-sql/*",
            "postgres",
            "@/server/*",
            "@/components/*",
            "@/app/*",
          ],
        },
      ],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "domain code never reads the environment" }],
    },
  },
  {
    // components render props: the route files in src/app load the data they are given
    files: ["src/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/server/*"], message: "components render props; load data in the route (src/app)" }] },
      ],
    },
  },
  {
    // the server is below the views: it never reaches up into components, routes or browser code
    files: ["src/server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/components/*", "@/app/*", "@/client/*"],
              message: "server code serves the routes: move a shared rule to src/domain",
            },
          ],
        },
      ],
    },
  },
  {
    // browser code talks to the server over HTTP only
    files: ["src/client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/server/*"], message: "browser code reaches the server through its API, never its modules" }] },
      ],
    },
  },
];
export default config;
