import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openDatabase } from "./client";
import { acquireLock, DatabaseLockedError } from "./lock";

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
  dirs.push(d);
  return path.join(d, "db");
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Runs `node -e` in a second process that tries to take the lock and reports. */
function secondProcess(dataDir: string): Promise<{ code: number | null; out: string }> {
  const script = `
    import("${path.resolve("node_modules/tsx/dist/esm/api/index.mjs").replace(/\\/g, "/")}")
      .then(({ tsImport }) => tsImport("${path.resolve("src/server/db/lock.ts")}", import.meta.url))
      .then((m) => { m.acquireLock(${JSON.stringify(dataDir)}); console.log("GOT LOCK"); })
      .catch((e) => { console.log(e.name + ": " + e.message); process.exit(3); });`;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("close", (code) => resolve({ code, out }));
  });
}

describe("embedded database lock", () => {
  test("a second process cannot open the embedded database while one holds it", async () => {
    const dir = tmp();
    const db = await openDatabase({ driver: "pglite", dataDir: dir });
    try {
      const r = await secondProcess(dir);
      expect(r.code).toBe(3);
      expect(r.out).toMatch(/DatabaseLockedError: The embedded database is already in use by another process \(pid \d+/);
    } finally {
      await db.close();
    }
    // once released, another process can take it
    const again = await secondProcess(dir);
    expect(again.out).toContain("GOT LOCK");
  }, 60_000);

  test("a stale lock (its process is gone) is taken over", () => {
    const dir = tmp();
    fs.writeFileSync(`${path.resolve(dir)}.lock`, "999999999");
    const lock = acquireLock(dir);
    expect(fs.readFileSync(`${path.resolve(dir)}.lock`, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(`${path.resolve(dir)}.lock`)).toBe(false);
  });

  test("a lock held by a live process is refused with a clear error", () => {
    const dir = tmp();
    fs.writeFileSync(`${path.resolve(dir)}.lock`, String(process.ppid));
    expect(() => acquireLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireLock(dir)).toThrow(/stop the other process/);
  });
});
