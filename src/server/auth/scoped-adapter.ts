import "server-only";
import type { DBAdapter, DBTransactionAdapter, Where } from "@better-auth/core/db/adapter";
import type { BetterAuthOptions } from "better-auth";

/**
 * The authentication library's tables are shared by every site; this wrapper makes each site's
 * instance see only its own part of them (dub's "every query carries the tenant"):
 * - a user (and a verification token) belongs to a realm, one dealer group's account sites, so the
 *   same email can hold separate accounts in two groups and a lookup in one never finds the other;
 * - a session belongs to the one site it was made on, so site A's cookie is refused on site B even
 *   within one group.
 * Writes get the scope's value (as the field's default, see auth.ts); reads, updates and deletes
 * get it as one more AND condition.
 */
export type Scope = Record<string, { field: string; value: string | number }>;

function scoped(scope: Scope, model: string, where: Where[] | undefined): Where[] | undefined {
  const s = scope[model];
  if (!s) return where;
  return [...(where ?? []), { field: s.field, value: s.value, operator: "eq", connector: "AND" }];
}

export function scopedAdapter(
  base: (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>,
  scope: Scope,
): (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions> {
  return (options) => {
    const a = base(options);
    const wrap = <A extends DBTransactionAdapter<BetterAuthOptions>>(inner: A): A => ({
      ...inner,
      create: (d) => inner.create({ ...d, data: withScope(scope, d.model, d.data) }),
      findOne: (d) => inner.findOne({ ...d, where: scoped(scope, d.model, d.where)! }),
      findMany: (d) => inner.findMany({ ...d, where: scoped(scope, d.model, d.where) }),
      count: (d) => inner.count({ ...d, where: scoped(scope, d.model, d.where) }),
      update: (d) => inner.update({ ...d, where: scoped(scope, d.model, d.where)! }),
      updateMany: (d) => inner.updateMany({ ...d, where: scoped(scope, d.model, d.where)! }),
      delete: (d) => inner.delete({ ...d, where: scoped(scope, d.model, d.where)! }),
      deleteMany: (d) => inner.deleteMany({ ...d, where: scoped(scope, d.model, d.where)! }),
      consumeOne: (d) => inner.consumeOne({ ...d, where: scoped(scope, d.model, d.where)! }),
      incrementOne: (d) => inner.incrementOne({ ...d, where: scoped(scope, d.model, d.where)! }),
    });
    return { ...wrap(a), transaction: (fn) => a.transaction((trx) => fn(wrap(trx))) };
  };
}

/** A new row of a scoped model always carries the scope's value, whatever the caller gave. */
function withScope<T extends Record<string, unknown>>(scope: Scope, model: string, data: T): T {
  const s = scope[model];
  return s ? { ...data, [s.field]: s.value } : data;
}
