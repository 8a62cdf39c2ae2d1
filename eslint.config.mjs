import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
];
export default config;
