import "server-only";

/*
 * One value per process for things that must not be made twice: the database, the auth instances,
 * the workers, the limiters. A process can load a module twice — Next's bundle and the compiled
 * server (src/server/edge/server.ts) each carry their own copy — so a module-level variable would give two.
 * The values live in one map on globalThis, the one object both copies share. The same idea as
 * epic-stack's `@epic-web/remember`, with `recall` and `forget` for workers that stop and start.
 */
const STORE = Symbol.for("dealer-platform.remembered");
const store = (): Map<string, unknown> => ((globalThis as Record<symbol, Map<string, unknown> | undefined>)[STORE] ??= new Map());

/** The process's value under this name, made by `make` the first time it is asked for. */
export function remember<T>(name: string, make: () => T): T {
  const values = store();
  if (!values.has(name)) values.set(name, make());
  return values.get(name) as T;
}

/** The value under this name if one was made, without making it. */
export function recall<T>(name: string): T | undefined {
  return store().get(name) as T | undefined;
}

/** Lets go of the value under this name (the next `remember` makes it again); true when there was one. */
export function forget(name: string): boolean {
  return store().delete(name);
}
