import type { Page } from "@playwright/test";
import { E2E_OUTBOX, expect, freshEmail, siteUrl, test, waitForHydration } from "./fixtures";
import { linkIn, waitForMail } from "../scripts/lib/outbox";
import { BOOKING_MSG } from "../src/domain/bookings/messages";

/*
 * Bookings that hold: a car's test-drive time is one shopper's. Booked on a phone without
 * JavaScript, the time is refused to the next shopper; the confirmation's link opens the booking,
 * where cancelling it puts the time back on offer.
 */
const SITE = "parkside-motor-group";
const form = (page: Page) => page.locator("main form[data-lead-form]");
const field = (page: Page, label: string | RegExp) => form(page).getByLabel(label, { exact: typeof label === "string" });

async function fillPerson(page: Page, email: string) {
  await field(page, "First name").fill("Tess");
  await field(page, "Last name").fill("Driver");
  await field(page, "Email").fill(email);
  await field(page, /^(Phone|Mobile)$/).fill("0412 345 678");
  await field(page, /^(Postcode|ZIP code)$/).fill("3134");
}

/** A car of the demo's stock list (the `n`-th), by its page's slug. */
async function carSlug(page: Page, n: number) {
  await page.goto(siteUrl(SITE, "/search/new-used-and-demo-cars"));
  const href = await page.getByTestId("vehicle-card").nth(n).getByRole("heading").getByRole("link").getAttribute("href");
  return href!.split("/").pop()!;
}

/** Books the car's test drive on the plain form: the third day offered, at 2:00 pm. */
async function bookDrive(page: Page, slug: string, email: string) {
  await page.goto(siteUrl(SITE, `/book-test-drive?vehicle=${slug}`));
  await fillPerson(page, email);
  await field(page, "Day").selectOption({ index: 3 });
  await field(page, "Time").selectOption({ label: "2:00 pm" });
  await page.getByRole("button", { name: "Book test drive" }).click();
}

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("one car, one time: the second shopper is refused that time; the first cancels from the email's link and it is free again", async ({
    page,
  }) => {
    const slug = await carSlug(page, 5);
    const first = freshEmail("booker");
    await bookDrive(page, slug, first);
    await expect(page).toHaveURL(/\/success\?category=/);

    // the same car at the same time: refused under the time, everything typed kept
    const second = freshEmail("second");
    await bookDrive(page, slug, second);
    await expect(page).toHaveURL(siteUrl(SITE, `/book-test-drive?vehicle=${slug}`));
    await expect(form(page).getByText(BOOKING_MSG.taken)).toBeVisible();
    await expect(field(page, "Time")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Email")).toHaveValue(second);

    // the confirmation: its link opens the booking (on this test server's address), which can be cancelled
    const [mail] = await waitForMail(E2E_OUTBOX, (m) => m.to.includes(first) && /Booking confirmed/.test(m.subject), { timeoutMs: 10_000 });
    expect(mail, "the shopper's confirmation").toBeTruthy();
    const link = linkIn(mail!, /(https?:\/\/[^\s"<>]+\/booking\/[^\s"<>]+)/);
    await page.goto(siteUrl(SITE, new URL(link).pathname));
    await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
    await expect(page.getByTestId("booking-status")).toHaveText("Booked");
    await expect(page.getByText(/^Test drive: /)).toBeVisible();
    await page.screenshot({ path: "test-results/booking-phone.png" });
    await page.getByRole("button", { name: "Cancel this booking" }).click();
    await expect(page.getByTestId("booking-status")).toHaveText(/^Cancelled/);
    await expect(page.getByRole("link", { name: "Book another test drive" })).toHaveAttribute("href", `/book-test-drive?vehicle=${slug}`);

    // freed: the second shopper now gets the time
    await bookDrive(page, slug, second);
    await expect(page).toHaveURL(/\/success\?category=/);
  });
});

test("with JavaScript, a car's booked time is not offered on its day", async ({ page }) => {
  const slug = await carSlug(page, 6);
  await page.goto(siteUrl(SITE, `/book-test-drive?vehicle=${slug}`));
  const day = field(page, "Day");
  await waitForHydration(day);
  const chosen = await day.locator("option").nth(3).getAttribute("value");
  await day.selectOption(chosen!);
  await expect(field(page, "Time").locator("option", { hasText: /^2:00 pm$/ })).toHaveCount(1);
  // another shopper books that day at 2:00 pm meanwhile (from this page: same site, its own origin)
  const lead = {
    form: "test-drive",
    vehicle: slug,
    first_name: "Tess",
    last_name: "Driver",
    email: freshEmail("js"),
    phone: "0412 345 678",
    postcode: "3134",
    year: Number(chosen!.slice(0, 4)),
    month: Number(chosen!.slice(5, 7)),
    day: Number(chosen!.slice(8, 10)),
    time: "14:00",
  };
  const status = await page.evaluate(
    (body) =>
      fetch("/api/leads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ lead: body }) }).then(
        (r) => r.status,
      ),
    lead,
  );
  expect(status).toBe(201);
  await page.reload();
  await waitForHydration(field(page, "Day"));
  await field(page, "Day").selectOption(chosen!);
  await expect(field(page, "Time").locator("option", { hasText: /^1:30 pm$/ })).toHaveCount(1);
  await expect(field(page, "Time").locator("option", { hasText: /^2:00 pm$/ })).toHaveCount(0);
});

test.describe("the service form on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("offers the workshop's days and free times only; a half hour with both drop-offs taken is not offered", async ({ page }) => {
    await page.goto(siteUrl(SITE, "/service"));
    await expect(field(page, "Location")).toHaveValue("10016"); // the site's one workshop, chosen for the shopper
    await expect(field(page, "Location").locator("option")).toHaveText(["Please select", "Parkside Service Centre"]);
    const day = field(page, "Day");
    await waitForHydration(day);
    const chosen = (await day.locator("option").nth(4).getAttribute("value"))!;
    await day.selectOption(chosen);
    const time = field(page, "Time (optional)");
    await expect(time.locator("option", { hasText: /^9:00 am$/ })).toHaveCount(1);
    await page.screenshot({ path: "test-results/service-form-phone.png", fullPage: true });
    // two other shoppers take both of 9:00's drop-offs
    const [year, month, dayOfMonth] = chosen.split("-").map(Number);
    for (const who of ["a", "b"]) {
      const status = await page.evaluate(
        (lead) =>
          fetch("/api/leads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ lead }) }).then(
            (r) => r.status,
          ),
        {
          form: "service",
          location: 10016,
          state: "vic",
          first_name: "Sam",
          last_name: "Service",
          email: freshEmail(`svc-${who}`),
          phone: "0412 345 678",
          postcode: "3134",
          year,
          month,
          day: dayOfMonth,
          time: "09:00",
        },
      );
      expect(status).toBe(201);
    }
    await page.reload();
    await waitForHydration(field(page, "Day"));
    await field(page, "Day").selectOption(chosen);
    await expect(field(page, "Time (optional)").locator("option", { hasText: /^9:30 am$/ })).toHaveCount(1);
    await expect(field(page, "Time (optional)").locator("option", { hasText: /^9:00 am$/ })).toHaveCount(0);
    // the slots API through the real server says the same (GET, and HEAD without a body)
    const api = await page.evaluate(async (date) => {
      const url = `/api/bookings/slots?kind=service&date=${date}&location_id=10016`;
      const get = await fetch(url);
      const head = await fetch(url, { method: "HEAD" });
      return { status: get.status, body: (await get.json()) as { slots: Array<{ start: string; available: number }> }, head: head.status };
    }, chosen);
    expect([api.status, api.head]).toEqual([200, 200]);
    expect(api.body.slots.some((s) => s.start.startsWith(`${chosen}T09:00:00`))).toBe(false);
    expect(api.body.slots.find((s) => s.start.startsWith(`${chosen}T09:30:00`))).toMatchObject({ available: 2 });
  });
});
