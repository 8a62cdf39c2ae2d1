import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, test } from "vitest";
import { copyTree, makePrivate, restoreFiles, staging, swapIntoPlace } from "./backup-files";
import type { FileEntry } from "./backup";

let root: string;
let umask = 0;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "backup-files-"));
  umask = process.umask(0); // a umask that lets everyone read: the copies are the owner's alone all the same
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const mode = (p: string) => statSync(p).mode & 0o777;
const put = (rel: string, text: string, m = 0o644) => {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  writeFileSync(file, text);
  chmodSync(file, m);
  return file;
};
const entry = (p: string): FileEntry => ({ path: p, bytes: 0, sha256: "0".repeat(64) });

describe("a backup's copies", () => {
  it("are the owner's alone, whatever the source's modes and the umask", async () => {
    put("photos/ab/cd/abcd", "jpeg", 0o644);
    const files = await copyTree(path.join(root, "photos"), path.join(root, "backup"), "photos");
    expect(files.map((f) => f.path)).toEqual(["photos/ab/cd/abcd"]);
    expect(mode(path.join(root, "backup/photos/ab/cd/abcd"))).toBe(0o600);
    for (const dir of ["backup/photos", "backup/photos/ab", "backup/photos/ab/cd"]) expect(mode(path.join(root, dir))).toBe(0o700);
  });
});

describe("a restore's copies", () => {
  it("are the manifest's files only, the owner's alone", async () => {
    put("backup/uploads/leads/1/a.pdf", "pdf");
    put("backup/uploads/extra-not-listed", "x");
    put("backup/photos/p", "jpeg");
    const into = path.join(root, "uploads.restoring");
    const n = await restoreFiles(path.join(root, "backup"), [entry("uploads/leads/1/a.pdf"), entry("photos/p")], "uploads", into);
    expect(n).toBe(1);
    expect(readFileSync(path.join(into, "leads/1/a.pdf"), "utf8")).toBe("pdf");
    expect(existsSync(path.join(into, "extra-not-listed"))).toBe(false);
    expect(existsSync(path.join(into, "p"))).toBe(false);
    expect(mode(path.join(into, "leads/1/a.pdf"))).toBe(0o600);
    for (const dir of ["", "leads", "leads/1"]) expect(mode(path.join(into, dir))).toBe(0o700);
  });

  test.each([
    ["a file that is a symbolic link", "uploads/a.pdf", () => symlinkSync("/etc/passwd", path.join(root, "backup/uploads/a.pdf"))],
    [
      "a folder that is a symbolic link",
      "uploads/leads/a.pdf",
      () => {
        put("elsewhere/a.pdf", "secret");
        symlinkSync(path.join(root, "elsewhere"), path.join(root, "backup/uploads/leads"));
      },
    ],
    ["a folder in a file's place", "uploads/a.pdf", () => mkdirSync(path.join(root, "backup/uploads/a.pdf"))],
  ])("refuse %s", async (_, listed, make) => {
    mkdirSync(path.join(root, "backup/uploads"), { recursive: true });
    make();
    await expect(restoreFiles(path.join(root, "backup"), [entry(listed)], "uploads", path.join(root, "into"))).rejects.toThrow(
      /not a (regular file|folder) in the backup/,
    );
    expect(existsSync(path.join(root, "into", listed.slice("uploads/".length)))).toBe(false);
  });
});

test("a restored data directory is made the owner's alone", async () => {
  put("pglite/base/1/1259", "x", 0o666);
  put("pglite/PG_VERSION", "17", 0o666);
  await makePrivate(path.join(root, "pglite"));
  expect([mode(path.join(root, "pglite/base/1/1259")), mode(path.join(root, "pglite/PG_VERSION"))]).toEqual([0o600, 0o600]);
  expect([mode(path.join(root, "pglite")), mode(path.join(root, "pglite/base/1"))]).toEqual([0o700, 0o700]);
});

describe("putting staged folders in place", () => {
  it("replaces each folder by its staged one, the old ones gone", async () => {
    put("data/old", "old");
    put("data.restoring/new", "new");
    put("photos.restoring/p", "p"); // a folder that was not there before
    await swapIntoPlace([path.join(root, "data"), path.join(root, "photos")]);
    expect(readFileSync(path.join(root, "data/new"), "utf8")).toBe("new");
    expect(existsSync(path.join(root, "data/old"))).toBe(false);
    expect(readFileSync(path.join(root, "photos/p"), "utf8")).toBe("p");
    expect(existsSync(staging(path.join(root, "data")).replaced)).toBe(false);
  });

  it("leaves every folder as it was when one cannot be put in place", async () => {
    put("data/old", "old");
    put("data.restoring/new", "new");
    put("photos/old", "old photo"); // and no photos.restoring: its rename fails
    await expect(swapIntoPlace([path.join(root, "data"), path.join(root, "photos")])).rejects.toThrow();
    expect(readFileSync(path.join(root, "data/old"), "utf8")).toBe("old");
    expect(readFileSync(path.join(root, "photos/old"), "utf8")).toBe("old photo");
    expect(readFileSync(path.join(root, "data.restoring/new"), "utf8")).toBe("new");
    expect(existsSync(staging(path.join(root, "data")).replaced)).toBe(false);
    expect(existsSync(staging(path.join(root, "photos")).replaced)).toBe(false);
  });
});
