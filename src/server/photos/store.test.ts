import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { diskPhotoStore, isPhotoKey, photoKey } from "./store";

const dir = mkdtempSync(path.join(os.tmpdir(), "photos-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HASH = "a".repeat(64);

describe("photo keys", () => {
  test.each([
    [photoKey(HASH, "image/jpeg"), true],
    [photoKey(HASH, "image/png"), true],
    [`${HASH}.gif`, false],
    [`${"A".repeat(64)}.jpg`, false],
    ["../../etc/passwd", false],
    [`../${HASH}.jpg`, false],
    [`${HASH}.jpg\u0000`, false],
    ["__proto__", false],
    ["", false],
  ])("%j is a key: %s", (key, ok) => expect(isPhotoKey(key)).toBe(ok));
});

describe("the disk store", () => {
  const store = diskPhotoStore(dir);
  const key = photoKey(HASH, "image/jpeg");

  test("put, has, get with its type, delete", async () => {
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from("jpeg bytes"));
    expect(await store.has(key)).toBe(true);
    expect(await store.get(key)).toEqual({ bytes: Buffer.from("jpeg bytes"), contentType: "image/jpeg" });
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    await store.delete(key); // deleting what is gone is no error
  });

  test("two writers of one key both succeed, and no temporary file is left", async () => {
    const k = photoKey("b".repeat(64), "image/png");
    await Promise.all([store.put(k, Buffer.from("same")), store.put(k, Buffer.from("same"))]);
    expect((await store.get(k))?.contentType).toBe("image/png");
    expect(readdirSync(path.join(dir, "bb", "bb"))).toEqual([k]);
  });

  test("a string that is not a key never reaches the disk", async () => {
    expect(await store.get("../../etc/passwd")).toBeNull();
    expect(await store.has("../x")).toBe(false);
    await expect(store.put("../../x.jpg", Buffer.from("x"))).rejects.toThrow("not a photo key");
    expect(existsSync(path.resolve(dir, "../../x.jpg"))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["aa", "bb"]); // the two hashes' folders only
  });
});
