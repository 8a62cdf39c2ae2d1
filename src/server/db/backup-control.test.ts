import { mkdtempSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { controlSocket, isPrivate, requestDump, startBackupControl } from "./backup-control";

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "backup-control-"));
  dataDir = path.join(root, "pglite");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const text = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

function ask(method: string, p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocket(dataDir), path: p, method }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject).end();
  });
}

describe("the backup control socket", () => {
  it("answers a dump on a socket only its owner can reach, and nothing else", async () => {
    const control = await startBackupControl(dataDir, async () => new Blob(["tarball"]));
    try {
      // the guard: the folder is the owner's alone (0700) and the socket too (0600); no TCP port at all
      expect(isPrivate(dataDir)).toBe(true);
      expect(statSync(controlSocket(dataDir)).mode & 0o777).toBe(0o600);
      expect(statSync(controlSocket(dataDir)).isSocket()).toBe(true);
      const answer = await requestDump(dataDir);
      expect(answer?.status).toBe(200);
      expect(await text(answer!.body)).toBe("tarball");
      expect(await ask("GET", "/dump")).toBe(405);
      expect(await ask("POST", "/dump/../x")).toBe(404);
      expect(await ask("POST", "/other")).toBe(404);
    } finally {
      await control.close();
    }
  });

  it("is refused once the server stops, and then the command may open the database itself", async () => {
    const control = await startBackupControl(dataDir, async () => new Blob(["x"]));
    await control.close();
    expect(await requestDump(dataDir)).toBeNull();
    await expect(
      new Promise((resolve, reject) => connect(controlSocket(dataDir)).on("connect", resolve).on("error", reject)),
    ).rejects.toThrow();
  });

  it("makes one dump at a time (each holds every query back)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const control = await startBackupControl(dataDir, async () => {
      await gate;
      return new Blob(["slow"]);
    });
    try {
      const first = requestDump(dataDir);
      await new Promise((r) => setTimeout(r, 50));
      const second = await requestDump(dataDir);
      expect(second?.status).toBe(409);
      second?.body.resume();
      release();
      const a = await first;
      expect(a?.status).toBe(200);
      expect(await text(a!.body)).toBe("slow");
    } finally {
      await control.close();
    }
  });

  it("takes the next dump after a client went away while one was being made", async () => {
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    const control = await startBackupControl(dataDir, async () => {
      await gate;
      return new Blob(["made"]);
    });
    try {
      // a client that asks and hangs up before the dump is ready (a backup command killed midway)
      const gone = request({ socketPath: controlSocket(dataDir), path: "/dump", method: "POST" });
      gone.on("error", () => {});
      gone.end();
      await new Promise((r) => setTimeout(r, 50));
      gone.destroy();
      await new Promise((r) => setTimeout(r, 50));
      release();
      await new Promise((r) => setTimeout(r, 50));
      gate = Promise.resolve();
      const next = await requestDump(dataDir);
      expect(next?.status).toBe(200);
      expect(await text(next!.body)).toBe("made");
    } finally {
      await control.close();
    }
  });

  it("gives up on a server that sends nothing, after the time it is given", async () => {
    const control = await startBackupControl(dataDir, () => new Promise<Blob>(() => {}));
    try {
      const t0 = Date.now();
      await expect(requestDump(dataDir, { timeoutMs: 200 })).rejects.toThrow(/sent nothing/);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await control.close();
    }
  });

  it("says why when the dump fails, without stopping", async () => {
    const control = await startBackupControl(dataDir, async () => {
      throw new Error("disk full");
    });
    try {
      const a = await requestDump(dataDir);
      expect(a?.status).toBe(500);
      expect(await text(a!.body)).toBe("disk full");
      expect(await ask("POST", "/dump")).toBe(500);
    } finally {
      await control.close();
    }
  });

  it("rejects, rather than throwing, where a socket cannot be made (the server then serves without one)", async () => {
    const deep = path.join(root, "d".repeat(120), "pglite");
    await expect(startBackupControl(deep, async () => new Blob([]))).rejects.toThrow();
  });
});
