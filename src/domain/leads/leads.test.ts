import { describe, expect, test } from "vitest";
import { activeParams, addVisitedPage, firstPageParams, firstReferrer } from "./attribution";
import { CLOSED_DAY_MESSAGE, leadFormSchema, withoutHiddenFields } from "./form-schema";
import { DEFAULT_CATEGORY, DEFAULT_STATE, FORMS, formAbout, leadFormSite, visibleFields, type FormRules } from "./forms";
import {
  EVENT_IDS,
  formSubmitEventId,
  leadFormKind,
  leadFromFormFields,
  leadLocation,
  LeadMetaSchema,
  normalizeLeadPayload,
  prepareLead,
  successUrl,
  thankYou,
  type LeadSite,
  leadReference,
  similarSearchKeywords,
} from "./lead";
import { FAR_DATE_MESSAGE, INVALID_CHARACTERS_MESSAGE, MSG, NUMBER_MESSAGE, PAST_DATE_MESSAGE } from "./messages";
import { maskPhone, phoneError, TEST_PHONE_NUMBER } from "./phone";

describe("phone numbers per market", () => {
  test.each([
    ["0412 345 678", null],
    ["0412345678", null],
    ["+61 412 345 678", null],
    ["61412345678", null],
    ["(03) 9870 1000", null],
    ["02 9712 5500", null],
    ["+61 7 4634 8800", null],
    ["0812345678", null],
    ["0512 345 678", MSG.phoneAU],
    ["041234567", MSG.phoneAU],
    ["04123456789", MSG.phoneAU],
    ["+64 21 123 4567", MSG.phoneAU],
    ["hello", MSG.phoneAU],
  ])("AU %s → %s", (v, e) => expect(phoneError(v, "AU")).toBe(e));

  test.each([
    ["0412 345 678", null],
    ["+61412345678", null],
    ["(03) 9870 1000", MSG.phoneAUMobile],
  ])("AU mobile-only %s → %s", (v, e) => expect(phoneError(v, "AU_MOBILE")).toBe(e));

  test.each([
    ["03 348 1200", null],
    ["021 123 4567", null],
    ["+64211234567", null],
    ["+64 3 348 1200", null],
    ["+64 21 123 4567", null],
    ["+64 21 1234 5678", null],
    ["+64-3-348-1200", null],
    ["0412 345 678 99999", MSG.phoneNZTooLong],
    ["+64 21 123 4567 890", MSG.phoneNZTooLong],
    ["123456789012345", MSG.phoneNZTooLong],
    ["12345", MSG.phoneNZ],
    ["0012 345 678", MSG.phoneNZ],
  ])("NZ %s → %s", (v, e) => expect(phoneError(v, "NZ")).toBe(e));

  test.each([
    ["(928) 555-0142", null],
    ["928-555-0142", null],
    ["+1 928 555 0142", null],
    ["19285550142", null],
    ["(128) 555-0142", MSG.phoneUS],
    ["555-0142", MSG.phoneUS],
    ["0412 345 678", MSG.phoneUS],
  ])("US %s → %s", (v, e) => expect(phoneError(v, "US")).toBe(e));

  test.each(["AU", "AU_MOBILE", "NZ", "US"] as const)("the test number is always accepted in %s", (m) => {
    expect(phoneError(TEST_PHONE_NUMBER, m)).toBeNull();
    expect(phoneError("0000000000", m)).toBeNull();
  });

  test.each([
    ["0412345678999", "AU", "0412 345 678"],
    ["03 98701000", "AU", "03 9870 1000"],
    ["04a1", "AU", "041"],
    ["+61 412", "AU", "+61 412"],
    ["021-123", "NZ", "021-123"],
  ] as const)("mask %s (%s) → %s", (v, m, out) => expect(maskPhone(v, m)).toBe(out));
});

const rules = (over: Partial<FormRules> = {}): FormRules => ({
  market: "AU",
  messageOptional: false,
  locationIds: [1, 2],
  dealershipSlugs: ["a", "b"],
  zip: false,
  ...over,
});
const valid = {
  first_name: "Mary Jane",
  last_name: "Smith",
  email: "mary@example.com",
  phone: "0412 345 678",
  postcode: "3134",
  category: "General Enquiry",
  location: "2",
  dealership_slug: "a",
  message: "Hello",
};
const errors = (form: keyof typeof FORMS, values: Record<string, unknown>, r = rules()) => {
  const res = leadFormSchema(FORMS[form], r).safeParse(values);
  // the first message per field, as the form shows it and the API answers it
  return res.success ? {} : Object.fromEntries(res.error.issues.toReversed().map((i) => [i.path.join("."), i.message]));
};

describe("form validation, one schema for browser and server", () => {
  test("a valid contact enquiry passes, with the default category and nothing the shopper did not give", () => {
    const r = leadFormSchema(FORMS.contact, rules()).parse({ ...valid, category: undefined });
    expect(r).toMatchObject({ category: DEFAULT_CATEGORY, location: 2, middle_name: "" });
    expect(r).not.toHaveProperty("state");
    expect(r).not.toHaveProperty("opt_in");
  });

  test.each([
    ["no rego: the form's preset state is left out", { state: DEFAULT_STATE }, { Rego: "" }],
    ["an empty rego: likewise", { Rego: "", state: "vic" }, { Rego: "" }],
    ["a rego and its state", { Rego: "ABC123", state: "vic" }, { Rego: "ABC123", state: "vic" }],
    ["the opt-in as given", { opt_in: false }, { Rego: "", opt_in: false }],
  ])("hidden fields: %s", (_, given, kept) => {
    const r = leadFormSchema(FORMS.contact, rules()).parse({ ...valid, ...given });
    expect(Object.fromEntries(Object.entries(r).filter(([k]) => ["Rego", "state", "opt_in"].includes(k)))).toEqual(kept);
  });

  test.each(["service", "parts", "trade-in", "sell-my-car"] as const)("%s: a rego without its state asks for the state", (form) => {
    expect(
      errors(form, { ...valid, trade_vehicle: "2019 Corolla", odometer: "1000", day: "1", month: "2", year: "2027", Rego: "ABC123" }),
    ).toMatchObject({
      state: MSG.required,
    });
  });

  test("withoutHiddenFields: a state is dropped with no rego, kept with one", () => {
    expect(withoutHiddenFields({ state: "qld" })).toEqual({});
    expect(withoutHiddenFields({ Rego: "ABC123", state: "qld" })).toEqual({ Rego: "ABC123", state: "qld" });
  });

  test.each([
    ["first_name", "", MSG.required],
    ["first_name", "   ", MSG.required],
    ["first_name", "J0hn", MSG.alpha],
    ["last_name", "O'Brien", MSG.alpha],
    ["middle_name", "X2", MSG.alpha],
    ["email", "", MSG.required],
    ["email", "mary@", MSG.email],
    ["email", "mary example.com", MSG.email],
    ["postcode", "313", MSG.postcode],
    ["postcode", "31345", MSG.postcode],
    ["postcode", "abcd", MSG.postcode],
    ["phone", "", MSG.required],
    ["phone", "12345", MSG.phoneAU],
    ["message", "", MSG.required],
    ["location", "", MSG.required],
    ["location", "99", MSG.required],
    ["dealership_slug", "", MSG.required],
    ["dealership_slug", "zzz", MSG.required],
    ["category", "Nonsense", MSG.required],
  ])("contact: %s = %j → %s", (field, value, message) => {
    expect(errors("contact", { ...valid, [field]: value })[field]).toBe(message);
  });

  test.each([
    ["message", "hello\u0000world"],
    ["message", "lone \uD800 surrogate"],
    ["first_name", "Ma\u0000ry"],
    ["email", "mary\u0000@example.com"],
    ["middle_name", "\u0000"],
    ["Rego", "ABC\u0000"],
  ])("contact: %s with NUL or a lone surrogate → 422 with the field's message", (field, value) => {
    expect(errors("contact", { ...valid, [field]: value })[field]).toBe(INVALID_CHARACTERS_MESSAGE);
  });

  test("a message may keep its line breaks and emoji", () => {
    expect(errors("contact", { ...valid, message: "Line one\r\nLine two 🚗" })).toEqual({});
  });

  test.each([[null], [[]], [""], [" "], [true], [false], ["0x2"], ["2.5"], ["1e0"], [{}], ["2 "]])(
    "location = %j is refused (no quiet coercion)",
    (value) => {
      const e = errors("contact", { ...valid, location: value });
      expect(e.location, JSON.stringify(value)).toBe(value === "2 " ? undefined : MSG.required);
    },
  );

  test.each([[null], [[]], [" "], [true], ["0x10"], ["-5"], ["1.5"]])("trade-in odometer = %j is refused", (value) => {
    const tradeIn = { ...valid, trade_vehicle: "2019 Mazda CX-5", odometer: value, state: "vic" };
    expect(errors("trade-in", tradeIn).odometer).toBe(MSG.required);
    expect(errors("finance", { ...valid, loan_amount: value }).loan_amount).toBe(NUMBER_MESSAGE);
  });

  test("meta fields refuse NUL too (visited pages, attribution, url)", () => {
    expect(LeadMetaSchema.safeParse({ form: "contact", visited_pages: ["/a\u0000"] }).success).toBe(false);
    expect(LeadMetaSchema.safeParse({ form: "contact", linked_query_params: { "utm\u0000": "x" } }).success).toBe(false);
    expect(LeadMetaSchema.safeParse({ form: "contact", url: "https://x/\uDC00" }).success).toBe(false);
    expect(LeadMetaSchema.safeParse({ form: "contact", visited_pages: ["/a"] }).success).toBe(true);
  });

  test("optional fields: middle name, Rego, opt_in; accented names are letters", () => {
    expect(errors("contact", { ...valid, middle_name: "", Rego: "", first_name: "Zoë" })).toEqual({});
  });

  test("a site flag relaxes the message", () => {
    expect(errors("contact", { ...valid, message: "" }, rules({ messageOptional: true }))).toEqual({});
  });

  test("location and dealership are asked only where there is a choice", () => {
    const one = rules({ locationIds: [1], dealershipSlugs: ["a"] });
    expect(visibleFields(FORMS.contact, one)).not.toContain("location");
    expect(visibleFields(FORMS.contact, one)).not.toContain("dealership_slug");
    expect(errors("contact", { ...valid, location: undefined, dealership_slug: undefined }, one)).toEqual({});
  });

  test("NZ and US phone rules; US ZIP; no state outside Australia", () => {
    expect(errors("contact", { ...valid, phone: "03 348 1200" }, rules({ market: "NZ" }))).toEqual({});
    expect(errors("contact", { ...valid, phone: "0412 345 678 12345" }, rules({ market: "NZ" })).phone).toBe(MSG.phoneNZTooLong);
    expect(errors("contact", { ...valid, phone: "(928) 555-0142", postcode: "86403" }, rules({ market: "US", zip: true }))).toEqual({});
    expect(errors("contact", { ...valid, phone: "0412 345 678" }, rules({ market: "US", zip: true })).phone).toBe(MSG.phoneUS);
    expect(visibleFields(FORMS.contact, rules({ market: "NZ" }))).not.toContain("state");
  });

  test("booking dates: required and real", () => {
    const base = { ...valid, location: "1" };
    expect(errors("test-drive", { ...base, day: "", month: "2", year: "2027" }).day).toBe(MSG.required);
    expect(errors("test-drive", { ...base, day: "31", month: "2", year: "2027" }).day).toBe("Please choose a valid date.");
    expect(errors("test-drive", { ...base, day: "28", month: "2", year: "2027" })).toEqual({});
  });

  // a booking's "today" is the chosen location's own (Perth's is still the 17th when Melbourne's is the 18th), else the site's
  const dated = rules({ locationIds: [1, 2], today: { site: "2026-11-18", locations: { 1: "2026-11-18", 2: "2026-11-17" } } });
  const on = (date: string, location = "1") => {
    const [year, month, day] = date.split("-");
    return { ...valid, location, day: String(Number(day)), month: String(Number(month)), year };
  };
  test.each([
    ["service", "2026-11-17", "1", PAST_DATE_MESSAGE],
    ["service", "2025-11-18", "1", PAST_DATE_MESSAGE],
    ["service", "2026-11-18", "1", undefined],
    ["service", "2026-11-17", "2", undefined],
    ["service", "2026-11-16", "2", PAST_DATE_MESSAGE],
    ["service", "2027-11-18", "1", undefined],
    ["service", "2027-11-19", "1", FAR_DATE_MESSAGE],
    ["service", "2028-02-01", "1", FAR_DATE_MESSAGE],
    ["test-drive", "2026-11-17", "1", PAST_DATE_MESSAGE],
    ["test-drive", "2027-11-19", "1", FAR_DATE_MESSAGE],
    ["test-drive", "2026-12-01", "1", undefined],
  ] as const)("%s on %s at location %s → day: %s", (form, date, location, message) => {
    expect(errors(form, on(date, location), dated).day).toBe(message);
  });

  test("a booking with no location to choose counts from the site's today", () => {
    const one = rules({ locationIds: [7], dealershipSlugs: ["a"], today: { site: "2026-11-18", locations: {} } });
    expect(errors("service", { ...on("2026-11-17"), location: undefined }, one).day).toBe(PAST_DATE_MESSAGE);
    expect(errors("service", { ...on("2026-11-18"), location: undefined }, one).day).toBeUndefined();
  });

  test("a test drive in the past says so before it says the day is closed", () => {
    const slots = { 1: [{ date: "2026-11-19", label: "Tomorrow, 19 November", times: ["10:00"] }] };
    const withSlots = { ...dated, testDriveSlots: slots };
    expect(errors("test-drive", { ...on("2026-11-10"), time: "10:00" }, withSlots).day).toBe(PAST_DATE_MESSAGE);
    expect(errors("test-drive", { ...on("2026-11-20"), time: "10:00" }, withSlots).day).toBe(CLOSED_DAY_MESSAGE);
    expect(errors("test-drive", { ...on("2026-11-19"), time: "10:00" }, withSlots)).toEqual({});
  });

  test("the finance pre-approval's date is not a booking: no range", () => {
    expect(errors("finance-pre-approval", { ...on("1990-02-01"), phone: "0412 345 678", loan_amount: "1000" }, dated)).toEqual({});
  });

  test.each([
    ["no override", {}, { dealership_slug: MSG.required, location: MSG.required }],
    ["pushing to the primary location: both overridden", { dealership: true, location: true }, {}],
    ["a fixed dealership slug: the dealership overridden", { dealership: true }, { location: MSG.required }],
  ])("contact, an unknown dealership and location: %s", (_, overrides, errs) => {
    expect(errors("contact", { ...valid, dealership_slug: "nowhere", location: "99" }, rules({ overrides }))).toEqual(errs);
    // an empty choice is still asked for
    expect(errors("contact", { ...valid, dealership_slug: "" }, rules({ overrides })).dealership_slug).toBe(MSG.required);
  });

  test("each form's own required fields", () => {
    expect(errors("careers", { ...valid }).position).toBe(MSG.required);
    expect(errors("fleet", { ...valid }).company).toBe(MSG.required);
    expect(errors("sell-my-car", { ...valid }).trade_vehicle).toBe(MSG.required);
    expect(errors("sell-my-car", { ...valid, trade_vehicle: "2019 Mazda CX-5" }).odometer).toBe(MSG.required);
    expect(errors("finance", { ...valid })).toEqual({});
  });
});

/** A site for the lead rules: its locations (id → dealership slug) and which one is primary. */
const leadSiteWith = (slug: string, locations: Array<[number, string]>, primaryId: number): LeadSite => ({
  slug,
  fixedDealershipSlug: null,
  pushToPrimary: false,
  primary: { id: primaryId, dealershipSlug: locations.find(([id]) => id === primaryId)![1] },
  locations: locations.map(([id, dealershipSlug]) => ({ id, dealershipSlug })),
});

describe("the state a form starts on: the dealer's own", () => {
  const located = (country: string, ...states: string[]) =>
    leadFormSite({
      site: { country },
      features: { mock_leads: false, contact_message_optional: false, test_drive: false },
      locations: states.map((state, i) => ({
        id: i + 1,
        name: `L${i}`,
        dealershipSlug: null,
        isPrimary: false,
        visible: true,
        address: { state, postcode: "" },
      })),
      dealerships: [],
      specialHours: [],
    } as never).state;
  test.each([
    ["Parkside (Box Hill VIC)", "AU", ["VIC"], "vic"],
    ["a dealer in Midland WA", "AU", ["WA"], "wa"],
    ["a dealer in Capalaba QLD", "AU", ["QLD"], "qld"],
    ["a state written out", "AU", ["New South Wales"], "nsw"],
    ["no location yet: the spec's default", "AU", [], DEFAULT_STATE],
    ["New Zealand (no State field): the spec's default", "NZ", ["Canterbury"], DEFAULT_STATE],
  ])("%s → %s", (_, country, states, state) => expect(located(country, ...states)).toBe(state));
});

describe("the form a page shows", () => {
  test.each([
    ["contact", true, "vehicle"],
    ["contact", false, "contact"],
    ["test-drive", true, "test-drive"],
    ["finance", true, "finance"],
    ["service", false, "service"],
  ] as const)("%s, about a car %s → %s", (kind, aboutACar, shown) => expect(formAbout(kind, aboutACar)).toBe(shown));
});

describe("today, for a booking's date: each location's own, and the site's", () => {
  const siteAt = (now: string) =>
    leadFormSite(
      {
        site: { country: "AU", timezone: "Australia/Melbourne" },
        features: { mock_leads: false, contact_message_optional: false, test_drive: false },
        locations: [
          { id: 1, name: "Box Hill", dealershipSlug: null, timezone: "Australia/Melbourne", address: { state: "VIC" } },
          { id: 2, name: "Midland", dealershipSlug: null, timezone: "Australia/Perth", address: { state: "WA" } },
        ],
        dealerships: [],
        specialHours: [],
      } as never,
      Date.parse(now),
    ).today;
  test.each([
    [
      "Melbourne's 1:30 am is Perth's 10:30 pm the day before",
      "2026-11-18T01:30:00+11:00",
      { site: "2026-11-18", locations: { 1: "2026-11-18", 2: "2026-11-17" } },
    ],
    ["at noon both say the same day", "2026-11-18T12:00:00+11:00", { site: "2026-11-18", locations: { 1: "2026-11-18", 2: "2026-11-18" } }],
  ])("%s", (_, now, today) => expect(siteAt(now)).toEqual(today));
  test("without a clock (a page the cache may keep) there is no today", () => {
    expect(
      leadFormSite({ site: { country: "AU", timezone: "UTC" }, features: {}, locations: [], dealerships: [], specialHours: [] } as never)
        .today,
    ).toBeUndefined();
  });
});

describe("lead preparation", () => {
  const site = leadSiteWith(
    "parkside-motor-group",
    [
      [1, "primary-d"],
      [2, "second-d"],
    ],
    1,
  );
  const meta = { category: "General Enquiry", url: "https://x/contact", userAgent: "UA" };

  test.each([
    [{ first_name: "Mary", name: "" }, "Mary"],
    [{ first_name: "Mary", name: "undefined undefined" }, "Mary"],
    [{ first_name: "Mary", name: "Mary Smith" }, "Mary Smith"],
    [{ first_name: "Mary" }, "Mary"],
  ])("name from %o → %s", (fields, name) => expect(prepareLead(fields, meta, site).name).toBe(name));

  test("Careers Enquiry becomes General Enquiry / Career Enquiry", () => {
    expect(prepareLead({ first_name: "A" }, { ...meta, category: "Careers Enquiry" }, site)).toMatchObject({
      category: "General Enquiry",
      subcategory: "Career Enquiry",
    });
  });

  test("source, website slug, url, user agent; dealership from the chosen location", () => {
    expect(prepareLead({ first_name: "A", location: 2 }, meta, site)).toMatchObject({
      source: "Website",
      website_slug: "parkside-motor-group",
      url: "https://x/contact",
      user_agent: "UA",
      dealership_slug: "second-d",
      location_id: 2,
    });
  });

  test("push to primary location overrides dealership and location", () => {
    expect(
      prepareLead({ first_name: "A", location: 2, dealership_slug: "second-d" }, meta, { ...site, pushToPrimary: true }),
    ).toMatchObject({ dealership_slug: "primary-d", location_id: 1 });
  });

  test.each([
    ["pushing to the primary location", { pushToPrimary: true }, { dealership_slug: "primary-d", location_id: 1 }],
    ["a fixed dealership slug", { fixedDealershipSlug: "rv-sales" }, { dealership_slug: "rv-sales", location_id: 1 }],
    [
      "pushing to a primary location with no dealership of its own",
      { pushToPrimary: true, primary: { id: 1, dealershipSlug: null } },
      { dealership_slug: null, location_id: 1 },
    ],
  ])("%s: a dealership the site does not have is overridden, never stored", (_, over, stored) => {
    expect(prepareLead({ first_name: "A", dealership_slug: "nowhere" }, meta, { ...site, ...over })).toMatchObject(stored);
  });

  test("a fixed dealership slug wins (rv-sales)", () => {
    expect(prepareLead({ first_name: "A", location: 2 }, meta, { ...site, fixedDealershipSlug: "rv-sales" }).dealership_slug).toBe(
      "rv-sales",
    );
  });
});

describe("success page and events", () => {
  test.each([
    ["General Enquiry", [], "/success?category=general-enquiry"],
    ["Service Enquiry", [["location", "parkside-service-centre"]], "/success?category=service-enquiry&location=parkside-service-centre"],
    ["New Vehicle Enquiry", [["car_type", "demo"]], "/success?category=demo-vehicle-enquiry"],
    [
      "New Vehicle Enquiry",
      [
        ["car_type", "used"],
        ["vehicle", "x"],
      ],
      "/success?category=used-vehicle-enquiry&vehicle=x",
    ],
    ["Used Vehicle Enquiry", [["car_type", "new"]], "/success?category=new-vehicle-enquiry"],
    ["General Enquiry", [["car_type", "anything"]], "/success?category=new-vehicle-enquiry"],
  ] as Array<[string, Array<[string, string]>, string]>)("%s %o → %s", (category, extras, url) =>
    expect(successUrl(category, extras)).toBe(url),
  );

  test("event ids: form submit 22, careers 51, favourite 39", () => {
    expect(formSubmitEventId("contact")).toBe(22);
    expect(formSubmitEventId("careers")).toBe(51);
    expect(EVENT_IDS.favourite).toBe(39);
  });

  test("thank-you words fit the category", () => {
    expect(thankYou("service-enquiry").title).toBe("Your service booking request is in");
    expect(thankYou("unknown").title).toBe("Thanks for getting in touch");
  });
});

describe("attribution", () => {
  test("visited pages: no duplicates, no repeated last page, at most 50", () => {
    let list: string[] = [];
    for (const p of ["/", "/search", "/search", "/", "/cars/x"]) list = addVisitedPage(list, p);
    expect(list).toEqual(["/", "/search", "/cars/x"]);
    let many: string[] = [];
    for (let i = 0; i < 80; i++) many = addVisitedPage(many, `/p${i}`);
    expect(many).toHaveLength(50);
    expect(many.at(-1)).toBe("/p49");
  });

  test("first-page query parameters are kept for 30 days", () => {
    const now = 1_000_000;
    const first = firstPageParams(null, "?utm_source=google&gclid=abc&other=1", now)!;
    expect(first.params).toEqual({ utm_source: "google", gclid: "abc" });
    expect(firstPageParams(first, "?utm_source=facebook", now + 1000)).toBe(first);
    expect(activeParams(first, now + 29 * 86_400_000)).toEqual({ utm_source: "google", gclid: "abc" });
    expect(activeParams(first, now + 30 * 86_400_000 + 1)).toEqual({});
    expect(firstPageParams(first, "?fbclid=z", now + 31 * 86_400_000)!.params).toEqual({ fbclid: "z" });
    expect(firstPageParams(null, "?x=1", now)).toBeNull();
  });
});

describe("finance calculator (default 10%)", async () => {
  const { DEFAULT_INTEREST_RATE, monthlyRepayment } = await import("./finance");
  test.each([
    [30000, 10, 60, 637.41],
    [30000, 0, 60, 500],
    [50000, 7.5, 48, 1208.95],
    [0, 10, 60, 0],
    [30000, 10, 0, 0],
  ])("$%s at %s%% over %s months → $%s", (p, rate, months, pay) =>
    expect(Math.round(monthlyRepayment(p, rate, months) * 100) / 100).toBe(pay),
  );
  test("default rate", () => expect(DEFAULT_INTEREST_RATE).toBe(10));
});

describe("the lead payload: which form, which location", () => {
  test.each([
    [{}, false, "contact"],
    [{ category: "General Enquiry" }, false, "contact"],
    [{ category: "General" }, false, "contact"],
    [{ category: "Service Enquiry" }, false, "service"],
    [{ category: "parts" }, false, "parts"],
    [{ category: "New Vehicle Enquiry" }, false, "vehicle"],
    [{ category: "Used Vehicle" }, false, "vehicle"],
    [{ category: "New Vehicle Enquiry", subcategory: "Test Drive" }, false, "test-drive"],
    [{ category: "Fleet Enquiry" }, false, "fleet"],
    [{ category: "Finance Enquiry" }, false, "finance"],
    [{ category: "Finance Enquiry", subcategory: "Pre-Approval" }, false, "finance-pre-approval"],
    [{ category: "Careers Enquiry" }, false, "careers"],
    [{ category: "General Enquiry", subcategory: "Career Enquiry" }, false, "careers"],
    [{ category: "Sell My Car Enquiry" }, false, "trade-in"],
    [{ category: "Sell My Car Enquiry" }, true, "sell-my-car"],
    [{ category: "constructor" }, false, "contact"],
    [{ category: "Service Enquiry", form: "fleet" }, false, "fleet"], // the hint wins
    [{ form: "__proto__" }, false, "contact"],
  ])("%j (sell my car: %s) → %s", (lead, sellMyCar, kind) => expect(leadFormKind(lead, { sellMyCar })).toBe(kind));

  test("location_id is the location field; short categories are the full enquiry type", () => {
    expect(normalizeLeadPayload({ location_id: 7, category: "service" })).toMatchObject({ location: 7, category: "Service Enquiry" });
    expect(normalizeLeadPayload({ location_id: 7, location: 8 }).location).toBe(8);
  });

  const site = leadSiteWith(
    "s",
    [
      [1, "a"],
      [2, "b"],
      [3, "a"],
    ],
    2,
  );
  test.each([
    ["the chosen location", { locationId: 3, dealershipSlug: null }, 3],
    ["the car's location", { locationId: null, dealershipSlug: null, vehicleLocationId: 1 }, 1],
    ["a chosen dealership's location", { locationId: null, dealershipSlug: "a" }, 1],
    ["else the primary, never the first", { locationId: null, dealershipSlug: null }, 2],
    ["an unknown id is not a choice", { locationId: 99, dealershipSlug: null }, 2],
  ])("%s", (_what, chosen, id) => expect(leadLocation(site, chosen)?.id).toBe(id));
  test("no primary: the only location, else none", () => {
    expect(
      leadLocation({ ...site, primary: null, locations: [{ id: 5, dealershipSlug: "x" }] }, { locationId: null, dealershipSlug: null })?.id,
    ).toBe(5);
    expect(leadLocation({ ...site, primary: null }, { locationId: null, dealershipSlug: null })).toBeNull();
  });

  test("form-encoded fields become the lead object, safely", () => {
    const lead = leadFromFormFields([
      ["lead[first_name]", "Mary"],
      ["lead[opt_in]", "true"],
      ["lead[visited_pages][]", "/a"],
      ["lead[visited_pages][]", "/b"],
      ["lead[linked_query_params][gclid]", "x"],
      ["lead[additional_services]", "Tyres"],
      ["lead[additional_services]", "Battery"],
      ["other", "ignored"],
      ["lead[constructor][prototype]", "1"],
    ]);
    expect(lead).toMatchObject({
      first_name: "Mary",
      opt_in: true,
      visited_pages: ["/a", "/b"],
      linked_query_params: { gclid: "x" },
      additional_services: ["Tyres", "Battery"],
    });
    expect(Object.getPrototypeOf(lead)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).prototype).toBeUndefined();
  });
});

describe("what the success page says back", () => {
  test.each([
    ["3f2a9c1b-7d4e-4a2b-9c1d-0e5f6a7b8c9d", "3F2A9C1B"],
    ["00000000-0000-4000-8000-000000000001", "00000000"],
  ])("reference of %s is %s", (id, ref) => expect(leadReference(id)).toBe(ref));
  test.each([
    ["2026 Mazda CX-5 Maxx", "Mazda CX-5"],
    ["2024 Land Rover Defender 110", "Land Rover"],
    ["Jayco Starcraft", "Jayco Starcraft"],
  ])("similar to %j: %j", (name, q) => expect(similarSearchKeywords(name)).toBe(q));
});

describe("firstReferrer: the site that sent the shopper, kept 30 days", () => {
  const now = Date.parse("2026-11-27T00:00:00Z");
  test.each([
    ["another site", null, "https://www.google.com.au/search?q=x", { host: "www.google.com.au" }],
    ["the site itself", null, "https://www.parksidemotorgroup.com.au/search", null],
    ["no referrer", null, "", null],
    ["junk", null, "::::", null],
    ["a stored one stays", { host: "carsales.com.au", expires: now + 1000 }, "https://bing.com/", { host: "carsales.com.au" }],
    ["an expired one is replaced", { host: "carsales.com.au", expires: now - 1 }, "https://bing.com/", { host: "bing.com" }],
  ])("%s", (_, stored, referrer, want) => {
    const got = firstReferrer(stored, referrer, "www.parksidemotorgroup.com.au", now);
    if (want === null) expect(got).toBeNull();
    else expect(got).toMatchObject(want);
  });
});
