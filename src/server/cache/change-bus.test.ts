import { describe, expect, test } from "vitest";
import { env } from "@/server/base/env";
import { parseNotice, startChangeBus, type Change } from "./change-bus";

test.each([
  // from an older process (no tags): every page of its sites
  ['{"from":"a","sites":[1001,1002]}', { from: "a", sites: [1001, 1002], tags: ["site:1001", "site:1002"] }],
  ['{"from":"a","sites":[0,-1,1.5,"1001",1003]}', { from: "a", sites: [1003], tags: ["site:1003"] }],
  [
    '{"from":"a","sites":[7],"tags":["stock:7","vehicle:7:206","__proto__","site:x",3]}',
    { from: "a", sites: [7], tags: ["stock:7", "vehicle:7:206"] },
  ],
  // photos taken down: only keys, never a path
  [
    `{"from":"a","sites":[],"tags":[],"photos":["${"a".repeat(32)}.jpg","../../etc/passwd","__proto__",7]}`,
    { from: "a", sites: [], tags: [], photos: [`${"a".repeat(32)}.jpg`] },
  ],
  // the change's delete from the shared page cache failed: its copies there are skipped for a while (only a true counts)
  ['{"from":"a","sites":[7],"tags":["stock:7"],"sharedStale":true}', { from: "a", sites: [7], tags: ["stock:7"], sharedStale: true }],
  ['{"from":"a","sites":[7],"tags":["stock:7"],"sharedStale":"yes"}', { from: "a", sites: [7], tags: ["stock:7"] }],
  ['{"sites":[1]}', null],
  ["not json", null],
  ['{"from":"a","sites":"1001"}', null],
])("notice %s → %j", (payload, out) => expect(parseNotice(payload)).toEqual(out));

// two processes on one PostgreSQL (CI's data-layer run; skipped on the embedded database)
describe.skipIf(!env().TEST_DATABASE_URL)("LISTEN/NOTIFY between processes", () => {
  test("a change published by one reaches the other at once, and never comes back to its sender", async () => {
    const url = env().TEST_DATABASE_URL!;
    const seenByA: Change[] = [];
    const seenByB: Change[] = [];
    const a = startChangeBus(
      url,
      (ids) => seenByA.push(ids),
      () => {},
    );
    const b = startChangeBus(
      url,
      (ids) => seenByB.push(ids),
      () => {},
    );
    try {
      await Promise.all([a.ready, b.ready]);
      a.publish({ sites: [1001, 1001, 1002], tags: ["site:1001", "site:1002"] });
      await expect.poll(() => seenByB, { timeout: 5000 }).toEqual([{ sites: [1001, 1002], tags: ["site:1001", "site:1002"] }]);
      b.publish({ sites: [1003], tags: ["stock:1003", "vehicle:1003:5"] });
      await expect.poll(() => seenByA, { timeout: 5000 }).toEqual([{ sites: [1003], tags: ["stock:1003", "vehicle:1003:5"] }]);
      expect(seenByB).toHaveLength(1);
      // a change too big for one notice goes as its sites' every page
      const many = Array.from({ length: 600 }, (_, i) => `vehicle:1004:${i + 1}`);
      a.publish({ sites: [1004], tags: many });
      await expect.poll(() => seenByB.at(-1), { timeout: 5000 }).toEqual({ sites: [1004], tags: ["site:1004"] });
      // a photo taken down in one process: the other drops its variants
      const photo = `${"c".repeat(32)}.jpg`;
      a.publish({ sites: [], tags: [], photos: [photo] });
      await expect.poll(() => seenByB.at(-1), { timeout: 5000 }).toEqual({ sites: [], tags: [], photos: [photo] });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
