import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * Every route file opens with what it answers, one `// METHOD /path — what` line per
 * method it exports (or one line naming several), and the path is the file's own: a reader finds
 * an endpoint by grepping its path, and a moved route cannot keep a stale line.
 */
const APP = import.meta.dirname;
const routes = (readdirSync(APP, { recursive: true }) as string[])
  .map((f) => f.split("\\").join("/"))
  .filter((f) => f.endsWith("/route.ts"))
  .sort();

/** The URL path a route file answers: [x] → {x}, [...x] → *, a tenant's sites/[site] prefix dropped. */
function urlPathOf(file: string): string {
  const dir = file.slice(0, -"/route.ts".length).replace(/^sites\/\[site\]/, "");
  return `/${dir.replace(/^\//, "")}`
    .split("/")
    .map((seg) => (seg.startsWith("[...") ? "*" : seg.replace(/^\[(\w+)\]$/, "{$1}")))
    .join("/");
}

const METHOD = /\b(GET|POST|PUT|DELETE|PATCH)\b/g;

describe("every route file says what it answers", () => {
  test("there are route files", () => expect(routes.length).toBeGreaterThan(40));

  test.each(routes)("%s", (file) => {
    const text = readFileSync(join(APP, file), "utf8");
    const exported = [...text.matchAll(/^export (?:const|async function) (GET|POST|PUT|DELETE|PATCH)\b/gm)].map((m) => m[1]);
    const lines = text.split("\n").filter((l) => /^\/\/ [A-Z]+(, [A-Z]+)* \//.test(l));
    expect(lines.length, "a // METHOD /path — what line").toBeGreaterThan(0);
    const path = urlPathOf(file);
    // the path as written, without its query ("?…", "[?full=0]") ; a parameter may carry another name ({lead_id} for [id])
    const written = lines.map((l) =>
      l
        .split(" ")
        .slice(1)
        .find((w) => w.startsWith("/"))!
        .replace(/(\[?\?.*)$/, ""),
    );
    // a parameter may carry the suffix its handler requires: "{id}.json" is the segment [siteId]
    const same = (w: string) =>
      w === path ||
      w.replace(/\{\w+\}(\.json)?/g, "{}") === path.replace(/\{\w+\}/g, "{}") ||
      (path.endsWith("/*") && w.startsWith(path.slice(0, -1))); // a catch-all names what it serves
    expect(written.some(same), `${written.join(", ")} is not ${path}`).toBe(true);
    const named = new Set(lines.flatMap((l) => l.split(" /")[0]!.match(METHOD) ?? []));
    for (const method of exported) expect(named, `${method} has no line`).toContain(method);
  });
});
