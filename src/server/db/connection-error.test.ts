import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { isConnectionError } from "./index";

test.each([
  [{ code: "57P01", message: "terminating connection due to administrator command" }, true],
  [{ code: "57P03", message: "the database system is starting up" }, true],
  [{ code: "CONNECTION_CLOSED" }, true],
  [{ code: "ECONNREFUSED" }, true],
  [Object.assign(new Error("Failed query"), { cause: { code: "ECONNRESET" } }), true],
  [{ code: "23505", message: "duplicate key" }, false],
  [{ code: "22P02" }, false],
  [new Error("boom"), false],
  [null, false],
  ["57P01", false],
])("%j is a lost connection: %s", (e, yes) => expect(isConnectionError(e)).toBe(yes));

test("the installed postgres.js carries the null-socket guard (npm's postinstall: patch-package applies patches/postgres+3.4.9.patch)", () => {
  for (const f of ["node_modules/postgres/src/connection.js", "node_modules/postgres/cjs/src/connection.js"])
    expect(readFileSync(f, "utf8")).toContain("// guarded: porsager/postgres#1168");
});
