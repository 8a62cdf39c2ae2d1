// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { SpecialHoursEditor, WeekEditor } from "./hours-editors";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const parse = (el: React.ReactElement) => new DOMParser().parseFromString(`<body>${renderToStaticMarkup(el)}</body>`, "text/html");

describe("the hours editors", () => {
  test.each([
    ["Frankston", "Save Frankston's hours"],
    ["Audit Motors", "Save Audit Motors' hours"],
  ])("the week of %j saves with one plain label: %j", (name, label) => {
    const doc = parse(<WeekEditor siteId={1} locationId={2} name={name} hours={[]} />);
    expect(doc.querySelector("button[type=submit]")!.textContent).toBe(label);
    expect(doc.querySelector("h3")!.textContent).toBe(name);
  });

  test("every time input is wide enough for 08:30 and the browser's AM/PM on a phone", () => {
    const week = parse(<WeekEditor siteId={1} locationId={2} name="Frankston" hours={[]} />);
    const holidays = parse(
      <SpecialHoursEditor
        siteId={1}
        locations={[]}
        entries={[{ date: "2026-12-25", name: "Christmas Day", status: "Open", start_hour: "08:30", end_hour: "12:00", location_id: null }]}
      />,
    );
    const times = [...week.querySelectorAll("input[type=time]"), ...holidays.querySelectorAll("input[type=time]")];
    expect(times).toHaveLength(14 + 2);
    for (const t of times) expect(t.className).toContain("min-w-[9.5rem]");
  });

  test("the statuses read in full: Open, Closed, By Appointment; a holiday's status has its own row on a phone", () => {
    const week = parse(<WeekEditor siteId={1} locationId={2} name="Frankston" hours={[]} />);
    expect([...week.querySelectorAll("select[name=status-1] option")].map((o) => o.textContent)).toEqual([
      "Open",
      "Closed",
      "By Appointment",
    ]);
    const holidays = parse(
      <SpecialHoursEditor
        siteId={1}
        locations={[]}
        entries={[{ date: "2026-12-25", name: null, status: "Closed", start_hour: null, end_hour: null, location_id: null }]}
      />,
    );
    const status = holidays.querySelector("select[name=status]")!;
    expect([...status.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["Open", "Closed", "By Appointment"]);
    expect(status.closest("label")!.className).toContain("col-span-2");
  });
});
