import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { consistentDump, openDatabase } from "@/server/db/client";
import { prepareDatabase } from "@/server/db/startup";

/*
 * Once per run, before any test file: the two in-memory databases the files start from
 * (TEST_MEMORY_DATABASE_FROM): one migrated, one migrated and seeded with the demo tenants. Creating,
 * migrating and seeding a database took each of about a hundred files 2–4.5 s of the suite's time;
 * loading a copy takes under half a second. A file that opens the app's database still moves the demo
 * clock to its own start (prepareDatabase), as a server restarted later does.
 */
export default async function setup(project: TestProject) {
  const url = project.config.env.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const teardown = url ? await postgresTemplate(project, url) : undefined;
  const folder = project.config.env.TEST_MEMORY_DATABASE_FROM;
  if (!folder) return teardown;
  mkdirSync(folder, { recursive: true });
  const database = await openDatabase({ driver: "pglite", memory: true });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const save = async (name: string) => {
      const file = path.join(folder, `${name}.tar`);
      // uncompressed: each of a hundred files loads it, and gzip would cost each of them the inflating
      writeFileSync(`${file}.${process.pid}`, Buffer.from(await (await consistentDump(client, "none")).arrayBuffer()));
      renameSync(`${file}.${process.pid}`, file);
    };
    await save("migrated");
    await prepareDatabase(database, { seed: true });
    await save("seeded");
  } finally {
    await database.close();
  }
  return teardown;
}

declare module "vitest" {
  interface ProvidedContext {
    /** the migrated PostgreSQL database each test file's own is created from (createTestDatabase) */
    testTemplateDatabase: string;
  }
}

/**
 * On PostgreSQL (TEST_DATABASE_URL) the same, the server's way: one database migrated once, which
 * each file's throwaway database is created from (CREATE DATABASE … TEMPLATE), dropped after the run.
 */
async function postgresTemplate(project: TestProject, url: string) {
  const name = `test_template_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  // closed before any file copies it: PostgreSQL copies a template nobody is connected to (two
  // connections: the migration runs on one while the other holds the start-up lock)
  await (await openDatabase({ driver: "postgres", url: u.toString(), max: 2 })).close();
  project.provide("testTemplateDatabase", name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
