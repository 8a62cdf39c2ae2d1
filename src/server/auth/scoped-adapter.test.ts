import type { DBAdapter } from "@better-auth/core/db/adapter";
import type { BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from "vitest";
import { openDatabase, type Database } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { DROPPED_MEMBERS, OTHER_MEMBERS, SCOPED_METHODS, scopedAdapter } from "./scoped-adapter";

/*
 * The tenant scope wraps the library's adapter member by member. A library upgrade that adds a
 * member must fail here (and at start-up), never pass through unscoped.
 */
type Known = (typeof SCOPED_METHODS)[number] | (typeof OTHER_MEMBERS)[number] | (typeof DROPPED_MEMBERS)[number];

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ driver: "pglite", memory: true });
});
afterAll(() => database.close());

const options = { secret: "x".repeat(32) } as BetterAuthOptions;
const scope = { session: { field: "siteId", value: 1001 } };

describe("the scoped auth adapter", () => {
  test("knows every member of the library's adapter interface (a new one fails typecheck)", () => {
    expectTypeOf<keyof DBAdapter<BetterAuthOptions>>().toEqualTypeOf<Known>();
  });

  test("wraps the library's real Drizzle adapter, every member of it known", () => {
    const base = drizzleAdapter(database.db, {
      provider: "pg",
      schema: { user: t.customerUsers, session: t.customerSessions, account: t.customerAccounts, verification: t.customerVerifications },
    });
    const known = new Set<string>([...SCOPED_METHODS, ...OTHER_MEMBERS, ...DROPPED_MEMBERS]);
    expect(Object.keys(base(options)).filter((k) => !known.has(k))).toEqual([]);
    const wrapped = scopedAdapter(base, scope)(options);
    for (const m of SCOPED_METHODS) expect(typeof wrapped[m]).toBe("function");
    expect("createSchema" in wrapped).toBe(false);
  });

  test("refuses an adapter with a member it does not know", () => {
    const base = drizzleAdapter(database.db, { provider: "pg", schema: { session: t.customerSessions } });
    const upgraded = (o: BetterAuthOptions) => ({ ...base(o), findAndDelete: async () => null }) as DBAdapter<BetterAuthOptions>;
    expect(() => scopedAdapter(upgraded, scope)(options)).toThrow(/findAndDelete/);
  });

  test("adds the scope to a read", async () => {
    const seen: unknown[] = [];
    const base = drizzleAdapter(database.db, { provider: "pg", schema: { session: t.customerSessions } });
    const spy = (o: BetterAuthOptions) => {
      const a = base(o);
      return { ...a, findMany: (d: Parameters<typeof a.findMany>[0]) => (seen.push(d.where), Promise.resolve([])) } as typeof a;
    };
    await scopedAdapter(spy, scope)(options).findMany({ model: "session", where: [{ field: "userId", value: "u1" }] });
    expect(seen).toEqual([
      [
        { field: "userId", value: "u1" },
        { field: "siteId", value: 1001, operator: "eq", connector: "AND" },
      ],
    ]);
  });
});
