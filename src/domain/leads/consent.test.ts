import { describe, expect, test } from "vitest";
import { consentText, marketingConsent, OPT_IN_WORDING } from "./consent";
import { FIELD_LABELS } from "./forms";
import { whenText } from "./answers";

const at = new Date("2026-11-27T12:47:00Z");
const earlier = { wording: OPT_IN_WORDING, ticked: true, at: "2026-11-20T01:00:00.000Z" };

describe("the marketing consent a lead keeps", () => {
  test("its wording is the box's label, word for word", () => expect(OPT_IN_WORDING).toBe(FIELD_LABELS.opt_in));

  test.each([
    ["ticked", true, undefined, { wording: OPT_IN_WORDING, ticked: true, at: "2026-11-27T12:47:00.000Z" }],
    ["left unticked", false, undefined, { wording: OPT_IN_WORDING, ticked: false, at: "2026-11-27T12:47:00.000Z" }],
    ["no box shown (the lead does not say)", undefined, undefined, null],
    ["a string is no answer", "true", undefined, null],
    ["the same answer again keeps when it was first given", true, earlier, earlier],
    ["a changed answer is given now", false, earlier, { wording: OPT_IN_WORDING, ticked: false, at: "2026-11-27T12:47:00.000Z" }],
    [
      "an earlier record that is not one is ignored",
      true,
      { ticked: true },
      { wording: OPT_IN_WORDING, ticked: true, at: "2026-11-27T12:47:00.000Z" },
    ],
  ] as const)("%s", (_why, optIn, before, want) => expect(marketingConsent(optIn, at, before)).toEqual(want));

  test.each([
    [
      { wording: OPT_IN_WORDING, ticked: true, at: "2026-11-27T12:47:00.000Z" },
      "Yes: ticked “Keep me up to date with news and offers” on Friday 27 November, 11:47 pm",
    ],
    [
      { wording: OPT_IN_WORDING, ticked: false, at: "2026-11-27T12:47:00.000Z" },
      "No: left “Keep me up to date with news and offers” unticked on Friday 27 November, 11:47 pm",
    ],
    [{ ticked: true }, null],
    [null, null],
  ])("%j reads %j (Melbourne)", (c, want) => expect(consentText(c, (d) => whenText(d, "Australia/Melbourne"))).toBe(want));
});
