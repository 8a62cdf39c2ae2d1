import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { consistentDump, memoryCopy, openDatabase } from "./client";

let root: string;
let pg: PGlite;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "pglite-dump-"));
  pg = await PGlite.create(path.join(root, "data"));
  await pg.exec("create table t (n int primary key); insert into t values (1)");
});
afterAll(async () => {
  await pg.close();
  rmSync(root, { recursive: true, force: true });
});

const rowsOf = async (dump: Blob) => {
  const copy = await PGlite.create({ loadDataDir: dump });
  try {
    return (await copy.query<{ n: number }>("select n from t order by n")).rows.map((r) => r.n);
  } finally {
    await copy.close();
  }
};

it("copies the data directory between transactions, never in the middle of one (docs/operations/backup.md)", async () => {
  let dump: Promise<Blob> | undefined;
  await pg.transaction(async (tx) => {
    await tx.query("insert into t values (2)");
    dump = consistentDump(pg); // asked for while the transaction is open: it waits for the commit
    await new Promise((r) => setTimeout(r, 200));
    await tx.query("insert into t values (3)");
  });
  await pg.query("insert into t values (4)"); // may come before the copy or after it
  // (a copy made between the transaction's statements would load with its work undone: [1])
  expect((await rowsOf(await dump!)).slice(0, 3)).toEqual([1, 2, 3]);
});

it("an in-memory database starts from a copy (how each test file skips migrating and seeding its own): the copy's rows, none of the copy's later ones", async () => {
  const dir = path.join(root, "copies");
  mkdirSync(dir);
  const rows = (await pg.query<{ n: number }>("select n from t order by n")).rows.map((r) => r.n);
  writeFileSync(path.join(dir, "migrated.tar"), Buffer.from(await (await consistentDump(pg)).arrayBuffer()));
  await pg.exec("insert into t values (99)");
  const from = await memoryCopy(dir, "migrated");
  expect(from?.size).toBeGreaterThan(0);
  // no migrations to run over the copy's own table
  const migrations = path.join(root, "no-migrations");
  mkdirSync(path.join(migrations, "meta"), { recursive: true });
  writeFileSync(path.join(migrations, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries: [] }));
  const database = await openDatabase({ driver: "pglite", memory: true, from, migrationsFolder: migrations });
  try {
    const result = (await database.db.execute(sql`select n from t order by n`)) as unknown as { rows: Array<{ n: number }> };
    expect(result.rows.map((r) => r.n)).toEqual(rows);
  } finally {
    await database.close();
  }
  expect(await memoryCopy(undefined, "seeded")).toBeUndefined();
  await expect(memoryCopy(dir, "seeded")).rejects.toThrow(/ENOENT/);
});
