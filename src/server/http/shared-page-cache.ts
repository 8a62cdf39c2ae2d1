import "server-only";
import type { OutgoingHttpHeaders } from "node:http";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/**
 * The page cache every app process shares (HTTP_CACHE_SHARED=postgres), behind each process's own
 * (page-cache.ts), in PostgreSQL: hosts share nothing but the database and the bucket
 * (docs/decisions/0019-shared-page-cache-and-hash-csp.md). Table page_cache (migration 0040, UNLOGGED):
 * one gzipped copy per page key with its headers (its hash CSP among them: the same bytes for every
 * request) and the tags a change purges it by.
 *
 * A purge must reach every copy, and no copy drawn from data older than the purge may be served:
 * - a purge deletes the copies under its tags and records, per tag, the purge's number (a sequence);
 * - a render notes the sequence as it begins, and its copy carries that number: a copy is served
 *   only while no purge of one of its tags has a later number. So a slow render that began before a
 *   purge and is stored after it (after the delete) is void, whatever order the two statements
 *   commit in, and the periodic trim deletes it;
 * - in this process, a copy read while a purge of its tags is under way (this process's own change,
 *   whose delete may not have committed yet) is not used: the other processes hear of a change only
 *   after its delete has committed (scripts/server.ts), and their own caches' purge log covers a read
 *   in flight when they hear (page-cache.ts).
 * A change's data is committed before it is announced, so a render that sees a purge's number reads
 * the new data.
 *
 * Copies are kept per build: a page names its build's /_next/static files and carries its build's
 * CSP, so after a deploy a new process must not serve an old build's copy (its scripts would 404).
 * The build id is a prefix of every row's key; the trim deletes other builds' rows.
 */
export type SharedCopy = {
  headers: OutgoingHttpHeaders;
  /** the gzip body as page-cache.ts makes it for a copy without a placeholder */
  gzip: Buffer;
  tags: string[];
  /** how old the copy is by the database's clock (every process reads one clock) */
  ageMs: number;
};

export type SharedTier = ReturnType<typeof createSharedPageCache>;

/** PGlite answers { rows }, postgres.js an array. */
const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? (r as R[]) : ((r as { rows?: R[] }).rows ?? []));
const bufferOf = (v: unknown): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));
const textArray = (list: readonly string[]): SQL =>
  sql`array[${sql.join(
    list.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
/** A copy is void when a purge of one of its tags came after its render began. */
const VOIDED = sql`exists (select 1 from page_cache_purges p where p.tag = any(c.tags) and p.seq > c.began_seq)`;
const SEQ_NOW = sql`(select case when is_called then last_value else 0 end from page_cache_purge_seq)`;
/** The mark whose time says when the shared tier was last trimmed (no page carries this tag; its number voids nothing). */
const TRIM_MARK = "trim:";

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

/**
 * Deletes every shared copy under these tags and records each tag's purge number: any process on
 * PostgreSQL runs this for its changes, whether or not it uses the shared tier itself (a dashboard,
 * a process mid-rollout), so no writer leaves stale copies behind. Tags are sorted so that two
 * purges lock their rows in one order (never a deadlock), and a tag's number only ever grows: two
 * purges may draw their numbers in one order and write them in the other.
 */
export async function purgeSharedTags(db: Db, tags: readonly string[]): Promise<void> {
  const list = [...new Set(tags)].sort();
  if (!list.length) return;
  await db
    .execute(
      sql`
    with marked as (
      insert into page_cache_purges (tag, seq)
      select t, nextval('page_cache_purge_seq') from unnest(${textArray(list)}) t order by t
      on conflict (tag) do update set seq = greatest(page_cache_purges.seq, excluded.seq), purged_at = now())
    delete from page_cache where tags && ${textArray(list)}`,
    )
    .catch((err: unknown) => {
      // no table (a database not yet migrated to it): no copy to purge
      if (codeOf(err) !== "42P01") throw err;
    });
}

/** The SQLSTATE of a driver's error (drizzle wraps it as the cause). */
const codeOf = (err: unknown): unknown => (err as { code?: unknown })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;

/**
 * Purges the shared tier, then announces the change: tried again after each of `delays` (ms) when
 * the delete fails; when it never succeeds the change goes out marked `sharedStale`, so every
 * process skips the shared tier's copies under its tags for the fresh window instead of refilling
 * from them, and the delete is tried again after each of `laterDelays` (a page nobody asks for in
 * that window is not drawn again, so its stale row must still go). Resolves whether the shared tier
 * was purged before the change was announced.
 */
export async function purgeThenPublish<C extends { tags: string[] }>(
  purge: (tags: readonly string[]) => Promise<void>,
  change: C,
  publish: (change: C & { sharedStale?: true }) => void,
  opts: { delays?: readonly number[]; laterDelays?: readonly number[]; onError?: (err: unknown) => void } = {},
): Promise<boolean> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** a try after each wait; null once one succeeds, else the last error */
  const tries = async (waits: readonly number[]): Promise<unknown> => {
    let last: unknown = null;
    for (const wait of waits) {
      if (wait) await sleep(wait);
      try {
        await purge(change.tags);
        return null;
      } catch (err) {
        last = err ?? new Error("purge failed");
      }
    }
    return last;
  };
  const failed = change.tags.length ? await tries([0, ...(opts.delays ?? [100, 400, 1600])]) : null;
  if (!failed) {
    publish(change);
    return true;
  }
  opts.onError?.(failed);
  publish({ ...change, sharedStale: true });
  const stillFailing = await tries(opts.laterDelays ?? [5_000, 15_000, 30_000]);
  if (stillFailing) opts.onError?.(stillFailing);
  return false;
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
    const query = db.execute(sql`
      select ${SEQ_NOW} as seq, c.headers, c.body, c.tags, (extract(epoch from now() - c.stored_at) * 1000)::float8 as age_ms
        from (select 1) one
        left join page_cache c on c.key = ${prefix + key} and c.stored_at > now() - make_interval(secs => ${opts.ttlMs / 1000}) and not ${VOIDED}`);
    try {
      // answered late: the render goes ahead without it
      const result = await within(query, lookupTimeoutMs);
      if (result === null) {
        stats.errors++;
        return { copy: null, seq: null };
      }
      stats.lookups++;
      stats.lookupMs += performance.now() - began;
      const [r] = rowsOf<{ seq: unknown; headers: unknown; body: unknown; tags: string[] | null; age_ms: unknown }>(result);
      const seq = r ? Number(r.seq) : null;
      if (!r?.body) {
        stats.misses++;
        return { copy: null, seq };
      }
      const tags = r.tags ?? [];
      if (touchedSince(start, tags)) {
        stats.voided++;
        return { copy: null, seq };
      }
      stats.hits++;
      const headers = (typeof r.headers === "string" ? JSON.parse(r.headers) : r.headers) as OutgoingHttpHeaders;
      return { copy: { headers, gzip: bufferOf(r.body), tags, ageMs: Math.max(0, Number(r.age_ms)) }, seq };
    } catch {
      stats.errors++;
      return { copy: null, seq: null };
    }
  }

  /** The purge number a render beginning now notes (the page cache's own refresh requests). */
  async function seq(): Promise<number | null> {
    try {
      // as long as a lookup at most: a render waits for it
      const result = await within(db.execute(sql`select ${SEQ_NOW} as seq`), lookupTimeoutMs);
      if (result === null) throw new Error("the shared page cache's purge number took too long");
      const [r] = rowsOf<{ seq: unknown }>(result);
      return r ? Number(r.seq) : null;
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
    const tags = textArray([...new Set(copy.tags)]);
    await db
      .execute(
        sql`
        insert into page_cache as c (key, headers, body, bytes, tags, began_seq)
        select ${prefix + key}, ${JSON.stringify(copy.headers)}::jsonb, ${copy.gzip}, ${copy.gzip.length}, ${tags}, ${beganSeq}
         where not exists (select 1 from page_cache_purges p where p.tag = any(${tags}) and p.seq > ${beganSeq})
        on conflict (key) do update
           set headers = excluded.headers, body = excluded.body, bytes = excluded.bytes, tags = excluded.tags,
               began_seq = excluded.began_seq, stored_at = now()
         where c.began_seq <= excluded.began_seq`,
      )
      .catch(fail);
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
      await purgeSharedTags(db, list).catch(fail);
    } finally {
      mark.done = true;
    }
  }

  /** Deletes one copy the page cache could not read (only those bytes: a render's new copy may be there by now). */
  async function drop(key: string, gzip: Buffer): Promise<void> {
    await db.execute(sql`delete from page_cache where key = ${prefix + key} and body = ${gzip}`).catch(fail);
  }

  /**
   * Keeps the tier bounded: other builds' copies, expired and void copies go, purge marks older than
   * any copy they could void go, then the oldest stored copies while the whole is over `maxBytes`.
   * Only one process trims in `trimEveryMs` (every process asks; the first to move the trim mark
   * does it). Returns what is left, or null when another process trimmed lately.
   */
  async function trim(): Promise<{ rows: number; bytes: number } | null> {
    const ttl = opts.ttlMs / 1000;
    // the row lock makes this one claim: a process that asks at the same moment waits, then sees the new time
    const claimed = rowsOf(
      await db
        .execute(
          sql`
          insert into page_cache_purges (tag, seq) values (${TRIM_MARK}, 0)
          on conflict (tag) do update set purged_at = now()
           where page_cache_purges.purged_at <= now() - make_interval(secs => ${(opts.trimEveryMs ?? 0) / 1000})
          returning 1`,
        )
        .catch(fail),
    );
    if (!claimed.length) return null;
    stats.trims++;
    await db
      .execute(
        sql`delete from page_cache c where left(c.key, ${prefix.length}) <> ${prefix}
              or c.stored_at <= now() - make_interval(secs => ${ttl}) or ${VOIDED}`,
      )
      .catch(fail);
    await db
      .execute(sql`delete from page_cache_purges where purged_at < now() - make_interval(secs => ${ttl + 60}) and tag <> ${TRIM_MARK}`)
      .catch(fail);
    await db
      .execute(
        sql`
        with r as (select key, sum(bytes) over (order by stored_at desc, key) as running from page_cache)
        delete from page_cache c using r where c.key = r.key and r.running > ${opts.maxBytes}`,
      )
      .catch(fail);
    const [r] = rowsOf<{ rows: unknown; bytes: unknown }>(
      await db.execute(sql`select count(*) as rows, coalesce(sum(bytes), 0) as bytes from page_cache`).catch(fail),
    );
    stats.rows = Number(r?.rows ?? 0);
    stats.bytes = Number(r?.bytes ?? 0);
    return { rows: stats.rows, bytes: stats.bytes };
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
