import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, expect, test } from "vitest";
import { env } from "@/server/base/env";
import { createEmptyPostgresDatabase } from "@/server/testing/test-db";
import { countTarball, dumpEmbedded, dumpPostgres, otherSessions, pgProgram, stopConnectedApps } from "./backup-database";

/*
 * A backup holds no live sign-in: the customers' and staff's sessions and their emailed links'
 * tokens are left out of the dump (the tables are there, empty), so a stolen backup signs nobody in.
 */
const TOKENS = ["SESSIONtokenCustomer0123456789", "SESSIONtokenStaff0123456789", "VERIFYtokenReset0123456789"];
const TABLES = `
  create table customer_sessions (id text primary key, token text not null unique);
  create table staff_sessions (id text primary key, token text not null unique);
  create table customer_verifications (id text primary key, identifier text not null, value text not null);
  create table staff_verifications (id text primary key, identifier text not null, value text not null);
  create table leads (id int primary key, note text);
  insert into customer_sessions values ('c1', '${TOKENS[0]}');
  insert into staff_sessions values ('s1', '${TOKENS[1]}');
  insert into staff_verifications values ('v1', 'reset-password:${TOKENS[2]}', 'u1');
  insert into leads select n, 'a lead' from generate_series(1, 40) n;`;

const root = mkdtempSync(path.join(tmpdir(), "backup-tokens-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("the embedded database's backup has no session or sign-in link token in any of its bytes, and its other rows", async () => {
  const dataDir = path.join(root, "data");
  const pg = await PGlite.create(dataDir);
  await pg.exec(TABLES);
  await pg.close();
  const file = path.join(root, "out", "pgdata.tar.gz");
  const dumped = await dumpEmbedded(dataDir, file);
  const bytes = gunzipSync(readFileSync(file));
  for (const token of TOKENS) expect(bytes.includes(token)).toBe(false);
  expect(dumped.rows).toMatchObject({
    "public.customer_sessions": 0,
    "public.staff_sessions": 0,
    "public.staff_verifications": 0,
    "public.leads": 40,
  });
  // what the restore loads and counts is what the manifest says
  expect((await countTarball(file)).rows).toEqual(dumped.rows);
}, 120_000);

const PG = env().TEST_DATABASE_URL;
test.skipIf(!PG)(
  "PostgreSQL: pg_dump leaves the sessions' and links' rows out, and the manifest counts none",
  async () => {
    const empty = await createEmptyPostgresDatabase(PG!);
    const sql = postgres(empty.url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(TABLES);
      const file = path.join(root, "postgres.dump");
      const dumped = await dumpPostgres(empty.url, file);
      const text = (await import("node:child_process")).execFileSync(pgProgram("pg_restore"), ["-f", "-", file]).toString();
      for (const token of TOKENS) expect(text).not.toContain(token);
      expect(dumped.rows).toMatchObject({ "public.customer_sessions": 0, "public.staff_sessions": 0, "public.leads": 40 });
    } finally {
      await sql.end({ timeout: 5 });
      await empty.drop();
    }
  },
  120_000,
);

test.skipIf(!PG)(
  "PostgreSQL: another session on the database is found, and ended when asked to",
  async () => {
    const empty = await createEmptyPostgresDatabase(PG!);
    const other = postgres(empty.url, { max: 1, onnotice: () => {}, connection: { application_name: "dealer-app" } });
    try {
      await other`select 1`;
      const found = await otherSessions(empty.url);
      expect(found.map((s) => s.application)).toEqual(["dealer-app"]);
      await expect(stopConnectedApps(empty.url, false)).rejects.toThrow(/1 other session is connected to the database \(dealer-app\)/);
      expect(await stopConnectedApps(empty.url, true)).toEqual(["dealer-app"]);
      await new Promise((r) => setTimeout(r, 200));
      expect(await otherSessions(empty.url)).toEqual([]);
    } finally {
      await other.end({ timeout: 1 }).catch(() => {});
      await empty.drop();
    }
  },
  60_000,
);
