import { describe, expect, test } from "vitest";
import { createPurgeLog } from "./purges";

describe("the purge log", () => {
  test.each([
    ["no purge since", [], ["site:1"], false],
    ["a purge of another tag", [["site:2"]], ["site:1"], false],
    ["a purge of one of its tags", [["site:2"], ["vehicle:1:7"]], ["site:1", "vehicle:1:7"], true],
  ])("a render that began before %s is stored unless touched", (_what, since, tags, touched) => {
    const log = createPurgeLog(() => 0);
    const began = log.seq();
    for (const t of since) log.record(new Set(t));
    expect(log.purgedSince(began, tags)).toBe(touched);
  });

  test("after more purges than it keeps it cannot tell, and says touched", () => {
    const log = createPurgeLog(() => 0);
    const began = log.seq();
    for (let i = 0; i < 70; i++) log.record(new Set([`vehicle:1:${i}`]));
    expect(log.purgedSince(began, ["site:9"])).toBe(true);
  });

  test("a distrusted tag's shared copies are not used until its time is up", () => {
    let now = 0;
    const log = createPurgeLog(() => now);
    log.distrust(["site:1"], 1_000);
    expect(log.trusted(["site:1", "stock:1"])).toBe(false);
    expect(log.trusted(["stock:1"])).toBe(true);
    now = 1_000;
    expect(log.trusted(["site:1"])).toBe(true);
  });
});
