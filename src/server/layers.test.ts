import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, describe, expect, test } from "vitest";

/*
 * The layer rules of .dependency-cruiser.cjs (`npm run deps`), run on small made-up trees: a tree
 * that keeps to the floors passes, and each kind of back-arrow fails with the rule that names it.
 * The trees resolve `@/…` as the project does (tsconfig paths), so a rule is proved against both an
 * alias and a relative path to the same module. docs/architecture.md draws the floors.
 */
const load = createRequire(import.meta.url);
const config = load("../../.dependency-cruiser.cjs") as { forbidden: IForbiddenRuleType[] };
const folders = load("../../.dependency-cruiser.folders.cjs") as { forbidden: IForbiddenRuleType[] };

/** A tree that keeps every rule: edge-to-db along a lead, the demo behind its seam, a read model on the schema. */
const CLEAN: Record<string, string> = {
  "src/server/base/env.ts": "export const env = () => ({});\n",
  "src/server/db/schema/index.ts": "export const leads = {};\n",
  "src/server/db/index.ts": 'import { env } from "../base/env";\nexport const getDb = () => env();\n',
  "src/server/db/startup.ts": 'export const start = async () => (await import("../demo/index")).demoStartup;\n',
  "src/server/http/api.ts": 'import { getDb } from "../db/index";\nexport class HttpError extends Error {}\nexport const up = getDb;\n',
  "src/server/repositories/leads.ts": 'import { leads } from "../db/schema/index";\nexport const insertLead = () => leads;\n',
  "src/server/reports/team.ts": 'import { leads } from "../db/schema/index";\nexport const team = () => leads;\n',
  "src/server/site/context.ts": 'import { getDb } from "../db/index";\nexport const getSiteContext = getDb;\n',
  "src/server/leads/lead-service.ts":
    'import { insertLead } from "../repositories/leads";\nimport { HttpError } from "../http/api";\nexport const createLead = () => [insertLead, HttpError];\n',
  "src/server/leads/handlers.ts":
    'import { createLead } from "./lead-service";\nimport { getSiteContext } from "../site/context";\nexport const leadRoutes = () => [createLead, getSiteContext];\n',
  "src/server/demo/index.ts": 'import { insertLead } from "../repositories/leads";\nexport const demoStartup = insertLead;\n',
  "src/app/api/leads/route.ts": 'import { leadRoutes } from "../../../server/leads/handlers";\nexport const POST = leadRoutes;\n',
  "src/domain/leads/lead.ts": "export const leadTitle = (name: string) => name;\n",
  "src/components/leads/LeadCard.tsx": 'import { leadTitle } from "@/domain/leads/lead";\nexport const LeadCard = leadTitle;\n',
  "src/client/forms/lead-form.ts": 'import { leadTitle } from "../../domain/leads/lead";\nexport const submit = leadTitle;\n',
};
const TSCONFIG = JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } } });

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The names of the rules a tree breaks (the clean tree with `changes` written over it). */
async function brokenRules(changes: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "layers-"));
  dirs.push(dir);
  for (const [file, text] of Object.entries({ "tsconfig.json": TSCONFIG, ...CLEAN, ...changes })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const result = await cruise(
    ["src"],
    {
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: [...config.forbidden, ...folders.forbidden] },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: join(dir, "tsconfig.json") },
      doNotFollow: { path: "node_modules" },
    },
    undefined,
    // with a baseUrl given here, the paths are read from the tree's own tsconfig (else from the working folder)
    { tsConfig: { options: { baseUrl: dir } } },
  );
  if (typeof result.output === "string") throw new Error("expected a cruise result, got a report");
  // an import the cruise could not follow would pass every rule unseen
  const unresolved = result.output.modules.flatMap((m) =>
    m.dependencies.filter((d) => d.couldNotResolve).map((d) => `${m.source} → ${d.module}`),
  );
  expect(unresolved).toEqual([]);
  return [...new Set(result.output.summary.violations.map((v) => v.rule.name))].sort();
}

describe("the dependency rules of src/server", () => {
  test("a tree that keeps to the floors passes", async () => {
    expect(await brokenRules({})).toEqual([]);
  }, 30_000);

  test("a route may take a type from the demo seam and load the seam by import()", async () => {
    expect(
      await brokenRules({
        "src/app/api/leads/route.ts":
          'import type { demoStartup as T } from "../../../server/demo/index";\nimport { leadRoutes } from "../../../server/leads/handlers";\nexport const POST = leadRoutes;\nexport const demo = async (): Promise<typeof T> => (await import("../../../server/demo/index")).demoStartup;\n',
      }),
    ).toEqual([]);
  }, 30_000);

  test.each<[string, Record<string, string>, string[]]>([
    [
      "the db imports a service",
      { "src/server/db/startup.ts": 'import { getSiteContext } from "../site/context";\nexport const s = getSiteContext;\n' },
      ["layer-db", "no-folder-cycle"],
    ],
    [
      "the HTTP plumbing imports a service",
      {
        "src/server/http/api.ts":
          'import { getSiteContext } from "../site/context";\nexport class HttpError extends Error {}\nexport const s = getSiteContext;\n',
      },
      ["layer-infrastructure"],
    ],
    [
      "a repository imports a service",
      {
        "src/server/repositories/leads.ts":
          'import { getSiteContext } from "../site/context";\nexport const insertLead = getSiteContext;\n',
      },
      ["layer-data", "no-folder-cycle"],
    ],
    [
      "a service imports a request handler",
      { "src/server/leads/lead-service.ts": 'import { leadRoutes } from "./handlers";\nexport const createLead = () => leadRoutes;\n' },
      ["layer-services", "no-circular"],
    ],
    [
      "a service reads the schema",
      { "src/server/alerts/digests.ts": 'import { leads } from "../db/schema/index";\nexport const d = leads;\n' },
      ["schema-in-repositories"],
    ],
    [
      "a route file reads the schema",
      { "src/app/api/leads/route.ts": 'import { leads } from "../../../server/db/schema/index";\nexport const POST = leads;\n' },
      ["schema-in-repositories"],
    ],
    [
      "a service imports demo code",
      { "src/server/photos/service.ts": 'import { demoStartup } from "../demo/index";\nexport const p = demoStartup;\n' },
      ["demo-seam-dynamic-only"],
    ],
    [
      "a service imports the demo seam both for a type and statically",
      {
        "src/server/photos/service.ts":
          'import type { demoStartup as T } from "../demo/index";\nimport { demoStartup } from "../demo/index";\nexport const p: typeof T = demoStartup;\n',
      },
      ["demo-seam-dynamic-only"],
    ],
    [
      "a service imports past the demo seam",
      {
        "src/server/photos/service.ts": 'import { x } from "../demo/photo-raster";\nexport const p = x;\n',
        "src/server/demo/photo-raster.ts": "export const x = 1;\n",
      },
      ["demo-behind-its-seam", "layer-services"],
    ],
    [
      "two services import each other",
      {
        "src/server/site/context.ts": 'import { createLead } from "../leads/lead-service";\nexport const getSiteContext = createLead;\n',
        "src/server/leads/lead-service.ts":
          'import { getSiteContext } from "../site/context";\nexport const createLead = () => getSiteContext;\n',
      },
      ["no-circular", "no-folder-cycle"],
    ],
    [
      "two feature folders import each other (a handler of one uses a service of the other, which uses a service of the first)",
      {
        "src/server/lookups/valuation.ts": "export const value = 1;\n",
        "src/server/leads/lead-service.ts": 'import { value } from "../lookups/valuation";\nexport const createLead = () => value;\n',
        "src/server/lookups/lookup-api.ts": 'import { createLead } from "../leads/lead-service";\nexport const route = createLead;\n',
      },
      ["no-folder-cycle"],
    ],
    [
      "a folder on no floor",
      { "src/server/newthing/x.ts": 'import { env } from "../base/env";\nexport const x = env;\n' },
      ["layer-unassigned"],
    ],
    [
      "a module loose at the root of src/server, where the folder rules cannot see it",
      { "src/server/helpers.ts": 'import { env } from "./base/env";\nexport const h = env;\n' },
      ["layer-unassigned"],
    ],
    [
      "the base imports a service",
      { "src/server/base/env.ts": 'import { getSiteContext } from "../site/context";\nexport const env = () => getSiteContext;\n' },
      ["layer-base", "no-circular", "no-folder-cycle"],
    ],
    [
      "a component imports the server by its alias",
      {
        "src/components/leads/LeadCard.tsx":
          'import { getSiteContext } from "@/server/site/context";\nexport const LeadCard = getSiteContext;\n',
      },
      ["components-render-props"],
    ],
    [
      "a component imports the server by a relative path",
      {
        "src/components/leads/LeadCard.tsx":
          'import { getSiteContext } from "../../server/site/context";\nexport const LeadCard = getSiteContext;\n',
      },
      ["components-render-props"],
    ],
    [
      "a component takes only a type from the server",
      {
        "src/components/leads/LeadCard.tsx":
          'import type { getSiteContext } from "../../server/site/context";\nexport const LeadCard = (c: typeof getSiteContext) => c;\n',
      },
      ["components-render-props"],
    ],
    [
      "browser code imports the server by its alias",
      { "src/client/forms/lead-form.ts": 'import { env } from "@/server/base/env";\nexport const submit = env;\n' },
      ["client-over-http"],
    ],
    [
      "browser code imports the server by a relative path",
      { "src/client/forms/lead-form.ts": 'import { env } from "../../server/base/env";\nexport const submit = env;\n' },
      ["client-over-http"],
    ],
    [
      "the domain imports the server",
      { "src/domain/leads/lead.ts": 'import { env } from "../../server/base/env";\nexport const x = env;\n' },
      ["domain-is-pure"],
    ],
  ])(
    "%s: fails",
    async (_what, changes, rules) => {
      expect(await brokenRules(changes)).toEqual(rules);
    },
    30_000,
  );
});
