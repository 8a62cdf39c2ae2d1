import { readdir } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { E2E_OUTBOX, expect, freshEmail, siteUrl, test } from "./fixtures";
import { waitForMail } from "../scripts/lib/outbox";
import { MSG } from "../src/domain/leads/messages";
import { LOOKUP_MSG } from "../src/domain/lookups/lookup";
import { TEST_NOW_MS } from "./clock";

/*
 * Every enquiry form with JavaScript off (docs/features/forms-and-leads.md): the browser posts the form
 * itself. Refused, it comes back with each message under its field and every value kept; accepted, the
 * shopper lands on the success page and the lead reaches the dealer. No address the browser asks for
 * ever carries what was typed.
 */
test.use({ javaScriptEnabled: false });

const form = (page: Page) => page.locator("main form[data-lead-form]");
const field = (page: Page, label: string | RegExp) => form(page).getByLabel(label, { exact: typeof label === "string" });

type Person = { first: string; email: string; phone: string };

/** Watches every request the page makes: none may carry the shopper's name, email or phone. */
function watchRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return (p: Person) => {
    const typed = [p.first, p.email, encodeURIComponent(p.email), p.phone.replace(/\s/g, ""), encodeURIComponent(p.phone)];
    for (const url of urls) for (const t of typed) expect(decodeURIComponent(url), `request ${url}`).not.toContain(t);
    expect(urls.length).toBeGreaterThan(1);
  };
}

async function fillPerson(page: Page, p: Person, postcode = "3134") {
  await field(page, "First name").fill(p.first);
  await field(page, "Last name").fill("Smith");
  await field(page, "Email").fill(p.email);
  await field(page, /^(Phone|Mobile)$/).fill(p.phone);
  await field(page, /^(Postcode|ZIP code)$/).fill(postcode);
}

type FormCase = {
  site?: string;
  path: string;
  button: string;
  category: RegExp;
  /** the page's own fields, filled in before the first (refused) send */
  fill?: (page: Page) => Promise<void>;
  /** the site's lookup starts with the rego: posted without script it brings the plain form back */
  lookup?: boolean;
  files?: boolean;
  mobile?: boolean;
};

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
// the Year list follows the server's clock (a booking's date is from its today, within a year)
const nextYear = String(new Date(TEST_NOW_MS).getFullYear() + 1);

const CASES: FormCase[] = [
  {
    path: "/contact",
    button: "Send enquiry",
    category: /general-enquiry$/,
    fill: async (page) => {
      await field(page, "Dealership").selectOption({ label: "Parkside Mazda" });
      await field(page, "Location").selectOption({ label: "Parkside Mazda" });
      await field(page, "Comments").fill("Is the CX-5 still available?");
    },
  },
  {
    path: "/contact-us/parkside-mazda",
    button: "Send enquiry",
    category: /general-enquiry$/,
    fill: (page) => field(page, "Comments").fill("Hi"),
  },
  {
    path: "/book-test-drive",
    button: "Book test drive",
    category: /new-vehicle-enquiry$/,
    mobile: true,
    fill: async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Mazda" });
      await field(page, "Day").selectOption({ index: 2 }); // Friday (the server's clock is pinned to a Wednesday)
      await field(page, "Time").selectOption({ label: "11:00 am" });
    },
  },
  {
    path: "/service",
    button: "Book service",
    category: /service-enquiry$/,
    fill: async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Service Centre" });
      // a day the workshop takes bookings, no time: a preferred day for the workshop to confirm
      await field(page, "Day").selectOption({ index: 2 });
      await form(page).getByRole("checkbox", { name: "Tyres" }).check();
    },
  },
  {
    path: "/pages/book-a-service",
    button: "Book service",
    category: /service-enquiry$/,
    fill: async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Service Centre" });
      await field(page, "Day").selectOption({ index: 3 });
    },
  },
  {
    path: "/vehicle-parts-and-accessories",
    button: "Send parts enquiry",
    category: /parts-enquiry$/,
    fill: async (page) => {
      await field(page, "Location").selectOption({ label: "Parkside Service Centre" });
      await field(page, "Comments").fill("Roof racks for a 2022 Vitara");
    },
  },
  { path: "/finance", button: "Send finance enquiry", category: /finance-enquiry$/ },
  {
    path: "/finance-pre-approval",
    button: "Apply for pre-approval",
    category: /finance-enquiry$/,
    mobile: true,
    fill: async (page) => {
      await field(page, "Day").selectOption("1");
      await field(page, "Month").selectOption({ label: "January" });
      await field(page, "Year").selectOption(nextYear);
      await field(page, "Amount to borrow ($)").fill("35000");
    },
  },
  {
    path: "/trade-in",
    button: "Value my trade-in",
    category: /sell-my-car-enquiry$/,
    lookup: true,
    fill: async (page) => {
      await field(page, "Your vehicle (year, make and model)").fill("2017 Toyota Corolla");
      await field(page, "Odometer").fill("98000");
    },
  },
  {
    site: "outback-truck-centre",
    path: "/sell-my-car",
    button: "Get an offer",
    category: /sell-my-car-enquiry$/,
    lookup: true,
    files: true,
    fill: async (page) => {
      await field(page, "Your vehicle (year, make and model)").fill("2018 Isuzu NPR");
      await field(page, "Odometer").fill("180000");
    },
  },
  {
    path: "/fleet",
    button: "Send fleet enquiry",
    category: /fleet-enquiry$/,
    fill: async (page) => {
      await field(page, "Company").fill("Acme Logistics");
      await field(page, "Comments").fill("Ten utes");
    },
  },
  {
    path: "/careers",
    button: "Send application",
    category: /careers-enquiry$/,
    fill: async (page) => {
      await field(page, "Position you are interested in").fill("Service advisor");
      await field(page, "Comments").fill("Ten years in service.");
    },
  },
];

for (const c of CASES) {
  const site = c.site ?? "parkside-motor-group";
  test(`without JavaScript ${site} ${c.path}: refused with messages and values kept, then sent and delivered`, async ({ page }) => {
    const checkUrls = watchRequests(page);
    const person: Person = { first: "Noscriptia", email: freshEmail("noscript"), phone: c.mobile ? "0412 345 678" : "(03) 9870 1234" };
    await page.goto(siteUrl(site, c.path));
    if (c.lookup) {
      // the rego step is a GET of the page, which looks the rego up: the plain form with the rego kept (and the car, where found)
      await page.getByLabel("Rego", { exact: true }).fill("ABC123");
      await page.getByRole("button", { name: "Find my vehicle" }).click();
      await expect(page).toHaveURL(new RegExp(`${c.path}\\?rego=ABC123&state=`));
      await expect(field(page, "Rego (optional)")).toHaveValue("ABC123");
      if (site === "parkside-motor-group") {
        // ABC123 in VIC is the demo's Corolla
        await expect(page.getByTestId("lookup-note")).toHaveText("We found 2019 Toyota Corolla Ascent Sport (ABC123, VIC).");
        await expect(field(page, "Your vehicle (year, make and model)")).toHaveValue("2019 Toyota Corolla Ascent Sport");
      } else await expect(page.getByTestId("lookup-note")).toHaveText(LOOKUP_MSG.notFound);
    }
    await fillPerson(page, { ...person, email: "not-an-email" }, site === "outback-truck-centre" ? "4350" : "3134");
    await c.fill?.(page);
    await page.getByRole("button", { name: c.button }).click();
    // refused: the same page, each message under its field, nothing typed lost
    await expect(page).toHaveURL(siteUrl(site, c.path));
    await expect(form(page).getByTestId("form-error")).toHaveText(MSG.submitFailed);
    await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByText(MSG.email, { exact: true })).toBeVisible();
    await expect(field(page, "Email")).toHaveValue("not-an-email");
    await expect(field(page, "First name")).toHaveValue(person.first);
    await expect(field(page, /^(Phone|Mobile)$/)).toHaveValue(person.phone);
    await field(page, "Email").fill(person.email);
    // the day and time are chosen again where their choices follow the location (a plain select keeps no choice of its own)
    if (c.path === "/book-test-drive") await c.fill?.(page);
    if (c.files) await page.getByLabel(/Photos or documents/).setInputFiles({ name: "truck.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: c.button }).click();
    await expect(page).toHaveURL(c.category);
    expect(new URL(page.url()).pathname).toBe("/success");
    // stored and delivered: the dealer's email carries the shopper's address
    const [mail] = await waitForMail(E2E_OUTBOX, (m) => m.text.includes(person.email), { timeoutMs: 10_000 });
    expect(mail, "the dealer's email for this lead").toBeTruthy();
    if (c.files) {
      // the photo is kept with the lead (its folder is named by the lead's id, as the ADF attachment is)
      const id = /lead-([0-9a-f-]{36})\.adf\.xml/.exec(mail!.attachments.join(" "))?.[1];
      expect(id, "the lead's id in its ADF attachment").toBeTruthy();
      const kept = await readdir(".data/uploads", { recursive: true });
      expect(kept.filter((f) => f.includes(id!) && f.endsWith(".png"))).toHaveLength(1);
    }
    checkUrls(person);
  });
}

test("without JavaScript a car's page offers its enquiry on a plain form, about that car", async ({ page }) => {
  const checkUrls = watchRequests(page);
  await page.goto(siteUrl("parkside-motor-group", "/search/new-used-and-demo-cars"));
  await page.locator("main article a[href^='/cars/']").first().click();
  const slug = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("link", { name: "Open the enquiry form" }).click();
  await expect(page).toHaveURL(siteUrl("parkside-motor-group", `/contact?vehicle=${slug}`));
  const person: Person = { first: "Carnoscript", email: freshEmail("car"), phone: "(03) 9870 1234" };
  // the car's own enquiry form: its location already chosen, no enquiry type or dealership to pick
  await expect(page.getByRole("heading", { name: "Enquire about this vehicle" })).toBeVisible();
  await expect(field(page, "Location")).not.toHaveValue("");
  await expect(field(page, "Enquiry type")).toHaveCount(0);
  await expect(field(page, "Dealership")).toHaveCount(0);
  await fillPerson(page, person);
  await field(page, "Comments (optional)").fill("Is it still available?");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  // filed as the car's enquiry type (new, demo or used)
  await expect(page).toHaveURL(/\/success\?category=(new|demo|used)-vehicle-enquiry$/);
  checkUrls(person);
});

test("without JavaScript the optional fields fold under Add more details, open without script and are sent by their names", async ({
  page,
}) => {
  await page.goto(siteUrl("parkside-motor-group", "/finance"));
  const more = form(page).locator("details", { hasText: "Add more details" });
  await expect(more).not.toHaveAttribute("open");
  await expect(field(page, "Where did you hear about us? (optional)")).toBeHidden();
  await more.getByText("Add more details").click();
  await expect(field(page, "Where did you hear about us? (optional)")).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await more.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/noscript-desktop-details.png" });
});

test("without JavaScript on a phone the refused form reads: its messages, its values @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl("parkside-motor-group", "/contact"));
  await fillPerson(page, { first: "Phone", email: "bad@", phone: "12" });
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form(page).getByTestId("form-error")).toBeVisible();
  await page.screenshot({ path: "test-results/noscript-phone-refused.png", fullPage: false });
  await expect(field(page, "Email")).toHaveValue("bad@");
});
