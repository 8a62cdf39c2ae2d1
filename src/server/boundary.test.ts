import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * The server/client boundary: every module under src/server that can reach the database, the
 * environment, secrets or files imports `server-only`, so a client component that reaches one by
 * accident fails the build instead of shipping server code (or a secret) to the browser.
 * The demo-data generator is pure computation (the browser tests use it to know what to expect):
 * it is listed here, and may import only pure code.
 */
const PURE = [
  "demo/catalogue.ts",
  "demo/generate.ts",
  "demo/photo-svg.ts",
  "demo/photos.ts",
  "demo/prng.ts",
  "demo/reviews.ts",
  "demo/scenes.ts",
  "demo/sites.ts",
];

const modules = (readdirSync(import.meta.dirname, { recursive: true }) as string[])
  .map((f) => f.split("\\").join("/"))
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .sort();
const source = (file: string) => readFileSync(join(import.meta.dirname, file), "utf8");

describe("server modules are server-only", () => {
  test("there are modules to check", () => expect(modules.length).toBeGreaterThan(30));

  test.each(modules.filter((m) => !PURE.includes(m)))("%s imports server-only", (file) => {
    expect(source(file)).toMatch(/^import "server-only";$/m);
  });

  test.each(PURE)("%s is pure: only domain code, types and the other pure modules", (file) => {
    const imports = [...source(file).matchAll(/^import (type )?.*? from "([^"]+)"(?: with \{ type: "json" \})?;$/gm)].map((m) => ({
      typeOnly: Boolean(m[1]),
      from: m[2]!,
    }));
    for (const { typeOnly, from } of imports) {
      // a data file beside it (demo/data/*.json) is data, not code
      const ok =
        typeOnly ||
        from.startsWith("@/domain/") ||
        /^\.\/data\/[\w-]+\.json$/.test(from) ||
        PURE.includes(`demo/${from.replace("./", "")}.ts`);
      expect(ok, `${file} imports ${from}`).toBe(true);
    }
  });
});

/** The server modules a module imports for their values (type-only imports vanish at run time). */
function runtimeImports(file: string): string[] {
  const specs = [...source(file).matchAll(/^(?:import|export) (?!type )[^;]*? from "([^"]+)";$/gms)].map((m) => m[1]!);
  return specs
    .map((spec) =>
      spec.startsWith("@/server/")
        ? spec.slice("@/server/".length)
        : spec.startsWith(".")
          ? join(file, "..", spec).split("\\").join("/")
          : null,
    )
    .filter((m): m is string => m !== null)
    .map((m) => (modules.includes(`${m}.ts`) ? `${m}.ts` : `${m}/index.ts`))
    .filter((m) => modules.includes(m));
}

describe("server modules import each other without cycles", () => {
  test("no module reaches itself through its runtime imports", () => {
    const graph = new Map(modules.map((m) => [m, runtimeImports(m)]));
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (m: string, path: string[]) => {
      state.set(m, "open");
      for (const next of graph.get(m) ?? []) {
        if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(m, "done");
    };
    for (const m of modules) if (!state.has(m)) visit(m, [m]);
    expect(graph.get("repositories/sites.ts")).toContain("repositories/audit.ts");
    expect(cycles).toEqual([]);
  });
});

/*
 * The site record and the context built from it reach components as props, so a
 * `"use client"` file that imported their types would be one prop away from shipping the whole
 * record to the browser. Secrets are not in them (server/site/secrets.ts), and client files do not
 * import them at all: a client component gets the few plain values it needs.
 */
const SRC = join(import.meta.dirname, "..");
const clientFiles = (readdirSync(SRC, { recursive: true }) as string[])
  .map((f) => f.split("\\").join("/"))
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
  .filter((f) => /^\s*["']use client["'];?\s*$/m.test(readFileSync(join(SRC, f), "utf8").split("\n").slice(0, 5).join("\n")))
  .sort();
const RECORD_TYPES = /\b(SiteRecord|SiteIntegrations|SiteContext|SiteSecrets)\b|["']@\/(domain\/site\/context|server\/[^"']+)["']/;

describe("client files never import the site record", () => {
  test("there are client files to check", () => expect(clientFiles.length).toBeGreaterThan(20));

  test.each(clientFiles)("%s", (file) => {
    const imports = [...readFileSync(join(SRC, file), "utf8").matchAll(/^(?:import|export)\b[^;]*?;$/gms)].map((m) => m[0]);
    expect(imports.filter((i) => RECORD_TYPES.test(i))).toEqual([]);
  });
});
