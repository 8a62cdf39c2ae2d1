import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { MAX_PHOTOS_PER_VEHICLE, PHOTOS_MSG } from "@/domain/stock/photos";
import * as t from "@/server/db/schema";
import { PHOTO_MSG } from "@/server/photos/ingest";
import { answerImage, imageServiceDeps } from "@/server/photos/service";
import { callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import { snapshotCar } from "@/server/testing/car-snapshot";
import { testPhoto } from "@/server/testing/photo";
import { keepPhoto } from "@/server/photos/keep";
import { deletePhoto, getPhotos, postPhotos, postPhotosHandBack, putPhotos } from "./api/photos";

/*
 * A car's photos through the back-office API's route handlers: upload (multipart, field
 * photos), order, main photo, alt text and delete, with the roles, the tenant, the checks on the
 * bytes and the car's image columns written from the photos.
 */
/** the demo cars this file changes, put back after it: on PostgreSQL the test files share one database */
const putBack: Array<() => Promise<void>> = [];
const database = setupAppDatabase({
  after: async () => {
    for (const f of putBack.reverse()) await f();
  },
});
let sales = "";
let manager = "";
let car: { id: number; stockNumber: string };
let theirs = 0; // a car of ridgeline's, a site parkside's staff have no role on
beforeAll(async () => {
  [sales, manager] = await Promise.all([staffCookie("sales@parksidemotorgroup.com.au"), staffCookie("manager@parksidemotorgroup.com.au")]);
  const [v] = await database
    .select({ id: t.vehicles.id, stockNumber: t.vehicles.stockNumber })
    .from(t.vehicles)
    .where(eq(t.vehicles.siteId, 1001))
    .limit(1);
  car = v!;
  putBack.push(await snapshotCar(database, 1001, car.id));
  const [r] = await database.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, 1002)).limit(1);
  theirs = r!.id;
});

const base = (siteId = "1001", id = String(car.id)) => ({
  path: `/api/admin/sites/${siteId}/vehicles/${id}/photos`,
  params: { siteId, id },
});
function upload(cookie: string, files: Array<[Buffer, string]>, siteId?: string, id?: string, fields: Array<[string, string]> = []) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const [bytes, name] of files) form.append("photos", new Blob([new Uint8Array(bytes)]), name);
  const b = base(siteId, id);
  return callAdmin(postPhotos, b.path, b.params, { method: "POST", cookie, form });
}
const put = (cookie: string, body: unknown) => callAdmin(putPhotos, base().path, base().params, { method: "PUT", cookie, body });
const list = async () =>
  ((await (await callAdmin(getPhotos, base().path, base().params, { cookie: manager })).json()) as { photos: Photo[] }).photos;
type Photo = { id: number; url: string; alt: string; position: number; main: boolean; width: number; height: number; fromFeed: boolean };
const columns = async () => {
  const [v] = await database
    .select({
      primary: t.vehicles.primaryImageUrl,
      thumbnails: t.vehicles.thumbnails,
      alts: t.vehicles.photoAlts,
      count: t.vehicles.photosCount,
    })
    .from(t.vehicles)
    .where(eq(t.vehicles.id, car.id));
  return v!;
};

describe("a car's photos in the back-office API", () => {
  test("who may: sales staff cannot (403), nor staff of another site (403); another site's car is not found under theirs (404)", async () => {
    const photo = await testPhoto(800, 533, 1);
    expect((await upload(sales, [[photo, "a.jpg"]])).status).toBe(403);
    expect((await upload(manager, [[photo, "a.jpg"]], "1002", String(theirs))).status).toBe(403);
    expect((await upload(manager, [[photo, "a.jpg"]], "1001", String(theirs))).status).toBe(404);
    expect((await upload(manager, [[photo, "a.jpg"]], "1001", "999999")).status).toBe(404);
    expect((await upload(manager, [[photo, "a.jpg"]], "1001", "__proto__")).status).toBe(404);
    const b = base();
    const notMultipart = await callAdmin(postPhotos, b.path, b.params, { method: "POST", cookie: manager, body: { photos: [] } });
    expect(notMultipart.status).toBe(415);
  });

  test("bad files are 422 with a message per file, and nothing is added", async () => {
    const before = await columns();
    const text = await upload(manager, [[Buffer.from("<html>not a photo</html>"), "notes.jpg"]]);
    expect(text.status).toBe(422);
    const body = (await text.json()) as { error: string; errors: Record<string, string> };
    expect(body.errors.photos).toContain("notes.jpg");
    // a good photo beside a broken one: neither is kept
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
    const good = await testPhoto(800, 533, 2);
    const mixed = await upload(manager, [
      [good, "good.jpg"],
      [broken, "broken.jpg"],
    ]);
    expect(mixed.status).toBe(422);
    expect(((await mixed.json()) as { error: string }).error).toBe(`broken.jpg: ${PHOTO_MSG.unreadable}`);
    // the good one was checked and stored first; it goes again with the refusal
    expect(await imageServiceDeps().store.has(`${createHash("sha256").update(good).digest("hex")}.jpg`)).toBe(false);
    // a decompression bomb: refused by the header's pixel count
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await upload(manager, [[bomb, "huge.png"]]);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toBe(`huge.png: ${PHOTO_MSG.tooManyPixels}`);
    const none = await upload(manager, []);
    expect([none.status, ((await none.json()) as { error: string }).error]).toEqual([422, PHOTOS_MSG.none]);
    expect(await columns()).toEqual(before);
  });

  test("a manager uploads three photos, reorders them, picks the main one, writes alt text and deletes one; the car's image columns follow", async () => {
    const [a, b, c] = await Promise.all([testPhoto(1600, 1067, 11), testPhoto(1600, 1067, 12), testPhoto(1067, 1600, 13)]);
    // in place of the demo's drawings the car showed (an upload alone would add to them)
    const res = await upload(
      manager,
      [
        [a!, "front.jpg"],
        [b!, "side.jpg"],
        [c!, "interior.jpg"],
      ],
      undefined,
      undefined,
      [["replace", "1"]],
    );
    expect(res.status).toBe(201);
    const { photos, message } = (await res.json()) as { photos: Photo[]; message: string };
    expect(message).toBe("3 photos in place of the feed's. The website shows them now; the feed's photos wait until you use them again.");
    expect(photos.map((p) => [p.position, p.main, p.width, p.height])).toEqual([
      [0, true, 1600, 1067],
      [1, false, 1600, 1067],
      [2, false, 1067, 1600],
    ]);
    expect(await columns()).toEqual({ primary: photos[0]!.url, thumbnails: photos.map((p) => p.url), alts: ["", "", ""], count: 3 });
    // each is served by the image service under its key
    const key = photos[2]!.url.replace("/images/", "");
    const served = await answerImage([key], new URLSearchParams("w=640&auto=format"), new Headers({ accept: "image/webp" }));
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).height).toBe(640 * 1.5);

    // the same photo again is not added twice
    const again = await upload(manager, [[a!, "front-again.jpg"]]);
    expect(((await again.json()) as { photos: Photo[] }).photos).toHaveLength(3);

    const [front, side, interior] = photos as [Photo, Photo, Photo];
    const orderedAt = async () =>
      (await database.select({ at: t.vehicles.photosOrderedAt }).from(t.vehicles).where(eq(t.vehicles.id, car.id)))[0]!.at;
    // alt text alone is no order of a person's (a later feed may still order the photos its way)
    expect((await put(manager, { alt: [{ id: front.id, text: "" }] })).status).toBe(200);
    expect(await orderedAt()).toBeNull();
    const reordered = await put(manager, { order: [interior.id, front.id, side.id] });
    expect(reordered.status).toBe(200);
    // a person's order: later feeds keep it (src/server/photos/fetch-worker.test.ts)
    expect(await orderedAt()).toBeInstanceOf(Date);
    expect((await list()).map((p) => p.id)).toEqual([interior.id, front.id, side.id]);
    const mained = await put(manager, { main: side.id, alt: [{ id: side.id, text: "Side view, passenger side" }] });
    expect(mained.status).toBe(200);
    expect(await columns()).toEqual({
      primary: side.url,
      thumbnails: [side.url, interior.url, front.url],
      alts: ["Side view, passenger side", "", ""],
      count: 3,
    });

    // an order that does not list each photo once: 422 with the field's message, nothing changed
    const bad = await put(manager, { order: [front.id, front.id, side.id] });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({ order: PHOTOS_MSG.order });
    expect((await put(manager, { order: "x" })).status).toBe(422);
    expect((await put(sales, { main: front.id })).status).toBe(403);

    // delete: the photo goes from the car, and from the store once no car holds it
    const del = (id: string, cookie = manager) =>
      callAdmin(deletePhoto, `${base().path}/${id}`, { ...base().params, photoId: id }, { method: "DELETE", cookie });
    expect((await del(String(interior.id), sales)).status).toBe(403);
    expect((await del("999999")).status).toBe(404);
    expect((await del("abc")).status).toBe(404);
    const gone = await del(String(interior.id));
    expect(gone.status).toBe(200);
    expect(await columns()).toEqual({
      primary: side.url,
      thumbnails: [side.url, front.url],
      alts: ["Side view, passenger side", ""],
      count: 2,
    });
    expect(await imageServiceDeps().store.has(interior.url.replace("/images/", ""))).toBe(false);

    const audit = await database
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.siteId, 1001), eq(t.auditLog.entity, `vehicle:${car.stockNumber}`)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["vehicle.photos.add", "vehicle.photos.edit", "vehicle.photos.delete"]),
    );
  });

  test(`at most ${MAX_PHOTOS_PER_VEHICLE} photos on a car`, async () => {
    const have = (await list()).length;
    await database.insert(t.vehiclePhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_VEHICLE - have }, (_, i) => ({
        siteId: 1001,
        vehicleId: car.id,
        key: `${String(i).padStart(64, "e")}.jpg`,
        position: have + i,
      })),
    );
    const res = await upload(manager, [[await testPhoto(640, 427, 99), "one-more.jpg"]]);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe(PHOTOS_MSG.tooMany);
  });
});

describe("photos add up: uploads join the feed's, replace and hand back", () => {
  let feedCar = 0;
  const feedKeys: string[] = [];
  const at = (id = feedCar) => ({ path: `/api/admin/sites/1001/vehicles/${id}/photos`, params: { siteId: "1001", id: String(id) } });
  const handBack = (cookie: string, id = feedCar) =>
    callAdmin(postPhotosHandBack, `${at(id).path}/hand-back`, at(id).params, { method: "POST", cookie });
  const edited = async () =>
    (await database.select({ e: t.vehicles.editedFields }).from(t.vehicles).where(eq(t.vehicles.id, feedCar)))[0]!.e;
  beforeAll(async () => {
    const [v] = await database
      .select({ id: t.vehicles.id, stockNumber: t.vehicles.stockNumber })
      .from(t.vehicles)
      .where(eq(t.vehicles.siteId, 1001))
      .offset(5)
      .limit(1);
    feedCar = v!.id;
    putBack.push(await snapshotCar(database, 1001, feedCar));
    // the car's photos as the feed's worker left them: two fetched from the feed's addresses, recorded by an import
    for (const seed of [61, 62]) feedKeys.push((await keepPhoto(database, await testPhoto(800, 533, seed))).key);
    await database.insert(t.vehiclePhotos).values(
      feedKeys.map((key, i) => ({
        siteId: 1001,
        vehicleId: feedCar,
        key,
        position: i,
        width: 800,
        height: 533,
        sourceUrl: `https://feed.example/${i}.jpg`,
      })),
    );
    await database.insert(t.photoFetches).values(
      feedKeys.map((key, i) => ({
        siteId: 1001,
        vehicleId: feedCar,
        importId: 999_001,
        stockNumber: v!.stockNumber,
        url: `https://feed.example/${i}.jpg`,
        position: i,
        status: "done",
        key,
        width: 800,
        height: 533,
      })),
    );
  });

  test("an upload to a car with the feed's photos adds to them: the count goes up, each labelled where it came from", async () => {
    const res = await upload(manager, [[await testPhoto(800, 533, 63), "mine.jpg"]], "1001", String(feedCar));
    expect(res.status).toBe(201);
    const { photos } = (await res.json()) as { photos: Photo[] };
    expect(photos.map((p) => [p.url.replace("/images/", ""), p.fromFeed])).toEqual([
      [feedKeys[0], true],
      [feedKeys[1], true],
      [expect.stringMatching(/^[0-9a-f]{32}\.jpg$/), false],
    ]);
    const [v] = await database.select({ count: t.vehicles.photosCount }).from(t.vehicles).where(eq(t.vehicles.id, feedCar));
    expect(v!.count).toBe(3);
    expect(await edited()).not.toContain("photos");
  });

  test("a replace field other than 1 or 0, or given twice, is 422 and adds nothing", async () => {
    const photo = await testPhoto(800, 533, 64);
    for (const fields of [
      [["replace", "yes"]],
      [
        ["replace", "1"],
        ["replace", "1"],
      ],
      [["__proto__", "1"]],
    ] as Array<Array<[string, string]>>) {
      const res = await upload(manager, [[photo, "x.jpg"]], "1001", String(feedCar), fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
    }
    const res = await upload(manager, [[photo, "x.jpg"]], "1001", String(feedCar), [["replace", "yes"]]);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ replace: PHOTOS_MSG.replace });
    const listed = (await (await callAdmin(getPhotos, at().path, at().params, { cookie: manager })).json()) as { photos: Photo[] };
    expect(listed.photos).toHaveLength(3);
  });

  test("replace=1: the feed's photos leave the car, the uploads stay, and the photos count as edited here", async () => {
    const res = await upload(manager, [[await testPhoto(800, 533, 65), "mine-2.jpg"]], "1001", String(feedCar), [["replace", "1"]]);
    expect(res.status).toBe(201);
    const { photos } = (await res.json()) as { photos: Photo[] };
    expect(photos.map((p) => p.fromFeed)).toEqual([false, false]);
    expect(await edited()).toContain("photos");
  });

  test("POST …/photos/hand-back: the feed's latest photos come back at once, before the uploads; who may, and an unknown car", async () => {
    expect((await handBack(sales)).status).toBe(403);
    expect((await handBack(manager, 999_999_999)).status).toBe(404);
    expect(
      (await callAdmin(postPhotosHandBack, "/x", { siteId: "1001", id: "__proto__" }, { method: "POST", cookie: manager })).status,
    ).toBe(404);
    // a person's order of the photos they put in place of the feed's does not outlast them
    await database.update(t.vehicles).set({ photosOrderedAt: new Date() }).where(eq(t.vehicles.id, feedCar));
    const res = await handBack(manager);
    expect(res.status).toBe(200);
    expect(
      (await database.select({ at: t.vehicles.photosOrderedAt }).from(t.vehicles).where(eq(t.vehicles.id, feedCar)))[0]!.at,
    ).toBeNull();
    const body = (await res.json()) as { photos: Photo[]; outcome: string; message: string };
    expect(body.outcome).toBe("applied");
    expect(body.message).toBe("The feed's photos are back. The website shows them now.");
    expect(body.photos.map((p) => p.fromFeed)).toEqual([true, true, false, false]);
    expect(body.photos.slice(0, 2).map((p) => p.url)).toEqual(feedKeys.map((k) => `/images/${k}`));
    expect(await edited()).not.toContain("photos");
    const audit = await database.select({ action: t.auditLog.action }).from(t.auditLog).where(eq(t.auditLog.siteId, 1001));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["vehicle.photos.replace", "vehicle.photos.hand-back"]));
  });

  test("hand-back of a car no feed gave photos says the next feed's will show", async () => {
    const res = await handBack(manager, car.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { outcome: string }).outcome).toBe("none");
  });
});
