import "server-only";
import { asc, eq, max, sql } from "drizzle-orm";
import type { FeatureRuleInput, StoredFeatureRule } from "@/domain/site/feature-rules";
import type { FeatureRule } from "@/domain/site/features";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/* Feature rules as data: the platform's rules, in the order they apply. */

type Row = typeof t.featureRules.$inferSelect;
const toRule = (r: Row): StoredFeatureRule => ({ id: r.id, key: r.key, position: r.position, why: r.why, match: r.match, set: r.set });

export async function listFeatureRules(db: Db): Promise<StoredFeatureRule[]> {
  return (await db.select().from(t.featureRules).orderBy(asc(t.featureRules.position), asc(t.featureRules.id))).map(toRule);
}

export async function getFeatureRule(db: Db, id: number): Promise<StoredFeatureRule | null> {
  const [row] = await db.select().from(t.featureRules).where(eq(t.featureRules.id, id));
  return row ? toRule(row) : null;
}

/** A new rule, after the others unless a position is given. */
export async function createFeatureRule(db: Db, r: FeatureRuleInput): Promise<StoredFeatureRule> {
  const [top] = await db.select({ p: max(t.featureRules.position) }).from(t.featureRules);
  const [row] = await db
    .insert(t.featureRules)
    .values({ why: r.why, match: r.match as FeatureRule["match"], set: r.set, position: r.position ?? (top?.p ?? 0) + 10 })
    .returning();
  return toRule(row!);
}

/** Replaces a rule (its key stays); null for an unknown id. */
export async function updateFeatureRule(db: Db, id: number, r: FeatureRuleInput): Promise<StoredFeatureRule | null> {
  const [row] = await db
    .update(t.featureRules)
    .set({
      why: r.why,
      match: r.match as FeatureRule["match"],
      set: r.set,
      ...(r.position !== undefined ? { position: r.position } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(t.featureRules.id, id))
    .returning();
  return row ? toRule(row) : null;
}

export async function deleteFeatureRule(db: Db, id: number): Promise<boolean> {
  return (await db.delete(t.featureRules).where(eq(t.featureRules.id, id)).returning({ id: t.featureRules.id })).length > 0;
}

/** Writes the platform's own rule under its key (the demo seed writes its rules again on every seed, as it does its sites). */
export async function writeKeyedRule(db: Db, key: string, r: FeatureRule & { position: number }): Promise<void> {
  await db
    .insert(t.featureRules)
    .values({ key, position: r.position, why: r.why, match: r.match, set: r.set })
    .onConflictDoUpdate({
      target: t.featureRules.key,
      set: { position: r.position, why: r.why, match: r.match, set: r.set, updatedAt: sql`now()` },
    });
}
