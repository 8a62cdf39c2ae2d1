import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { PGlite } from "@electric-sql/pglite";
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
  const folder = project.config.env.TEST_MEMORY_DATABASE_FROM;
  if (!folder) return;
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
}
