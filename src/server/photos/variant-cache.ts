import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";

/*
 * The image service's variants on local disk, with a bound. A crawler walking every size of every
 * photo costs a file read after the first time; past the bound the least recently used variant is
 * deleted first (the most recently used are also held in memory, up to HOT_VARIANT_BYTES).
 *
 * The bound is what the disk really spends: each file takes whole blocks (a 600-byte thumbnail still
 * takes 4 KB), and the number of files is capped too, so a million tiny variants cannot fill the
 * disk's inodes under a byte bound they never reach.
 *
 * A photo's variants sit together in one folder (`<2 hex digits of the folder name's hash>/<photo>/`),
 * so deleting a photo removes every size of it with one call, whichever process made them, and the
 * folders spread evenly whatever the names look like. The index (file → blocks, in order of last use)
 * lives in memory and is rebuilt from the folder at start (oldest modification first). It is kept by
 * hand rather than by lru-cache: evicting a file is an awaited delete on disk (and of its folder when
 * it was the photo's last), and the last file is never evicted even when it alone passes the bound —
 * lru-cache would refuse to index such a file, leaving it on disk untracked. In a cluster
 * every process may share the folder: a file another process removed is simply made again, or is
 * gone for good when its photo was deleted.
 */

export interface VariantCache {
  get(group: string, name: string): Promise<Buffer | null>;
  put(group: string, name: string, bytes: Buffer): Promise<void>;
  /** Every variant of one photo leaves the disk and the memory (a photo taken down). */
  drop(group: string): Promise<void>;
  /** bytes of disk the index holds, counted in blocks (tests, bench) */
  size(): Promise<number>;
  /** files the index holds */
  count(): Promise<number>;
}

/** Group and variant names are made by the service from checked parts; anything else is never a file name. */
const NAME = /^[a-z0-9][a-z0-9.-]{0,150}$/;

/** The most recently used variants are also held in memory, up to this many bytes (a cached answer without a disk read). */
export const HOT_VARIANT_BYTES = 16 * 1024 * 1024;
/** A file takes whole blocks of the file system (4 KB on ext4, XFS and most others). */
export const DISK_BLOCK_BYTES = 4096;
/** What a file of this many bytes takes on disk. */
export const blocksOf = (bytes: number): number => Math.max(1, Math.ceil(bytes / DISK_BLOCK_BYTES)) * DISK_BLOCK_BYTES;

const shardOf = (group: string) => createHash("sha256").update(group).digest("hex").slice(0, 2);
const valid = (group: string, name: string) => NAME.test(group) && NAME.test(name) && !name.endsWith(".tmp");

/** The variants in the folder, oldest modification first (the index's order at start); what is not one goes. */
async function filesOnDisk(dir: string): Promise<Array<{ id: string; blocks: number; mtime: number }>> {
  const found: Array<{ id: string; blocks: number; mtime: number }> = [];
  for (const shard of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!shard.isDirectory()) continue;
    for (const group of await readdir(path.join(dir, shard.name), { withFileTypes: true }).catch(() => [])) {
      const where = path.join(dir, shard.name, group.name);
      // a file straight under a shard is from the older flat layout: made again on demand
      if (!group.isDirectory() || !NAME.test(group.name) || shardOf(group.name) !== shard.name) {
        await rm(where, { recursive: true, force: true }).catch(() => undefined);
        continue;
      }
      for (const name of await readdir(where).catch(() => [] as string[])) {
        if (!valid(group.name, name)) continue;
        const s = await stat(path.join(where, name)).catch(() => null);
        if (s?.isFile()) found.push({ id: `${group.name}/${name}`, blocks: Math.max(blocksOf(s.size), s.blocks * 512), mtime: s.mtimeMs });
      }
    }
  }
  return found.sort((a, b) => a.mtime - b.mtime);
}

export function diskVariantCache(dir: string, maxBytes: number, maxFiles = 200_000, hotBytes = HOT_VARIANT_BYTES): VariantCache {
  /** "group/name" → blocks on disk, oldest use first */
  const index = new Map<string, number>();
  const perGroup = new Map<string, number>();
  const hot = new LRUCache<string, Buffer>({ maxSize: hotBytes, sizeCalculation: (b) => Math.max(1, b.length) });
  let total = 0;
  let ready: Promise<void> | null = null;
  const groupDir = (group: string) => path.join(dir, shardOf(group), group);
  const fileOf = (id: string) => {
    const [group, name] = id.split("/") as [string, string];
    return path.join(groupDir(group), name);
  };

  const keepHot = (id: string, bytes: Buffer) => void hot.set(id, bytes); // past hotBytes the least recently used leave
  const dropHot = (id: string) => void hot.delete(id);

  function remember(id: string, blocks: number) {
    if (!index.has(id)) perGroup.set(id.split("/")[0]!, (perGroup.get(id.split("/")[0]!) ?? 0) + 1);
    total -= index.get(id) ?? 0;
    index.delete(id);
    index.set(id, blocks);
    total += blocks;
  }
  function forget(id: string): boolean {
    dropHot(id);
    if (!index.has(id)) return false;
    total -= index.get(id)!;
    index.delete(id);
    const group = id.split("/")[0]!;
    const left = (perGroup.get(group) ?? 1) - 1;
    if (left > 0) perGroup.set(group, left);
    else perGroup.delete(group);
    return left === 0;
  }
  async function evict() {
    while ((total > maxBytes || index.size > maxFiles) && index.size > 1) {
      const oldest = index.keys().next().value!;
      const emptied = forget(oldest);
      await unlink(fileOf(oldest)).catch(() => undefined);
      if (emptied) await rmdir(path.dirname(fileOf(oldest))).catch(() => undefined); // not empty: another process's file
    }
  }

  const load = () =>
    (ready ??= (async () => {
      for (const f of await filesOnDisk(dir)) remember(f.id, f.blocks);
      await evict();
    })());

  return {
    async get(group, name) {
      if (!valid(group, name)) return null;
      const id = `${group}/${name}`;
      const warm = hot.get(id);
      // held in memory, but still on disk? (another process may have taken the photo down)
      if (
        warm &&
        index.has(id) &&
        (await stat(fileOf(id)).then(
          () => true,
          () => false,
        ))
      ) {
        keepHot(id, warm);
        remember(id, index.get(id)!);
        return warm;
      }
      await load();
      if (!index.has(id)) return null;
      const bytes = await readFile(fileOf(id)).catch(() => null);
      if (!bytes) {
        forget(id); // removed behind our back (another process, a person, a deleted photo): made again by the caller
        return null;
      }
      remember(id, blocksOf(bytes.length)); // most recently used now
      keepHot(id, bytes);
      return bytes;
    },
    async put(group, name, bytes) {
      if (!valid(group, name)) throw new Error("not a variant name");
      await load();
      const id = `${group}/${name}`;
      const file = fileOf(id);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      remember(id, blocksOf(bytes.length));
      keepHot(id, bytes);
      await evict();
    },
    async drop(group) {
      if (!NAME.test(group)) return;
      await load();
      for (const id of [...index.keys()]) if (id.startsWith(`${group}/`)) forget(id);
      for (const id of [...hot.keys()]) if (id.startsWith(`${group}/`)) dropHot(id);
      await rm(groupDir(group), { recursive: true, force: true });
    },
    async size() {
      await load();
      return total;
    },
    async count() {
      await load();
      return index.size;
    },
  };
}
