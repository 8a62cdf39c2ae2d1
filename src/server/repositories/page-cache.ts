import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { hasErrorCode } from "@/server/db/errors";
import * as t from "@/server/db/schema";
import { rowsOf } from "./row";

/*
 * The shared page cache's tables (page_cache, page_cache_purges and the purge sequence): the rows the
 * edge's shared tier (src/server/edge/page-cache/shared.ts) reads and writes. Platform-wide, keyed by
 * the build and the page; the rules (what is void, what a purge reaches) are explained there.
 */

/** A copy as stored: its headers, its gzip body and the tags a change purges it by. */
export type PageCopyRow = { headers: Record<string, unknown>; body: Buffer; tags: string[]; ageMs: number };

const bufferOf = (v: unknown): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));
const textArray = (list: readonly string[]): SQL =>
  sql`array[${sql.join(
    list.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
/** A copy is void when a purge of one of its tags came after its render began. */
const VOIDED = sql`exists (select 1 from ${t.pageCachePurges} p where p.tag = any(c.tags) and p.seq > c.began_seq)`;
const SEQ_NOW = sql`(select case when is_called then last_value else 0 end from page_cache_purge_seq)`;
/** The mark whose time says when the shared tier was last trimmed (no page carries this tag; its number voids nothing). */
export const TRIM_MARK = "trim:";

/**
 * Deletes every copy under these tags and records each tag's purge number. Tags are sorted so that
 * two purges lock their rows in one order (never a deadlock), and a tag's number only ever grows:
 * two purges may draw their numbers in one order and write them in the other.
 */
export async function purgePageCopies(db: Db, tags: readonly string[]): Promise<void> {
  const list = [...new Set(tags)].sort();
  if (!list.length) return;
  await db
    .execute(
      sql`
    with marked as (
      insert into ${t.pageCachePurges} (tag, seq)
      select t, nextval('page_cache_purge_seq') from unnest(${textArray(list)}) t order by t
      on conflict (tag) do update set seq = greatest(page_cache_purges.seq, excluded.seq), purged_at = now())
    delete from ${t.pageCache} where tags && ${textArray(list)}`,
    )
    .catch((err: unknown) => {
      // no table (a database not yet migrated to it): no copy to purge
      if (!hasErrorCode(err, (code) => code === "42P01")) throw err;
    });
}

/**
 * The copy under `key` unless it is older than `ttlMs` or void (null then), and the purge number a
 * render beginning now notes (null only when the database answered no row).
 */
export async function readPageCopy(db: Db, key: string, ttlMs: number): Promise<{ seq: number | null; copy: PageCopyRow | null }> {
  const result = await db.execute(sql`
      select ${SEQ_NOW} as seq, c.headers, c.body, c.tags, (extract(epoch from now() - c.stored_at) * 1000)::float8 as age_ms
        from (select 1) one
        left join ${t.pageCache} c on c.key = ${key} and c.stored_at > now() - make_interval(secs => ${ttlMs / 1000}) and not ${VOIDED}`);
  const [r] = rowsOf<{ seq: unknown; headers: unknown; body: unknown; tags: string[] | null; age_ms: unknown }>(result);
  if (!r) return { seq: null, copy: null };
  const seq = Number(r.seq);
  if (!r.body) return { seq, copy: null };
  const headers = (typeof r.headers === "string" ? JSON.parse(r.headers) : r.headers) as Record<string, unknown>;
  return { seq, copy: { headers, body: bufferOf(r.body), tags: r.tags ?? [], ageMs: Math.max(0, Number(r.age_ms)) } };
}

/** The purge number a render beginning now notes. */
export async function pageCacheSeq(db: Db): Promise<number | null> {
  const [r] = rowsOf<{ seq: unknown }>(await db.execute(sql`select ${SEQ_NOW} as seq`));
  return r ? Number(r.seq) : null;
}

/**
 * Stores a render's copy, unless a purge of its tags came after the render began (then it is void,
 * and not written); a newer render's copy is never overwritten by an older one's.
 */
export async function storePageCopy(
  db: Db,
  copy: { key: string; headers: unknown; gzip: Buffer; tags: readonly string[]; beganSeq: number },
): Promise<void> {
  const tags = textArray([...new Set(copy.tags)]);
  await db.execute(
    sql`
        insert into ${t.pageCache} as c (key, headers, body, bytes, tags, began_seq)
        select ${copy.key}, ${JSON.stringify(copy.headers)}::jsonb, ${copy.gzip}, ${copy.gzip.length}, ${tags}, ${copy.beganSeq}
         where not exists (select 1 from ${t.pageCachePurges} p where p.tag = any(${tags}) and p.seq > ${copy.beganSeq})
        on conflict (key) do update
           set headers = excluded.headers, body = excluded.body, bytes = excluded.bytes, tags = excluded.tags,
               began_seq = excluded.began_seq, stored_at = now()
         where c.began_seq <= excluded.began_seq`,
  );
}

/** Deletes one copy, only if it still holds these bytes (a render's new copy may be there by now). */
export async function dropPageCopy(db: Db, key: string, gzip: Buffer): Promise<void> {
  await db.execute(sql`delete from ${t.pageCache} where key = ${key} and body = ${gzip}`);
}

/**
 * Claims this round's trim: true when no process trimmed within `everyMs` (the row lock makes it one
 * claim: a process that asks at the same moment waits, then sees the new time).
 */
export async function claimPageCacheTrim(db: Db, everyMs: number): Promise<boolean> {
  const claimed = rowsOf(
    await db.execute(
      sql`
          insert into ${t.pageCachePurges} (tag, seq) values (${TRIM_MARK}, 0)
          on conflict (tag) do update set purged_at = now()
           where page_cache_purges.purged_at <= now() - make_interval(secs => ${everyMs / 1000})
          returning 1`,
    ),
  );
  return claimed.length > 0;
}

/**
 * Keeps the table bounded: copies of other builds (keys not starting with `prefix`), expired and void
 * copies go, purge marks older than any copy they could void go, then the oldest copies while the
 * whole is over `maxBytes`. Returns what is left.
 */
export async function trimPageCopies(
  db: Db,
  opts: { prefix: string; ttlMs: number; maxBytes: number },
): Promise<{ rows: number; bytes: number }> {
  const ttl = opts.ttlMs / 1000;
  await db.execute(
    sql`delete from ${t.pageCache} c where left(c.key, ${opts.prefix.length}) <> ${opts.prefix}
              or c.stored_at <= now() - make_interval(secs => ${ttl}) or ${VOIDED}`,
  );
  await db.execute(
    sql`delete from ${t.pageCachePurges} where purged_at < now() - make_interval(secs => ${ttl + 60}) and tag <> ${TRIM_MARK}`,
  );
  await db.execute(
    sql`
        with r as (select key, sum(bytes) over (order by stored_at desc, key) as running from ${t.pageCache})
        delete from ${t.pageCache} c using r where c.key = r.key and r.running > ${opts.maxBytes}`,
  );
  const [r] = rowsOf<{ rows: unknown; bytes: unknown }>(
    await db.execute(sql`select count(*) as rows, coalesce(sum(bytes), 0) as bytes from ${t.pageCache}`),
  );
  return { rows: Number(r?.rows ?? 0), bytes: Number(r?.bytes ?? 0) };
}
