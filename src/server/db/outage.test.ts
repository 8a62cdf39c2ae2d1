import net from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { env } from "@/server/base/env";
import { createEmptyPostgresDatabase } from "@/server/testing/test-db";
import { openDatabase } from "./client";

const PG = env().TEST_DATABASE_URL;

/** A TCP relay to the PostgreSQL server that can be cut (every connection dropped) and restored. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const up = () =>
    new Promise<void>((resolve) => {
      server = net
        .createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on("close", () => sockets.delete(s)).on("error", () => {});
          }
          client.pipe(upstream).pipe(client);
        })
        .listen(port, "127.0.0.1", () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await up();
  return { port, up, down };
}

/** An empty database opened through a relay (max 4 connections), and how to let it all go. */
async function openThroughRelay() {
  const empty = await createEmptyPostgresDatabase(PG!);
  const r = await relay(new URL(empty.url));
  const viaRelay = new URL(empty.url);
  viaRelay.hostname = "127.0.0.1";
  viaRelay.port = String(r.port);
  const d = await openDatabase({ driver: "postgres", url: viaRelay.toString(), max: 4 });
  const close = async () => {
    await r.down();
    await d.close().catch(() => {});
    await empty.drop();
  };
  return { d, r, close };
}

describe.skipIf(!PG)("the database goes away and comes back (PostgreSQL)", () => {
  test("queries fail fast while it is down and succeed at once when it is back", async () => {
    const { d, r, close } = await openThroughRelay();
    try {
      await d.db.execute(sql`select 1`);
      await r.down();
      const t0 = performance.now();
      await expect(d.ping()).rejects.toThrow();
      expect(performance.now() - t0).toBeLessThan(5_000);
      await r.up();
      const t1 = performance.now();
      await d.ping();
      await d.db.execute(sql`select count(*) from sites`);
      expect(performance.now() - t1).toBeLessThan(2_000);
    } finally {
      await close();
    }
  }, 60_000);

  test("pages within 3 s after a long outage: no query waits out a reconnect backoff grown while the server was down", async () => {
    const { d, r, close } = await openThroughRelay();
    try {
      await d.db.execute(sql`select 1`);
      await r.down();
      // a request meets the outage; the health probe then pings every second, each ping a failed connect
      expect(await d.health!.isUp()).toBe(false);
      // (the driver's own backoff had grown to 10-20 s a connection by then, and a page waited it out)
      await new Promise((ok) => setTimeout(ok, 12_000));
      expect(d.health!.down).toBe(true);
      await r.up();
      const t0 = performance.now();
      // a page reads several things at once: each query may take a connection still waiting to reconnect
      const page = () => Promise.all([1, 2, 3, 4].map(() => d.db.execute(sql`select count(*) from sites`)));
      // as the CI stage asks: a page every 250 ms until one is served
      for (;;) {
        const served =
          !d.health!.down &&
          (await page().then(
            () => true,
            () => false,
          ));
        if (served || performance.now() - t0 > 30_000) break;
        await new Promise((ok) => setTimeout(ok, 250));
      }
      expect(performance.now() - t0).toBeLessThan(3_000);
    } finally {
      await close();
    }
  }, 60_000);
});
