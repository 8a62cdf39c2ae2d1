import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/** Who did it: a staff member (or, with no id, the platform acting for one). */
export type Actor = { id: string | null; name: string; email: string };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** One entry of a site's audit log: who changed what, before and after (in the caller's transaction). */
export async function writeAudit(
  tx: Db | Tx,
  e: { siteId: number; by: Actor; action: string; entity: string; before: unknown; after: unknown },
): Promise<void> {
  await tx.insert(t.auditLog).values({
    siteId: e.siteId,
    staffId: e.by.id,
    staffEmail: e.by.email,
    action: e.action,
    entity: e.entity,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}

export async function listAudit(db: Db, siteId: number, limit = 100) {
  return db.select().from(t.auditLog).where(eq(t.auditLog.siteId, siteId)).orderBy(desc(t.auditLog.at), desc(t.auditLog.id)).limit(limit);
}
