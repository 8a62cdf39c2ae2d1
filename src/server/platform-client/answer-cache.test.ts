import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createAnswerCache, type CachedAnswer } from "./answer-cache";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "answer-cache-"));
  dirs.push(dir);
  return dir;
};

const answer = (url: string, tags: string[] = []): CachedAnswer => ({
  url,
  fetchedAt: 0,
  etag: null,
  lastModified: null,
  contentType: "application/json",
  body: "{}",
  encoding: "utf8",
  tags,
  invalid: false,
});

describe("the answer cache's bound: the least recently used answer leaves, from memory and disk", () => {
  test.each([
    ["no answer read since: the oldest leaves", [], ["/b", "/c", "/d"], "/a"],
    ["the oldest was read again: the next oldest leaves", ["/a"], ["/a", "/c", "/d"], "/b"],
    ["both old ones read: the third leaves", ["/b", "/a"], ["/a", "/b", "/d"], "/c"],
  ])("%s", (_what, reads, kept, gone) => {
    const dir = freshDir();
    const cache = createAnswerCache({ dir, maxEntries: 3 });
    for (const url of ["/a", "/b", "/c"]) cache.set(answer(url));
    for (const url of reads) expect(cache.get(url)?.url).toBe(url);
    cache.set(answer("/d"));
    expect(cache.size()).toBe(3);
    expect(cache.get(gone)).toBeUndefined();
    for (const url of kept) expect(cache.get(url)?.url).toBe(url);
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(3);
    // a restart reads back what was kept, not what left
    const restarted = createAnswerCache({ dir, maxEntries: 3 });
    expect(restarted.get(gone)).toBeUndefined();
    for (const url of kept) expect(restarted.get(url)?.url).toBe(url);
  });

  test("a folder holding more answers than the bound keeps the most recently fetched at start", () => {
    const dir = freshDir();
    const big = createAnswerCache({ dir, maxEntries: 10 });
    // written newest first, so the folder's order is no guide to their age
    for (const [url, fetchedAt] of [
      ["/new", 3000],
      ["/mid", 2000],
      ["/old", 1000],
      ["/oldest", 500],
    ] as const)
      big.set({ ...answer(url), fetchedAt });
    const small = createAnswerCache({ dir, maxEntries: 2 });
    expect(small.get("/new")?.url).toBe("/new");
    expect(small.get("/mid")?.url).toBe("/mid");
    expect(small.get("/old")).toBeUndefined();
    expect(small.get("/oldest")).toBeUndefined();
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(2);
  });

  test("writing an answer again keeps its file (a replacement is not an eviction)", () => {
    const dir = freshDir();
    const cache = createAnswerCache({ dir, maxEntries: 2 });
    cache.set(answer("/a"));
    cache.set({ ...answer("/a"), body: '{"v":2}' });
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(1);
    expect(createAnswerCache({ dir }).get("/a")?.body).toBe('{"v":2}');
  });

  test("invalidating a tag marks its answers, kept and written to disk", () => {
    const dir = freshDir();
    const cache = createAnswerCache({ dir });
    cache.set(answer("/a", ["site:1"]));
    cache.set(answer("/b", ["site:2"]));
    expect(cache.invalidateTag("site:1")).toBe(1);
    const restarted = createAnswerCache({ dir });
    expect(restarted.get("/a")?.invalid).toBe(true);
    expect(restarted.get("/b")?.invalid).toBe(false);
  });
});
