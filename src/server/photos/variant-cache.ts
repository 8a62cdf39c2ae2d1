import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/*
 * Issue 33: the image service's variants on local disk, with a size bound. A crawler walking every
 * width of every photo costs a file read after the first time; when the folder passes its bound the
 * least recently used variant is deleted first (the most recently used are also held in memory, up to
 * HOT_VARIANT_BYTES). The index (name → size, in order of last use) lives
 * in memory and is rebuilt from the folder at start (oldest modification first). In a cluster every
 * process may share the folder: a file another process removed is simply made again.
 */

export interface VariantCache {
  get(name: string): Promise<Buffer | null>;
  put(name: string, bytes: Buffer): Promise<void>;
  /** bytes held by the index (tests, bench) */
  size(): Promise<number>;
}

/** Variant names are made by the service from checked parts; anything else is never a file name. */
const NAME = /^[a-z0-9][a-z0-9.-]{0,150}$/;

/** The most recently used variants are also held in memory, up to this many bytes (a cached answer without a disk read). */
export const HOT_VARIANT_BYTES = 16 * 1024 * 1024;

export function diskVariantCache(dir: string, maxBytes: number, hotBytes = HOT_VARIANT_BYTES): VariantCache {
  const index = new Map<string, number>();
  const hot = new Map<string, Buffer>();
  let hotTotal = 0;
  const keepHot = (name: string, bytes: Buffer) => {
    const had = hot.get(name);
    if (had) hotTotal -= had.length;
    hot.delete(name);
    hot.set(name, bytes);
    hotTotal += bytes.length;
    while (hotTotal > hotBytes && hot.size > 0) {
      const [oldest, b] = hot.entries().next().value!;
      hot.delete(oldest);
      hotTotal -= b.length;
    }
  };
  let total = 0;
  let ready: Promise<void> | null = null;
  const fileOf = (name: string) => path.join(dir, name.slice(0, 2), name);

  const load = () =>
    (ready ??= (async () => {
      const found: Array<{ name: string; size: number; mtime: number }> = [];
      for (const sub of await readdir(dir).catch(() => [] as string[])) {
        for (const name of await readdir(path.join(dir, sub)).catch(() => [] as string[])) {
          if (!NAME.test(name) || name.endsWith(".tmp")) continue;
          const s = await stat(path.join(dir, sub, name)).catch(() => null);
          if (s?.isFile()) found.push({ name, size: s.size, mtime: s.mtimeMs });
        }
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const f of found) remember(f.name, f.size);
      await evict();
    })());

  function remember(name: string, size: number) {
    total -= index.get(name) ?? 0;
    index.delete(name);
    index.set(name, size);
    total += size;
  }
  function forget(name: string) {
    total -= index.get(name) ?? 0;
    index.delete(name);
    const warm = hot.get(name);
    if (warm) hotTotal -= warm.length;
    hot.delete(name);
  }
  async function evict() {
    while (total > maxBytes && index.size > 1) {
      const oldest = index.keys().next().value!;
      forget(oldest);
      await unlink(fileOf(oldest)).catch(() => undefined);
    }
  }

  return {
    async get(name) {
      if (!NAME.test(name)) return null;
      const warm = hot.get(name);
      if (warm && index.has(name)) {
        keepHot(name, warm);
        remember(name, warm.length);
        return warm;
      }
      await load();
      if (!index.has(name)) return null;
      const bytes = await readFile(fileOf(name)).catch(() => null);
      if (!bytes) {
        forget(name); // removed behind our back (another process, a person): made again by the caller
        return null;
      }
      remember(name, bytes.length); // most recently used now
      keepHot(name, bytes);
      return bytes;
    },
    async put(name, bytes) {
      if (!NAME.test(name)) throw new Error("not a variant name");
      await load();
      const file = fileOf(name);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      remember(name, bytes.length);
      keepHot(name, bytes);
      await evict();
    },
    async size() {
      await load();
      return total;
    },
  };
}
