import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CLOSED_DAY_MESSAGE, TIME_MESSAGE } from "@/domain/leads/form-schema";
import { FAR_DATE_MESSAGE, MSG, PAST_DATE_MESSAGE } from "@/domain/leads/messages";
import { localTime } from "@/domain/locations/hours";
import { testDriveDays, type SlotDay } from "@/domain/leads/test-drive";
import { setupAppDatabase } from "@/server/testing/app-database";
import { env } from "@/server/base/env";
import * as t from "@/server/db/schema";
import { createMemoryRateLimiter, limiters } from "@/server/http/rate-limit";
import { liveLeadRoutes, mockLeadRoutes } from "./handlers";

const api = liveLeadRoutes();
const mock = mockLeadRoutes();
// the attachments these tests stored go with them
const db = setupAppDatabase({ after: () => rm(path.resolve(env().UPLOAD_DIR), { recursive: true, force: true }) });

/** A stored attachment's bytes: its row keeps `disk:` and its key, a place under UPLOAD_DIR wherever that folder is now. */
function storedBytes(ref: string) {
  expect(ref).toMatch(/^disk:leads\/\d+\/[0-9a-f-]{36}\/[0-9a-f]{8}-/);
  return readFile(path.join(path.resolve(env().UPLOAD_DIR), ref.slice("disk:".length)));
}

const host = (slug: string) => `${slug}.localhost:3000`;
const post = (slug: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://${host(slug)}/api/leads`, {
    method: "POST",
    headers: { host: host(slug), "content-type": "application/json", "user-agent": "vitest-agent", "x-real-ip": "10.0.0.1", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const put = (slug: string, id: string, body: unknown) =>
  new Request(`http://${host(slug)}/api/leads/${id}`, {
    method: "PUT",
    headers: { host: host(slug), "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const person = { first_name: "Mary", last_name: "Smith", email: "mary@example.com", phone: "0412 345 678", postcode: "3134" };
const contact = (over: Record<string, unknown> = {}) => ({
  lead: {
    form: "contact",
    ...person,
    category: "General Enquiry",
    dealership_slug: "parkside-mazda",
    location: 10012,
    message: "Is the CX-5 still available?",
    url: "https://www.parksidemotorgroup.com.au/contact",
    visited_pages: ["/", "/search/new-used-and-demo-cars", "/contact"],
    linked_query_params: { utm_source: "google", gclid: "abc" },
    ...over,
  },
});
/** The date `n` days after a date (YYYY-MM-DD). */
const daysFrom = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Today at a Parkside location (Melbourne), as the lead API counts it. */
const melbourneToday = () => localTime(Date.now(), "Australia/Melbourne").date;

/** A service date a month ahead, as the lead's day, month and year (a booking's date is from today, within a year). */
const inAMonth = () => {
  const [year, month, day] = daysFrom(melbourneToday(), 30).split("-").map(Number);
  return { day, month, year };
};

const row = async (id: string) => (await db.select().from(t.leads).where(eq(t.leads.id, id)))[0];

describe("POST /api/leads", () => {
  test.each([true, false])("opt_in %j: the lead keeps the consent given, in the box's words, and when", async (ticked) => {
    // a consent record sent with the lead is not taken: the server writes what the box said, and when
    const forged = { wording: "Anything", ticked: !ticked, at: "2020-01-01T00:00:00.000Z" };
    const res = await api.create(
      post("parkside-motor-group", contact({ email: `consent.${ticked}@example.com`, opt_in: ticked, marketing_consent: forged })),
    );
    expect(res.status).toBe(201);
    const stored = (await row((await res.json()).lead.id))!;
    expect(stored.payload).toMatchObject({
      opt_in: ticked,
      marketing_consent: { wording: "Keep me up to date with news and offers", ticked, at: expect.any(String) },
    });
    const consent = stored.payload.marketing_consent as { at: string };
    expect(Math.abs(Date.parse(consent.at) - stored.createdAt.getTime())).toBeLessThan(5_000);
    // sent again with the same answer it keeps when it was given; a changed answer is given now
    const same = await api.update(
      put("parkside-motor-group", stored.id, { lead: { message: "And a test drive?", opt_in: ticked } }),
      stored.id,
    );
    expect(same.status).toBe(200);
    expect((await row(stored.id))!.payload.marketing_consent).toEqual(consent);
    await api.update(put("parkside-motor-group", stored.id, { lead: { opt_in: !ticked } }), stored.id);
    const changed = (await row(stored.id))!.payload.marketing_consent as { ticked: boolean; at: string };
    expect(changed.ticked).toBe(!ticked);
    expect(Date.parse(changed.at)).toBeGreaterThanOrEqual(Date.parse(consent.at));
  });

  test("creates a lead: 201 with an unguessable id; the row carries the lead payload", async () => {
    const res = await api.create(post("parkside-motor-group", contact()));
    expect(res.status).toBe(201);
    const { lead } = await res.json();
    expect(lead.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const r = (await row(lead.id))!;
    expect(r).toMatchObject({
      siteId: 1001,
      isMock: false,
      category: "General Enquiry",
      name: "Mary",
      firstName: "Mary",
      lastName: "Smith",
      dealershipSlug: "parkside-mazda",
      locationId: 10012,
      source: "Website",
    });
    expect(r.payload).toMatchObject({
      email: "mary@example.com",
      phone: "0412 345 678",
      postcode: "3134",
      website_slug: "parkside-motor-group",
      url: "https://www.parksidemotorgroup.com.au/contact",
      source: "Website",
      user_agent: "vitest-agent",
      visited_pages: ["/", "/search/new-used-and-demo-cars", "/contact"],
      linked_query_params: { utm_source: "google", gclid: "abc" },
      has_files: false,
      message: "Is the CX-5 still available?",
    });
  });

  test("no default the shopper did not give is stored: no state without a rego, no opt-in they did not send", async () => {
    const plain = await api.create(post("parkside-motor-group", contact({ state: "qld" })));
    expect(plain.status).toBe(201);
    const stored = (await row((await plain.json()).lead.id))!.payload;
    expect(stored).not.toHaveProperty("state");
    expect(stored).not.toHaveProperty("opt_in");
    // a rego with its state, and a box the shopper ticked or cleared, are kept as given
    const withRego = await api.create(post("parkside-motor-group", contact({ Rego: "ABC123", state: "vic", opt_in: false })));
    expect(withRego.status).toBe(201);
    expect((await row((await withRego.json()).lead.id))!.payload).toMatchObject({ Rego: "ABC123", state: "vic", opt_in: false });
    expect(stored).not.toHaveProperty("marketing_consent");
    // a rego without its state is not given one: the state is asked for
    const noState = await api.create(post("parkside-motor-group", contact({ Rego: "ABC123" })));
    expect(noState.status).toBe(422);
    expect((await noState.json()).errors).toEqual({ state: MSG.required });
  });

  test.each([
    ["https://www.google.com.au/search?q=mary+smith", "google.com.au"],
    ["www.carsales.com.au", "carsales.com.au"],
    ["not a host", undefined],
  ])("the referring site %j is kept as its host only (%j)", async (first_referrer, kept) => {
    const res = await api.create(post("parkside-motor-group", contact({ first_referrer })));
    expect(res.status).toBe(201);
    const r = (await row((await res.json()).lead.id))!;
    expect(r.payload.first_referrer).toBe(kept);
  });

  test("422 with {error, errors:{field:message}} and nothing stored", async () => {
    const before = (await db.select().from(t.leads)).length;
    const res = await api.create(
      post("parkside-motor-group", contact({ first_name: "", email: "nope", phone: "123", postcode: "31", message: "" })),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: "Please check the highlighted fields.",
      errors: { first_name: MSG.required, email: MSG.email, phone: MSG.phoneAU, postcode: MSG.postcode, message: MSG.required },
    });
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test.each([
    ["malformed JSON", "{not json", 400, "The request body is not valid JSON."],
    ["no envelope", { first_name: "x" }, 422, "Please check the highlighted fields."],
    ["unknown form", { lead: { form: "nope" } }, 422, "Please check the highlighted fields."],
    ["oversized body", { lead: { form: "contact", message: "x".repeat(70_000) } }, 413, "The request is too large (at most 64 KB)."],
  ])("%s is refused with a clear message", async (_n, body, status, error) => {
    const res = await api.create(post("parkside-motor-group", body));
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(error);
  });

  test("an unknown tenant is a 404", async () => {
    const res = await api.create(
      new Request("http://x/api/leads", { method: "POST", headers: { host: "www.nobody.example" }, body: "{}" }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Unknown site." });
  });

  test("the honeypot refuses a bot, storing nothing", async () => {
    const before = (await db.select().from(t.leads)).length;
    const res = await api.create(post("parkside-motor-group", contact({ company_website: "http://spam.example" })));
    expect(res.status).toBe(400);
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test("careers: Careers Enquiry becomes General Enquiry / Career Enquiry", async () => {
    const res = await api.create(
      post("parkside-motor-group", { lead: { form: "careers", ...person, position: "Sales consultant", message: "Hi" } }),
    );
    const r = (await row((await res.json()).lead.id))!;
    expect(r).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry" });
  });

  test("per-site rules: NZ phones on tasman, rv-sales on lakeside, primary location on harbour-city", async () => {
    const nz = await api.create(post("tasman-campers", { lead: { form: "finance", ...person, phone: "0412 345 678 99999" } }));
    expect((await nz.json()).errors.phone).toBe(MSG.phoneNZTooLong);
    const nzOk = await api.create(post("tasman-campers", { lead: { form: "finance", ...person, phone: "03 348 1200", postcode: "8042" } }));
    expect(nzOk.status).toBe(201);
    const us = await api.create(post("lakeside-rv", { lead: { form: "finance", ...person, phone: "(928) 555-0142", postcode: "86403" } }));
    expect(us.status).toBe(201);
    expect((await row((await us.json()).lead.id))!.dealershipSlug).toBe("rv-sales");
    const usBad = await api.create(post("lakeside-rv", { lead: { form: "finance", ...person, postcode: "86403" } }));
    expect((await usBad.json()).errors.phone).toBe(MSG.phoneUS);
    const harbour = await api.create(
      post("harbour-city-pre-owned", { lead: { form: "contact", ...person, location: 10052, message: "Selling my car" } }),
    );
    expect((await row((await harbour.json()).lead.id))!).toMatchObject({ locationId: 10051, dealershipSlug: "harbour-city-pre-owned" });
  });

  test.each([
    [
      "harbour-city (pushes leads to its primary location)",
      "harbour-city-pre-owned",
      "finance",
      { dealership_slug: "nowhere" },
      10051,
      "harbour-city-pre-owned",
    ],
    [
      "harbour-city, an unknown location too",
      "harbour-city-pre-owned",
      "finance",
      { dealership_slug: "nowhere", location_id: 99999 },
      10051,
      "harbour-city-pre-owned",
    ],
    [
      "harbour-city's contact form",
      "harbour-city-pre-owned",
      "contact",
      { dealership_slug: "nowhere", location: 99999, message: "Hi" },
      10051,
      "harbour-city-pre-owned",
    ],
    ["lakeside (a fixed dealership slug)", "lakeside-rv", "finance", { dealership_slug: "nowhere" }, null, "rv-sales"],
  ])("%s: an unknown dealership_slug is overridden, not refused", async (_, slug, form, over, locationId, dealershipSlug) => {
    const phone = slug === "lakeside-rv" ? { phone: "(928) 555-0142", postcode: "86403" } : {};
    const res = await api.create(post(slug, { lead: { form, ...person, ...phone, ...over } }));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const stored = (await row((await res.json()).lead.id))!;
    expect(stored.dealershipSlug).toBe(dealershipSlug);
    if (locationId !== null) expect(stored.locationId).toBe(locationId);
  });

  test("elsewhere an unknown dealership_slug or location is still refused", async () => {
    const res = await api.create(post("parkside-motor-group", { lead: { form: "finance", ...person, dealership_slug: "nowhere" } }));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ dealership_slug: MSG.required });
    const lakeside = await api.create(
      post("lakeside-rv", { lead: { form: "finance", ...person, phone: "(928) 555-0142", postcode: "86403", location_id: 99999 } }),
    );
    expect(lakeside.status).toBe(422);
    expect((await lakeside.json()).errors).toEqual({ location: MSG.required });
  });

  test("a vehicle enquiry is categorised by the vehicle's type", async () => {
    const [used] = await db.select().from(t.vehicles).where(eq(t.vehicles.stockNumber, "PMG10350"));
    const res = await api.create(
      post("parkside-motor-group", { lead: { form: "vehicle", ...person, location: 10011, vehicle: used!.slug } }),
    );
    const r = (await row((await res.json()).lead.id))!;
    expect(r).toMatchObject({ category: used!.carType === "used" ? "Used Vehicle Enquiry" : "New Vehicle Enquiry", vehicleId: used!.id });
  });
});

describe("the repayment calculator's figures", () => {
  const finance = (quote: unknown, form = "finance") => ({
    lead: { form, category: "Finance Enquiry", ...person, loan_amount: "52990", finance_quote: quote },
  });
  const quote = { price: 57_990, deposit: 5_000, balloon: 11_598, term_months: 60, frequency: "monthly", rate: 8.99 };

  test("a finance lead keeps them, with the repayment worked out again on the site's fees", async () => {
    // a repayment the browser sends is not a field: the server's own figure is stored
    expect((await api.create(post("parkside-motor-group", finance({ ...quote, repayment: 1 })))).status).toBe(422);
    const res = await api.create(post("parkside-motor-group", finance(quote)));
    expect(res.status).toBe(201);
    const r = (await row((await res.json()).lead.id))!;
    // $52,990 + the $395 establishment fee at 8.99% over 60 months, $11,598 left to the end, + $8 a month
    expect((r.payload as Record<string, unknown>).finance_quote).toEqual({
      ...quote,
      establishment_fee: 395,
      monthly_fee: 8,
      repayment: 963,
    });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["a deposit over the price", { deposit: 60_000 }, "finance_quote.deposit"],
    ["a balloon over the loan", { balloon: 60_000 }, "finance_quote.balloon"],
    ["a rate over 30%", { rate: 31 }, "finance_quote.rate"],
    ["an unknown frequency", { frequency: "daily" }, "finance_quote.frequency"],
    ["a text price", { price: "57990" }, "finance_quote.price"],
  ])("%s is a 422, nothing stored", async (_, change, key) => {
    const before = (await db.select().from(t.leads)).length;
    const res = await api.create(post("parkside-motor-group", finance({ ...quote, ...change })));
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(key);
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test("a form that asks nothing about a loan does not carry them", async () => {
    const res = await api.create(post("parkside-motor-group", contact({ finance_quote: quote })));
    expect(res.status).toBe(201);
    expect((await row((await res.json()).lead.id))!.payload).not.toHaveProperty("finance_quote");
  });
});

describe("PUT /api/leads/{id}", () => {
  test("updates the lead of this site; another site cannot", async () => {
    const { lead } = await (await api.create(post("parkside-motor-group", contact()))).json();
    const ok = await api.update(put("parkside-motor-group", lead.id, contact({ message: "Updated message" })), lead.id);
    expect(ok.status).toBe(200);
    expect((await row(lead.id))!.payload).toMatchObject({ message: "Updated message" });
    const other = await api.update(put("tasman-campers", lead.id, { lead: { form: "finance", ...person, phone: "03 348 1200" } }), lead.id);
    expect(other.status).toBe(404);
    expect((await row(lead.id))!.payload).toMatchObject({ message: "Updated message" });
    expect((await api.update(put("parkside-motor-group", "not-a-uuid", contact()), "not-a-uuid")).status).toBe(404);
    const dashes = "-".repeat(36);
    expect((await api.update(put("parkside-motor-group", dashes, contact()), dashes)).status).toBe(404);
    const bad = await api.update(put("parkside-motor-group", lead.id, contact({ email: "x" })), lead.id);
    expect(bad.status).toBe(422);
  });
});

describe("/mock base", () => {
  test("validated and answered the same way, stored apart", async () => {
    const res = await mock.create(post("demo-motors", { lead: { form: "finance", ...person } }));
    expect(res.status).toBe(201);
    expect((await row((await res.json()).lead.id))!.isMock).toBe(true);
    expect((await mock.create(post("demo-motors", { lead: { form: "finance", ...person, email: "x" } }))).status).toBe(422);
    // a demo site's leads are mock even when sent to /api
    const viaApi = await api.create(post("demo-motors", { lead: { form: "finance", ...person } }));
    expect((await row((await viaApi.json()).lead.id))!.isMock).toBe(true);
    // a real lead cannot be updated through /mock
    const { lead } = await (await api.create(post("parkside-motor-group", contact()))).json();
    expect((await mock.update(put("parkside-motor-group", lead.id, contact()), lead.id)).status).toBe(404);
  });
});

/** The first bytes real files start with (their types are read from these, not from what is declared). */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15,
  0xc4, 0x89,
]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

describe("POST /api/leads/with-files", () => {
  const multipart = (
    slug: string,
    files: File[],
    lead: unknown = { lead: { form: "sell-my-car", ...person, trade_vehicle: "2019 Mazda CX-5", odometer: "65000" } },
    part = "files",
  ) => {
    const form = new FormData();
    form.set("lead", JSON.stringify(lead));
    for (const f of files) form.append(part, f);
    // sent as the bytes a browser sends: a FormData body's own stream (undici's) throws an unhandled
    // "ReadableStream is already closed" on Node 24 when the server stops reading early (a 413)
    const encoded = new Response(form);
    return encoded.arrayBuffer().then(
      (bytes) =>
        new Request(`http://${host(slug)}/api/leads/with-files`, {
          method: "POST",
          headers: { host: host(slug), "x-real-ip": "10.0.0.9", "content-type": encoded.headers.get("content-type")! },
          body: bytes,
        }),
    );
  };

  test("stores the lead and its attachments in one go", async () => {
    const res = await api.withFiles(
      await multipart("outback-truck-centre", [
        new File([PNG], "front.png", { type: "image/png" }),
        new File([PDF], "service history.pdf", { type: "application/pdf" }),
      ]),
    );
    expect(res.status).toBe(201);
    const { lead } = await res.json();
    expect(lead.files).toEqual([
      { filename: "front.png", content_type: "image/png", size: PNG.length },
      { filename: "service history.pdf", content_type: "application/pdf", size: PDF.length },
    ]);
    const files = await db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, lead.id));
    expect(files).toHaveLength(2);
    expect(await storedBytes(files.find((f) => f.filename === "service history.pdf")!.path)).toEqual(Buffer.from(PDF));
    expect((await row(lead.id))!.payload).toMatchObject({ has_files: true, category: "Sell My Car Enquiry" });
    // a later update (the shopper adds details) keeps the attachments' flag
    const putBody = { lead: { form: "sell-my-car", ...person, trade_vehicle: "2019 Mazda CX-5", odometer: "66000" } };
    const req = new Request(`http://${host("outback-truck-centre")}/api/leads/${lead.id}`, {
      method: "PUT",
      headers: { host: host("outback-truck-centre"), "content-type": "application/json" },
      body: JSON.stringify(putBody),
    });
    const updated = await api.update(req, lead.id);
    expect(updated.status).toBe(200);
    expect((await updated.json()).lead.has_files).toBe(true);
    expect((await row(lead.id))!.payload).toMatchObject({ has_files: true, odometer: 66000 });
  });

  test("files sent again with lead_id are added to that lead, kept in its history; an unknown lead_id is a 404", async () => {
    const first = await api.withFiles(await multipart("outback-truck-centre", [new File([PNG], "front.png", { type: "image/png" })]));
    const { lead } = await first.json();
    const again = await api.withFiles(
      await multipart("outback-truck-centre", [new File([PDF], "rego papers.pdf", { type: "application/pdf" })], {
        lead: { lead_id: lead.id, form: "sell-my-car", ...person, trade_vehicle: "2019 Mazda CX-5", odometer: "65000" },
      }),
    );
    expect(again.status).toBe(200);
    expect((await again.json()).lead.id).toBe(lead.id);
    const files = await db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, lead.id));
    expect(files.map((f) => f.filename).sort()).toEqual(["front.png", "rego papers.pdf"]);
    const history = await db.select().from(t.leadSubmissions).where(eq(t.leadSubmissions.leadId, lead.id));
    expect(history.map((h) => [h.seq, h.files])).toEqual([
      [0, []],
      [1, ["rego papers.pdf"]],
    ]);
    const unknown = await api.withFiles(
      await multipart("outback-truck-centre", [new File([PDF], "x.pdf", { type: "application/pdf" })], {
        lead: { lead_id: "00000000-0000-4000-8000-000000000000", form: "sell-my-car", ...person },
      }),
    );
    expect(unknown.status).toBe(404);
  });

  test("a file is stored under the type its bytes show, never the extension it was sent with (JPEG/HTML polyglot)", async () => {
    const res = await api.withFiles(
      await multipart("outback-truck-centre", [
        new File([PNG], "invoice.html", { type: "text/html" }),
        new File([PDF], "noext", { type: "" }),
      ]),
    );
    expect(res.status).toBe(201);
    const { lead } = await res.json();
    const files = await db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, lead.id));
    const byName = Object.fromEntries(files.map((f) => [f.filename, f]));
    expect(byName["invoice.html"]!.path).toMatch(/invoice\.png$/);
    expect(byName["invoice.html"]!.contentType).toBe("image/png");
    expect(byName["noext"]!.path).toMatch(/noext\.pdf$/);
    expect(await storedBytes(byName["invoice.html"]!.path)).toEqual(Buffer.from(PNG));
  });

  test.each(["files", "files[]", "file", "lead[files][]"])("files sent as %s are stored", async (part) => {
    const res = await api.withFiles(
      await multipart("outback-truck-centre", [new File([PNG], "front.png", { type: "image/png" })], undefined, part),
    );
    expect(res.status).toBe(201);
    const { lead } = await res.json();
    expect(lead.files).toEqual([{ filename: "front.png", content_type: "image/png", size: PNG.length }]);
    expect(await db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, lead.id))).toHaveLength(1);
  });

  test.each(["photos", "attachment", "lead[photo]"])("a file sent as %s is refused with a 422 naming it, nothing stored", async (part) => {
    const before = (await db.select().from(t.leads)).length;
    const res = await api.withFiles(
      await multipart("outback-truck-centre", [new File([PNG], "front.png", { type: "image/png" })], undefined, part),
    );
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(Object.keys(errors)).toEqual([part]);
    expect(errors[part]).toContain(`“${part}”`);
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test("refuses other file types and bad fields, storing nothing", async () => {
    const before = (await db.select().from(t.leads)).length;
    const bad = await api.withFiles(
      await multipart("outback-truck-centre", [new File(["MZ\x90\x00 program"], "x.exe", { type: "application/x-msdownload" })]),
    );
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.files).toMatch(/only JPEG, PNG, WebP, HEIC images and PDFs/);
    const invalid = await api.withFiles(await multipart("outback-truck-centre", [], { lead: { form: "sell-my-car", ...person } }));
    expect(invalid.status).toBe(422);
    expect((await db.select().from(t.leads)).length).toBe(before);
    const notMultipart = await api.withFiles(post("outback-truck-centre", contact()));
    expect(notMultipart.status).toBe(415);
  });

  test.each([
    [
      "a program declared as a JPEG",
      new File(["MZ\x90\x00 this is a program"], "photo.jpg", { type: "image/jpeg" }),
      "photo.jpg: only JPEG, PNG, WebP, HEIC images and PDFs can be attached.",
    ],
    [
      "HTML declared as a PNG",
      new File(["<html><script>alert(1)</script></html>"], "a.png", { type: "image/png" }),
      "a.png: only JPEG, PNG, WebP, HEIC images and PDFs can be attached.",
    ],
    ["an empty file", new File([], "empty.pdf", { type: "application/pdf" }), "empty.pdf is empty."],
  ])("checks files by their bytes: %s → 422", async (_what, file, message) => {
    const before = (await db.select().from(t.leads)).length;
    const res = await api.withFiles(await multipart("outback-truck-centre", [file]));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ files: message });
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test("limits: more than 5 files or a file over 10 MB → 413, nothing stored", async () => {
    const before = (await db.select().from(t.leads)).length;
    const six = Array.from({ length: 6 }, (_, i) => new File([PNG], `p${i}.png`, { type: "image/png" }));
    const many = await api.withFiles(await multipart("outback-truck-centre", six));
    expect(many.status).toBe(413);
    expect((await many.json()).error).toBe("Attach at most 5 files.");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const large = await api.withFiles(await multipart("outback-truck-centre", [new File([big], "big.png", { type: "image/png" })]));
    expect(large.status).toBe(413);
    expect((await large.json()).error).toBe("big.png is larger than 10 MB.");
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test("a chunked body (no Content-Length) is cut off at the limit, not buffered", async () => {
    let sent = 0;
    const boundary = "----x";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
      },
      pull(c) {
        sent += chunk.length;
        if (sent > 200 * 1024 * 1024) return c.close(); // a client that would send 200 MB
        c.enqueue(chunk);
      },
    });
    const req = new Request(`http://${host("outback-truck-centre")}/api/leads/with-files`, {
      method: "POST",
      headers: { host: host("outback-truck-centre"), "x-real-ip": "10.0.0.7", "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await api.withFiles(req);
    expect(res.status).toBe(413);
    // reading stopped soon after the 10 MB file limit: the rest of the 200 MB was never pulled
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });
});

/** The lead payload: the platform's own field names, no `form`. */
const specPayload = (over: Record<string, unknown> = {}) => ({
  lead: {
    name: "Mary Smith",
    first_name: "Mary",
    middle_name: "",
    last_name: "Smith",
    email: "mary@example.com",
    phone: "0412 345 678",
    postcode: "3134",
    dealership_slug: "parkside-mazda",
    location_id: 10012,
    website_slug: "parkside-motor-group",
    url: "https://www.parksidemotorgroup.com.au/contact",
    source: "Website",
    user_agent: "spoofed",
    visited_pages: ["/"],
    linked_query_params: {},
    has_files: false,
    message: "Please call me back.",
    opt_in: true,
    ...over,
  },
});

describe("the spec's own payloads (no form field)", () => {
  test.each([
    ["General Enquiry", {}, "General Enquiry", null],
    ["Service Enquiry", { ...inAMonth(), Rego: "ABC123", state: "vic" }, "Service Enquiry", null],
    ["Parts Enquiry", { Rego: "ABC123", state: "vic" }, "Parts Enquiry", null],
    ["New Vehicle Enquiry", {}, "New Vehicle Enquiry", null],
    ["Used Vehicle Enquiry", {}, "Used Vehicle Enquiry", null],
    ["Fleet Enquiry", { company: "Acme Pty Ltd" }, "Fleet Enquiry", null],
    ["Finance Enquiry", {}, "Finance Enquiry", null],
    ["Careers Enquiry", { position: "Sales consultant" }, "General Enquiry", "Career Enquiry"],
    [
      "Sell My Car Enquiry",
      { trade_vehicle: "2019 Mazda CX-5", odometer: 65000, Rego: "ABC123", state: "vic" },
      "Sell My Car Enquiry",
      "Trade-In",
    ],
    ["Service", inAMonth(), "Service Enquiry", null], // the enquiry types' short names
  ])("%s → 201, stored in that category", async (category, extra, storedCategory, storedSub) => {
    const res = await api.create(post("parkside-motor-group", specPayload({ category, ...extra })));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const r = (await row((await res.json()).lead.id))!;
    expect(r).toMatchObject({
      category: storedCategory,
      subcategory: storedSub,
      source: "Website",
      locationId: 10012,
      dealershipSlug: "parkside-mazda",
    });
    expect(r.payload.user_agent).toBe("vitest-agent"); // the request's, not the body's
  });

  test("no category at all is a General Enquiry", async () => {
    const res = await api.create(post("parkside-motor-group", specPayload()));
    expect(res.status).toBe(201);
    expect((await row((await res.json()).lead.id))!.category).toBe("General Enquiry");
  });

  test("website_slug and url must be this site's; they never choose it", async () => {
    const slug = await api.create(post("parkside-motor-group", specPayload({ website_slug: "tasman-campers" })));
    expect(slug.status).toBe(422);
    expect((await slug.json()).errors).toEqual({ website_slug: "This enquiry was sent from another website." });
    const url = await api.create(post("parkside-motor-group", specPayload({ url: "https://www.tasmancampers.co.nz/contact" })));
    expect(url.status).toBe(422);
    expect((await url.json()).errors).toEqual({ url: "This enquiry was sent from another website." });
    const local = await api.create(
      post("parkside-motor-group", specPayload({ url: "http://parkside-motor-group.localhost:3000/contact" })),
    );
    expect(local.status).toBe(201);
  });

  test("a form the site has switched off is refused, not stored", async () => {
    const before = (await db.select().from(t.leads)).length;
    const outback = { ...person, postcode: "4350", website_slug: undefined, url: undefined };
    const preApproval = await api.create(
      post("outback-truck-centre", {
        lead: { ...outback, category: "Finance Enquiry", subcategory: "Pre-Approval", day: 1, month: 2, year: 1990 },
      }),
    );
    expect(preApproval.status).toBe(422);
    expect((await preApproval.json()).errors).toEqual({ form: "This site does not take this kind of enquiry." });
    const fleet = await api.create(
      post("tasman-campers", { lead: { ...person, phone: "03 348 1200", category: "Fleet Enquiry", company: "Acme", message: "x" } }),
    );
    expect(fleet.status).toBe(422);
    const testDrive = await api.create(
      post("outback-truck-centre", { lead: { form: "test-drive", ...outback, location: 10041, day: 1, month: 2, year: 2027 } }),
    );
    expect(testDrive.status).toBe(422);
    expect((await db.select().from(t.leads)).length).toBe(before);
  });

  test("no dealership chosen: the primary location, never the first by chance; a single location is stored", async () => {
    const finance = await api.create(post("parkside-motor-group", { lead: { ...person, category: "Finance Enquiry" } }));
    expect((await row((await finance.json()).lead.id))!).toMatchObject({ locationId: 10011, dealershipSlug: "parkside-suzuki" }); // parkside's primary
    const ridgeline = await api.create(post("ridgeline-motorcycles", { lead: { ...person, category: "Finance Enquiry" } }));
    expect((await row((await ridgeline.json()).lead.id))!).toMatchObject({ locationId: 10021, dealershipSlug: "ridgeline-motorcycles" });
    // a dealership chosen without a location: that dealership's location
    const mazda = await api.create(
      post("parkside-motor-group", { lead: { ...person, category: "Finance Enquiry", dealership_slug: "parkside-mazda" } }),
    );
    expect((await row((await mazda.json()).lead.id))!).toMatchObject({ locationId: 10012, dealershipSlug: "parkside-mazda" });
  });

  test("a POST with lead_id updates that lead (one row), as does a partial PUT", async () => {
    const created = await (await api.create(post("parkside-motor-group", specPayload()))).json();
    const before = (await db.select().from(t.leads)).length;
    const again = await api.create(
      post("parkside-motor-group", { lead: { lead_id: created.lead.id, message: "Actually, Saturday suits." } }),
    );
    expect(again.status).toBe(200);
    expect((await db.select().from(t.leads)).length).toBe(before);
    expect((await row(created.lead.id))!.payload).toMatchObject({
      message: "Actually, Saturday suits.",
      email: "mary@example.com",
      location_id: 10012,
    });
    const partial = await api.update(put("parkside-motor-group", created.lead.id, { lead: { phone: "0400 000 111" } }), created.lead.id);
    expect(partial.status).toBe(200);
    expect((await row(created.lead.id))!.payload).toMatchObject({ phone: "0400 000 111", message: "Actually, Saturday suits." });
    const bad = await api.update(put("parkside-motor-group", created.lead.id, { lead: { email: "nope" } }), created.lead.id);
    expect(bad.status).toBe(422);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await api.create(post("parkside-motor-group", { lead: { lead_id: unknown, email: "nope" } }))).status).toBe(404); // 404 before validation
    expect((await api.update(put("parkside-motor-group", unknown, { lead: { email: "nope" } }), unknown)).status).toBe(404);
  });
});

describe("what only this site may send, and how", () => {
  test.each([
    ["another website's page (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, 403],
    ["another origin", { origin: "https://evil.example" }, 403],
    ["an opaque origin", { origin: "null" }, 403],
    ["this site's own page", { "sec-fetch-site": "same-origin", origin: "http://parkside-motor-group.localhost:3000" }, 201],
    ["a server-to-server call (no browser headers)", {}, 201],
  ])("%s → %i", async (_what, headers, status) => {
    expect((await api.create(post("parkside-motor-group", contact(), headers as Record<string, string>))).status).toBe(status);
  });

  test.each([["text/plain"], ["application/x-www-form-urlencoded"], ["multipart/form-data; boundary=x"], [""]])(
    "POST /api/leads as %j → 415",
    async (type) => {
      const res = await api.create(post("parkside-motor-group", contact(), { "content-type": type }));
      expect(res.status).toBe(415);
    },
  );

  test("/mock/leads is a 404 on a site that is not a demo site", async () => {
    const res = await mock.create(post("parkside-motor-group", contact()));
    expect(res.status).toBe(404);
    expect(
      (
        await mock.update(
          put("parkside-motor-group", "00000000-0000-4000-8000-000000000000", contact()),
          "00000000-0000-4000-8000-000000000000",
        )
      ).status,
    ).toBe(404);
  });

  test.each([
    ["a NUL byte in the message", { message: "hello\u0000" }, "message"],
    ["a lone surrogate in the last name", { last_name: "Sm\uD800ith" }, "last_name"],
    ["NUL in the visited pages", { visited_pages: ["/\u0000"] }, "visited_pages.0"],
  ])("%s → 422 with the field's message, not a lost lead", async (_what, over, field) => {
    const res = await api.create(post("parkside-motor-group", contact(over)));
    expect(res.status).toBe(422);
    expect((await res.json()).errors[field]).toBe("Please remove unsupported characters.");
  });

  test.each([[null], [[]], [" "], [true], ["0x2775C"]])("a number field given %j → 422", async (value) => {
    const res = await api.create(post("parkside-motor-group", contact({ location: value })));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.location).toBe(MSG.required);
  });
});

describe("rate limit", () => {
  /** Runs `fn` with a limit of 2 leads per client and site (the test file's own limit is high). */
  async function withLimitOfTwo(fn: () => Promise<void>) {
    const saved = limiters().get("lead");
    limiters().set("lead", createMemoryRateLimiter({ limit: 2, windowMs: 60_000 }));
    try {
      await fn();
    } finally {
      if (saved) limiters().set("lead", saved);
      else limiters().delete("lead");
    }
  }

  test("a client gets 429 with Retry-After past the limit, per site", () =>
    withLimitOfTwo(async () => {
      const ip = { "x-real-ip": "10.9.9.9" };
      expect((await api.create(post("parkside-motor-group", contact(), ip))).status).toBe(201);
      expect((await api.create(post("parkside-motor-group", contact(), ip))).status).toBe(201);
      const third = await api.create(post("parkside-motor-group", contact(), ip));
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await api.create(post("parkside-motor-group", contact(), { "x-real-ip": "10.9.9.10" }))).status).toBe(201);
    }));

  test("failed validations (422) do not use up a shopper's budget", () =>
    withLimitOfTwo(async () => {
      const ip = { "x-real-ip": "10.9.9.11" };
      for (let i = 0; i < 5; i++) expect((await api.create(post("parkside-motor-group", contact({ email: "nope" }), ip))).status).toBe(422);
      expect((await api.create(post("parkside-motor-group", contact(), ip))).status).toBe(201);
      expect((await api.create(post("parkside-motor-group", contact(), ip))).status).toBe(201);
      expect((await api.create(post("parkside-motor-group", contact(), ip))).status).toBe(429);
    }));
});

describe("with-files takes the spec's form-encoded body too", () => {
  const formEncoded = (slug: string, body: string) =>
    new Request(`http://${host(slug)}/api/leads/with-files`, {
      method: "POST",
      headers: { host: host(slug), "content-type": "application/x-www-form-urlencoded", "x-real-ip": "10.0.0.8" },
      body,
    });

  test("lead[field]=… creates the lead, arrays and maps included", async () => {
    const body = new URLSearchParams([
      ["lead[first_name]", "Mary"],
      ["lead[last_name]", "Smith"],
      ["lead[email]", "mary@example.com"],
      ["lead[phone]", "0412 345 678"],
      ["lead[postcode]", "4350"],
      ["lead[category]", "Sell My Car Enquiry"],
      ["lead[trade_vehicle]", "2018 Isuzu NPR"],
      ["lead[odometer]", "180000"],
      ["lead[opt_in]", "false"],
      ["lead[visited_pages][]", "/"],
      ["lead[visited_pages][]", "/sell-my-car"],
      ["lead[linked_query_params][utm_source]", "google"],
      ["lead[__proto__][polluted]", "1"],
    ]).toString();
    const res = await api.withFiles(formEncoded("outback-truck-centre", body));
    expect(res.status, await res.clone().text()).toBe(201);
    const r = (await row((await res.json()).lead.id))!;
    expect(r).toMatchObject({ category: "Sell My Car Enquiry", locationId: 10041 });
    expect(r.payload).toMatchObject({
      opt_in: false,
      odometer: 180000,
      visited_pages: ["/", "/sell-my-car"],
      linked_query_params: { utm_source: "google" },
      has_files: false,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("bad fields → 422 as for JSON", async () => {
    const res = await api.withFiles(formEncoded("outback-truck-centre", "lead[first_name]=&lead[email]=x"));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toMatchObject({ first_name: MSG.required, email: MSG.email });
  });
});

describe("a service booking's date: from today at its location, to a year ahead", () => {
  const service = (date: string) => {
    const [year, month, day] = date.split("-").map(Number);
    return post("parkside-motor-group", { lead: { form: "service", ...person, location: 10016, day, month, year, message: "" } });
  };
  test.each([
    ["yesterday", -1, { day: PAST_DATE_MESSAGE }],
    ["last year", -400, { day: PAST_DATE_MESSAGE }],
    ["a year and two days ahead", 367, { day: FAR_DATE_MESSAGE }],
  ])("%s → 422 naming the day, nothing stored", async (_, days, errors) => {
    const before = (await db.select().from(t.leads)).length;
    const res = await api.create(service(daysFrom(melbourneToday(), days)));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual(errors);
    expect((await db.select().from(t.leads)).length).toBe(before);
  });
  test.each([
    ["today", 0],
    ["in a month", 30],
    ["in 360 days", 360],
  ])("%s → 201", async (_, days) => {
    const res = await api.create(service(daysFrom(melbourneToday(), days)));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  });
});

describe("test drives: only a day and time the location is open", () => {
  const bookable = async (locationId: number) => {
    const [loc] = await db.select().from(t.locations).where(eq(t.locations.id, locationId));
    const specials = (await db.select().from(t.specialHours).where(eq(t.specialHours.siteId, loc!.siteId))).map((s) => ({
      date: s.date,
      name: s.name,
      status: s.status as "Open",
      start_hour: s.startHour,
      end_hour: s.endHour,
      location_id: s.locationId,
    }));
    return testDriveDays({ id: loc!.id, timeZone: loc!.timezone, weekly: loc!.openingHours }, specials, Date.now());
  };
  const drive = (date: string, time: string) => {
    const [year, month, day] = date.split("-").map(Number);
    return post("parkside-motor-group", { lead: { form: "test-drive", ...person, location: 10011, day, month, year, time } });
  };

  test.each(["used", "demo", "new"] as const)(
    "a test drive of a %s car is filed by its car_type (not always New Vehicle Enquiry)",
    async (carType) => {
      const [car] = await db
        .select()
        .from(t.vehicles)
        .where(
          and(
            eq(t.vehicles.siteId, 1001),
            eq(t.vehicles.carType, carType),
            eq(t.vehicles.status, "in_stock"),
            eq(t.vehicles.showOnDealerWebsite, true),
          ),
        )
        .limit(1);
      const [, tomorrow] = await bookable(10011);
      const [year, month, day] = tomorrow!.date.split("-").map(Number);
      const res = await api.create(
        post("parkside-motor-group", {
          lead: { form: "test-drive", ...person, location: 10011, day, month, year, time: tomorrow!.times[0], vehicle: car!.slug },
        }),
      );
      expect(res.status).toBe(201);
      const r = (await row((await res.json()).lead.id))!;
      expect(r).toMatchObject({
        category: { used: "Used Vehicle Enquiry", demo: "Demo Vehicle Enquiry", new: "New Vehicle Enquiry" }[carType],
        subcategory: "Test Drive",
      });
    },
  );

  test("an offered slot is booked; the time is stored with the lead", async () => {
    const [, tomorrow] = await bookable(10011);
    const res = await api.create(drive(tomorrow!.date, tomorrow!.times[0]!));
    expect(res.status).toBe(201);
    expect((await row((await res.json()).lead.id))!.payload).toMatchObject({ time: tomorrow!.times[0] });
  });

  test.each([
    ["before opening", (d: SlotDay): [string, string] => [d.date, "06:00"], { time: TIME_MESSAGE }],
    [
      "not on the half hour",
      (d: SlotDay): [string, string] => [d.date, d.times[0]!.replace(":00", ":10").replace(":30", ":40")],
      { time: TIME_MESSAGE },
    ],
    [
      "a month ahead",
      (d: SlotDay): [string, string] => [new Date(Date.parse(d.date) + 40 * 86_400_000).toISOString().slice(0, 10), "10:00"],
      { day: CLOSED_DAY_MESSAGE },
    ],
    ["no time", (d: SlotDay): [string, string] => [d.date, ""], { time: TIME_MESSAGE }],
    ["a week ago", (d: SlotDay): [string, string] => [daysFrom(d.date, -8), "10:00"], { day: PAST_DATE_MESSAGE }],
    ["two years ahead", (d: SlotDay): [string, string] => [daysFrom(d.date, 730), "10:00"], { day: FAR_DATE_MESSAGE }],
  ] as const)("%s → 422 and nothing stored", async (_, pick, errors) => {
    const [, tomorrow] = await bookable(10011);
    const before = (await db.select().from(t.leads)).length;
    const [date, time] = pick(tomorrow!);
    const res = await api.create(drive(date, time));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toMatchObject(errors);
    expect((await db.select().from(t.leads)).length).toBe(before);
  });
});

describe("Idempotency-Key: a retry of a submission never stores a second lead", () => {
  const KEY = "idempotency-key";
  const leadsWith = async (email: string) => (await db.select().from(t.leads).where(eq(t.leads.email, email))).length;

  test("a repeat within 24 h answers the first lead's answer, and stores nothing", async () => {
    const body = contact({ email: "retry-1@example.com" });
    const first = await api.create(post("parkside-motor-group", body, { [KEY]: "submission-1" }));
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await api.create(post("parkside-motor-group", body, { [KEY]: "submission-1" }));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await leadsWith("retry-1@example.com")).toBe(1);
  });

  test("repeats that arrive together: one lead, every answer the same", async () => {
    const body = contact({ email: "retry-2@example.com" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.create(post("parkside-motor-group", body, { [KEY]: "submission-2" }))),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).lead.id)));
    expect(ids.size).toBe(1);
    expect(await leadsWith("retry-2@example.com")).toBe(1);
  });

  test("the same key with another enquiry is refused (422), never answered with the first lead", async () => {
    expect(
      (await api.create(post("parkside-motor-group", contact({ email: "retry-3@example.com" }), { [KEY]: "submission-3" }))).status,
    ).toBe(201);
    const other = await api.create(post("parkside-motor-group", contact({ email: "someone-else@example.com" }), { [KEY]: "submission-3" }));
    expect(other.status).toBe(422);
    const answer = await other.json();
    expect(Object.keys(answer.errors)).toEqual(["idempotency_key"]);
    expect(JSON.stringify(answer)).not.toContain("retry-3@example.com");
    expect(await leadsWith("someone-else@example.com")).toBe(0);
  });

  test("a key counts per site, and for 24 hours", async () => {
    const ridgeline = await api.create(
      post(
        "ridgeline-motorcycles",
        { lead: { ...person, email: "retry-4@example.com", category: "Finance Enquiry" } },
        { [KEY]: "submission-4" },
      ),
    );
    const parkside = await api.create(post("parkside-motor-group", contact({ email: "retry-4@example.com" }), { [KEY]: "submission-4" }));
    expect([ridgeline.status, parkside.status]).toEqual([201, 201]);
    expect(await leadsWith("retry-4@example.com")).toBe(2);
    // a day later the key is spent: the same body makes a new lead
    await db
      .update(t.leadIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000 - 1000) })
      .where(eq(t.leadIdempotencyKeys.key, "submission-4"));
    const later = await api.create(post("parkside-motor-group", contact({ email: "retry-4@example.com" }), { [KEY]: "submission-4" }));
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await leadsWith("retry-4@example.com")).toBe(3);
  });

  test.each([
    ["an empty key", " "],
    ["a key too long", "k".repeat(256)],
    ["a key with a space", "a b"],
  ])("%s: 422", async (_, key) => {
    const res = await api.create(post("parkside-motor-group", contact({ email: "retry-5@example.com" }), { [KEY]: key }));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ idempotency_key: expect.any(String) });
    expect(await leadsWith("retry-5@example.com")).toBe(0);
  });

  test("with files and form-encoded: a repeat stores nothing more", async () => {
    const form = () => {
      const f = new FormData();
      f.set(
        "lead",
        JSON.stringify({
          lead: { form: "sell-my-car", ...person, email: "retry-6@example.com", trade_vehicle: "2019 Mazda CX-5", odometer: "65000" },
        }),
      );
      f.append("files", new File([PNG], "front.png", { type: "image/png" }));
      return new Request(`http://${host("outback-truck-centre")}/api/leads/with-files`, {
        method: "POST",
        headers: { host: host("outback-truck-centre"), "x-real-ip": "10.0.0.9", [KEY]: "submission-6" },
        body: f,
      });
    };
    const first = await api.withFiles(form());
    expect(first.status).toBe(201);
    const again = await api.withFiles(form());
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await leadsWith("retry-6@example.com")).toBe(1);
    const encoded = () =>
      new Request(`http://${host("parkside-motor-group")}/api/leads/with-files`, {
        method: "POST",
        headers: { host: host("parkside-motor-group"), "content-type": "application/x-www-form-urlencoded", [KEY]: "submission-7" },
        body: "lead[form]=chat&lead[first_name]=Mary&lead[email]=retry-7%40example.com&lead[message]=Hi",
      });
    expect((await api.withFiles(encoded())).status).toBe(201);
    expect((await api.withFiles(encoded())).status).toBe(201);
    expect(await leadsWith("retry-7@example.com")).toBe(1);
  });
});
