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

/** The adapter's data methods, each given the scope (a read or write the library adds is not here). */
export const SCOPED_METHODS = [
  "create",
  "findOne",
  "findMany",
  "count",
  "update",
  "updateMany",
  "delete",
  "deleteMany",
  "consumeOne",
  "incrementOne",
] as const;
/** The adapter's other members: its id and options, and `transaction`, whose adapter is wrapped too. */
export const OTHER_MEMBERS = ["id", "options", "transaction"] as const;
/** Members we never pass on: `createSchema` is the library's CLI generating tables (our migrations own the schema). */
export const DROPPED_MEMBERS = ["createSchema"] as const;

type Adapter = DBAdapter<BetterAuthOptions>;
type Trx = DBTransactionAdapter<BetterAuthOptions>;

/**
 * Fails closed: an adapter member that is not in the lists above (a library upgrade adding a method)
 * is refused when the adapter is built, rather than passed through without the tenant's scope.
 */
function checkMembers(adapter: object): void {
  const known = new Set<string>([...SCOPED_METHODS, ...OTHER_MEMBERS, ...DROPPED_MEMBERS]);
  const unknown = Object.keys(adapter).filter((k) => !known.has(k));
  if (unknown.length)
    throw new Error(
      `The auth adapter has members the tenant scope does not know: ${unknown.join(", ")}. Scope them in scoped-adapter.ts (or list them as safe).`,
    );
}

export function scopedAdapter(base: (options: BetterAuthOptions) => Adapter, scope: Scope): (options: BetterAuthOptions) => Adapter {
  return (options) => {
    const a = base(options);
    checkMembers(a);
    const wrap = (inner: Trx): Trx => {
      checkMembers(inner);
      const scopedInner: Trx = {
        id: inner.id,
        ...(inner.options !== undefined ? { options: inner.options } : {}),
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
      };
      return scopedInner;
    };
    return { ...wrap(a), transaction: (fn) => a.transaction((trx) => fn(wrap(trx))) };
  };
}

/** A new row of a scoped model always carries the scope's value, whatever the caller gave. */
function withScope<T extends Record<string, unknown>>(scope: Scope, model: string, data: T): T {
  const s = scope[model];
  return s ? { ...data, [s.field]: s.value } : data;
}
