import "server-only";

/**
 * The page cache's recent purges by tag: a render that began before a purge of one of its tags is
 * not stored (its data may predate the change), and a tag whose delete from the shared tier failed
 * is distrusted there until its copies could have gone stale on their own.
 */
export function createPurgeLog(now: () => number) {
  let seq = 0;
  const purges: Array<{ seq: number; tags: Set<string> }> = [];
  const distrusted = new Map<string, number>();

  return {
    /** The number of the last purge: a render notes it as it begins. */
    seq: () => seq,
    /** Records a purge of these tags (the last 64 are kept). */
    record(tags: ReadonlySet<string>): void {
      purges.push({ seq: ++seq, tags: new Set(tags) });
      purges.splice(0, Math.max(0, purges.length - 64));
    },
    /** Whether a purge since `since` touched any of these tags (or so many purges passed that we cannot tell). */
    purgedSince(since: number, tags: readonly string[]): boolean {
      if (seq === since) return false;
      if (!purges.length || purges[0]!.seq > since + 1) return true;
      return purges.some((p) => p.seq > since && tags.some((t) => p.tags.has(t)));
    },
    /** The shared tier's copies under these tags are not used for `ms`. */
    distrust(tags: readonly string[], ms: number): void {
      for (const t of tags) distrusted.set(t, now() + ms);
    },
    /** Whether a shared copy under these tags may be used. */
    trusted(tags: readonly string[]): boolean {
      for (const [t, until] of distrusted) if (until <= now()) distrusted.delete(t);
      return !tags.some((t) => distrusted.has(t));
    },
  };
}
