import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startCluster } from "./cluster";
import { takenPorts, takenMessage } from "./ports";

/* `npm run start:cluster` refuses to start when a port it needs is another process's. */
const servers: Server[] = [];
const occupy = (host?: string) =>
  new Promise<number>((resolve) => {
    const s = createServer();
    servers.push(s);
    s.listen({ port: 0, host }, () => resolve((s.address() as AddressInfo).port));
  });
const freePort = async () => {
  const port = await occupy("127.0.0.1");
  await new Promise((r) => servers.pop()!.close(r));
  return port;
};
const tmp = mkdtempSync(path.join(os.tmpdir(), "cluster-ports-"));
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(tmp, { recursive: true, force: true });
});

describe("the cluster's ports", () => {
  test("a port held on loopback or on every address is taken; a free one is not", async () => {
    const [loopback, every, free] = [await occupy("127.0.0.1"), await occupy(), await freePort()];
    const taken = await takenPorts([
      { port: free, what: "the front door's HTTP" },
      { port: loopback, what: "app 1" },
      { port: every, what: "app 2" },
    ]);
    expect(taken).toEqual([
      { port: loopback, what: "app 1" },
      { port: every, what: "app 2" },
    ]);
    expect(takenMessage(taken)).toBe(
      `Not starting: port ${loopback} (app 1), port ${every} (app 2) are in use by another process. Stop it, or choose other ports (--port, --tls-port, --app-port, --pg-port).`,
    );
    // trying a port leaves it free
    expect(await takenPorts([{ port: free, what: "x" }])).toEqual([]);
  });

  test("startCluster refuses a taken app port before it starts anything", async () => {
    const app = await occupy("127.0.0.1");
    const [port, tlsPort, pgPort] = [await freePort(), await freePort(), await freePort()];
    await expect(
      startCluster({ dir: path.join(tmp, "cluster"), apps: 1, port, tlsPort, appPort: app, pgPort, quiet: true }),
    ).rejects.toThrow(`Not starting: port ${app} (app 1) is in use by another process.`);
  });
});
