/**
 * A record's own value for a key that may come from a stranger (a URL, a form, stored data):
 * "constructor", "__proto__" or "toString" are never keys of our tables, only of Object.prototype.
 * Every lookup of a user-supplied key into a plain object goes through here (or a Map).
 */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
