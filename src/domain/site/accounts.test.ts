import { describe, expect, test } from "vitest";
import { ACCOUNT_GROUPS, DEFAULT_GARAGE_NAME, siteAccounts } from "./accounts";

describe("siteAccounts", () => {
  test.each([
    [
      "garage on, in the group list, named",
      "parkside-motor-group",
      "My Parkside",
      true,
      { enabled: true, realm: "parkside-motor-group", garageName: "My Parkside" },
    ],
    [
      "garage on, in the list, no name",
      "parkside-motor-group",
      null,
      true,
      { enabled: true, realm: "parkside-motor-group", garageName: DEFAULT_GARAGE_NAME },
    ],
    [
      "garage on, blank name",
      "parkside-motor-group",
      "   ",
      true,
      { enabled: true, realm: "parkside-motor-group", garageName: DEFAULT_GARAGE_NAME },
    ],
    ["garage off though in the list", "parkside-motor-group", "My Parkside", false, { enabled: false }],
    [
      "garage on, in no group: a realm of its own",
      "tasman-campers",
      "My Garage",
      true,
      { enabled: true, realm: "site:7", garageName: "My Garage" },
    ],
    ["garage on, in no group, no name", "bayside-auto", null, true, { enabled: true, realm: "site:7", garageName: DEFAULT_GARAGE_NAME }],
    ["garage off, in no group", "tasman-campers", "My Garage", false, { enabled: false }],
    ["neither", "demo-motors", null, false, { enabled: false }],
  ])("%s", (_why, slug, garageName, garage_enabled, expected) => {
    expect(siteAccounts({ id: 7, slug, garageName }, { garage_enabled })).toEqual(expected);
  });

  test("a site is in at most one group (an account's realm is never ambiguous)", () => {
    const all = ACCOUNT_GROUPS.flatMap((g) => g.sites);
    expect(new Set(all).size).toBe(all.length);
  });
});
