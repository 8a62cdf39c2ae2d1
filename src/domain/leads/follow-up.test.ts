import { describe, expect, test } from "vitest";
import {
  DEFAULT_REPLY_TEMPLATES,
  fillTemplate,
  followUpDue,
  LeadCallSchema,
  mailtoHref,
  replyTemplatesOf,
  ReplyTemplatesSchema,
  smsHref,
  visitedPage,
} from "./follow-up";

describe("a logged call, checked", () => {
  test.each([
    [{ outcome: "answered" }, { outcome: "answered", note: "", follow_up_on: null }],
    [
      { outcome: "no_answer", note: "  try after 5 ", follow_up_on: "2026-12-01" },
      { outcome: "no_answer", note: "try after 5", follow_up_on: "2026-12-01" },
    ],
    [
      { outcome: "voicemail", follow_up_on: "" },
      { outcome: "voicemail", note: "", follow_up_on: null },
    ],
  ])("%j → %j", (raw, want) => expect(LeadCallSchema.parse(raw)).toEqual(want));

  test.each([
    [{}, "outcome", "Choose what happened"],
    [{ outcome: "hung up" }, "outcome", "Choose what happened"],
    [{ outcome: "answered", follow_up_on: "2026-02-30" }, "follow_up_on", "Enter the day as a date, e.g. 2026-12-01"],
    [{ outcome: "answered", follow_up_on: "tomorrow" }, "follow_up_on", "Enter the day as a date, e.g. 2026-12-01"],
    [{ outcome: "answered", follow_up_on: "1999-12-31" }, "follow_up_on", "Enter the day as a date, e.g. 2026-12-01"],
    [{ outcome: "answered", note: "x".repeat(2001) }, "note", "Keep the note under 2,000 characters"],
    [{ outcome: "answered", note: "a\u0000b" }, "note", expect.any(String)],
    [{ outcome: "answered", extra: 1 }, "", expect.any(String)],
  ])("%j is refused on %s", (raw, field, message) => {
    const r = LeadCallSchema.safeParse(raw);
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => (i.path[0] ?? "") === field);
    expect(issue?.message).toEqual(message);
  });
});

describe("reply templates", () => {
  test.each([
    [null, DEFAULT_REPLY_TEMPLATES],
    ["nonsense", DEFAULT_REPLY_TEMPLATES],
    [{ sms: "Hi {first_name}" }, { ...DEFAULT_REPLY_TEMPLATES, sms: "Hi {first_name}" }],
    [{ sms: "Hi {name}" }, DEFAULT_REPLY_TEMPLATES],
    [JSON.parse('{"__proto__": {"sms": "x"}}'), DEFAULT_REPLY_TEMPLATES],
  ])("stored %j → %j", (stored, want) => expect(replyTemplatesOf(stored)).toEqual(want));

  test.each([
    ["Hi {first_name}, about the {car}", { first_name: "Sam", car: "2024 Mazda CX-5" }, "Hi Sam, about the 2024 Mazda CX-5"],
    ["Hi {first_name}, about the {car}", { first_name: null, car: "" }, "Hi there, about the car"],
    ["{salesperson} at {site}", { salesperson: "Alex", site: "Parkside Mazda" }, "Alex at Parkside Mazda"],
    ["{unknown} {first_name}", { first_name: "{car}" }, "{unknown} {car}"],
  ])("%s with %j → %s", (text, values, want) => expect(fillTemplate(text, values)).toBe(want));

  test.each([
    [{ ...DEFAULT_REPLY_TEMPLATES, sms: "Hi {name}" }, "sms"],
    [{ ...DEFAULT_REPLY_TEMPLATES, email_subject: "" }, "email_subject"],
    [{ ...DEFAULT_REPLY_TEMPLATES, email_subject: "two\nlines" }, "email_subject"],
    [{ ...DEFAULT_REPLY_TEMPLATES, email_body: "x".repeat(3001) }, "email_body"],
  ])("%j is refused on %s", (raw, field) => {
    const r = ReplyTemplatesSchema.safeParse(raw);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual([field]);
  });
});

describe("one-tap links", () => {
  test.each([
    ["0412 345 678", "Hi Sam & co? 100%", "AU", "sms:+61412345678?body=Hi%20Sam%20%26%20co%3F%20100%25"],
    ["021 555 123", "Kia ora", "NZ", "sms:+6421555123?body=Kia%20ora"],
    ["(555) 010-2000", "Hi", "US", "sms:+15550102000?body=Hi"],
  ] as const)("sms to %s: %s (%s)", (phone, body, country, want) => expect(smsHref(phone, body, country)).toBe(want));

  test.each([
    [
      "sam@example.com",
      "About the car",
      "Hi Sam,\nThanks",
      "mailto:sam@example.com?subject=About%20the%20car&body=Hi%20Sam%2C%0D%0AThanks",
    ],
    ["a+b@example.com", "x&y=z", "#1", "mailto:a%2Bb@example.com?subject=x%26y%3Dz&body=%231"],
  ])("email to %s", (email, subject, body, want) => expect(mailtoHref(email, subject, body)).toBe(want));
});

describe("the pages of a visit", () => {
  test.each([
    ["/cars/2021-mazda-cx-5-pmg10346", { kind: "vehicle", slug: "2021-mazda-cx-5-pmg10346", path: "/cars/2021-mazda-cx-5-pmg10346" }],
    ["/motorcycles/yamaha-mt-07-b12?x=1", { kind: "vehicle", slug: "yamaha-mt-07-b12", path: "/motorcycles/yamaha-mt-07-b12" }],
    ["/cars/abc/checkout", { kind: "vehicle", slug: "abc", path: "/cars/abc/checkout" }],
    ["/", { kind: "page", label: "Home page", path: "/" }],
    ["/search?make=Mazda", { kind: "page", label: "Search", path: "/search" }],
    ["/cars", { kind: "page", label: "Cars", path: "/cars" }],
    ["/trade-in-valuation/", { kind: "page", label: "Trade in valuation", path: "/trade-in-valuation/" }],
    ["/cars/%E0%A4%A", { kind: "page", label: "/cars/%E0%A4%A", path: "/cars/%E0%A4%A" }],
  ])("%s → %j", (raw, want) => expect(visitedPage(raw)).toEqual(want));
});

describe("a follow-up is due", () => {
  test.each([
    ["new", "2026-11-20", "2026-11-20", true],
    ["contacted", "2026-11-19", "2026-11-20", true],
    ["contacted", "2026-11-21", "2026-11-20", false],
    ["new", null, "2026-11-20", false],
    // a won or lost lead is done: its old follow-up day is not chased
    ["won", "2026-11-01", "2026-11-20", false],
    ["lost", "2026-11-01", "2026-11-20", false],
  ] as const)("%s lead, follow up %s, today %s → %s", (status, on, today, due) => {
    expect(followUpDue(status, on, today)).toBe(due);
  });
});
