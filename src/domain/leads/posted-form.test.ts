import { describe, expect, test } from "vitest";
import { leadFromPostedForm, returnPath } from "./posted-form";

describe("returnPath: only a form page's own path and its car or location", () => {
  test.each([
    ["/contact", "/contact"],
    ["/contact-us/parkside-mazda", "/contact-us/parkside-mazda"],
    ["/book-test-drive?vehicle=2024-mazda-cx-5-abc1", "/book-test-drive?vehicle=2024-mazda-cx-5-abc1"],
    ["/service?location=north&vehicle=x", "/service?location=north&vehicle=x"],
    ["", null],
    [undefined, null],
    ["contact", null],
    ["//evil.example/contact", null],
    ["/a//b", null],
    ["https://evil.example/contact", null],
    ["/contact?email=mary@example.com", null],
    ["/contact?first_name=Mary", null],
    ["/contact#x", null],
    ["/\\evil.example", null],
    [`/${"a".repeat(400)}`, null],
  ])("%s → %s", (raw, expected) => {
    expect(returnPath(raw)).toBe(expected);
  });
});

describe("leadFromPostedForm: the posted fields as the JSON API's lead", () => {
  test.each<[string, Array<[string, string]>, Record<string, unknown>]>([
    [
      "plain fields and the form",
      [
        ["form", "contact"],
        ["first_name", "Mary"],
        ["email", "m@example.com"],
      ],
      { form: "contact", first_name: "Mary", email: "m@example.com" },
    ],
    ["an unticked opt-in box (only the hidden false)", [["opt_in", "false"]], { opt_in: false }],
    [
      "a ticked opt-in box (its value after the hidden false)",
      [
        ["opt_in", "false"],
        ["opt_in", "on"],
      ],
      { opt_in: true },
    ],
    [
      "every ticked service",
      [
        ["additional_services", "Tyres"],
        ["additional_services", "Battery"],
      ],
      { additional_services: ["Tyres", "Battery"] },
    ],
    [
      "a chosen day as day, month and year",
      [
        ["day", ""],
        ["month", ""],
        ["year", ""],
        ["slot_date", "2026-03-07"],
        ["time", "10:30"],
      ],
      { day: "7", month: "3", year: "2026", time: "10:30" },
    ],
    ["the car", [["vehicle", "2024-mazda-cx-5-abc1"]], { vehicle: "2024-mazda-cx-5-abc1" }],
    ["a text area's line breaks", [["message", "a\r\nb"]], { message: "a\nb" }],
    [
      "names that are not the form's",
      [
        ["__proto__", "x"],
        ["constructor", "y"],
        ["lead[first_name]", "z"],
        ["return_to", "/contact"],
      ],
      {},
    ],
    ["an unknown form", [["form", "__proto__"]], {}],
  ])("%s", (_, entries, lead) => {
    const posted = leadFromPostedForm(entries);
    expect(posted.lead).toEqual(lead);
    expect(Object.getPrototypeOf(posted.lead)).toBe(Object.prototype);
  });

  test.each([
    ["used", "used"],
    ["demo", "demo"],
    ["new", "new"],
    ["<b>", undefined],
    ["", undefined],
  ])("car_type %j → %j (which thank-you page only)", (given, expected) => {
    expect(leadFromPostedForm([["car_type", given]]).carType).toBe(expected);
  });

  test.each<[Array<[string, string]>, Record<string, string>]>([
    [
      [
        ["first_name", "Mary"],
        ["opt_in", "false"],
        ["slot_date", "2026-03-07"],
        ["company_website", "x"],
      ],
      { first_name: "Mary", opt_in: "false", slot_date: "2026-03-07" },
    ],
  ])("what goes back into a refused form: %j", (entries, values) => {
    expect(leadFromPostedForm(entries).values).toEqual(values);
  });
});
