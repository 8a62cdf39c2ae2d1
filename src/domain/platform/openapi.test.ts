import { describe, expect, test } from "vitest";
import { platformOpenApi } from "./openapi";

/*
 * The error-level rules of Redocly's "recommended" set that can be checked without the tool (the
 * document must lint with 0 errors), plus an operationId on every operation (so generated clients
 * get stable method names) and a 4xx answer on each.
 */

type Param = { name: string; in: string; required?: boolean; schema?: { type?: string; enum?: unknown[] } };
type Operation = {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Param[];
  responses: Record<string, unknown>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; identifier?: string; url?: string } };
  servers?: Array<{ url: string }>;
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};
const doc = platformOpenApi() as Doc;
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op })),
);
const label = operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const);

describe("the OpenAPI document passes Redocly's recommended error rules", () => {
  test("there are operations to check", () => expect(operations.length).toBeGreaterThan(10));

  test.each(label)("%s: an operationId (url-safe) and a summary", (_, { op }) => {
    expect(op.operationId).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    expect(op.summary?.trim()).toBeTruthy();
  });

  test("operationIds are unique", () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(label)("%s: security is declared (security: [] where no credentials are asked) and its schemes exist", (_, { op }) => {
    // security-defined: no global security, so each operation says, and a public one says so with []
    expect(doc.security).toBeUndefined();
    expect(Array.isArray(op.security)).toBe(true);
    for (const requirement of op.security!)
      for (const scheme of Object.keys(requirement)) expect(Object.keys(doc.components.securitySchemes)).toContain(scheme);
  });

  test.each(label)("%s: a 2xx and a 4xx answer", (_, { op }) => {
    const codes = Object.keys(op.responses);
    expect(codes.some((c) => /^2\d\d$/.test(c))).toBe(true);
    expect(codes.some((c) => /^4\d\d$/.test(c))).toBe(true);
  });

  test.each(label)("%s: every path parameter is declared, required, once; none declared that the path lacks", (_, { path, op }) => {
    const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = (op.parameters ?? []).filter((p) => p.in === "path");
    expect(declared.map((p) => p.name).sort()).toEqual([...inPath].sort());
    expect(declared.every((p) => p.required === true)).toBe(true);
    const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(new Set(keys).size).toBe(keys.length); // operation-parameters-unique
  });

  test.each(label)("%s: enums match their type", (_, { op }) => {
    for (const p of op.parameters ?? [])
      if (p.schema?.enum && p.schema.type) expect(p.schema.enum.every((v) => typeof v === p.schema!.type)).toBe(true);
  });

  test("paths: no trailing slash, no query string, none identical or ambiguous once their parameters are filled in", () => {
    const paths = Object.keys(doc.paths);
    for (const p of paths) {
      expect(p).toMatch(/^\//);
      expect(p.length === 1 || !p.endsWith("/")).toBe(true);
      expect(p).not.toContain("?");
    }
    // no-identical-paths / no-ambiguous-paths: two templates that one URL could match
    const segment = (s: string) => new RegExp(`^${s.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`);
    const fill = (s: string) => s.replace(/\{[^}]+\}/g, "x1");
    const clash = (a: string, b: string) => {
      const [x, y] = [a.split("/"), b.split("/")];
      return x.length === y.length && x.every((s, i) => segment(s).test(fill(y[i]!)) || segment(y[i]!).test(fill(s)));
    };
    for (const [i, a] of paths.entries()) for (const b of paths.slice(i + 1)) expect(clash(a, b), `${a} and ${b}`).toBe(false);
  });

  test("servers have no trailing slash (a lone / is the same origin); info has a title, version and license", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    for (const s of doc.servers ?? []) expect(s.url === "/" || !s.url.endsWith("/")).toBe(true);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.license?.identifier ?? doc.info.license?.url).toBeTruthy();
  });

  test("every $ref resolves to a component", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(Object.keys(doc.components.schemas)).toContain(r);
    // spec-components-invalid-map-name
    for (const name of [...Object.keys(doc.components.schemas), ...Object.keys(doc.components.securitySchemes)])
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});
