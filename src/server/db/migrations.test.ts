import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { seedDemoData } from "@/server/demo/seed";
import { env } from "@/server/base/env";
import { createEmptyPostgresDatabase } from "@/server/testing/test-db";
import { MIGRATIONS_FOLDER, openDatabase, type Database, type OpenOptions } from "./client";
import * as t from "./schema";

/*
 * Migration 0004 (tenancy keys) on a database that was seeded and took leads before it: the demo
 * data and every lead survive, good links are kept, links to a missing or another site's row are
 * cleared, and afterwards the schema itself refuses cross-site references.
 */
const BEFORE = "0003_rv_dimensions";
const tmpDirs: string[] = [];
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A copy of drizzle/ that stops at `last` (the database as an earlier release left it). */
function migrationsUpTo(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  tmpDirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  expect(upTo).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, upTo + 1);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const PARKSIDE = 1001;
const LEAD = {
  good: "00000000-0000-4000-8000-000000000001",
  crossSite: "00000000-0000-4000-8000-000000000002",
  dangling: "00000000-0000-4000-8000-000000000003",
};

/**
 * Plain columns and new tables that migrations after `last` add. Today's seed writes them, so the old
 * database gets them for the seed and loses them again afterwards: the rows are then as an earlier
 * release left them. (A new table's indexes and keys come and go with it.)
 */
function laterPlainColumns(last: string): Array<{ add: string; drop: string | null }> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const tags = journal.entries.map((e) => e.tag);
  const created = new Set<string>();
  const indexes = new Set<string>();
  return tags.slice(tags.indexOf(last) + 1).flatMap((tag) =>
    fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8")
      .split("--> statement-breakpoint")
      .map((st) => st.trim().replace(/;$/, ""))
      .flatMap((st): Array<{ add: string; drop: string | null }> => {
        const table = /^CREATE TABLE ("\w+")/.exec(st);
        if (table) {
          created.add(table[1]!);
          return [{ add: st, drop: `DROP TABLE ${table[1]} CASCADE` }];
        }
        const on = /^(?:ALTER TABLE|CREATE (?:UNIQUE )?INDEX ("\w+") ON) ("\w+")/.exec(st);
        // (its references are left out: they may need keys that only later migrations make)
        if (on && created.has(on[2]!)) {
          if (on[1]) indexes.add(on[1]);
          return /FOREIGN KEY/.test(st) ? [] : [{ add: st, drop: null }];
        }
        // a later migration that replaces such an index drops it first
        const dropped = /^DROP INDEX ("\w+")/.exec(st);
        if (dropped && indexes.has(dropped[1]!)) return [{ add: st, drop: null }];
        const m = /^ALTER TABLE ("\w+") ADD COLUMN ("\w+") (.*)$/s.exec(st);
        return m && !/GENERATED/.test(m[3]!) ? [{ add: st, drop: `ALTER TABLE ${m[1]} DROP COLUMN ${m[2]}` }] : [];
      }),
  );
}

async function seedBeforeTheChange(d: Database) {
  const later = laterPlainColumns(BEFORE);
  expect(later.length).toBeGreaterThan(0);
  for (const c of later) await d.db.execute(sql.raw(c.add));
  await seedDemoData(d.db, Date.UTC(2026, 10, 1));
  for (const c of later) if (c.drop) await d.db.execute(sql.raw(c.drop));
  const [own] = await d.db.select().from(t.locations).where(eq(t.locations.siteId, PARKSIDE)).limit(1);
  const [other] = await d.db.select().from(t.locations).where(ne(t.locations.siteId, PARKSIDE)).limit(1);
  const [car] = await d.db.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, PARKSIDE)).limit(1);
  // in the columns leads had then (today's schema has more)
  const lead = (id: string, locationId: number, vehicleId: number) =>
    d.db.execute(
      sql`insert into leads (id, site_id, category, payload, location_id, vehicle_id) values (${id}, ${PARKSIDE}, 'New Vehicle Enquiry', '{"message":"kept"}'::jsonb, ${locationId}, ${vehicleId})`,
    );
  await lead(LEAD.good, own!.id, car!.id);
  await lead(LEAD.crossSite, other!.id, car!.id);
  await lead(LEAD.dangling, own!.id, 999_999_999);
  await d.db
    .insert(t.leadFiles)
    .values({ leadId: LEAD.good, siteId: PARKSIDE, filename: "a.jpg", contentType: "image/jpeg", size: 3, path: "x/a.jpg" });
  return { own: own!, other: other!, car: car! };
}

/** The write fails on a foreign key (not on anything else). */
async function refusedByForeignKey(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(String(error?.cause?.message ?? error?.message)).toMatch(/foreign key/);
}

async function tally(d: Database) {
  const n = async (
    table: typeof t.sites | typeof t.vehicles | typeof t.locations | typeof t.leads | typeof t.leadFiles | typeof t.reviews,
  ) => (await d.db.select({ n: count() }).from(table))[0]!.n;
  return {
    sites: await n(t.sites),
    vehicles: await n(t.vehicles),
    locations: await n(t.locations),
    reviews: await n(t.reviews),
    leads: await n(t.leads),
    files: await n(t.leadFiles),
  };
}

async function checkMigration(open: (o: Pick<OpenOptions, "migrationsFolder">) => Promise<Database>) {
  const before = await open({ migrationsFolder: migrationsUpTo(BEFORE) });
  const { own, other, car } = await seedBeforeTheChange(before);
  const counted = await tally(before);
  await before.close();

  const d = await open({});
  try {
    expect(await tally(d)).toEqual(counted);
    const lead = async (id: string) => (await d.db.select().from(t.leads).where(eq(t.leads.id, id)))[0]!;
    expect(await lead(LEAD.good)).toMatchObject({ siteId: PARKSIDE, locationId: own.id, vehicleId: car.id, payload: { message: "kept" } });
    expect(await lead(LEAD.crossSite)).toMatchObject({ siteId: PARKSIDE, locationId: null, vehicleId: car.id });
    expect(await lead(LEAD.dangling)).toMatchObject({ siteId: PARKSIDE, locationId: own.id, vehicleId: null });

    // the schema now refuses what convention alone allowed
    await refusedByForeignKey(d.db.insert(t.leads).values({ siteId: PARKSIDE, category: "x", payload: {}, locationId: other.id }));
    await refusedByForeignKey(
      d.db
        .insert(t.leadFiles)
        .values({ leadId: LEAD.good, siteId: other.siteId, filename: "b", contentType: "image/png", size: 1, path: "b" }),
    );
    const [row] = await d.db.select().from(t.vehicles).where(eq(t.vehicles.id, car.id));
    expect(row!.searchKey).toMatch(/^[a-z0-9]+$/); // 0005: rows from before get their keyword columns too
    const { id: _id, searchKey: _k, searchWords: _w, ...columns } = row!;
    await refusedByForeignKey(d.db.insert(t.vehicles).values({ ...columns, slug: "moved", siteId: other.siteId }));
    // removing a car keeps the lead about it and clears only the link
    await d.db.delete(t.vehicles).where(and(eq(t.vehicles.siteId, PARKSIDE), eq(t.vehicles.id, car.id)));
    expect(await lead(LEAD.good)).toMatchObject({ siteId: PARKSIDE, locationId: own.id, vehicleId: null });
    expect((await tally(d)).files).toBe(1);
  } finally {
    await d.close();
  }
}

describe("migration 0004: tenancy keys on a database seeded before it", () => {
  test("PGlite", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "migrate-pglite-")), "db");
    tmpDirs.push(path.dirname(dataDir));
    await checkMigration((o) => openDatabase({ driver: "pglite", dataDir, ...o }));
  }, 120_000);

  test.skipIf(!env().TEST_DATABASE_URL)(
    "PostgreSQL",
    async () => {
      const empty = await createEmptyPostgresDatabase(env().TEST_DATABASE_URL!);
      try {
        await checkMigration((o) => openDatabase({ driver: "postgres", url: empty.url, max: 2, ...o }));
      } finally {
        await empty.drop();
      }
    },
    120_000,
  );
});

describe("migration 0019: a site's conversions token moves out of its record", () => {
  test("PGlite", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "migrate-secrets-")), "db");
    tmpDirs.push(path.dirname(dataDir));
    const before = await openDatabase({ driver: "pglite", dataDir, migrationsFolder: migrationsUpTo("0018_vehicle_subscription") });
    try {
      await before.db.execute(sql`insert into sites (id, slug, name, url, domain_name, colours, integrations) values
        (1, 'with-token', 'With', 'https://a.example', 'a.example', '{"primary":"#000000","secondary":"#ffffff"}',
          '{"facebook_pixel_id":"100000000000001","facebook_capi_token":"EAAB-secret"}'),
        (2, 'without', 'Without', 'https://b.example', 'b.example', '{"primary":"#000000","secondary":"#ffffff"}',
          '{"tag_manager_id":"GTM-ABC1234"}')`);
    } finally {
      await before.close();
    }
    const after = await openDatabase({ driver: "pglite", dataDir });
    try {
      const rows = await after.db
        .select({ id: t.sites.id, integrations: t.sites.integrations, secrets: t.sites.secrets })
        .from(t.sites)
        .orderBy(t.sites.id);
      expect(rows).toEqual([
        { id: 1, integrations: { facebook_pixel_id: "100000000000001" }, secrets: { facebook_capi_token: "EAAB-secret" } },
        { id: 2, integrations: { tag_manager_id: "GTM-ABC1234" }, secrets: {} },
      ]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
