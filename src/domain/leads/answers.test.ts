import { describe, expect, test } from "vitest";
import { FIELD_LABELS } from "./forms";
import { bookedSlot, leadAnswers, leadChanges, readableChanges, vehicleEnquiryCategory, whenText } from "./answers";

describe("a lead as people read it", () => {
  test.each([
    [{ day: 27, month: 11, year: 2026, time: "10:00" }, "Friday 27 November, 10:00 am"],
    [{ day: 27, month: 11, year: 2026, time: "14:30" }, "Friday 27 November, 2:30 pm"],
    [{ day: "1", month: "12", year: "2026" }, "Tuesday 1 December 2026"],
    [{ day: 31, month: 2, year: 2026 }, null],
    [{ day: 27, month: 11 }, null],
    [{}, null],
  ])("booked slot of %j is %j", (p, out) => expect(bookedSlot(p)).toBe(out));

  test("answers: the slot as one line, form labels, Yes/No, empty fields left out, who/where/request details not repeated", () => {
    expect(
      leadAnswers(
        {
          first_name: "Mary",
          email: "m@example.com",
          day: 27,
          month: 11,
          year: 2026,
          time: "10:00",
          message: "Hello",
          opt_in: false,
          Rego: "",
          state: "vic",
          where_did_you_hear: "Google",
          additional_services: ["Tyres", "Battery"],
          visited_pages: ["/"],
          user_agent: "x",
          trade_in_vehicle: { year: 2015, make: "Toyota", model: "Corolla", rego: "ABC123", state: "vic", odometer: 120000 },
        },
        "Australia/Melbourne",
      ),
    ).toEqual([
      ["Booked for", "Friday 27 November, 10:00 am"],
      ["Comments", "Hello"],
      ["Keep me up to date with news and offers", "No"],
      ["State", "VIC"],
      ["Where did you hear about us?", "Google"],
      ["Additional services", "Tyres, Battery"],
      ["Your vehicle", "2015 Toyota Corolla, rego ABC123 (VIC), 120,000 km"],
    ]);
  });

  const consent = (ticked: boolean, at = "2026-11-27T12:47:00.000Z") => ({ wording: FIELD_LABELS.opt_in, ticked, at });
  test.each([
    [true, "Yes: ticked “Keep me up to date with news and offers” on Friday 27 November, 11:47 pm"],
    [false, "No: left “Keep me up to date with news and offers” unticked on Friday 27 November, 11:47 pm"],
  ])("the consent kept with opt_in %j is one answer in its words, on the dealer's clock", (ticked, text) =>
    expect(leadAnswers({ opt_in: ticked, marketing_consent: consent(ticked), message: "Hi" }, "Australia/Melbourne")).toEqual([
      ["Marketing consent", text],
      ["Comments", "Hi"],
    ]),
  );

  test("a changed answer is one change (the opt-in's); the consent's record is not another", () =>
    expect(
      leadChanges(
        { opt_in: true, marketing_consent: consent(true) },
        { opt_in: false, marketing_consent: consent(false, "2026-11-28T00:00:00.000Z") },
      ),
    ).toEqual([{ field: "opt_in", from: true, to: false }]));

  test.each([
    [{ message: "a" }, { message: "a" }, []],
    [{ message: "a", url: "/x", visited_pages: ["/"] }, { message: "a", url: "/y", visited_pages: ["/", "/y"] }, []],
    [{ message: "a" }, { message: "b" }, [{ field: "message", from: "a", to: "b" }]],
    [{ message: "" }, { message: undefined }, []],
    [{}, { postcode: "3000" }, [{ field: "postcode", from: null, to: "3000" }]],
  ])("changes from %j to %j are %j", (a, b, out) => expect(leadChanges(a, b)).toEqual(out));

  test("a moved booking reads as one change of the slot", () => {
    const before = { day: 27, month: 11, year: 2026, time: "10:00", message: "x" };
    const after = { day: 28, month: 11, year: 2026, time: "09:30", message: "x" };
    expect(readableChanges(leadChanges(before, after), before, after)).toEqual([
      { label: "Booked for", from: "Friday 27 November, 10:00 am", to: "Saturday 28 November, 9:30 am" },
    ]);
  });

  test.each([
    ["demo", "Demo Vehicle Enquiry"],
    ["used", "Used Vehicle Enquiry"],
    ["new", "New Vehicle Enquiry"],
    [null, "New Vehicle Enquiry"],
  ])("a car of type %s is filed as %s", (carType, category) => expect(vehicleEnquiryCategory(carType)).toBe(category));
});

describe("whenText: an instant on the place's own clock, in words", () => {
  test.each([
    ["Melbourne, late evening", "2026-11-27T12:47:28.120Z", "Australia/Melbourne", {}, "Friday 27 November, 11:47 pm"],
    ["Brisbane (no daylight saving)", "2026-11-27T12:47:28.120Z", "Australia/Brisbane", {}, "Friday 27 November, 10:47 pm"],
    ["Auckland, the next day", "2026-11-27T12:47:28.120Z", "Pacific/Auckland", {}, "Saturday 28 November, 1:47 am"],
    ["Los Angeles, the day before", "2026-11-27T05:00:00Z", "America/Los_Angeles", {}, "Thursday 26 November, 9:00 pm"],
    ["midday", "2026-06-01T02:00:00Z", "Australia/Sydney", {}, "Monday 1 June, 12:00 pm"],
    ["midnight, with the year", "2026-12-31T13:00:00Z", "Australia/Melbourne", { year: true }, "Friday 1 January 2027, 12:00 am"],
  ])("%s", (_, iso, zone, o, want) => expect(whenText(new Date(iso), zone, o)).toBe(want));
});
