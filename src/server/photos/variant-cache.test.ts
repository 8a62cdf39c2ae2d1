import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { blocksOf, DISK_BLOCK_BYTES, diskVariantCache } from "./variant-cache";

const tmp = mkdtempSync(path.join(os.tmpdir(), "variant-cache-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const fresh = () => mkdtempSync(path.join(tmp, "c-"));

describe("the variant cache's bound is what the disk spends", () => {
  test.each([
    [1, DISK_BLOCK_BYTES],
    [600, DISK_BLOCK_BYTES],
    [4096, 4096],
    [4097, 8192],
    [0, DISK_BLOCK_BYTES], // an empty file still takes an entry and a block
  ])("%i bytes take %i on disk", (bytes, disk) => {
    expect(blocksOf(bytes)).toBe(disk);
  });

  test("tiny variants are counted in blocks: a 1 MB bound holds 256 of 600 bytes, not 1,700", async () => {
    const dir = fresh();
    const cache = diskVariantCache(dir, 1024 * 1024);
    for (let i = 0; i < 400; i++) await cache.put(`p${i}`, "w320-h0-q60.avif", Buffer.alloc(600, i));
    expect(await cache.count()).toBe(256);
    expect(await cache.size()).toBe(1024 * 1024);
    expect(await cache.get("p0", "w320-h0-q60.avif")).toBeNull(); // the oldest went first
    expect(await cache.get("p399", "w320-h0-q60.avif")).not.toBeNull();
  });

  test("the number of files is capped too", async () => {
    const cache = diskVariantCache(fresh(), 1e9, 50);
    for (let i = 0; i < 80; i++) await cache.put(`p${i}`, "w640-h0-q75.jpg", Buffer.alloc(10));
    expect(await cache.count()).toBe(50);
  });

  test("folders spread by a hash of the photo's name, every variant of a photo in its own folder; a restart finds them", async () => {
    const dir = fresh();
    const cache = diskVariantCache(dir, 1e9);
    // demo photos' names all begin alike: a folder per first letters would put them all in one
    for (let i = 0; i < 64; i++) await cache.put(`demo-suv-red-${i}`, "w640-h0-q75.jpg", Buffer.alloc(10));
    const shards = readdirSync(dir);
    expect(shards.length).toBeGreaterThan(30);
    expect(shards.every((s) => /^[0-9a-f]{2}$/.test(s))).toBe(true);
    const again = diskVariantCache(dir, 1e9);
    expect(await again.count()).toBe(64);
    expect(await again.get("demo-suv-red-5", "w640-h0-q75.jpg")).toEqual(Buffer.alloc(10));
  });

  test("drop takes every variant of one photo off the disk and out of memory; others stay", async () => {
    const dir = fresh();
    const cache = diskVariantCache(dir, 1e9);
    for (const name of ["w640-h0-q75.avif", "w1280-h0-q75.jpg", "w1200-h630-crop-q80.jpg"]) await cache.put("abc", name, Buffer.from(name));
    await cache.put("other", "w640-h0-q75.avif", Buffer.from("x"));
    await cache.drop("abc");
    expect(await cache.get("abc", "w640-h0-q75.avif")).toBeNull();
    expect(await cache.count()).toBe(1);
    expect(await diskVariantCache(dir, 1e9).count()).toBe(1);
  });

  test("files of the older flat layout are cleared at start, and names that are not ours are never paths", async () => {
    const dir = fresh();
    mkdirSync(path.join(dir, "ab"));
    writeFileSync(path.join(dir, "ab", "abcdef-w640-h0-q75.jpg"), "old");
    const cache = diskVariantCache(dir, 1e9);
    expect(await cache.count()).toBe(0);
    expect(readdirSync(path.join(dir, "ab"))).toEqual([]);
    expect(await cache.get("..", "x")).toBeNull();
    await expect(cache.put("../x", "y", Buffer.from("z"))).rejects.toThrow();
  });
});
