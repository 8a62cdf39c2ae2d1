import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import type { Tx } from "./deliveries";

/*
 * The `meta` table: the platform's own small values by key (a secret the database made for itself,
 * the demo's clock anchor and content version). Platform-wide, not a site's.
 */

/** The value stored under `key`, or null. */
export async function getMeta(db: Db | Tx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: t.meta.value }).from(t.meta).where(eq(t.meta.key, key));
  return row?.value ?? null;
}

/** Stores `value` under `key`, replacing what was there. */
export async function putMeta(db: Db | Tx, key: string, value: string): Promise<void> {
  await db.insert(t.meta).values({ key, value }).onConflictDoUpdate({ target: t.meta.key, set: { value } });
}

/** The value under `key`; the first caller's `value` when none was stored (every process then reads the same one). */
export async function metaOrPut(db: Db, key: string, value: string): Promise<string> {
  await db.insert(t.meta).values({ key, value }).onConflictDoNothing();
  return (await getMeta(db, key))!;
}
