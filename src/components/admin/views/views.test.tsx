// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import type { ReportRange } from "@/domain/reports/range";
import { AuditView } from "./audit";
import { ConsoleView } from "./console";
import { ContentListView } from "./content-list";
import { ForbiddenView } from "./forbidden";
import { GroupReportsView } from "./group-reports";
import { LeadView, type LeadProps } from "./lead";
import { LeadsView, type InboxRow } from "./leads";
import { SiteReportsView, type SiteReportsProps } from "./site-reports";
import { StockView } from "./stock";
import { ReservationBanner } from "@/components/admin/reservation-banner";
import { DEFAULT_STOCK_QUERY } from "@/domain/stock/stock-list";
import { staffTime } from "@/components/admin/format";

/*
 * The back-office's views render their props only: given plain data (no database, no session),
 * each draws what its page showed when it loaded and rendered in one file.
 */

// the forms inside the views ask for the router when they render; a page in a test has none
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh() {}, push() {}, replace() {} }), usePathname: () => "/" }));

const parse = (el: React.ReactElement) => new DOMParser().parseFromString(`<body>${renderToStaticMarkup(el)}</body>`, "text/html");
const byTestId = (doc: Document, id: string) => doc.querySelector(`[data-testid="${id}"]`);
const TZ = "Australia/Sydney";
const AT = new Date("2026-03-02T01:30:00Z");

const range: ReportRange = {
  from: "2026-02-01",
  to: "2026-03-02",
  by: "day",
  preset: "30d",
  previous: { from: "2026-01-02", to: "2026-01-31" },
  days: 30,
};
const count = (key: string, now: number, before: number) => ({ key, label: key[0]!.toUpperCase() + key.slice(1), now, before });

describe("site reports", () => {
  const props: SiteReportsProps = {
    site: { id: 1001, name: "Parkside" },
    errors: null,
    range,
    leads: {
      total: 12,
      previous: 9,
      series: [{ bucket: "2026-03-01", label: "1 Mar", now: 12, before: 9 }],
      bySource: [count("google", 8, 5), count("direct", 4, 4)],
      byCampaign: [],
      byType: [count("enquiry", 12, 9)],
      byLocation: [],
      byCondition: [],
      byMake: [],
      byCar: [],
    },
    funnel: {
      steps: [
        { key: "visits", label: "Visits", now: 400, before: 300 },
        { key: "search", label: "Searched", now: 200, before: 150 },
        { key: "vehicle", label: "Opened a vehicle page", now: 100, before: 90 },
        { key: "enquiry", label: "Sent an enquiry", now: 20, before: 10 },
      ],
      byChannel: [{ channel: "organic", label: "Search engines", steps: [300, 150, 80, 15] }],
    },
    team: { target: 60, total: 12, late: 3, byStatus: [count("new", 5, 4)], byPerson: [], byLocation: [], waiting: [] },
    stock: {
      listed: 40,
      top: [{ id: 3, title: "2020 Corolla", views: 90, enquiries: 2, days: 12 }],
      bottom: [],
      daysByCondition: [],
      daysByMake: [],
      priceChanges: [],
      noPhotos: [],
      noPrice: [{ id: 4, title: "2019 Hilux" }],
    },
    weeklyOn: true,
    groupLink: true,
  };

  test("the totals, the tables by test id, the funnel by source with its CSV, the group link", () => {
    const doc = parse(<SiteReportsView {...props} />);
    expect(doc.querySelector("h1")!.textContent).toBe("Parkside: reports");
    expect(byTestId(doc, "total-leads")!.textContent).toBe("12");
    expect(byTestId(doc, "total-visits")!.textContent).toBe("400");
    expect(byTestId(doc, "by-source-table")!.querySelectorAll("tbody tr")).toHaveLength(2);
    expect(byTestId(doc, "by-campaign-empty")!.textContent).toBe("No leads from tagged campaigns or ads in this period.");
    expect(byTestId(doc, "funnel-by-source")!.querySelector("tbody th")!.textContent).toBe("Search engines");
    expect(doc.querySelector('a[href="/api/admin/sites/1001/reports/funnel-by-source.csv?preset=30d&by=day"]')).not.toBeNull();
    expect(doc.querySelector('a[href="/reports?preset=30d&by=day"]')!.textContent).toBe("All your sites side by side");
    expect(byTestId(doc, "team-late")!.textContent).toContain("3 of 12 leads");
    expect(byTestId(doc, "no-price")!.textContent).toContain("2019 Hilux");
  });

  test("a period that could not be read: its messages over the form", () => {
    const doc = parse(<SiteReportsView {...props} errors={{ from: "Give a date." }} groupLink={false} />);
    expect(doc.querySelector("[role=alert]")!.textContent).toBe("Give a date. Showing the last 30 days.");
    expect(doc.querySelector('a[href^="/reports?"]')).toBeNull();
  });
});

test("group reports: each site a row, the totals below", () => {
  const site = { leadsBefore: 1, visits: 10, visitsBefore: 8, enquiryVisits: 2, enquiryVisitsBefore: 1, late: 0, median: 30, target: 60 };
  const doc = parse(
    <GroupReportsView
      errors={null}
      range={range}
      group={{
        sites: [
          { id: 1, name: "Parkside", leads: 5, listed: 20, noPhotos: 1, noPrice: 0, ...site },
          { id: 2, name: "Tasman", leads: 2, listed: 10, noPhotos: 0, noPrice: 0, ...site },
        ],
        total: { leads: 7, previous: 2, visits: 20, visitsBefore: 16, enquiryVisits: 4, enquiryVisitsBefore: 2, late: 0 },
        series: [{ bucket: "2026-03-01", label: "1 Mar", now: 7, before: 2 }],
        bySource: [],
        byType: [],
        bySite: [count("parkside", 5, 1), count("tasman", 2, 1)],
      }}
    />,
  );
  const table = byTestId(doc, "group-sites")!;
  expect([...table.querySelectorAll("tbody th")].map((th) => th.textContent)).toEqual(["Parkside", "Tasman"]);
  expect(table.querySelector("tfoot th")!.textContent).toBe("All sites");
  expect(byTestId(doc, "total-leads")!.textContent).toBe("7");
  expect(byTestId(doc, "by-site-table")!.textContent).toContain("Tasman");
});

test("the console: every site a row of the sites table", () => {
  const doc = parse(
    <ConsoleView
      sites={[
        { id: 1, name: "Parkside", slug: "parkside", domainName: "parkside.example", template: "default", published: true },
        { id: 2, name: "Kappa", slug: "kappa", domainName: "kappa.example", template: "campers", published: false },
      ]}
    />,
  );
  const table = byTestId(doc, "console-sites")!;
  expect(table.querySelectorAll("tbody tr")).toHaveLength(2);
  expect(table.querySelector('tbody th a[href="/platform/sites/2"]')!.textContent).toBe("Kappa");
  expect(doc.querySelector("#all-sites")!.textContent).toBe("All sites (2)");
});

describe("leads", () => {
  const row: InboxRow = {
    id: "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e",
    siteId: 1001,
    siteName: "Parkside",
    siteTimezone: TZ,
    name: "Alex Shopper",
    phone: "0400 000 000",
    category: "Vehicle enquiry",
    subcategory: null,
    locationName: "Parkside North",
    vehicleName: "2020 Corolla",
    vehiclePhoto: null,
    assigneeName: null,
    createdAt: AT,
    flagged: true,
    status: "new",
    response: { contacted: false, minutes: 75, late: true },
    followUpOn: "2026-03-01",
    followUpDue: true,
  };

  test("the inbox: each lead with its timer and status, the export keeping the filter, the next page", () => {
    const doc = parse(
      <LeadsView
        filter={{ status: "new" }}
        sites={[{ id: 1001, name: "Parkside" }]}
        locations={[{ id: 1, name: "Parkside North", siteName: "Parkside" }]}
        forms={["Vehicle enquiry"]}
        leads={[row]}
        next="123|abc"
        exportAll
      />,
    );
    expect(doc.querySelectorAll("[data-testid=lead-row]")).toHaveLength(1);
    expect(byTestId(doc, "response-timer")!.getAttribute("data-late")).toBe("true");
    expect(byTestId(doc, "flagged")!.textContent).toBe("Not delivered");
    expect(byTestId(doc, "assignee")!.textContent).toBe("Unassigned");
    expect(byTestId(doc, "follow-up")!.textContent).toBe("Follow up Sun, 1 Mar 2026 (due)");
    // on a phone the filter folds behind its toggle, which counts the filters on
    expect(doc.querySelector("label[for=lead-filters]")!.textContent).toBe("Filters (1)");
    expect(byTestId(doc, "export-csv")!.getAttribute("href")).toBe("/api/admin/leads.csv?status=new");
    expect(doc.querySelector('a[href="/leads?status=new&before=123%7Cabc"]')!.textContent).toBe("Older leads");
    // one site: no site filter
    expect(doc.querySelector("select[name=site]")).toBeNull();
  });

  test("a salesperson's export is their own leads (Mine), with the filter", () => {
    const doc = parse(
      <LeadsView filter={{ status: "new" }} sites={[]} locations={[]} forms={[]} leads={[]} next={null} exportAll={false} />,
    );
    const link = byTestId(doc, "export-csv")!;
    expect([link.textContent, link.getAttribute("href")]).toEqual(["Export my leads", "/api/admin/leads.csv?view=mine&status=new"]);
  });

  test("no leads: says so", () => {
    const doc = parse(<LeadsView filter={{}} sites={[]} locations={[]} forms={[]} leads={[]} next={null} exportAll />);
    expect(byTestId(doc, "no-leads")!.textContent).toBe("No leads match these filters yet.");
  });

  const lead: LeadProps = {
    lead: {
      ...row,
      email: "alex@example.com",
      status: "contacted",
      assignedTo: null,
      vehicleStock: "A123",
      files: [{ id: "f1", filename: "licence.pdf", size: 2048 }],
      deliveries: [
        { id: 1, channel: "email", submission: 0, target: "sales@example.com", status: "delivered", deliveredAt: AT, attempts: [] },
      ],
      notes: [{ id: 1, staffName: "Sam Sales", createdAt: AT, statusFrom: "new", statusTo: "contacted", body: "Called back." }],
    },
    details: [["Message", "Is it still available?"]],
    submissions: [],
    visited: [
      { path: "/cars/2020-toyota-corolla-a123", label: "2020 Toyota Corolla", car: true },
      { path: "/finance", label: "Finance", car: false },
    ],
    car: {
      id: 7,
      title: "2020 Toyota Corolla",
      price: "$21,990",
      stock: "A123",
      href: "https://parkside.example/cars/2020-toyota-corolla-a123",
      photo: "/images/abc.jpg?w=320&auto=format",
    },
    viewedCars: [],
    others: [{ id: "00000000-0000-4000-8000-000000000009", at: AT, form: "Finance Application", status: "won", car: null }],
    calls: [{ id: 3, staffName: "Sam Sales", outcome: "no_answer", note: "Rang at 5", followUpOn: "2026-12-01", createdAt: AT }],
    callForm: null,
    callSaved: false,
    updateForm: null,
    updateSaved: false,
    replies: { sms: "sms:+61400000000?body=Hi%20Alex", email: "mailto:alex@example.com?subject=Hi&body=Hi" },
    linkParams: [["utm_source", "google"]],
    sentFrom: "https://parkside.example/cars/2020-corolla",
    phoneHref: "tel:+61400000000",
    response: { contacted: true, minutes: 30, late: false, target: 60 },
    mayUpdate: true,
    team: null,
    take: null,
  };

  test("a lead: the shopper, where they came from, its delivery and history; no assigning without the right", () => {
    const doc = parse(<LeadView {...lead} />);
    expect(byTestId(doc, "lead-name")!.textContent).toBe("Alex Shopper");
    expect(byTestId(doc, "lead-status")!.textContent).toBe("Contacted");
    expect(byTestId(doc, "lead-response")!.textContent).toBe("Answered in 30 min of opening hours (target 1 h)");
    expect(doc.querySelector('dl a[href="tel:+61400000000"]')!.textContent).toBe("0400 000 000");
    expect(byTestId(doc, "visited-pages")!.textContent).toBe("2020 Toyota CorollaFinance");
    expect(byTestId(doc, "lead-car")!.getAttribute("href")).toBe("https://parkside.example/cars/2020-toyota-corolla-a123");
    expect(byTestId(doc, "lead-car")!.textContent).toBe("2020 Toyota Corolla$21,990Stock A123");
    expect([...byTestId(doc, "lead-replies")!.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Call", "tel:+61400000000"],
      ["SMS", "sms:+61400000000?body=Hi%20Alex"],
      ["Email", "mailto:alex@example.com?subject=Hi&body=Hi"],
      ["Log a call", "#log-call"],
    ]);
    expect(byTestId(doc, "lead-calls")!.textContent).toBe(
      "No answer · Sam Sales, " + staffTime(AT, TZ) + "Follow up on Tue, 1 Dec 2026Rang at 5",
    );
    expect(byTestId(doc, "other-enquiries")!.textContent).toContain("Finance Application");
    const form = doc.querySelector("form[aria-label='Log a call']")!;
    expect([form.getAttribute("method"), form.getAttribute("action")]).toEqual(["post", `/api/admin/leads/${lead.lead.id}/calls`]);
    expect(doc.body.textContent).toContain("Sent from: https://parkside.example/cars/2020-corolla");
    expect(byTestId(doc, "deliveries")!.textContent).toContain("Email to sales@example.com: delivered");
    expect(byTestId(doc, "lead-history")!.textContent).toContain("New → Contacted");
    expect(doc.querySelector("[aria-label=Assign]")).toBeNull();
    expect(doc.querySelector("[aria-label=Update]")).not.toBeNull();
  });

  test("an unassigned lead: Take it is a plain post (no JavaScript needed); taken, it says whose it is", () => {
    const take = (doc: Document) => doc.querySelector("form[aria-label='Take this lead']");
    const open = parse(<LeadView {...lead} />);
    const form = take(open)!;
    expect([form.getAttribute("method"), form.getAttribute("action")]).toEqual(["post", `/api/admin/leads/${lead.lead.id}/take`]);
    expect(form.querySelector("button")!.textContent).toBe("Take it");
    // someone else's, or nobody may take it: no button
    const theirs = { ...lead, lead: { ...lead.lead, assignedTo: "u2", assigneeName: "Max Manager" } };
    expect(take(parse(<LeadView {...theirs} />))).toBeNull();
    expect(take(parse(<LeadView {...lead} mayUpdate={false} />))).toBeNull();
    // the post's answer: the page again, saying how it went
    const mine = parse(<LeadView {...{ ...lead, lead: { ...lead.lead, assignedTo: "u1", assigneeName: "Sam Sales" } }} take="taken" />);
    expect(byTestId(mine, "lead-take")!.textContent).toBe("It's yours: the lead is assigned to you.");
    const late = parse(<LeadView {...theirs} take="refused" />);
    expect(byTestId(late, "lead-take")!.getAttribute("role")).toBe("alert");
    expect(byTestId(late, "lead-take")!.textContent).toBe("Max Manager took this lead first.");
  });
});

test("a page the role may not open says who can", () => {
  const doc = parse(<ForbiddenView path="/sites/1001/settings" />);
  expect(byTestId(doc, "forbidden-message")!.textContent).toBe("Only a manager or the owner can open Settings.");
  expect(doc.querySelector('a[href="/leads"]')!.textContent).toBe("Back to the leads");
});

test("audit: each change with who, when and its subject", () => {
  const doc = parse(
    <AuditView
      site={{ name: "Parkside", timezone: TZ }}
      entries={[
        {
          id: 1,
          action: "vehicle.update",
          entity: "vehicle:PMG1",
          subject: "2020 Corolla",
          staffEmail: "m@example.com",
          at: AT,
          before: {},
          after: {},
        },
      ]}
    />,
  );
  expect(byTestId(doc, "audit-entry")!.querySelector("p")!.textContent).toBe("Edited a car · 2020 Corolla");
});

test("stock: a page of cars with their figures, the pages around it keeping the filters", () => {
  const row = {
    id: 3,
    stockNumber: "A123",
    name: "2020 Corolla",
    thumbnail: null,
    photos: 0,
    days: 75,
    views7: 4,
    views30: 31,
    leads7: 1,
    leads30: 2,
    price: 25990,
    priceType: "Drive Away",
    condition: "used",
    location: "Parkside Toyota",
    status: "in_stock",
    showOnDealerWebsite: false,
    reserved: "Reserved · $500 · Rhea",
    missingFeeds: 1,
    edited: true,
  };
  const doc = parse(
    <StockView
      site={{ id: 1001, name: "Parkside", currency: "AUD" }}
      edit
      query={{ ...DEFAULT_STOCK_QUERY, q: "corolla", over: 60, page: 2 }}
      pages={3}
      total={120}
      locations={[{ id: 7, name: "Parkside Toyota" }]}
      selected={[3]}
      outcome={{ kind: "confirm", action: "sold" }}
      confirm={[{ id: 3, label: "A123 · 2020 Corolla" }]}
      rows={[
        row,
        {
          ...row,
          id: 4,
          stockNumber: "A124",
          thumbnail: "/images/x.jpg?w=320&q=60",
          photos: 9,
          price: null,
          edited: false,
          showOnDealerWebsite: true,
          reserved: null,
          missingFeeds: 0,
        },
      ]}
    />,
  );
  const [car, other] = doc.querySelectorAll('[data-testid="stock-row"]');
  for (const text of [
    "$25,990",
    "Drive Away",
    "Hidden",
    "Reserved · $500 · Rhea",
    "Missing from last feed",
    "Edited here",
    "No photo",
    "75",
    "4 / 31",
    "1 / 2",
    "Used",
    "Parkside Toyota",
    "In stock",
  ])
    expect(car!.textContent).toContain(text);
  expect(other!.textContent).toContain("No price");
  expect(other!.textContent).not.toContain("Edited here");
  expect(other!.textContent).not.toContain("Reserved");
  expect(other!.querySelector("img")!.getAttribute("alt")).toBe("2020 Corolla");
  expect(other!.querySelector("img")!.getAttribute("loading")).toBe("lazy");
  expect((car!.querySelector('input[name="ids"]') as HTMLInputElement).checked).toBe(true);
  expect(car!.querySelector('a[href="/sites/1001/stock/new?from=3"]')!.textContent).toBe("Duplicate");
  expect(byTestId(doc, "stock-total")!.textContent).toBe("120 cars");
  expect(byTestId(doc, "confirm-sold")!.querySelector("h2")!.textContent).toBe("Mark 1 car sold?");
  expect(doc.querySelector('a[href="/sites/1001/stock?q=corolla&over=60"]')!.textContent).toBe("Previous");
  expect(doc.querySelector('a[href="/sites/1001/stock?q=corolla&over=60&page=3"]')!.textContent).toBe("Next");
  expect(doc.querySelector('a[href="/api/admin/sites/1001/stock.csv?q=corolla&over=60"]')!.textContent).toContain("Export");
  expect(doc.querySelector('a[href="/sites/1001/stock/new"]')!.textContent).toBe("Add a car");
});

test("stock: sales staff see the list without the selection, the editor or duplicates", () => {
  const doc = parse(
    <StockView
      site={{ id: 1001, name: "Parkside", currency: "AUD" }}
      edit={false}
      query={DEFAULT_STOCK_QUERY}
      pages={1}
      total={0}
      locations={[]}
      selected={[]}
      outcome={null}
      confirm={[]}
      rows={[]}
    />,
  );
  expect(byTestId(doc, "stock-empty")!.textContent).toBe("No cars match.");
  expect(byTestId(doc, "bulk-form")).toBeNull();
  expect(doc.querySelector('a[href="/sites/1001/stock/new"]')).toBeNull();
});

test("content: each kind's entries with their state, or none yet", () => {
  const doc = parse(
    <ContentListView
      site={{ id: 1001, name: "Parkside", timezone: TZ }}
      lists={[
        { kind: "page", entries: [{ id: 5, title: "About us", path: "/about-us", publishedAt: AT, state: "Live" }] },
        { kind: "post", entries: [] },
        { kind: "offer", entries: [{ id: 6, title: "Summer sale", path: "/offers/summer", publishedAt: AT, state: "Ended" }] },
      ]}
    />,
  );
  expect(byTestId(doc, "content-page")!.textContent).toContain("/about-us");
  expect(byTestId(doc, "content-offer")!.textContent).toContain("Ended · ");
  expect(byTestId(doc, "content-post")).toBeNull();
});

test("a reserved car's editor says who holds it and offers release and the sale, as plain forms", () => {
  const doc = parse(
    <ReservationBanner
      siteId={1001}
      vehicleId={7}
      r={{ number: "AB12CD34", by: "Rhea", deposit: "$500", paid: true, until: "Monday 14 December 2026, 3:00 pm" }}
    />,
  );
  const banner = byTestId(doc, "reservation")!;
  expect(banner.textContent).toContain("$500 deposit paid by Rhea, until Monday 14 December 2026, 3:00 pm · reservation AB12CD34");
  const forms = [...banner.querySelectorAll("form")];
  expect(forms.map((f) => [f.getAttribute("method"), f.getAttribute("action"), f.querySelector("input")!.getAttribute("value")])).toEqual([
    ["post", "/api/admin/sites/1001/vehicles/7/reservation", "convert"],
    ["post", "/api/admin/sites/1001/vehicles/7/reservation", "release"],
  ]);
  expect(forms.map((f) => f.querySelector("button")!.textContent)).toEqual(["Convert to a sale", "Release the reservation"]);
});
