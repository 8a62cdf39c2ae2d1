import { describe, expect, test } from "vitest";
import { env } from "@/server/env";
import { parseNotice, startChangeBus } from "./change-bus";

test.each([
  ['{"from":"a","sites":[1001,1002]}', { from: "a", sites: [1001, 1002] }],
  ['{"from":"a","sites":[0,-1,1.5,"1001",1003]}', { from: "a", sites: [1003] }],
  ['{"sites":[1]}', null],
  ["not json", null],
  ['{"from":"a","sites":"1001"}', null],
])("notice %s → %j", (payload, out) => expect(parseNotice(payload)).toEqual(out));

// two processes on one PostgreSQL (CI's data-layer run; skipped on the embedded database)
describe.skipIf(!env().TEST_DATABASE_URL)("LISTEN/NOTIFY between processes", () => {
  test("a change published by one reaches the other at once, and never comes back to its sender", async () => {
    const url = env().TEST_DATABASE_URL!;
    const seenByA: number[][] = [];
    const seenByB: number[][] = [];
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
      a.publish([1001, 1001, 1002]);
      await expect.poll(() => seenByB, { timeout: 5000 }).toEqual([[1001, 1002]]);
      b.publish([1003]);
      await expect.poll(() => seenByA, { timeout: 5000 }).toEqual([[1003]]);
      expect(seenByB).toEqual([[1001, 1002]]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
