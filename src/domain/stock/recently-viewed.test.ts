import { describe, expect, test } from "vitest";
import { MAX_RECENT, parseRecent, recentToShow, RECENT_SHOWN, withViewed } from "./recently-viewed";

describe("parseRecent: what the browser kept", () => {
  test.each([
    [null, []],
    ["", []],
    ["not json", []],
    ['{"a":1}', []],
    ["[3,1,2]", [3, 1, 2]],
    ["[3,3,1]", [3, 1]],
    ['[1,"2",-3,0,1.5,null,{"__proto__":1},99999999999,4]', [1, 4]],
    [JSON.stringify(Array.from({ length: 20 }, (_, i) => i + 1)), Array.from({ length: MAX_RECENT }, (_, i) => i + 1)],
  ])("%j → %j", (raw, want) => expect(parseRecent(raw)).toEqual(want));
});

describe("withViewed and recentToShow", () => {
  test.each([
    [[], 5, [5]],
    [[1, 2, 3], 2, [2, 1, 3]],
    [[1, 2, 3], 4, [4, 1, 2, 3]],
    [Array.from({ length: MAX_RECENT }, (_, i) => i + 1), 99, [99, ...Array.from({ length: MAX_RECENT - 1 }, (_, i) => i + 1)]],
  ])("%j viewing %i → %j", (list, id, want) => expect(withViewed(list, id)).toEqual(want));

  test("the row leaves out the car on the screen and shows at most RECENT_SHOWN", () => {
    const list = Array.from({ length: MAX_RECENT }, (_, i) => i + 1);
    expect(recentToShow(list, 1)).toEqual(list.slice(1, 1 + RECENT_SHOWN));
    expect(recentToShow([7], 7)).toEqual([]);
    expect(recentToShow(list)).toHaveLength(RECENT_SHOWN);
  });
});
