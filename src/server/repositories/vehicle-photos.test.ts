import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { findHeldPhoto, heldPhotoKeys } from "./vehicle-photos";

/* Whether the shared photo store's keys are still held by a car's photo, whichever site's. */
const ALT = "vehicle-photos.test";
const db = setupAppDatabase({ after: () => db.delete(t.vehiclePhotos).where(eq(t.vehiclePhotos.alt, ALT)) });
const key = (n: number) => `${randomBytes(16).toString("hex")}-${n}.jpg`;
const [held, other, free] = [key(1), key(2), key(3)];

beforeAll(async () => {
  const [a] = await db.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, 1001)).limit(1);
  const [b] = await db.select({ id: t.vehicles.id }).from(t.vehicles).where(eq(t.vehicles.siteId, 1002)).limit(1);
  await db.insert(t.vehiclePhotos).values([
    { siteId: 1001, vehicleId: a!.id, key: held, alt: ALT, position: 901, width: 800, height: 533 },
    { siteId: 1002, vehicleId: b!.id, key: other, alt: ALT, position: 901, width: 640, height: 480 },
  ]);
});

test("a held photo is found under any of the keys asked for, with its size", async () => {
  expect(await findHeldPhoto(db, [free, held])).toEqual({ key: held, width: 800, height: 533 });
  expect(await findHeldPhoto(db, [free])).toBeNull();
  expect(await findHeldPhoto(db, [])).toBeNull();
});

test("the keys a car still holds, across sites (the store is shared)", async () => {
  expect(await heldPhotoKeys(db, [held, other, free])).toEqual(new Set([held, other]));
  expect(await heldPhotoKeys(db, [])).toEqual(new Set());
});
