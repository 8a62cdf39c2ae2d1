import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { testPhoto } from "@/server/testing/photo";
import { photoDigest, photoHash } from "./ingest";
import { dropUnheld, keepPhoto } from "./keep";
import type { ImageServiceDeps } from "./service";
import { diskPhotoStore, photoKey } from "./store";
import { diskVariantCache } from "./variant-cache";

/*
 * A photo is kept once under its content hash: 128 bits of SHA-256 in 32 hex digits (the addresses were
 * once the whole digest). A photo kept before that, under its whole digest, is still
 * recognised when the same bytes are sent again, so that nothing is stored twice.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), "photo-keep-"));
const deps: ImageServiceDeps = { store: diskPhotoStore(path.join(tmp, "photos")), cache: diskVariantCache(path.join(tmp, "cache"), 1e8) };
const ALT = "keep.test";
const database = setupAppDatabase({ after: () => database.delete(t.vehiclePhotos).where(eq(t.vehiclePhotos.alt, ALT)) });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let fresh: Buffer;
let legacy: Buffer;
let vehicleId: number;
beforeAll(async () => {
  [fresh, legacy] = await Promise.all([testPhoto(800, 533, 31), testPhoto(800, 533, 32)]);
  const [car] = await database.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, 1001)).limit(1);
  vehicleId = car!.id;
});

describe("keepPhoto", () => {
  test("a new photo is kept under 32 hex digits of its SHA-256, once however often it is sent", async () => {
    const first = await keepPhoto(database, fresh, deps);
    expect(first).toEqual({ key: `${photoHash(fresh)}.jpg`, width: 800, height: 533, fresh: true });
    expect(first.key).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(photoDigest(fresh).startsWith(photoHash(fresh))).toBe(true);
    expect(await deps.store.has(first.key)).toBe(true);
    await database
      .insert(t.vehiclePhotos)
      .values({ siteId: 1001, vehicleId, key: first.key, alt: ALT, position: 900, width: 800, height: 533 });
    expect(await keepPhoto(database, fresh, deps)).toEqual({ ...first, fresh: false });
  });

  test("a photo kept under its whole digest (as photos were kept before the keys were shortened) is answered from that key, not stored again", async () => {
    const old = photoKey(photoDigest(legacy), "image/jpeg");
    await deps.store.put(old, legacy);
    await database.insert(t.vehiclePhotos).values({ siteId: 1001, vehicleId, key: old, alt: ALT, position: 901, width: 800, height: 533 });
    expect(await keepPhoto(database, legacy, deps)).toEqual({ key: old, width: 800, height: 533, fresh: false });
    expect(await deps.store.has(`${photoHash(legacy)}.jpg`)).toBe(false);
  });

  test("what an upload stored and no car holds is removed when the upload is refused", async () => {
    const other = await testPhoto(640, 480, 33);
    const kept = await keepPhoto(database, other, deps);
    expect(await deps.store.has(kept.key)).toBe(true);
    await dropUnheld(database, [kept], deps);
    expect(await deps.store.has(kept.key)).toBe(false);
  });
});
