import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * Content pages and posts as staff write them for the back-office. Every function takes the sites the staff member may act on (or the
 * one site already checked against their roles) and puts it in the query: a page of another site
 * is simply not found.
 */

export type ContentValues = Omit<typeof t.contentEntries.$inferInsert, "id" | "siteId" | "updatedAt">;

/**
 * Writes one content entry (a new one when id is null), audited. "taken" when another entry of the
 * kind has the slug; null when the site has no entry with that id.
 */
export async function saveContent(
  db: Db,
  siteId: number,
  id: number | null,
  values: ContentValues,
  by: Actor,
): Promise<number | "taken" | null> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: t.contentEntries.id })
      .from(t.contentEntries)
      .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.kind, values.kind), eq(t.contentEntries.slug, values.slug)));
    if (clash && clash.id !== id) return "taken";
    if (id === null) {
      const [row] = await tx
        .insert(t.contentEntries)
        .values({ ...values, siteId })
        .returning();
      await writeAudit(tx, { siteId, by, action: "content.create", entity: `${values.kind}:${values.slug}`, before: null, after: values });
      return row!.id;
    }
    const [before] = await tx
      .select()
      .from(t.contentEntries)
      .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id)))
      .for("update");
    if (!before) return null;
    await tx
      .update(t.contentEntries)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id)));
    const { id: _id, siteId: _site, updatedAt: _u, ...was } = before;
    await writeAudit(tx, { siteId, by, action: "content.update", entity: `${values.kind}:${values.slug}`, before: was, after: values });
    return id;
  });
}

export async function deleteContent(db: Db, siteId: number, id: number, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(t.contentEntries)
      .where(
        and(eq(t.contentEntries.siteId, siteId), eq(t.contentEntries.id, id), inArray(t.contentEntries.kind, ["page", "post", "offer"])),
      )
      .returning();
    if (!gone) return false;
    const { id: _id, siteId: _site, updatedAt: _u, ...was } = gone;
    await writeAudit(tx, { siteId, by, action: "content.delete", entity: `${gone.kind}:${gone.slug}`, before: was, after: null });
    return true;
  });
}
