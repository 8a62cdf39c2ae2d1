import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { diskPhotoStore, isPhotoKey, photoKey, s3PhotoStore, type PhotoStore } from "./store";

const tmp = mkdtempSync(path.join(os.tmpdir(), "photos-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const HASH = "a".repeat(32);
const LEGACY = "b".repeat(64); // a key from before the keys were shortened

describe("photo keys", () => {
  test.each([
    [photoKey(HASH, "image/jpeg"), true],
    [photoKey(HASH, "image/png"), true],
    [photoKey(LEGACY, "image/jpeg"), true],
    [`${"a".repeat(31)}.jpg`, false],
    [`${"a".repeat(48)}.jpg`, false],
    [`${HASH}.gif`, false],
    [`${"A".repeat(64)}.jpg`, false],
    ["../../etc/passwd", false],
    [`../${HASH}.jpg`, false],
    [`${HASH}.jpg\u0000`, false],
    ["__proto__", false],
    ["", false],
  ])("%j is a key: %s", (key, ok) => expect(isPhotoKey(key)).toBe(ok));
});

/** What every store does, the same way (the disk and a real S3-compatible server alike). */
function storeContract(name: string, make: () => PhotoStore) {
  describe(name, () => {
    const key = photoKey(HASH, "image/jpeg");

    test("put, has, get with its type, delete", async () => {
      const store = make();
      expect(await store.has(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      await store.put(key, Buffer.from("jpeg bytes"));
      expect(await store.has(key)).toBe(true);
      expect(await store.get(key)).toEqual({ bytes: Buffer.from("jpeg bytes"), contentType: "image/jpeg" });
      await store.delete(key);
      expect(await store.has(key)).toBe(false);
      await store.delete(key); // deleting what is gone is no error
    });

    test("two writers of one key both succeed", async () => {
      const store = make();
      const k = photoKey("b".repeat(64), "image/png");
      await Promise.all([store.put(k, Buffer.from("same")), store.put(k, Buffer.from("same"))]);
      expect(await store.get(k)).toEqual({ bytes: Buffer.from("same"), contentType: "image/png" });
    });

    test("a string that is not a key is never asked for", async () => {
      const store = make();
      expect(await store.get("../../etc/passwd")).toBeNull();
      expect(await store.has("../x")).toBe(false);
      await expect(store.put("../../x.jpg", Buffer.from("x"))).rejects.toThrow("not a photo key");
    });
  });
}

const diskDir = path.join(tmp, "disk");
storeContract("the disk store", () => diskPhotoStore(diskDir));

test("the disk store leaves no temporary file and nothing outside its folder", () => {
  expect(readdirSync(path.join(diskDir, "bb", "bb"))).toEqual([photoKey("b".repeat(64), "image/png")]);
  expect(existsSync(path.resolve(diskDir, "../../x.jpg"))).toBe(false);
  expect(readdirSync(diskDir).sort()).toEqual(["aa", "bb"]); // the two hashes' folders only
});

let s3: S3rver;
let endpoint = "";
beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(tmp, "s3"),
    configureBuckets: [{ name: "photos", configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(() => s3.close());
// s3rver's default account
const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
storeContract("the S3 store (a real S3-compatible server on loopback)", () =>
  s3PhotoStore({ endpoint, bucket: "photos", region: "us-east-1", ...S3_KEYS }),
);

// s3rver checks the access key id but does not verify SigV4 signatures: a wrong secret is only caught by a real S3
test("the S3 store fails loudly when the bucket refuses it (an unknown access key)", async () => {
  const wrong = s3PhotoStore({ endpoint, bucket: "photos", region: "us-east-1", accessKeyId: "NOBODY", secretAccessKey: "wrong" });
  await expect(wrong.put(photoKey("c".repeat(64), "image/jpeg"), Buffer.from("x"))).rejects.toThrow(/answered 403/);
});
