import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseStockCsv } from "@/domain/stock/import";
import * as t from "@/server/db/schema";
import { applyImport, saveImport } from "@/server/repositories/imports";
import { claimDuePhotoFetch, importPhotoReports } from "@/server/repositories/photo-fetches";
import { addVehiclePhotos, editVehiclePhotos, handBackPhotos, listVehiclePhotos } from "@/server/repositories/vehicle-photos";
import { setupAppDatabase } from "@/server/testing/app-database";
import { snapshotCar } from "@/server/testing/car-snapshot";
import { testPhoto } from "@/server/testing/photo";
import { applyLatestFeedPhotos, fetchDuePhotos } from "./fetch-worker";
import { keepPhoto } from "./keep";
import type { ImageServiceDeps } from "./service";
import { diskPhotoStore } from "./store";
import { diskVariantCache } from "./variant-cache";

/*
 * A stock feed's photos fetched by the worker from a local server on loopback: the one
 * origin a test may name (PHOTO_FETCH_TEST_ORIGIN in a server; here the worker's deps), in the
 * feed's order, redirects followed and checked, every refusal on the import's report, transient
 * failures tried again, and an unchanged feed downloading nothing.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), "photo-fetch-"));
const images: ImageServiceDeps = { store: diskPhotoStore(path.join(tmp, "photos")), cache: diskVariantCache(path.join(tmp, "cache"), 1e8) };
const database = setupAppDatabase({
  after: async () => {
    await database.delete(t.vehicles).where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.make, "Fetchtest")));
  },
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const hits = new Map<string, number>();
let server: Server;
let origin = "";
let flaky = 0;
/** the feed of the merge tests: /m1.jpg … /m4.jpg, each its own picture */
const more = new Map<string, Buffer>();
beforeAll(async () => {
  const [a, b, c] = await Promise.all([testPhoto(1600, 1067, 21), testPhoto(1200, 800, 22), testPhoto(800, 600, 23)]);
  for (const n of [1, 2, 3, 4]) more.set(`/m${n}.jpg`, await testPhoto(640, 427, 40 + n));
  server = createServer((req, res) => {
    const p = req.url ?? "/";
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const go = (to: string) => res.writeHead(302, { location: to }).end();
    if (p === "/a.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(a);
    if (p === "/b.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(b);
    if (p === "/to-b") return go("/b.jpg");
    if (more.has(p)) return res.writeHead(200, { "content-type": "image/jpeg" }).end(more.get(p));
    if (p.startsWith("/loop")) return go(`/loop${p.length}`);
    if (p === "/to-private") return go("https://10.1.2.3/a.jpg");
    if (p === "/page.jpg") return res.writeHead(200, { "content-type": "text/html" }).end("<html>not a photo</html>");
    if (p === "/huge.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 16; i++) res.write(chunk);
      return res.end();
    }
    if (p === "/flaky.jpg") return ++flaky === 1 ? res.writeHead(503).end() : res.writeHead(200).end(c);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

/*
 * A second host on loopback that answers slowly: /drip.jpg sends a byte every 100 ms (never idle
 * long enough for a timeout), /steady.jpg sends fast enough but never ends. It counts the
 * connections it holds open at once.
 */
let slowServer: Server;
let slowOrigin = "";
let slowOpen = 0;
let slowMostOpen = 0;
beforeAll(async () => {
  slowServer = createServer((req, res) => {
    slowOpen++;
    slowMostOpen = Math.max(slowMostOpen, slowOpen);
    const every = req.url === "/steady.jpg" ? 20 : 100;
    const chunk = req.url === "/steady.jpg" ? Buffer.alloc(8 * 1024, 0xff) : Buffer.from([0xff]);
    res.writeHead(200, { "content-type": "image/jpeg" });
    const timer = setInterval(() => res.write(chunk), every);
    res.on("close", () => {
      clearInterval(timer);
      slowOpen--;
    });
  });
  await new Promise<void>((r) => slowServer.listen(0, "127.0.0.1", r));
  slowOrigin = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`;
});
afterAll(() => {
  slowServer.closeAllConnections();
  return new Promise((r) => slowServer.close(r));
});

async function importCsv(lines: string[], photoTestOrigin = origin) {
  const csv = ["stock_number,make,model,year,car_type,photos", ...lines].join("\n");
  const parsed = parseStockCsv(csv, { thisYear: 2026, locationIds: [10011, 10012], photoTestOrigin });
  expect(parsed.errors).toEqual([]);
  const imp = await saveImport(database, {
    siteId: 1001,
    staffId: null,
    source: "feed",
    full: false,
    status: "checked",
    rows: parsed.rows.map(({ line: _line, ...r }) => r),
    report: {},
    columns: parsed.columns.map((c) => c.column),
    clearBlanks: false,
  });
  await applyImport(database, imp, { defaultLocation: 10012, by: null, confirmHeld: false, now: new Date() });
  return imp.id;
}
/** Rounds until nothing is due (a retry's wait is skipped by making it due now). */
async function drain() {
  for (let i = 0; i < 60; i++) {
    const { claimed } = await fetchDuePhotos(database, { images, testOrigin: origin });
    if (!claimed) {
      const waiting = await database
        .update(t.photoFetches)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(t.photoFetches.status, "pending"))
        .returning();
      if (!waiting.length) return;
    }
  }
  throw new Error("the queue never emptied");
}
const car = async (stock: string) => {
  const [v] = await database
    .select({ primary: t.vehicles.primaryImageUrl, thumbnails: t.vehicles.thumbnails, count: t.vehicles.photosCount })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.stockNumber, stock)));
  return v!;
};

describe("a feed's photos", () => {
  test("fetched in the feed's order (a redirect followed); what cannot be fetched is on the report with its reason; a 503 is tried again", async () => {
    const id = await importCsv([
      `FETCH-1,Fetchtest,One,2024,used,${origin}/a.jpg|${origin}/to-b|${origin}/missing.jpg|${origin}/flaky.jpg`,
      `FETCH-2,Fetchtest,Two,2024,used,${origin}/page.jpg|${origin}/huge.jpg|${origin}/loop|${origin}/to-private`,
    ]);
    await drain();
    const one = await car("FETCH-1");
    expect(one.count).toBe(3);
    expect(one.primary).toBe(one.thumbnails[0]);
    expect(one.thumbnails.every((u) => /^\/images\/[0-9a-f]{32}\.jpg$/.test(u))).toBe(true);
    expect(new Set(one.thumbnails).size).toBe(3); // a, b through the redirect, then the 503's second try
    expect(await images.store.has(one.thumbnails[0]!.slice(8))).toBe(true);
    expect(flaky).toBe(2);
    // nothing could be fetched for the second car: it keeps what it had (none: the placeholder shows)
    expect(await car("FETCH-2")).toMatchObject({ count: 0, thumbnails: [] });

    const report = (await importPhotoReports(database, 1001, [id])).get(id)!;
    expect(report).toMatchObject({ total: 8, pending: 0 });
    expect(Object.fromEntries(report.failed.map((f) => [f.url.replace(origin, ""), f.reason]))).toEqual({
      "/missing.jpg": "status 404",
      "/page.jpg": "This file is not a photo. Please upload a JPEG, PNG, WebP, HEIC or AVIF image.",
      "/huge.jpg": "larger than 15 MB",
      "/loop": "more than 3 redirects",
      "/to-private":
        "redirected to an address that is refused (Use a public internet address: local, private and cloud metadata addresses are refused.)",
    });
  });

  test("an unchanged feed downloads nothing new; a new order is kept", async () => {
    const before = hits.get("/a.jpg")!;
    const id = await importCsv([`FETCH-1,Fetchtest,One,2024,used,${origin}/to-b|${origin}/a.jpg`]);
    await drain();
    expect(hits.get("/a.jpg")).toBe(before);
    const report = (await importPhotoReports(database, 1001, [id])).get(id)!;
    expect(report).toMatchObject({ total: 2, downloaded: 0, unchanged: 2, failed: [] });
    const one = await car("FETCH-1");
    expect(one.count).toBe(2);
    const first = await database
      .select({ key: t.photoFetches.key })
      .from(t.photoFetches)
      .where(and(eq(t.photoFetches.importId, id), eq(t.photoFetches.position, 0)));
    expect(one.primary).toBe(`/images/${first[0]!.key}`);
  });

  test("without the test origin, a loopback address is refused before any connection", async () => {
    const count = hits.get("/b.jpg") ?? 0;
    await importCsv([`FETCH-3,Fetchtest,Three,2024,used,${origin}/b.jpg`]);
    for (let i = 0; i < 3; i++) await fetchDuePhotos(database, { images, testOrigin: null });
    expect(hits.get("/b.jpg") ?? 0).toBe(count);
    const [row] = await database.select().from(t.photoFetches).where(eq(t.photoFetches.stockNumber, "FETCH-3"));
    expect([row!.status, row!.reason]).toEqual(["failed", "Enter an https address"]);
  });
});

describe("one slow host holds nobody else's photos", () => {
  const limits = { deadlineMs: 1000, minBytesPerSecond: 16 * 1024, rateGraceMs: 300 };
  const deps = (l: Partial<typeof limits> = {}) => ({ images, testOrigin: [origin, slowOrigin], limits: { ...limits, ...l } });
  const reasonOf = async (stock: string) => {
    const rows = await database.select().from(t.photoFetches).where(eq(t.photoFetches.stockNumber, stock));
    return rows.map((r) => [r.status, r.reason]);
  };

  test("a host dripping a byte at a time fails for its rate, one that never finishes at its deadline; both are tried again later", async () => {
    await importCsv([`FETCH-DRIP,Fetchtest,Drip,2024,used,${slowOrigin}/drip.jpg`], slowOrigin);
    const started = Date.now();
    await fetchDuePhotos(database, deps());
    expect(Date.now() - started).toBeLessThan(limits.deadlineMs);
    expect(await reasonOf("FETCH-DRIP")).toEqual([["pending", "sent more slowly than 16 KB a second"]]);

    await importCsv([`FETCH-STEADY,Fetchtest,Steady,2024,used,${slowOrigin}/steady.jpg`], slowOrigin);
    const again = Date.now();
    await fetchDuePhotos(database, deps());
    expect(Date.now() - again).toBeLessThan(limits.deadlineMs + 500);
    expect(await reasonOf("FETCH-STEADY")).toEqual([["pending", "took longer than 1 s"]]);
  });

  test("a host is fetched from once at a time, and another host's photos land while it drips", async () => {
    await importCsv([`FETCH-SLOW,Fetchtest,Slow,2024,used,${slowOrigin}/drip.jpg|${slowOrigin}/drip.jpg?2`], slowOrigin);
    await importCsv([`FETCH-FAST,Fetchtest,Fast,2024,used,${origin}/b.jpg`]);
    slowMostOpen = 0;
    // the slow host holds its connection 1.5 s: time enough for the other photo's download and checks on a busy machine
    const round = fetchDuePhotos(database, deps({ deadlineMs: 3000, rateGraceMs: 1500 }));
    const until = async (done: () => Promise<boolean> | boolean) => {
      for (let i = 0; i < 150 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
    };
    // the other host's photo is downloaded and on its car while the slow host still holds its connection
    await until(() => slowOpen === 1);
    await until(async () => (await car("FETCH-FAST")).count === 1);
    expect((await car("FETCH-FAST")).count).toBe(1);
    expect(slowOpen).toBe(1);
    expect(await round).toEqual({ claimed: 2, failed: 1 });
    expect(slowMostOpen).toBe(1);
    // the slow host's second photo waited for the next claim
    expect((await reasonOf("FETCH-SLOW")).sort()).toEqual([
      ["pending", null],
      ["pending", "sent more slowly than 16 KB a second"],
    ]);
  });

  test("a claim skips every host with a fetch in flight", async () => {
    await database.update(t.photoFetches).set({ status: "failed" }).where(eq(t.photoFetches.status, "pending"));
    await importCsv(
      [`FETCH-H1,Fetchtest,Hosts,2024,used,${slowOrigin}/drip.jpg|${slowOrigin}/drip.jpg?2|${slowOrigin}/drip.jpg?3`],
      slowOrigin,
    );
    await importCsv([`FETCH-H2,Fetchtest,Hosts,2024,used,${origin}/a.jpg?h2|${origin}/b.jpg?h2`]);
    const hosts = [];
    for (let job = await claimDuePhotoFetch(database); job; job = await claimDuePhotoFetch(database)) hosts.push(new URL(job.url).origin);
    expect(hosts).toEqual([slowOrigin, origin]);
    await database.update(t.photoFetches).set({ status: "failed", lockedUntil: null }).where(eq(t.photoFetches.status, "pending"));
  });
});

describe("a feed's photos meet a person's", () => {
  const by = { id: null, name: "Fetch test", email: "fetch-test@example.com" };
  const feed = (...n: number[]) => n.map((i) => `${origin}/m${i}.jpg`).join("|");
  /** the car's photos: "m1".."m4" for the feed's (by address), "up" for an upload */
  const photos = async (id: number) =>
    (await listVehiclePhotos(database, 1001, id)).map((p) =>
      p.sourceUrl ? p.sourceUrl.replace(`${origin}/`, "").replace(".jpg", "") : "up",
    );
  const carId = async (stock: string) =>
    (
      await database
        .select({ id: t.vehicles.id })
        .from(t.vehicles)
        .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.stockNumber, stock)))
    )[0]!.id;
  const upload = async (id: number, seed: number, opts: { replace?: boolean } = {}) => {
    const kept = await keepPhoto(database, await testPhoto(640, 427, seed), images);
    return addVehiclePhotos(database, 1001, id, [kept], by, opts);
  };

  test("an upload adds to the feed's photos, and the next feed keeps it beside the feed's new list", async () => {
    await importCsv([`MERGE-1,Fetchtest,Merge,2024,used,${feed(1, 2)}`]);
    await drain();
    const id = await carId("MERGE-1");
    expect(await photos(id)).toEqual(["m1", "m2"]);
    await upload(id, 51);
    expect(await photos(id)).toEqual(["m1", "m2", "up"]);
    expect((await car("MERGE-1")).count).toBe(3);
    // no person's order: the feed's order first (m2 gone, m3 new), the upload after
    await importCsv([`MERGE-1,Fetchtest,Merge,2024,used,${feed(3, 1)}`]);
    await drain();
    expect(await photos(id)).toEqual(["m3", "m1", "up"]);
    expect((await car("MERGE-1")).count).toBe(3);
  });

  test("after a person's reorder, the next feed keeps that order: gone photos leave, new ones go last", async () => {
    const id = await carId("MERGE-1");
    const before = await listVehiclePhotos(database, 1001, id);
    const [m3, m1, up] = before;
    await editVehiclePhotos(database, 1001, id, { order: [up!.id, m1!.id, m3!.id] }, by);
    await importCsv([`MERGE-1,Fetchtest,Merge,2024,used,${feed(4, 1, 3)}`]);
    await drain();
    expect(await photos(id)).toEqual(["up", "m1", "m3", "m4"]);
    await importCsv([`MERGE-1,Fetchtest,Merge,2024,used,${feed(1, 4)}`]);
    await drain();
    expect(await photos(id)).toEqual(["up", "m1", "m4"]);
    // the rows kept are the same rows (their alt text stays with them)
    expect((await listVehiclePhotos(database, 1001, id))[0]!.id).toBe(up!.id);
  });

  test("after 'replace', later feeds' photos do not come back; handed back, they do, at once", async () => {
    await importCsv([`MERGE-2,Fetchtest,Replace,2024,used,${feed(1, 2)}`]);
    await drain();
    const id = await carId("MERGE-2");
    await upload(id, 52, { replace: true });
    expect(await photos(id)).toEqual(["up"]);
    const [edited] = await database.select({ e: t.vehicles.editedFields }).from(t.vehicles).where(eq(t.vehicles.id, id));
    expect(edited!.e).toContain("photos");
    await importCsv([`MERGE-2,Fetchtest,Replace,2024,used,${feed(2, 3)}`]);
    await drain();
    expect(await photos(id)).toEqual(["up"]);
    expect((await car("MERGE-2")).count).toBe(1);

    expect(await handBackPhotos(database, 1001, id, by)).toBe(true);
    expect(await applyLatestFeedPhotos(database, 1001, id, { images, testOrigin: origin })).toBe("applied");
    expect(await photos(id)).toEqual(["m2", "m3", "up"]);
    const [handed] = await database.select({ e: t.vehicles.editedFields }).from(t.vehicles).where(eq(t.vehicles.id, id));
    expect(handed!.e).not.toContain("photos");
    expect(await handBackPhotos(database, 1001, 999_999_999, by)).toBe(false);
  });

  test("handed back after the feed's photos left the store: they are fetched again, then shown", async () => {
    await importCsv([`MERGE-3,Fetchtest,Refetch,2024,used,${feed(4)}`]);
    await drain();
    const id = await carId("MERGE-3");
    const [m4] = await listVehiclePhotos(database, 1001, id);
    await upload(id, 53, { replace: true });
    // the feed's photos stay in the store while replaced; this one leaves it meanwhile, as a takedown would
    await images.store.delete(m4!.key);
    await handBackPhotos(database, 1001, id, by);
    const downloads = hits.get("/m4.jpg") ?? 0;
    expect(await applyLatestFeedPhotos(database, 1001, id, { images, testOrigin: origin })).toBe("fetching");
    await drain();
    expect(hits.get("/m4.jpg")).toBe(downloads + 1);
    expect(await photos(id)).toEqual(["m4", "up"]);
    expect(await images.store.has(m4!.key)).toBe(true);
  });

  test("a car that shows the demo's photos keeps them when a person uploads one", async () => {
    const [demo] = await database
      .select({ id: t.vehicles.id, thumbnails: t.vehicles.thumbnails })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.photosCount, 14)))
      .limit(1);
    expect(await listVehiclePhotos(database, 1001, demo!.id)).toEqual([]);
    // a demo car, not this file's own: it is put back after (other files pick a car of this site too)
    const putBack = await snapshotCar(database, 1001, demo!.id);
    try {
      await upload(demo!.id, 54);
      const after = await listVehiclePhotos(database, 1001, demo!.id);
      expect(after.map((p) => `/images/${p.key}`).slice(0, 14)).toEqual(demo!.thumbnails);
      expect(after.map((p) => p.sourceUrl === null)).toEqual([...Array<boolean>(14).fill(false), true]);
      const [v] = await database.select({ count: t.vehicles.photosCount }).from(t.vehicles).where(eq(t.vehicles.id, demo!.id));
      expect(v!.count).toBe(15);
    } finally {
      await putBack();
    }
    expect(await listVehiclePhotos(database, 1001, demo!.id)).toEqual([]);
    const [back] = await database
      .select({ count: t.vehicles.photosCount, thumbnails: t.vehicles.thumbnails })
      .from(t.vehicles)
      .where(eq(t.vehicles.id, demo!.id));
    expect(back).toEqual({ count: 14, thumbnails: demo!.thumbnails });
  });
});
