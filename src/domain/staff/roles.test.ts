import { describe, expect, test } from "vitest";
import { parse } from "csv-parse/sync";
import { csvSafe, csvUnguarded, leadCsvHeader, leadCsvLines } from "./lead-csv";
import {
  AcceptInviteSchema,
  can,
  canMove,
  groupSiteIds,
  InviteSchema,
  leadFilterOf,
  leadFilterQuery,
  LeadUpdateSchema,
  mayGrant,
  nextStatuses,
  roleOn,
  sitesFor,
  type StaffAction,
  type StaffRole,
} from "./roles";

describe("who may do what", () => {
  test.each<[StaffRole | null, StaffAction, boolean]>([
    ["sales", "leads.read", true],
    ["sales", "leads.update", true],
    ["sales", "stock.read", true],
    ["sales", "stock.edit", false],
    ["sales", "settings.edit", false],
    ["sales", "audit.read", false],
    ["sales", "staff.manage", false],
    ["sales", "reports.read", false],
    ["manager", "reports.read", true],
    ["sales", "leads.assign", false],
    ["sales", "leads.export", false],
    ["manager", "leads.export", true],
    ["owner", "leads.export", true],
    ["manager", "leads.assign", true],
    ["owner", "reports.read", true],
    ["manager", "stock.edit", true],
    ["manager", "settings.edit", true],
    ["manager", "audit.read", true],
    ["manager", "staff.manage", false],
    ["owner", "staff.manage", true],
    ["owner", "leads.update", true],
    [null, "leads.read", false],
  ])("%s may %s: %s", (role, action, allowed) => {
    expect(can(role, action)).toBe(allowed);
  });

  const roles = [
    { siteId: 1001, role: "sales" as const },
    { siteId: 1002, role: "manager" as const },
  ];
  test("a role is per site; queries are scoped to the sites an action is allowed on", () => {
    expect(roleOn(roles, 1001)).toBe("sales");
    expect(roleOn(roles, 1003)).toBeNull();
    expect(sitesFor(roles, "leads.read")).toEqual([1001, 1002]);
    expect(sitesFor(roles, "settings.edit")).toEqual([1002]);
    expect(sitesFor([], "leads.read")).toEqual([]);
  });

  test.each<[string, Array<{ siteId: number; role: StaffRole }>, boolean, number[]]>([
    [
      "a manager and an owner, in id order; not where they sell",
      [
        { siteId: 1003, role: "owner" },
        { siteId: 1001, role: "sales" },
        { siteId: 1002, role: "manager" },
      ],
      false,
      [1002, 1003],
    ],
    ["sales only", [{ siteId: 1001, role: "sales" }], false, []],
    ["an operator: the console lists every site", [{ siteId: 1001, role: "owner" }], true, []],
  ])("the group view of reports: %s", (_, roles, operator, want) => expect(groupSiteIds({ roles, operator })).toEqual(want));

  test.each<[StaffRole | null, StaffRole, boolean]>([
    ["owner", "owner", true],
    ["owner", "sales", true],
    ["manager", "sales", false],
    ["sales", "sales", false],
    [null, "sales", false],
  ])("%s may grant %s: %s", (inviter, role, ok) => expect(mayGrant(inviter, role)).toBe(ok));
});

describe("a lead's status", () => {
  test.each([
    ["new", "contacted", true],
    ["new", "won", true],
    ["new", "lost", true],
    ["contacted", "won", true],
    ["contacted", "lost", true],
    ["contacted", "new", false],
    ["won", "lost", false],
    ["won", "contacted", true],
    ["lost", "contacted", true],
    ["lost", "new", false],
    ["won", "won", true],
  ] as const)("%s → %s: %s", (from, to, ok) => expect(canMove(from, to)).toBe(ok));

  test("the form offers the next statuses only", () => {
    expect(nextStatuses("new")).toEqual(["contacted", "won", "lost"]);
    expect(nextStatuses("won")).toEqual(["contacted"]);
  });

  test.each([
    [{ status: "contacted" }, true],
    [{ status: "contacted", note: "Called, left a message" }, true],
    [{ status: "sold" }, false],
    [{ status: "won", note: "x".repeat(2001) }, false],
    [{ status: "won", extra: 1 }, false],
  ])("update %j valid: %s", (body, ok) => expect(LeadUpdateSchema.safeParse(body).success).toBe(ok));
});

describe("the inbox's filters", () => {
  test("read from the query string; unreadable values are left out", () => {
    expect(leadFilterOf(new URLSearchParams("site=1001&status=new&from=2026-11-01&to=2026-02-30&location=abc&form=Car%20Enquiry"))).toEqual(
      {
        site: 1001,
        status: "new",
        from: "2026-11-01",
        form: "Car Enquiry",
      },
    );
    expect(leadFilterOf({ site: ["1002", "1003"], status: "__proto__", before: "1%7Cx" })).toEqual({ site: 1002 });
    expect(leadFilterOf(new URLSearchParams("site=&status="))).toEqual({});
  });
  test("written back in one order, with a page's keyset", () => {
    expect(leadFilterQuery({ status: "won", site: 1001 })).toBe("?site=1001&status=won");
    expect(leadFilterQuery({}, { before: "1763900000000|0b5f4e4c-6a55-4c1e-9f27-6f7f7d0c2a11" })).toBe(
      "?before=1763900000000%7C0b5f4e4c-6a55-4c1e-9f27-6f7f7d0c2a11",
    );
    expect(leadFilterQuery({})).toBe("");
  });
});

describe("staff forms", () => {
  test.each([
    [{ email: " Sam@Example.com ", role: "sales" }, true],
    [{ email: "nope", role: "sales" }, false],
    [{ email: "a@b.co", role: "admin" }, false],
  ])("invite %j: %s", (body, ok) => expect(InviteSchema.safeParse(body).success).toBe(ok));
  test("an invitation's email is kept in lower case", () => {
    expect(InviteSchema.parse({ email: " Sam@Example.com ", role: "sales" }).email).toBe("sam@example.com");
  });
  test.each([
    [{ token: "a".repeat(32), name: "Sam", password: "long enough!" }, true],
    [{ token: "short", name: "Sam", password: "long enough!" }, false],
    [{ token: "a".repeat(32), password: "long enough!" }, true], // an existing staff member accepts with their password
    [{ token: "a".repeat(32), name: "Sam", password: "short" }, false],
  ])("accept %j: %s", (body, ok) => expect(AcceptInviteSchema.safeParse(body).success).toBe(ok));
});

describe("the lead export", () => {
  test.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+61 400 000 000", "'+61 400 000 000"],
    ["-1", "'-1"],
    ["@sum", "'@sum"],
    ["Mary", "Mary"],
    [null, ""],
  ])("a shopper's %j is written as %j", (v, out) => expect(csvSafe(v)).toBe(out));

  test.each(["- Full service history", "=1+1", "+61 400", "@home", "Mary", "'quoted", ""])("a guarded cell reads back as it was: %j", (v) =>
    expect(csvUnguarded(csvSafe(v))).toBe(v),
  );

  test("one line per lead, quoted where needed", () => {
    expect(leadCsvHeader()).toBe(
      "created_at,site,location,form,subcategory,status,name,email,phone,postcode,car,stock_number,message,answers,utm_source,utm_medium,utm_campaign,id\n",
    );
    const line = leadCsvLines([
      {
        id: "0b5f4e4c-6a55-4c1e-9f27-6f7f7d0c2a11",
        createdAt: new Date("2026-11-23T01:02:03Z"),
        siteName: "Parkside Motor Group",
        locationName: "Parkside Mazda",
        category: "Car Enquiry",
        subcategory: null,
        status: "new",
        name: 'Mary "May" Smith, Jr',
        email: "mary@example.com",
        phone: "0400 000 000",
        postcode: "3134",
        vehicleName: "2024 Mazda CX-5",
        vehicleStock: "PMG1",
        timeZone: "Australia/Melbourne",
        payload: {
          message: "=cmd|' /C calc'!A0",
          opt_in: true,
          day: 27,
          month: 11,
          year: 2026,
          time: "10:00",
          linked_query_params: { utm_source: "google" },
        },
      },
    ]);
    expect(line).toBe(
      '"Monday 23 November 2026, 12:02 pm",Parkside Motor Group,Parkside Mazda,Car Enquiry,,new,"Mary ""May"" Smith, Jr",mary@example.com,0400 000 000,3134,2024 Mazda CX-5,PMG1,\'=cmd|\' /C calc\'!A0,"Booked for: Friday 27 November, 10:00 am\nKeep me up to date with news and offers: Yes",google,,,0b5f4e4c-6a55-4c1e-9f27-6f7f7d0c2a11\n',
    );
  });

  const row = (history: Array<{ at: string; message?: string }>, message = "Last") =>
    leadCsvLines([
      {
        id: "x",
        createdAt: new Date("2026-11-27T12:47:28Z"),
        siteName: "S",
        locationName: null,
        category: "General Enquiry",
        subcategory: null,
        status: "new",
        name: null,
        email: null,
        phone: null,
        timeZone: "Australia/Brisbane",
        payload: { message },
        history: history.map((h) => ({ at: new Date(h.at), payload: h.message === undefined ? {} : { message: h.message } })),
      },
    ]);
  const cell = (history: Array<{ at: string; message?: string }>) => (parse(row(history)) as string[][])[0]![12];
  test.each([
    ["never updated: its message", [], "Last"],
    ["updated, one message: that message", [{ at: "2026-11-27T12:47:28Z", message: "Last" }, { at: "2026-11-27T13:00:00Z" }], "Last"],
    [
      "two messages: both, in order, each with when (the location's clock)",
      [
        { at: "2026-11-27T12:47:28Z", message: "First" },
        { at: "2026-11-27T13:00:00Z", message: "First" },
        { at: "2026-11-27T14:30:00Z", message: "Last" },
      ],
      "Friday 27 November 2026, 10:47 pm: First\nSaturday 28 November 2026, 12:30 am: Last",
    ],
  ])("the message cell, %s", (_, history, want) => expect(cell(history)).toBe(want));
});
