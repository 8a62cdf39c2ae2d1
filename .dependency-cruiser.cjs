// The layers of src/server, held by dependency-cruiser (`npm run deps`, part of `npm test`).
// docs/architecture.md draws them. Each floor may import its own floor and the floors below it,
// never one above: a back-arrow fails the check. Every module sits in a folder named for what it holds
// (none loose at the root, where the folder rules could not see it). Folders are features (leads,
// admin, platform, site, stock…); inside a feature, the request handlers sit on the features floor
// and the rest on the services floor.
//
// The request handlers: a feature's `*-api.ts` and `handlers.ts`, the back-office API (admin/api/),
// and, by name, the few handler and page-guard modules named otherwise.
const FEATURE_FOLDERS =
  "(admin|alerts|analytics|auth|bookings|content|delivery|files|leads|lookups|photos|platform|site|startup|stock|store)";
const HANDLERS = `src/server/(admin/api/|${FEATURE_FOLDERS}/([^/]+-api|handlers)\\.ts$|(admin/pages|alerts/unsubscribe|auth/garage|store/checkout-service)\\.ts$)`;

// Bottom to top. A file of src/server (not a test) must belong to exactly one floor.
const LAYERS = [
  {
    name: "base",
    why: "env, log, clock, the polling loop, per-process singletons, signed tokens and owner-only file modes: everything stands on them",
    path: ["^src/server/base/"],
  },
  {
    name: "db",
    why: "the connection, migrations' schema, the start-up lock",
    path: ["^src/server/db/"],
  },
  {
    name: "infrastructure",
    why: "shared plumbing with no business rule: caches and the change bus, mail transport, HTTP errors, bodies and uploads, rate limits, outbound fetch, postcodes, the client of the platform API",
    path: ["^src/server/(cache|mail|http|geo|platform-client)/"],
  },
  {
    name: "data",
    why: "repositories (one per aggregate, tenant-scoped) and the read models (reports, search)",
    path: ["^src/server/(repositories|reports|search)/"],
  },
  {
    name: "services",
    why: "business operations over repositories: site context, stock, content, leads, delivery, photos, private files, accounts, the platform API's site records, start-up",
    // a feature folder's modules, less its request handlers (the features floor, below)
    path: [`^(?!${HANDLERS})src/server/${FEATURE_FOLDERS}/[^/]+\\.ts$`],
  },
  {
    name: "features",
    why: "request handlers per feature (the route files in src/app call them) and the back-office's page guards",
    path: [`^${HANDLERS}`],
  },
  {
    name: "edge",
    why: "the production server in front of Next (request checks, security headers, tenant naming, the page caches): it starts everything below",
    path: ["^src/server/edge/"],
  },
  {
    name: "demo",
    why: "the demo tenants' generator and seeders; production reaches it only through the seam demo/index.ts, by dynamic import",
    path: ["^src/server/demo/"],
  },
  {
    name: "testing",
    why: "helpers for tests only",
    path: ["^src/server/testing/"],
  },
];

const TESTS = "\\.test\\.tsx?$";
const DEMO_SEAM = "^src/server/demo/index\\.ts$";

/** the floors above the i-th, as one list of path patterns */
const above = (i) => LAYERS.slice(i + 1).flatMap((l) => l.path);

const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.name}`,
  severity: "error",
  comment: `${layer.name} (${layer.why}) imports only its own floor and the floors below: ${
    LAYERS.slice(0, i)
      .map((l) => l.name)
      .join(", ") || "nothing else in src/server"
  }`,
  from: { path: layer.path, pathNot: TESTS },
  // the demo seam is reached by dynamic import only, and is checked by its own rule below
  to: { path: above(i), pathNot: [...LAYERS.slice(0, i + 1).flatMap((l) => l.path), DEMO_SEAM] },
}));

// Read models: reports and search join over many tables for one answer each, which no single
// repository owns, so they read the schema themselves. Test helpers build their fixtures with it.
const SCHEMA_READERS = ["^src/server/(repositories|db|reports|search|testing)/"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "layer-unassigned",
      severity: "error",
      comment: "every module of src/server belongs to a floor (add a new folder to LAYERS in .dependency-cruiser.cjs)",
      from: { path: "^src/server/", pathNot: [...LAYERS.flatMap((l) => l.path), TESTS] },
      to: {},
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "no import cycle at run time (a type-only import cycle is harmless)",
      from: { path: "^src/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "schema-in-repositories",
      severity: "error",
      comment:
        "the database schema is read and written by the repositories (src/server/repositories) and the named read models only (reports, search)",
      from: { path: "^src/", pathNot: [...SCHEMA_READERS, TESTS] },
      to: { path: "^src/server/db/schema/" },
    },
    {
      name: "demo-behind-its-seam",
      severity: "error",
      comment: "production code reaches demo code only through src/server/demo/index.ts, by dynamic import, when demo data is asked for",
      from: { path: "^src/", pathNot: ["^src/server/(demo|testing)/", TESTS] },
      to: { path: "^src/server/demo/", pathNot: DEMO_SEAM },
    },
    {
      name: "demo-seam-dynamic-only",
      severity: "error",
      comment:
        "the demo seam is loaded by dynamic import (a type from it vanishes at run time), so that production never loads it unless asked",
      from: { path: "^src/", pathNot: ["^src/server/(demo|testing)/", TESTS] },
      to: { path: DEMO_SEAM, dependencyTypesNot: ["dynamic-import", "type-only", "type-import"] },
    },
    {
      name: "no-test-support-in-production",
      severity: "error",
      comment: "test helpers (src/server/testing) are for tests",
      from: { path: "^src/", pathNot: ["^src/server/testing/", TESTS] },
      to: { path: "^src/server/testing/" },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "src/domain holds pure rules: no server, views, routes or browser code",
      from: { path: "^src/domain/" },
      to: { path: "^src/(server|components|app|client)/" },
    },
    // On resolved paths, so a relative import (../../server/…) is caught as surely as an alias
    // (@/server/…); ESLint's pattern match in eslint.config.mjs only says so sooner in the editor.
    {
      name: "components-render-props",
      severity: "error",
      comment: "components render the props a route gives them: they import nothing of the server, not even a type (load data in src/app)",
      from: { path: "^src/components/", pathNot: TESTS },
      to: { path: "^src/server/" },
    },
    {
      name: "client-over-http",
      severity: "error",
      comment: "browser code (src/client) reaches the server through its HTTP API, never its modules",
      from: { path: "^src/client/", pathNot: TESTS },
      to: { path: "^src/server/" },
    },
    {
      name: "server-below-views",
      severity: "error",
      comment: "the server serves the routes: it never reaches up into components, routes or browser code",
      from: { path: "^src/server/" },
      to: { path: "^src/(components|app|client)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // tests may reach anywhere (fixtures, helpers, the demo); the rules are about the modules they test
    exclude: { path: ["\\.d\\.ts$", "\\.test\\.tsx?$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types", "react-server"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
