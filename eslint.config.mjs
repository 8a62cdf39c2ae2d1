import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// A function a reader can hold: about 120 lines. Tests are exempt (a table or a scenario reads best whole).
const FUNCTION_LINES = { max: 120, skipBlankLines: true, skipComments: true };

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
