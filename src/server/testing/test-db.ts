import "server-only";
import postgres from "postgres";
import { inject } from "vitest";
import { memoryCopy, openDatabase, type Database } from "@/server/db/client";
import { env } from "@/server/base/env";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both). Either starts as a
 * copy of one migrated once per run (vitest.global-setup.ts); opening it checks the migrations.
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const url = env().TEST_DATABASE_URL;
  if (!url)
    return {
      ...(await openDatabase({ driver: "pglite", memory: true, from: await memoryCopy(env().TEST_MEMORY_DATABASE_FROM, "migrated") })),
      label: "pglite",
    };
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject("testTemplateDatabase")}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ driver: "postgres", url: u.toString(), max: 4 });
  return {
    ...database,
    label: "postgres",
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** An empty database on the TEST_DATABASE_URL server (nothing migrated), and a way to drop it. */
export async function createEmptyPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
