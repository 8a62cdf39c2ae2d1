import { describe, expect, test } from "vitest";
import { DEFAULT_CATEGORY } from "./forms";
import { leadFormStartValues, refusedValues } from "./form-start";

const site = {
  state: "vic" as const,
  optInTicked: true,
  locations: [
    { id: 4, name: "Sales", dealershipSlug: "north" },
    { id: 5, name: "Service", dealershipSlug: "south" },
  ],
};

describe("the values an enquiry form starts with", () => {
  test.each([
    // options → the values that differ from the site's defaults
    [{}, { location: "" }],
    [{ defaultLocationId: 5 }, { location: "5" }],
    [
      { defaultLocationId: 5, fixedLocation: true },
      { location: "5", dealership_slug: "south" },
    ],
    [{ fixedLocation: true }, { location: "" }],
    [{ initial: { Rego: "ABC123", state: "nsw" as const } }, { location: "", Rego: "ABC123", state: "nsw" }],
    [
      { initial: { first_name: "Ann" }, refused: { first_name: "Bea", opt_in: "false" } },
      { location: "", first_name: "Bea", opt_in: false },
    ],
  ])("%j", (options, expected) => {
    expect(leadFormStartValues(site, options)).toEqual({
      category: DEFAULT_CATEGORY,
      state: "vic",
      opt_in: true,
      additional_services: [],
      ...expected,
    });
  });

  test.each([
    [[{ id: 9, name: "Only" }], "9"],
    [[], ""],
  ])("locations %j: the location starts as %j", (locations, location) => {
    expect(leadFormStartValues({ ...site, locations }, {}).location).toBe(location);
  });

  test.each([
    [{ opt_in: "true" }, { opt_in: true }],
    [
      { opt_in: "false", email: "a@b.co" },
      { opt_in: false, email: "a@b.co" },
    ],
    [{ not_a_field: "x", __submission: "t" }, {}],
    [undefined, {}],
  ])("refused %j → %j", (values, expected) => {
    expect(refusedValues(values)).toEqual(expected);
  });
});
