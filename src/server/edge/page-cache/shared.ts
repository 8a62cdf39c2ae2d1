import "server-only";
import type { OutgoingHttpHeaders } from "node:http";
import type { Db } from "@/server/db/client";
import {
  claimPageCacheTrim,
  dropPageCopy,
  pageCacheSeq,
  purgePageCopies,
  readPageCopy,
  storePageCopy,
  trimPageCopies,
} from "@/server/repositories/page-cache";

/**
 * The page cache every app process shares (HTTP_CACHE_SHARED=postgres), behind each process's own
 * (index.ts), in PostgreSQL: hosts share nothing but the database and the bucket
 * (docs/decisions/0019-shared-page-cache-and-hash-csp.md). Table page_cache (migration 0040, UNLOGGED):
 * one gzipped copy per page key with its headers (its hash CSP among them: the same bytes for every
 * request) and the tags a change purges it by; its rows are read and written by
 * src/server/repositories/page-cache.ts.
 *
 * A purge must reach every copy, and no copy drawn from data older than the purge may be served:
 * - a purge deletes the copies under its tags and records, per tag, the purge's number (a sequence);
 * - a render notes the sequence as it begins, and its copy carries that number: a copy is served
 *   only while no purge of one of its tags has a later number. So a slow render that began before a
 *   purge and is stored after it (after the delete) is void, whatever order the two statements
 *   commit in, and the periodic trim deletes it;
 * - in this process, a copy read while a purge of its tags is under way (this process's own change,
 *   whose delete may not have committed yet) is not used: the other processes hear of a change only
 *   after its delete has committed (announce.ts), and their own caches' purge log covers a read
 *   in flight when they hear (purges.ts).
 * A change's data is committed before it is announced, so a render that sees a purge's number reads
 * the new data.
 *
 * Copies are kept per build: a page names its build's /_next/static files and carries its build's
 * CSP, so after a deploy a new process must not serve an old build's copy (its scripts would 404).
 * The build id is a prefix of every row's key; the trim deletes other builds' rows.
 */
export type SharedCopy = {
  headers: OutgoingHttpHeaders;
  /** the gzip body as the page cache makes it for a copy without a placeholder */
  gzip: Buffer;
  tags: string[];
  /** how old the copy is by the database's clock (every process reads one clock) */
  ageMs: number;
};

export type SharedTier = ReturnType<typeof createSharedPageCache>;

/** The query's answer, or null when it takes longer than `ms` (it is then left to finish on its own). */
async function within<T>(query: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    const result = await Promise.race([query, timeout]);
    if (result === null) query.catch(() => {}); // answered late: nobody waits for it
    return result;
  } finally {
    clearTimeout(timer);
  }
}

export function createSharedPageCache(
  db: Db,
  opts: {
    ttlMs: number;
    maxBytes: number;
    lookupTimeoutMs?: number;
    /** the build this process serves (.next/BUILD_ID): only its copies are read, and others' are trimmed */
    build?: string;
    /** the least time between two trims by any process (the mark's time in the database) */
    trimEveryMs?: number;
  },
) {
  const stats = { hits: 0, misses: 0, voided: 0, stores: 0, purges: 0, errors: 0, lookupMs: 0, lookups: 0, rows: 0, bytes: 0, trims: 0 };
  const lookupTimeoutMs = opts.lookupTimeoutMs ?? 1000;
  const prefix = `${opts.build ?? ""}|`;
  // this process's purges, numbered; a purge is "done" once its delete has committed
  let purgeCount = 0;
  const recent: Array<{ n: number; tags: Set<string>; done: boolean }> = [];

  /** Whether a copy read by a lookup that began at `start` may be stale by this process's purges. */
  function touchedSince(start: { count: number; oldestPending: number }, tags: string[]): boolean {
    const from = Math.min(start.count + 1, start.oldestPending);
    if (purgeCount < from) return false;
    if (!recent.length || recent[0]!.n > from) return true; // too many purges since: cannot tell
    return recent.some((r) => r.n >= from && tags.some((t) => r.tags.has(t)));
  }

  const fail = (err: unknown) => {
    stats.errors++;
    throw err;
  };

  /** The copy under `key` (null: none, void, expired or slow) and the purge number a render beginning now notes. */
  async function get(key: string): Promise<{ copy: SharedCopy | null; seq: number | null }> {
    const start = { count: purgeCount, oldestPending: recent.find((r) => !r.done)?.n ?? Infinity };
    const began = performance.now();
    try {
      // answered late: the render goes ahead without it
      const result = await within(readPageCopy(db, prefix + key, opts.ttlMs), lookupTimeoutMs);
      if (result === null) {
        stats.errors++;
        return { copy: null, seq: null };
      }
      stats.lookups++;
      stats.lookupMs += performance.now() - began;
      const { seq, copy } = result;
      if (!copy) {
        stats.misses++;
        return { copy: null, seq };
      }
      if (touchedSince(start, copy.tags)) {
        stats.voided++;
        return { copy: null, seq };
      }
      stats.hits++;
      return { copy: { headers: copy.headers as OutgoingHttpHeaders, gzip: copy.body, tags: copy.tags, ageMs: copy.ageMs }, seq };
    } catch {
      stats.errors++;
      return { copy: null, seq: null };
    }
  }

  /** The purge number a render beginning now notes (the page cache's own refresh requests). */
  async function seq(): Promise<number | null> {
    try {
      // as long as a lookup at most: a render waits for it
      const result = await within(
        pageCacheSeq(db).then((seq) => ({ seq })),
        lookupTimeoutMs,
      );
      if (result === null) throw new Error("the shared page cache's purge number took too long");
      return result.seq;
    } catch {
      stats.errors++;
      return null;
    }
  }

  /**
   * Stores a render's copy, unless a purge of its tags came after the render began (then it is
   * void, and not written); a newer render's copy is never overwritten by an older one's.
   */
  async function put(key: string, copy: Omit<SharedCopy, "ageMs">, beganSeq: number): Promise<void> {
    await storePageCopy(db, { key: prefix + key, headers: copy.headers, gzip: copy.gzip, tags: copy.tags, beganSeq }).catch(fail);
    stats.stores++;
  }

  /**
   * Every copy under these tags goes, and a copy of a render that began before this is void. In
   * this process, copies under these tags are not used from the moment this is called.
   */
  async function purge(tags: readonly string[]): Promise<void> {
    const list = [...new Set(tags)].sort();
    if (!list.length) return;
    const mark = { n: ++purgeCount, tags: new Set(list), done: false };
    recent.push(mark);
    recent.splice(0, Math.max(0, recent.length - 256));
    stats.purges++;
    try {
      await purgePageCopies(db, list).catch(fail);
    } finally {
      mark.done = true;
    }
  }

  /** Deletes one copy the page cache could not read (only those bytes: a render's new copy may be there by now). */
  async function drop(key: string, gzip: Buffer): Promise<void> {
    await dropPageCopy(db, prefix + key, gzip).catch(fail);
  }

  /**
   * Keeps the tier bounded (trimPageCopies): other builds' copies, expired and void copies, old
   * purge marks, then the oldest copies over `maxBytes`. Only one process trims in `trimEveryMs`
   * (every process asks; the first to move the trim mark does it). Returns what is left, or null
   * when another process trimmed lately.
   */
  async function trim(): Promise<{ rows: number; bytes: number } | null> {
    if (!(await claimPageCacheTrim(db, opts.trimEveryMs ?? 0).catch(fail))) return null;
    stats.trims++;
    const left = await trimPageCopies(db, { prefix, ttlMs: opts.ttlMs, maxBytes: opts.maxBytes }).catch(fail);
    stats.rows = left.rows;
    stats.bytes = left.bytes;
    return left;
  }

  /** What /api/health reports (rows and bytes as of the last trim). */
  function snapshot() {
    const { lookupMs, ...rest } = stats;
    return {
      ...rest,
      maxBytes: opts.maxBytes,
      lookupMsMean: stats.lookups ? Math.round((lookupMs / stats.lookups) * 100) / 100 : null,
    };
  }

  return { get, seq, put, purge, drop, trim, snapshot };
}
