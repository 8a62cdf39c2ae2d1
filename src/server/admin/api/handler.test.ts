import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { accessOf, adminRoute, type Access } from "./handler";

/*
 * Who may call a back-office route is declared once, where it is wrapped, and checked before its
 * handler runs. A route cannot be written without the declaration (the type, and the wrapper when
 * the module loads), and every route file under /api/admin declares what its path calls for.
 */
setupAppDatabase();
let manager = "";
let sales = "";
beforeAll(async () => {
  [manager, sales] = await Promise.all([staffCookie("manager@parksidemotorgroup.com.au"), staffCookie("sales@parksidemotorgroup.com.au")]);
});

describe("a declared permission is checked before the handler runs", () => {
  const ran: number[] = [];
  const route = adminRoute<{ siteId: string }>(
    async (_req, { siteId }) => {
      ran.push(siteId);
      return new Response("ran");
    },
    { permission: "settings.edit" },
  );

  test.each<[string, number, () => string, string, number[]]>([
    ["a manager on their own site: the handler gets the site", 200, () => manager, "1001", [1001]],
    ["sales on the same site, whose role does not allow it", 403, () => sales, "1001", []],
    ["a manager on another dealer's site", 403, () => manager, "1002", []],
    ["a site id that is not one", 404, () => manager, "12abc", []],
    ["nobody signed in", 401, () => "", "1001", []],
  ])("%s → %i", async (_what, status, cookie, siteId, handled) => {
    ran.length = 0;
    const res = await callAdmin(route, `/api/admin/sites/${siteId}/test`, { siteId }, { cookie: cookie() });
    expect(res.status).toBe(status);
    expect(ran).toEqual(handled);
  });

  test("the operators' console is not shown to exist for dealer staff", async () => {
    let handled = false;
    const console = adminRoute(
      async () => {
        handled = true;
        return new Response("ran");
      },
      { operator: true },
    );
    expect((await callAdmin(console, "/api/admin/platform/test", {}, { cookie: manager })).status).toBe(404);
    expect(handled).toBe(false);
  });
});

describe("a route cannot be written without saying who may call it", () => {
  const handler = async () => new Response("ran");

  test("without a declaration it does not compile, and is refused when its module loads", () => {
    // @ts-expect-error -- who may call it is not declared
    expect(() => adminRoute(handler, { write: true })).toThrow(/declare who may call the route/);
    // @ts-expect-error -- the options are required
    expect(() => adminRoute(handler)).toThrow();
  });

  test("a permission is on the site in the path: a route without one does not compile", () => {
    // @ts-expect-error -- a permission needs `siteId` among the route's params
    expect(accessOf(adminRoute<{ id: string }>(handler, { permission: "stock.edit" }))).toEqual({ permission: "stock.edit" });
  });

  test("a handler not made by the wrapper declares nothing", () => {
    expect(accessOf(handler)).toBeUndefined();
  });
});

/* Every route file of the back-office API, and each method it exports, with what it declares. */
const API = join(import.meta.dirname, "../../../app/api/admin");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const routeFiles = (readdirSync(API, { recursive: true }) as string[])
  .map((f) => f.split("\\").join("/"))
  .filter((f) => f.endsWith("/route.ts"))
  .sort();

async function declarations(): Promise<Array<{ route: string; access: Access | undefined }>> {
  const found = [];
  for (const file of routeFiles) {
    const mod = (await import(join(API, file))) as Record<string, unknown>;
    for (const method of METHODS.filter((m) => m in mod))
      found.push({ route: `${method} ${file.replace(/\/?route\.ts$/, "")}`, access: accessOf(mod[method]) });
  }
  return found;
}

/* Routes with no site in their path: each checks the role on what it loads, and is listed here on purpose. */
const SIGNED_IN = [
  "GET leads.csv",
  "GET leads/[id]/files/[fileId]",
  "GET reports/[report]",
  "POST leads/[id]",
  "POST leads/[id]/assign",
  "POST leads/[id]/calls",
  "POST leads/[id]/take",
  "POST sign-out",
  "PUT me/weekly-report",
];
/* Before anyone is signed in. */
const OPEN = ["POST accept-invite", "POST sign-in"];

describe("every back-office route declares who may call it", () => {
  test("there are routes to check", () => expect(routeFiles.length).toBeGreaterThan(40));

  test("a site's routes declare a permission, the console's the operator, the rest are the listed ones", async () => {
    const all = await declarations();
    const declared = (a: Access | undefined) => (!a ? "nothing" : Object.keys(a).find((k) => k !== "write"));
    const wanted = (route: string) =>
      route.includes(" platform/")
        ? "operator"
        : route.includes(" sites/[siteId]/")
          ? "permission"
          : SIGNED_IN.includes(route)
            ? "signedIn"
            : OPEN.includes(route)
              ? "nothing"
              : "a declaration, and a place in SIGNED_IN or OPEN";
    const wrong = all
      .filter((r) => declared(r.access) !== wanted(r.route))
      .map((r) => `${r.route}: ${declared(r.access)}, wants ${wanted(r.route)}`);
    expect(wrong).toEqual([]);
    expect(all.filter((r) => "permission" in (r.access ?? {})).length).toBeGreaterThanOrEqual(29);
  }, 60_000);
});
