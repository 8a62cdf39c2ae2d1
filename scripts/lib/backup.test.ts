import { describe, expect, it, test } from "vitest";
import {
  appsConnected,
  backupName,
  fileProblems,
  isSafeRelativePath,
  migrationLevel,
  parseBackupArgs,
  parseRestoreArgs,
  readManifest,
  rowCountQuery,
  rowProblems,
  UsageError,
  type FileEntry,
} from "./backup";

const sha = (c: string) => c.repeat(64);
const db: FileEntry = { path: "database/pgdata.tar.gz", bytes: 10, sha256: sha("a") };
const photo: FileEntry = { path: "photos/ab/cd/abcd", bytes: 5, sha256: sha("b") };

const manifest = (over: Record<string, unknown> = {}) => ({
  format: 1,
  createdAt: "2026-11-28T04:00:00.000Z",
  databaseAt: "2026-11-28T04:00:00.010Z",
  app: { version: "0.1.0", commit: null },
  database: {
    driver: "pglite",
    file: "database/pgdata.tar.gz",
    madeBy: "server",
    dumpMs: 120,
    migrations: { applied: 40, last: "0039_lead_calls" },
    rows: { "public.leads": 3 },
  },
  stores: { photos: "photos", uploads: "uploads" },
  files: [db, photo],
  ...over,
});

describe("arguments", () => {
  test.each([
    [[], { out: ".data/backups" }],
    [["--out", "/mnt/backup"], { out: "/mnt/backup" }],
    [["--out=/srv/b"], { out: "/srv/b" }],
  ])("backup %j", (argv, want) => expect(parseBackupArgs(argv)).toEqual(want));

  test.each([[["extra"]], [["--out"]], [["--out", ""]], [["--bogus"]], [["--out", "a\0b"]]])("backup refuses %j", (argv) =>
    expect(() => parseBackupArgs(argv)).toThrow(UsageError),
  );

  test.each([
    [["/b/backup-1"], { backup: "/b/backup-1", force: false, terminate: false }],
    [["/b/backup-1", "--force"], { backup: "/b/backup-1", force: true, terminate: false }],
    [["--force", "x"], { backup: "x", force: true, terminate: false }],
    [["x", "--terminate"], { backup: "x", force: false, terminate: true }],
  ])("restore %j", (argv, want) => expect(parseRestoreArgs(argv)).toEqual(want));

  test.each([[[]], [["a", "b"]], [["--force"]], [["a", "--yes"]], [["a\0"]]])("restore refuses %j", (argv) =>
    expect(() => parseRestoreArgs(argv)).toThrow(UsageError),
  );
});

test.each([
  ["photos/ab/cd/abcd", true],
  ["database/pgdata.tar.gz", true],
  ["../etc/passwd", false],
  ["photos/../../x", false],
  ["/etc/passwd", false],
  ["photos//x", false],
  ["photos/./x", false],
  ["photos\\x", false],
  ["a\0b", false],
  ["", false],
])("a manifest path %j is safe: %s", (p, ok) => expect(isSafeRelativePath(p)).toBe(ok));

describe("the manifest", () => {
  it("reads a whole one", () => expect(readManifest(manifest())).toEqual({ manifest: manifest() }));
  test.each([
    ["a path out of the folder", { files: [db, { ...photo, path: "../../home/x" }] }],
    ["a bad checksum", { files: [db, { ...photo, sha256: "abc" }] }],
    ["a file twice", { files: [db, photo, photo] }],
    ["no database file listed", { files: [photo] }],
    ["another format", { format: 2 }],
    ["no time", { createdAt: "yesterday" }],
  ])("refuses %s", (_, over) => expect(readManifest(manifest(over))).toHaveProperty("problems"));
});

test.each([
  ["the same", [db, photo], [db, photo], []],
  ["a file missing", [db, photo], [db], ["photos/ab/cd/abcd: missing"]],
  ["another size", [db, photo], [db, { ...photo, bytes: 6 }], ["photos/ab/cd/abcd: 6 bytes, the manifest says 5"]],
  ["another checksum", [db, photo], [db, { ...photo, sha256: sha("c") }], ["photos/ab/cd/abcd: checksum differs from the manifest"]],
  ["a file not listed", [db], [db, photo], ["photos/ab/cd/abcd: not in the manifest"]],
])("files: %s", (_, listed, found, want) => expect(fileProblems(listed, found)).toEqual(want));

test.each([
  ["equal", { "public.leads": 3 }, { "public.leads": 3 }, []],
  ["fewer", { "public.leads": 3 }, { "public.leads": 2 }, ["public.leads: 2 rows restored, 3 in the backup"]],
  ["a table gone", { "public.leads": 3 }, {}, ["public.leads: no table rows restored, 3 in the backup"]],
  ["a table more", {}, { "public.x": 0 }, ["public.x: 0 rows restored, none in the backup"]],
  // the page cache's rows are not in a PostgreSQL dump (pg_dump --exclude-table-data): not compared
  [
    "the page cache emptied",
    { "public.page_cache": 40, "public.page_cache_purges": 3, "public.leads": 3 },
    { "public.page_cache": 0, "public.page_cache_purges": 0, "public.leads": 3 },
    [],
  ],
])("rows: %s", (_, expected, actual, want) => expect(rowProblems(expected, actual)).toEqual(want));

test.each([
  [[], null],
  [[{ schema: "public", name: "leads" }], `select 'public.leads' as "table", count(*)::int as n from "public"."leads"`],
  [[{ schema: "public", name: `o'dd"name` }], `select 'public.o''dd"name' as "table", count(*)::int as n from "public"."o'dd""name"`],
])("the row count query for %j", (tables, want) => expect(rowCountQuery(tables)).toBe(want));

test.each([
  [0, null],
  [2, "0001_b"],
  [3, null], // a database newer than this code's journal: the level is known, not its name
])("migration level %i", (applied, last) =>
  expect(migrationLevel(applied, [{ tag: "0000_a" }, { tag: "0001_b" }])).toEqual({ applied, last }),
);

test("a backup's name sorts by time and has no colon", () =>
  expect(backupName(new Date("2026-11-28T04:05:06.789Z"))).toBe("backup-2026-11-28T04-05-06Z"));

describe("a PostgreSQL restore while apps are connected", () => {
  const app = (pid: number, application: string) => ({ pid, application, user: "dealer" });
  test("nobody else on the database: go on, ending nobody", () => {
    expect(appsConnected([], false)).toEqual({ end: [] });
    expect(appsConnected([], true)).toEqual({ end: [] });
  });
  test("apps connected: refused, naming them and both ways on (stop them, or --terminate)", () => {
    const r = appsConnected([app(11, "dealer-platform"), app(12, "dealer-platform"), app(13, "rate-limits"), app(14, "")], false);
    expect(r).toEqual({
      refuse: expect.stringContaining("4 other sessions are connected to the database (dealer-platform ×2, rate-limits, no name)"),
    });
    expect("refuse" in r && r.refuse).toMatch(/--terminate/);
    expect("refuse" in r && r.refuse).toMatch(/Nothing was restored/);
  });
  test("told to stop them (--terminate): each is ended", () => {
    expect(appsConnected([app(11, "dealer-platform"), app(13, "rate-limits")], true)).toEqual({ end: [11, 13] });
  });
});
