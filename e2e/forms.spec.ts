import type { Page } from "@playwright/test";
import { E2E_OUTBOX, expect, siteUrl, test, waitForHydration } from "./fixtures";
import { readOutbox } from "../scripts/lib/outbox";
import { TEST_NOW_MS } from "./clock";

const parkside = (path: string) => siteUrl("parkside-motor-group", path);
const form = (page: Page) => page.locator("main form");
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const fieldError = (page: Page, label: string) => field(page, label).locator("xpath=following-sibling::p[1]");

/** Trade-in and sell-my-car on a site with a vehicle lookup start with the rego: skip to the form. */
async function byHand(page: Page) {
  const skip = page.getByRole("button", { name: "Enter details by hand" });
  await waitForHydration(skip);
  await skip.click();
}

async function fillPerson(page: Page, over: Partial<Record<"first" | "last" | "email" | "phone" | "postcode", string>> = {}) {
  await field(page, "First name").fill(over.first ?? "Mary");
  await field(page, "Last name").fill(over.last ?? "Smith");
  await field(page, "Email").fill(over.email ?? "mary@example.com");
  await form(page)
    .getByLabel(/^(Phone|Mobile)$/)
    .fill(over.phone ?? "0412345678");
  await form(page)
    .getByLabel(/^(Postcode|ZIP code)$/)
    .fill(over.postcode ?? "3134");
}

test("a form that asks for a mobile says so and takes only mobiles (AU); NZ numbers with +64 and spaces pass", async ({ page }) => {
  await page.goto(parkside("/book-test-drive"));
  await expect(field(page, "Phone")).toHaveCount(0);
  await field(page, "Mobile").fill("(03) 9870 1000");
  await field(page, "First name").click();
  await expect(fieldError(page, "Mobile")).toHaveText("Must be an Australian mobile number.");
  await field(page, "Mobile").fill("0412 345 678");
  await expect(fieldError(page, "Mobile")).toHaveCount(0);
  await page.goto(siteUrl("tasman-campers", "/finance"));
  await field(page, "Phone").fill("+64 21 123 4567");
  await field(page, "First name").click();
  await expect(fieldError(page, "Phone")).toHaveCount(0);
});

test("contact: wrong input shows each message under its field; corrected, it lands on success; details prefill the next form", async ({
  page,
}) => {
  await page.goto(parkside("/?utm_source=google&gclid=abc123"));
  await page.waitForFunction(() => localStorage.getItem("first_page_params") !== null);
  await page.goto(parkside("/contact"));
  await page.getByRole("button", { name: "Send enquiry" }).click();
  for (const label of ["First name", "Last name", "Email", "Phone", "Postcode", "Dealership", "Location", "Comments"]) {
    await expect(fieldError(page, label)).toHaveText("*This is a required field.");
  }
  await fillPerson(page, { first: "M4ry", email: "mary@", phone: "12345", postcode: "31" });
  await field(page, "Comments").fill("Do you have a white CX-5?");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(fieldError(page, "First name")).toHaveText("Please use alphabetical characters only.");
  await expect(fieldError(page, "Email")).toHaveText("invalid email address");
  await expect(fieldError(page, "Phone")).toHaveText("Invalid phone number. Must be an Australian number.");
  await expect(fieldError(page, "Postcode")).toHaveText("Invalid postcode. Please enter a 4-digit number.");

  await fillPerson(page);
  await expect(field(page, "Phone")).toHaveValue("0412 345 678"); // masked to 10 digits
  await field(page, "Dealership").selectOption({ label: "Parkside Mazda" });
  await field(page, "Location").selectOption({ label: "Parkside Mazda" });
  await expect(field(page, "State")).toHaveCount(0); // shown only once a rego is entered
  await field(page, "Rego (optional)").fill("ABC123");
  await expect(field(page, "State")).toHaveValue("vic"); // the dealer's own state (Box Hill, VIC), not the spec's QLD

  const tracked = page.evaluate(
    () =>
      new Promise((r) =>
        window.addEventListener("dealer:track", (e) => {
          const d = (e as CustomEvent).detail;
          if (d.event_id === 22 || d.event_id === 51) r(d);
        }),
      ),
  );
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  const body = (await request).postDataJSON();
  expect(body.lead).toMatchObject({
    form: "contact",
    first_name: "Mary",
    category: "General Enquiry",
    location: 10012,
    opt_in: true,
    linked_query_params: { utm_source: "google", gclid: "abc123" },
  });
  expect(body.lead.visited_pages).toEqual(["/", "/contact"]);
  expect(await tracked).toMatchObject({ event_id: 22, category: "General Enquiry" });
  await expect(page).toHaveURL(parkside("/success?category=general-enquiry"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks for getting in touch");

  await page.goto(parkside("/book-test-drive"));
  await expect(field(page, "First name")).toHaveValue("Mary");
  await expect(field(page, "Last name")).toHaveValue("Smith");
  await expect(field(page, "Email")).toHaveValue("mary@example.com");
  await expect(field(page, "Mobile")).toHaveValue("0412 345 678"); // a test drive asks for a mobile
  await expect(field(page, "Postcode")).toHaveValue("3134");
});

test("a failed submission: alert, form-level message, every value kept", async ({ page }) => {
  await page.route("**/api/leads", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: "An error occurred when submitting this form" }),
    }),
  );
  await page.goto(parkside("/finance"));
  await expect(page.getByTestId("repayment")).toHaveText("Estimated repayment: $133 a week*"); // $30,000, 10% down, weekly at parkside's 8.99% and fees
  await fillPerson(page);
  await field(page, "Comments (optional)").fill("Keep me");
  const alert = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.message()), void d.dismiss())));
  await page.getByRole("button", { name: "Send finance enquiry" }).click();
  expect(await alert).toBe("An error occurred when submitting this form");
  await expect(page.getByTestId("form-error")).toHaveText("An error occurred when submitting this form");
  await expect(field(page, "First name")).toHaveValue("Mary");
  await expect(field(page, "Comments (optional)")).toHaveValue("Keep me");
  await expect(page.getByRole("button", { name: "Send finance enquiry" })).toBeEnabled();
});

test("vehicle enquiry from the detail page goes to the car type's success page", async ({ page }) => {
  await page.goto(parkside("/search/used-cars"));
  await page
    .getByTestId("vehicle-card")
    .first()
    .getByRole("link", { name: /^Enquire Now/ })
    .click();
  await expect(page).toHaveURL(/#enquiry-form$/);
  const carName = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const form = page.getByTestId("lead-form-vehicle");
  await fillPerson(page);
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(parkside("/success?category=used-vehicle-enquiry"));
  // the success page says it back: a reference, the car, who answers and when, and what next
  const summary = page.getByTestId("sent-summary");
  await expect(summary.getByTestId("lead-reference")).toHaveText(/^[0-9A-F]{8}$/);
  await expect(summary).toContainText(carName);
  await expect(summary).toContainText(/The team at Parkside \w+.* will call or email you/);
  await expect(summary.getByRole("link", { name: /^Directions to / })).toHaveAttribute("href", /google\.com\/maps/);
  await expect(summary.getByRole("link", { name: "Similar cars" })).toBeVisible();
});

test("the lead reaches the dealer within seconds: the salesperson's email and the CRM's ADF", async ({ page }) => {
  await page.goto(parkside("/contact"));
  const send = page.getByRole("button", { name: "Send enquiry" });
  await waitForHydration(send);
  await fillPerson(page, { first: "Delivery" });
  await field(page, "Dealership").selectOption({ label: "Parkside Mazda" });
  await field(page, "Location").selectOption({ label: "Parkside Mazda" });
  await field(page, "Comments").fill("Please call me about a CX-5.");
  await send.click();
  await expect(page).toHaveURL(/\/success/);
  const ref = (await page.getByTestId("lead-reference").textContent())!.toLowerCase();
  // the outbox (no SMTP_URL in the browser tests): one message per channel, named by the lead's id
  const attachment = new RegExp(`lead-${ref}[0-9a-f-]{28}\\.adf\\.xml`);
  const sent = async () =>
    (await readOutbox(E2E_OUTBOX))
      .filter((m) => m.attachments.some((a) => attachment.test(a)))
      .flatMap((m) => m.to)
      .sort();
  await expect.poll(sent, { timeout: 10_000 }).toEqual(["crm@parksidemotorgroup.com.au", "mazda@parksidemotorgroup.com.au"]);
});

test("tasman: New Zealand phone rules", async ({ page }) => {
  await page.goto(siteUrl("tasman-campers", "/contact"));
  await fillPerson(page, { phone: "0412 345 678 99999", postcode: "8042" });
  await field(page, "Comments").fill("Hello");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(fieldError(page, "Phone")).toHaveText("Invalid phone number. Too many characters.");
  await field(page, "Phone").fill("12345");
  await expect(fieldError(page, "Phone")).toHaveText("Must be a New Zealand number.");
  await field(page, "Phone").fill("03 348 1200");
  await field(page, "Location").selectOption({ label: "Tasman Campers Christchurch" });
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/success\?category=general-enquiry$/);
});

test("lakeside-rv: US phone rules", async ({ page }) => {
  await page.goto(siteUrl("lakeside-rv", "/finance"));
  await fillPerson(page, { phone: "0412 345 678", postcode: "86403" });
  await page.getByRole("button", { name: "Send finance enquiry" }).click();
  await expect(fieldError(page, "Phone")).toHaveText("Must be a US number.");
  await field(page, "Phone").fill("(928) 555-0142");
  await page.getByRole("button", { name: "Send finance enquiry" }).click();
  await expect(page).toHaveURL(/\/success\?category=finance-enquiry$/);
});

test("outback: trade-in is sell my car (with photos); pre-approval goes to finance", async ({ page }) => {
  await page.goto(siteUrl("outback-truck-centre", "/trade-in"));
  await expect(page).toHaveURL(siteUrl("outback-truck-centre", "/sell-my-car"));
  await byHand(page); // (the lookup by rego is e2e/lookups.spec.ts)
  await fillPerson(page, { postcode: "4350" });
  await field(page, "Your vehicle (year, make and model)").fill("2018 Isuzu NPR");
  await field(page, "Odometer").fill("180000");
  await page.getByLabel(/Photos or documents/).setInputFiles({
    name: "truck.png",
    mimeType: "image/png",
    buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"),
  });
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads/with-files"));
  await page.getByRole("button", { name: "Get an offer" }).click();
  expect((await request).method()).toBe("POST");
  await expect(page).toHaveURL(/\/success\?category=sell-my-car-enquiry$/);
  await page.goto(siteUrl("outback-truck-centre", "/finance-pre-approval"));
  await expect(page).toHaveURL(siteUrl("outback-truck-centre", "/finance"));
});

test("the demo site posts to /mock", async ({ page }) => {
  await page.goto(siteUrl("demo-motors", "/finance"));
  await fillPerson(page, { postcode: "5000" });
  const request = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/leads"));
  await page.getByRole("button", { name: "Send finance enquiry" }).click();
  expect(new URL((await request).url()).pathname).toBe("/mock/leads");
  await expect(page).toHaveURL(/\/success\?category=finance-enquiry$/);
});

test("careers emits event 51", async ({ page }) => {
  await page.goto(parkside("/careers"));
  await fillPerson(page);
  await field(page, "Position you are interested in").fill("Service advisor");
  await field(page, "Comments").fill("Ten years in service.");
  const tracked = page.evaluate(
    () =>
      new Promise((r) =>
        window.addEventListener("dealer:track", (e) => {
          const d = (e as CustomEvent).detail;
          if (d.event_id === 22 || d.event_id === 51) r(d);
        }),
      ),
  );
  await page.getByRole("button", { name: "Send application" }).click();
  expect(await tracked).toMatchObject({ event_id: 51 });
  await expect(page).toHaveURL(/\/success\?category=careers-enquiry$/);
});

test("the EMAIL US modal holds the contact form for that location, without asking which dealership or location", async ({ page }) => {
  await page.goto(parkside("/dealerships"));
  await page.getByTestId("location-card").first().getByRole("button", { name: "Email Us" }).click();
  const modal = page.getByRole("dialog", { name: "EMAIL US" });
  await expect(modal.getByLabel("Location")).toHaveCount(0);
  await expect(modal.getByLabel("Dealership")).toHaveCount(0);
  await modal.getByLabel("First name").fill("Sam");
  await modal.getByLabel("Last name").fill("Lee");
  await modal.getByLabel("Email").fill("sam@example.com");
  await modal.getByLabel("Phone").fill("(03) 9870 1234");
  await modal.getByLabel("Postcode").fill("3134");
  await modal.getByLabel("Comments").fill("Please call me");
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  await modal.getByRole("button", { name: "Send enquiry" }).click();
  expect((await request).postDataJSON().lead).toMatchObject({ location: 10011, dealership_slug: "parkside-suzuki" });
  await expect(page).toHaveURL(/\/success\?category=general-enquiry$/);
});

test("harbour-city relaxes the contact message; it is required on parkside", async ({ page }) => {
  await page.goto(siteUrl("harbour-city-pre-owned", "/contact"));
  await expect(field(page, "Comments (optional)")).toBeVisible();
  await fillPerson(page, { postcode: "2046" });
  await field(page, "Location").selectOption({ label: "Harbour City Pre-Owned Five Dock" });
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/success\?category=general-enquiry$/);
});

// the Year list follows the server's clock (a booking's date is from its today, within a year)
const nextYear = String(new Date(TEST_NOW_MS).getFullYear() + 1);
const FORM_FILLS: Array<[string, string, string, (page: Page) => Promise<void>]> = [
  [
    "/book-test-drive",
    "Book test drive",
    "new-vehicle-enquiry",
    async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Suzuki" });
      await field(page, "Day").selectOption({ index: 2 }); // the day after tomorrow (the server's clock is pinned)
      await field(page, "Time").selectOption({ index: 1 }); // its first slot
    },
  ],
  [
    "/service",
    "Book service",
    "service-enquiry",
    async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Service Centre" });
      await field(page, "Rego (optional)").fill("1ABC234");
      await field(page, "State").selectOption({ label: "VIC" });
      await field(page, "Day").selectOption({ index: 2 });
      await field(page, "Time (optional)").selectOption({ index: 1 }); // the day's first free time
      await form(page).getByRole("checkbox", { name: "Tyres" }).check();
    },
  ],
  [
    "/pages/book-a-service",
    "Book service",
    "service-enquiry",
    async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Service Centre" });
      await field(page, "Day").selectOption({ index: 3 });
    },
  ],
  [
    "/vehicle-parts-and-accessories",
    "Send parts enquiry",
    "parts-enquiry",
    async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Service Centre" });
      await field(page, "Comments").fill("Roof racks for a 2022 Vitara");
    },
  ],
  [
    "/finance-pre-approval",
    "Apply for pre-approval",
    "finance-enquiry",
    async (page) => {
      await field(page, "Day").selectOption("1");
      await field(page, "Month").selectOption({ label: "January" });
      await field(page, "Year").selectOption(nextYear);
      await field(page, "Amount to borrow ($)").fill("35000");
    },
  ],
  [
    "/trade-in",
    "Value my trade-in",
    "sell-my-car-enquiry",
    async (page) => {
      await field(page, "Your vehicle (year, make and model)").fill("2017 Toyota Corolla");
      await field(page, "Odometer").fill("98000");
    },
  ],
  [
    "/fleet",
    "Send fleet enquiry",
    "fleet-enquiry",
    async (page) => {
      await field(page, "Company").fill("Acme Logistics");
      await field(page, "Comments").fill("Ten utes");
    },
  ],
];

for (const [path, button, category, fill] of FORM_FILLS) {
  test(`parkside ${path}: submitted, stored, thanked`, async ({ page }) => {
    await page.goto(parkside(path));
    if (path === "/trade-in") await byHand(page);
    await fillPerson(page);
    await fill(page);
    const response = page.waitForResponse((r) => r.url().endsWith("/api/leads") && r.request().method() === "POST");
    await page.getByRole("button", { name: button }).click();
    expect((await response).status()).toBe(201);
    await expect(page).toHaveURL(parkside(`/success?category=${category}`));
    // the thank-you page repeats the booked slot as one date and time
    if (path === "/book-test-drive")
      await expect(page.getByTestId("booked-slot")).toHaveText(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, \d{1,2}:\d{2} (am|pm)$/);
  });
}

test("one visit, one lead: details added on the success page and the same form sent again update it", async ({ page }) => {
  await page.goto(parkside("/finance"));
  await fillPerson(page, { email: "update-path@example.com" });
  const created = page.waitForResponse((r) => r.url().endsWith("/api/leads") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Send finance enquiry" }).click();
  expect((await created).status()).toBe(201);
  const id = ((await (await created).json()) as { lead: { id: string } }).lead.id;
  await expect(page).toHaveURL(parkside("/success?category=finance-enquiry"));
  await page.getByLabel("Anything else we should know? (optional)").fill("Best time to call is after 5pm.");
  const added = page.waitForResponse((r) => r.url().endsWith(`/api/leads/${id}`) && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Add to my enquiry" }).click();
  expect((await added).status()).toBe(200);
  expect(((await (await added).json()) as { lead: { message: string } }).lead.message).toBe("Best time to call is after 5pm.");
  await expect(page.getByRole("status")).toHaveText("Thanks, we’ve added that to your enquiry.");
  // the same form again in this visit: the lead is updated, not duplicated
  await page.goto(parkside("/finance"));
  await fillPerson(page, { email: "update-path@example.com", phone: "0400 111 222" });
  const resent = page.waitForResponse((r) => r.url().endsWith(`/api/leads/${id}`) && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Send finance enquiry" }).click();
  expect((await resent).status()).toBe(200);
  await expect(page).toHaveURL(parkside("/success?category=finance-enquiry"));
});

test("contact: no state without a rego; a 503 is retried with the same Idempotency-Key, and a repeat of it is answered with the same lead", async ({
  page,
}) => {
  await page.goto(parkside("/contact"));
  await fillPerson(page, { email: "retry-e2e@example.com" });
  await field(page, "Dealership").selectOption({ label: "Parkside Mazda" });
  await field(page, "Location").selectOption({ label: "Parkside Mazda" });
  await field(page, "Comments").fill("Is the CX-5 still here?");
  // the first POST meets a 503 at the front door; the browser tries again by itself
  const sent: Array<{ key: string | undefined; body: string }> = [];
  await page.route("**/api/leads", async (route) => {
    const req = route.request();
    sent.push({ key: req.headers()["idempotency-key"], body: req.postData() ?? "" });
    if (sent.length === 1)
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":"An error occurred when submitting this form"}',
      });
    return route.continue();
  });
  const stored = page.waitForResponse((r) => r.url().endsWith("/api/leads") && r.status() === 201);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  const first = (await (await stored).json()) as { lead: { id: string } };
  await expect(page).toHaveURL(parkside("/success?category=general-enquiry"));
  expect(sent).toHaveLength(2);
  expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1]!.key).toBe(sent[0]!.key);
  expect(JSON.parse(sent[1]!.body).lead).not.toHaveProperty("state"); // no rego, no state
  // the same submission once more (an answer lost on the way back): the same lead, nothing stored again
  await page.unroute("**/api/leads");
  const again = await page.evaluate(async ({ key, body }) => {
    const res = await fetch("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key! },
      body,
    });
    return {
      status: res.status,
      replayed: res.headers.get("idempotent-replayed"),
      id: ((await res.json()) as { lead: { id: string } }).lead.id,
    };
  }, sent[1]!);
  expect(again).toEqual({ status: 201, replayed: "true", id: first.lead.id });
});
