import "server-only";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LRUCache } from "lru-cache";

/**
 * The storefront's cache of the dashboard's answers (one week), keyed by URL and tagged by
 * site. Memory first; with a directory, every entry is also written to disk (atomically: temporary
 * file, then rename) and read back on the first use after a start — so a storefront restarted while
 * the dashboard is down still serves what it last saw. An entry keeps its validators (ETag,
 * Last-Modified) for cheap revalidation; `invalidateTag` marks entries stale rather than dropping
 * them, so a webhook forces a fresh fetch yet an unreachable dashboard still leaves the old answer.
 */
export type CachedAnswer = {
  url: string;
  fetchedAt: number;
  etag: string | null;
  lastModified: string | null;
  contentType: string;
  /** the body: text as is, anything else base64 */
  body: string;
  encoding: "utf8" | "base64";
  tags: string[];
  /** set by invalidation: the next read fetches before it serves */
  invalid: boolean;
};

export type AnswerCache = ReturnType<typeof createAnswerCache>;

const fileOf = (dir: string, key: string) => join(dir, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.json`);

function isEntry(v: unknown): v is CachedAnswer {
  const e = v as CachedAnswer;
  return (
    !!e &&
    typeof e.url === "string" &&
    typeof e.fetchedAt === "number" &&
    typeof e.body === "string" &&
    typeof e.contentType === "string" &&
    (e.encoding === "utf8" || e.encoding === "base64") &&
    Array.isArray(e.tags)
  );
}

export function createAnswerCache(opts: { dir?: string; maxEntries?: number; onError?: (err: unknown, what: string) => void } = {}) {
  const max = opts.maxEntries ?? 10_000;
  // past the bound the least recently used answer leaves, from memory and from disk
  const entries = new LRUCache<string, CachedAnswer>({
    max,
    dispose: (_e, url, reason) => {
      if (reason === "evict" && opts.dir) rmSync(fileOf(opts.dir, url), { force: true });
    },
  });
  let loaded = !opts.dir;

  function load() {
    if (loaded) return;
    loaded = true;
    try {
      const found: CachedAnswer[] = [];
      for (const name of readdirSync(opts.dir!)) {
        if (!name.endsWith(".json")) continue;
        try {
          const e: unknown = JSON.parse(readFileSync(join(opts.dir!, name), "utf8"));
          if (isEntry(e)) found.push(e);
        } catch {
          rmSync(join(opts.dir!, name), { force: true }); // a torn or foreign file is not an answer
        }
      }
      // oldest fetched first: past the bound, the answers that leave (and their files) are the
      // oldest, not whichever the folder listed first
      for (const e of found.sort((a, b) => a.fetchedAt - b.fetchedAt)) entries.set(e.url, e);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") opts.onError?.(err, "read");
    }
  }

  function persist(e: CachedAnswer) {
    if (!opts.dir) return;
    try {
      mkdirSync(opts.dir, { recursive: true });
      const file = fileOf(opts.dir, e.url);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(e), { mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      opts.onError?.(err, "write"); // the memory copy still serves
    }
  }

  return {
    get(url: string): CachedAnswer | undefined {
      load();
      return entries.get(url);
    },
    set(e: CachedAnswer): void {
      load();
      entries.set(e.url, e);
      persist(e);
    },
    /** Marks every entry with the tag stale; returns how many. */
    invalidateTag(tag: string): number {
      load();
      let n = 0;
      for (const e of entries.values())
        if (e.tags.includes(tag) && !e.invalid) {
          e.invalid = true;
          persist(e);
          n++;
        }
      return n;
    },
    size: () => (load(), entries.size),
    clear(): void {
      entries.clear();
      if (opts.dir) rmSync(opts.dir, { recursive: true, force: true });
    },
  };
}
