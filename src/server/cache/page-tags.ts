import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "@/server/base/remember";

/*
 * What a page was drawn from. The server runs each page render inside `trackPageTags`;
 * the data reads a render makes call `recordPageTags` with the tags of what they read
 * (src/domain/http/page-cache.ts), and the page cache stores the page under those tags. One store
 * per process (remember.ts): the server's bundle and Next's are two copies of this module.
 */
const store = remember("page-tags", () => new AsyncLocalStorage<Set<string>>());

/** Adds tags to the page being drawn (nothing outside a page render). */
export function recordPageTags(...tags: string[]): void {
  const s = store.getStore();
  if (s) for (const t of tags) s.add(t);
}

/** Runs `fn` as one page render; the set fills with what its reads record (read it once the page has ended). */
export function trackPageTags<T>(fn: () => T): [T, Set<string>] {
  const tags = new Set<string>();
  return [store.run(tags, fn), tags];
}

/** A read that records tags from its value (on a cached read too: the page depends on it all the same). */
export async function tagged<T>(value: Promise<T>, tagsOf: (v: T) => string[]): Promise<T> {
  const v = await value;
  recordPageTags(...tagsOf(v));
  return v;
}
