import { describe, expect, test } from "vitest";
import { lastWeekOf, weeklyDue, weeklyMail } from "./weekly";

describe("weeklyDue: last week's email, from Monday 8 am in the site's time zone", () => {
  test.each([
    ["Monday 7:59", { date: "2026-11-23", weekday: 1, minutes: 479 }, null],
    ["Monday 8:00", { date: "2026-11-23", weekday: 1, minutes: 480 }, "2026-11-16"],
    ["Wednesday (a server that was down on Monday)", { date: "2026-11-25", weekday: 3, minutes: 600 }, "2026-11-16"],
    ["Sunday night", { date: "2026-11-29", weekday: 0, minutes: 1400 }, "2026-11-16"],
    ["the next Monday 9:00", { date: "2026-11-30", weekday: 1, minutes: 540 }, "2026-11-23"],
  ])("%s → %s", (_, local, want) => expect(weeklyDue(local)).toBe(want));

  test.each([
    ["created the Wednesday before last week (a whole week to report)", "2026-11-11", "2026-11-16"],
    ["created during last week (its part of the week)", "2026-11-18", "2026-11-16"],
    ["created on last week's Sunday", "2026-11-22", "2026-11-16"],
    ["created this week: last week ended before it existed", "2026-11-23", null],
    ["created after the Monday (a clock or import oddity)", "2026-11-24", null],
  ])("a site %s → %s", (_, createdDay, want) => expect(weeklyDue({ date: "2026-11-23", weekday: 1, minutes: 540 }, createdDay)).toBe(want));

  test("lastWeekOf", () => expect(lastWeekOf("2026-01-01", 4)).toBe("2025-12-22"));
});

describe("weeklyMail", () => {
  const mail = weeklyMail({
    site: { name: "Parkside <Motors>", colour: "#0b3d91" },
    week: "2026-11-16",
    total: 37,
    previous: 33,
    bySource: [
      { key: "organic", label: "Organic search", now: 15, before: 10 },
      { key: "direct", label: "Direct", now: 0, before: 3 },
    ],
    topCars: [{ key: "1", label: "2024 Mazda CX-5", now: 4, before: 0 }],
    notContacted: 2,
    waiting: [{ name: "Mia <b>", category: "General Enquiry", minutes: 95, url: "http://admin.localhost:3000/leads/abc" }],
    reportsUrl: "http://admin.localhost:3000/sites/1001/reports?from=2026-11-16&to=2026-11-22&by=day",
  });

  test("says last week's leads beside the week before, the sources with leads, the top cars and who is waiting", () => {
    expect(mail.subject).toBe("Parkside <Motors>: 37 leads last week (+12%)");
    expect(mail.text).toContain("Parkside <Motors>, 16 Nov 2026 – 22 Nov 2026");
    expect(mail.text).toContain("Leads: 37 (+12% on 33 the week before)");
    expect(mail.text).toContain("- Organic search: 15");
    expect(mail.text).not.toContain("Direct");
    expect(mail.text).toContain("- 2024 Mazda CX-5: 4");
    expect(mail.text).toContain("Still not contacted: 2");
    expect(mail.text).toContain("- Mia <b> (General Enquiry), waiting 1 h 35 min: http://admin.localhost:3000/leads/abc");
  });

  test("escapes every value in the HTML", () => {
    expect(mail.html).toContain("Parkside &lt;Motors&gt;: last week");
    expect(mail.html).toContain("Mia &lt;b&gt;");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("reports?from=2026-11-16&amp;to=2026-11-22&amp;by=day");
  });
});
