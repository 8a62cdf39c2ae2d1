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

/** Another process that tries to take the lock, holds it `holdMs`, and reports. */
function otherProcess(dataDir: string, holdMs = 0): Promise<{ code: number | null; out: string }> {
  const script = `
    import("${path.resolve("node_modules/tsx/dist/esm/api/index.mjs").replace(/\\/g, "/")}")
      .then(({ tsImport }) => tsImport("${path.resolve("src/server/db/lock.ts")}", import.meta.url))
      .then((m) => m.acquireLock(${JSON.stringify(dataDir)}))
      .then((lock) => { console.log("GOT LOCK"); return new Promise((r) => setTimeout(r, ${holdMs})).then(() => lock.release()); })
      .catch((e) => { console.log(e.name + ": " + e.message); process.exit(3); });`;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--conditions=react-server", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
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
      const r = await otherProcess(dir);
      expect(r.code).toBe(3);
      expect(r.out).toMatch(/DatabaseLockedError: The embedded database is already in use by another process \(pid \d+/);
    } finally {
      await db.close();
    }
    // once released, another process can take it
    const again = await otherProcess(dir);
    expect(again.out).toContain("GOT LOCK");
  }, 60_000);

  test("starters racing for one folder: exactly one gets it, the others a clear error", async () => {
    for (let round = 0; round < 2; round++) {
      const dir = tmp();
      const results = await Promise.all(Array.from({ length: 4 }, () => otherProcess(dir, 3000)));
      const winners = results.filter((r) => r.out.includes("GOT LOCK"));
      expect(winners, results.map((r) => r.out).join("\n")).toHaveLength(1);
      for (const r of results.filter((x) => !x.out.includes("GOT LOCK"))) expect(r.out).toMatch(/DatabaseLockedError/);
    }
  }, 90_000);

  test("a lock left by a process that is gone is taken over once stale", async () => {
    const dir = tmp();
    const lockDir = `${path.resolve(dir)}.lock`;
    fs.mkdirSync(lockDir);
    fs.writeFileSync(`${lockDir}.pid`, "999999999");
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockDir, old, old);
    const lock = await acquireLock(dir);
    expect(fs.readFileSync(`${lockDir}.pid`, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockDir)).toBe(false);
  });

  test("a lock file of the older format whose process is gone is replaced", async () => {
    const dir = tmp();
    fs.writeFileSync(`${path.resolve(dir)}.lock`, "999999999");
    const lock = await acquireLock(dir);
    expect(fs.statSync(`${path.resolve(dir)}.lock`).isDirectory()).toBe(true);
    lock.release();
  });

  test("a lock held by a live process is refused with a clear error", async () => {
    const dir = tmp();
    fs.writeFileSync(`${path.resolve(dir)}.lock`, String(process.ppid));
    await expect(acquireLock(dir)).rejects.toThrow(DatabaseLockedError);
    await expect(acquireLock(dir)).rejects.toThrow(/stop the other process/);
  });
});
