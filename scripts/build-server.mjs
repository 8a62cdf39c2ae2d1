#!/usr/bin/env node
// Compiles the production server (scripts/server.ts and the src/ modules it uses) to plain
// JavaScript in dist/server.mjs, so `npm start` runs no TypeScript loader. Packages stay external
// (loaded from node_modules as usual); `server-only` resolves as on React's server, which this is.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const emptyServerOnly = fileURLToPath(new URL("../node_modules/server-only/empty.js", import.meta.url));

// the server, and the operator command the browser tests run before it
for (const name of ["server", "operator-create"])
  await build({
    entryPoints: [`scripts/${name}.ts`],
    outfile: `dist/${name}.mjs`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    tsconfig: "tsconfig.json",
    plugins: [
      {
        name: "server-only",
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: emptyServerOnly }));
        },
      },
    ],
    // CommonJS packages imported from ESM need `require` for their own requires
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
console.log("build-server: dist/server.mjs, dist/operator-create.mjs");
