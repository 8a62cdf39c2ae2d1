import { describe, expect, test } from "vitest";
import { ADMIN_PAGES, adminPageAt, forbiddenMessage, whoMay } from "./pages";

describe("who may open a back-office page, in words", () => {
  test.each([
    ["stock.read", "a salesperson, a manager or the owner"],
    ["stock.edit", "a manager or the owner"],
    ["reports.read", "a manager or the owner"],
    ["staff.manage", "the owner"],
  ] as const)("%s: %s", (action, words) => expect(whoMay(action)).toBe(words));

  test.each([
    ["/sites/1001/settings", "Only a manager or the owner can open Settings."],
    ["/sites/1001/stock/new", "Only a manager or the owner can open Add a car."],
    ["/sites/1001/stock/import", "Only a manager or the owner can open Import a CSV."],
    ["/sites/1001/stock/4711", "Only a manager or the owner can open a car's editor."],
    ["/sites/1001/team", "Only the owner can open Team."],
    ["/sites/1001/audit", "Only a manager or the owner can open Audit log."],
    ["/sites/1001/reports", "Only a manager or the owner can open Reports."],
    ["/sites/1001/content/new", "Only a manager or the owner can open Content."],
    ["/reports", "Only a manager or the owner can open All reports."],
    // the address Next was given, and one with a trailing slash
    ["/admin/sites/1001/settings", "Only a manager or the owner can open Settings."],
    ["/sites/1001/settings/", "Only a manager or the owner can open Settings."],
    // a page anyone on the site opens, or none of ours: the plain words
    ["/sites/1001/stock", "You do not have access to that."],
    ["/nowhere", "You do not have access to that."],
    ["", "You do not have access to that."],
  ])("%s → %s", (path, message) => expect(forbiddenMessage(path)).toBe(message));

  test("each page's pattern finds itself", () => {
    for (const key of Object.keys(ADMIN_PAGES) as Array<keyof typeof ADMIN_PAGES>)
      expect(adminPageAt("/" + key.replace(/\[[^\]]+\]/g, "77"))).toBe(key);
  });
});
