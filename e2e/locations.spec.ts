import type { Locator } from "@playwright/test";
import { expect, expectNoAxeViolations, siteUrl, test, waitForHydration } from "./fixtures";

const parkside = (path: string) => siteUrl("parkside-motor-group", path);
/** A weekly row (the server's clock, e2e/clock.ts, is in a week without holidays: every row is the weekly one). */
const row = (card: Locator, day: string) => card.getByTestId("opening-hours").getByRole("row", { name: new RegExp(`^${day}`) });
const expectHours = async (card: Locator, day: string, hours: string) => expect(row(card, day).getByRole("cell")).toHaveText(hours);

test("parkside /dealerships: six cards with the exact hours", async ({ page }) => {
  await page.goto(parkside("/dealerships"));
  const cards = page.getByTestId("location-card");
  await expect(cards).toHaveCount(6);
  const suzuki = cards.filter({ has: page.getByRole("heading", { name: "Parkside Suzuki" }) });
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
    await expectHours(suzuki, day, "9:00 am - 5:00 pm");
  await expectHours(suzuki, "Sunday", "10:00 am - 4:00 pm");
  const service = cards.filter({ has: page.getByRole("heading", { name: "Parkside Service Centre" }) });
  for (const day of ["Monday", "Friday"]) await expectHours(service, day, "7:30 am - 5:30 pm");
  await expectHours(service, "Saturday", "By Appointment");
  await expectHours(service, "Sunday", "Closed");
  await expect(suzuki.getByText("LMCT 10234")).toBeVisible();
  await expect(service.getByText("MVR 45872")).toBeVisible();
  await expect(suzuki.getByRole("link", { name: "Get Directions" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\//);
  await expect(suzuki.getByRole("link", { name: "(03) 9870 1001" })).toHaveAttribute("href", "tel:+61398701001");
  await expect(service.getByRole("link", { name: "Book a Service" })).toBeVisible();
  await expect(suzuki.getByRole("link", { name: "Book a Service" })).toHaveCount(0);
  await expect(page.getByTestId("location-picker")).toBeVisible();
  await expect(page.getByTestId("reviews-summary")).toContainText("4.1");
  await expect(page.getByTestId("reviews-summary")).toContainText("1,525 reviews");
});

test("dealership lists filter by type", async ({ page }) => {
  await page.goto(parkside("/dealerships"));
  await page.getByRole("navigation", { name: "Filter locations" }).getByRole("link", { name: "Service" }).click();
  await expect(page).toHaveURL(/type=service/);
  await expect(page.getByTestId("location-card")).toHaveCount(1);
  await page.goto(siteUrl("harbour-city-pre-owned", "/dealerships?type=buying"));
  await expect(page.getByTestId("location-card")).toHaveCount(1);
  await expect(page.getByTestId("location-card").getByRole("heading")).toHaveText("Harbour City Car Buying Centre");
});

test("dealership lists filter by dealership name, with the type kept (dealership filter object)", async ({ page }) => {
  await page.goto(parkside("/dealerships"));
  const byDealer = page.getByRole("navigation", { name: "Filter by dealership" });
  await byDealer.getByRole("link", { name: "Parkside Mazda" }).click();
  await expect(page).toHaveURL(/\/dealerships\?dealership=parkside-mazda$/);
  await expect(page.getByTestId("location-card").getByRole("heading")).toHaveText(["Parkside Mazda"]);
  await expect(byDealer.getByRole("link", { name: "Parkside Mazda" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("navigation", { name: "Filter locations" }).getByRole("link", { name: "Service" }).click();
  await expect(page).toHaveURL(/type=service&dealership=parkside-mazda$/);
  await expect(page.getByTestId("location-card")).toHaveCount(0);
  await page.getByTestId("no-locations").getByRole("link", { name: "Show all its locations" }).click();
  await expect(page.getByTestId("location-card")).toHaveCount(1);
  await byDealer.getByRole("link", { name: "All dealerships" }).click();
  await expect(page.getByTestId("location-card")).toHaveCount(6);
});

test("holiday-hours dialog and Email Us modal open and close by keyboard", async ({ page }) => {
  await page.goto(parkside("/dealerships"));
  const card = page.getByTestId("location-card").first();
  const holidays = card.getByRole("button", { name: "View Holiday Hours" });
  await holidays.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Holiday Hours" });
  await expect(dialog).toBeVisible();
  // this year's and next year's holidays (docs/demo-data.md)
  await expect(
    dialog
      .getByRole("row", { name: /Christmas Day/ })
      .first()
      .getByRole("cell"),
  ).toHaveText("Closed");
  await expect(
    dialog
      .getByRole("row", { name: /Boxing Day/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("10:00 am - 2:00 pm");
  await expect(
    dialog
      .getByRole("row", { name: /New Year's Day/ })
      .first()
      .getByRole("cell"),
  ).toHaveText("Closed");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(holidays).toBeFocused();

  const email = card.getByRole("button", { name: "Email Us" });
  await email.focus();
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog", { name: "EMAIL US" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("heading", { name: "EMAIL US" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(modal.locator(":focus")).toHaveCount(1); // focus stays inside the modal
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(email).toBeFocused();
});

test("locations carousel: previous disabled at the start, next at the end", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" }); // no autoplay: a steady carousel to step through
  await page.goto(parkside("/"));
  const carousel = page.getByRole("region", { name: "Our locations" });
  const prev = carousel.getByRole("button", { name: "Previous locations" });
  const next = carousel.getByRole("button", { name: "Next locations" });
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  // step until the end: each click scrolls one page; the button turns disabled once the last is in view
  await expect(async () => {
    if (await next.isEnabled()) await next.click();
    await expect(next).toBeDisabled({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(prev).toBeEnabled();
});

test("locations carousel autoplays every 4 seconds", async ({ page }) => {
  await page.goto(parkside("/"));
  const carousel = page.getByRole("region", { name: "Our locations", exact: true });
  await carousel.scrollIntoViewIfNeeded();
  const prev = carousel.getByRole("button", { name: "Previous locations" });
  await expect(prev).toBeDisabled();
  await expect(prev).toBeEnabled({ timeout: 6000 });
});

test("on a phone the locations carousel turns only while it is on screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await page.goto(parkside("/"));
  const carousel = page.getByRole("region", { name: "Our locations", exact: true });
  const prev = carousel.getByRole("button", { name: "Previous locations" });
  await waitForHydration(prev);
  // scrolled to just above it: near enough for its code to load, not yet on screen
  await carousel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight - 300));
  await expect(carousel).toHaveAttribute("data-ready", "");
  await page.clock.runFor(13_000); // three turns' worth
  await expect(prev).toBeDisabled();
  await carousel.scrollIntoViewIfNeeded();
  await expect(async () => {
    await page.clock.runFor(1000);
    await expect(prev).toBeEnabled({ timeout: 200 });
  }).toPass({ timeout: 20_000 });
});

test("ridgeline has one location: no location picker anywhere", async ({ page }) => {
  await page.goto(siteUrl("ridgeline-motorcycles", "/dealerships"));
  await expect(page.getByTestId("location-card")).toHaveCount(1);
  await expect(page.getByTestId("location-picker")).toHaveCount(0);
  await page.goto(siteUrl("ridgeline-motorcycles", "/our-location/ridgeline-motorcycles-geelong"));
  await expect(page.getByTestId("location-picker")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Our other locations" })).toHaveCount(0);
});

test("tasman shows NZ-formatted details", async ({ page }) => {
  await page.goto(siteUrl("tasman-campers", "/our-location/tasman-campers-christchurch"));
  const card = page.getByTestId("location-card").first();
  await expect(card.locator("address")).toContainText("45 Main South Road, Christchurch 8042");
  await expect(card.getByRole("link", { name: "03 348 1200" })).toHaveAttribute("href", "tel:+6433481200");
  await expect(card.getByText("Dealer licence")).toBeVisible();
  await expect(page.getByText(/km away$/)).toBeVisible();
});

test("the map falls back to the address and directions without a map key", async ({ page }) => {
  await page.goto(parkside("/our-location/parkside-mazda"));
  const map = page.locator("[data-map-state]");
  await expect(map).toHaveAttribute("data-map-state", "error");
  await expect(map.getByText("Google Maps is on error")).toBeVisible();
  await expect(map.getByText("132 Maroondah Highway, Ringwood VIC 3134")).toBeVisible();
  await expect(map.getByRole("link", { name: "Get Directions" })).toBeVisible();
});

test("a location's Google place and map key (address.place_id, map_key): directions name the place, the map asks Google with the key and falls back quietly offline", async ({
  page,
}) => {
  const asked: string[] = [];
  await page.route("https://maps.googleapis.com/**", (route) => {
    asked.push(route.request().url());
    return route.abort();
  });
  await page.goto(siteUrl("harbour-city-pre-owned", "/our-location/harbour-city-pre-owned-five-dock"));
  const map = page.locator("[data-map-state]");
  await expect(map).toHaveAttribute("data-map-state", "error");
  expect(asked).toEqual([expect.stringMatching(/^https:\/\/maps\.googleapis\.com\/maps\/api\/js\?key=AIza[\w-]{35}&/)]);
  await expect(map.getByRole("link", { name: "Get Directions" })).toHaveAttribute("href", /&destination_place_id=ChIJ[\w-]{23}$/);
});

test("unknown location slugs are 404 pages", async ({ page }) => {
  expect((await page.goto(parkside("/our-location/nowhere")))?.status()).toBe(404);
  expect((await page.goto(parkside("/contact-us/nowhere")))?.status()).toBe(404);
  expect((await page.goto(siteUrl("tasman-campers", "/reviews")))?.status()).toBe(404);
});

test("reviews: only ratings above 4, 12 in the full list, replies shown", async ({ page }) => {
  await page.goto(parkside("/reviews"));
  const reviews = page.getByTestId("review");
  await expect(reviews).toHaveCount(12);
  // what the list leaves out, plainly: 1,525 − 820 five-star reviews
  await expect(page.getByTestId("reviews-rule")).toHaveText(
    "The list below shows only reviews rated above 4 out of 5 (5 stars), the 12 newest. The other 705 reviews, rated 4 or lower, are counted in the average and the bars but not listed.",
  );
  await expect(reviews.getByRole("img", { name: /^5\.0 out of 5 stars$/ })).toHaveCount(12);
  await expect(page.getByText("Reply from the dealer").first()).toBeVisible();
  await expect(reviews.first()).toContainText(/\d{4} · (less than a minute|about \d+ hours?|\d+ days?|about 1 month|\d+ months) ago/);
  // the true spread of all reviews, not only the shown ones (DEMO_DATA: 1,525 reviews, average 4.1)
  const bars = page.getByRole("list", { name: "Reviews by rating" }).getByRole("listitem");
  await expect(bars).toHaveText([/^5 stars820 reviews \(54%\)$/, /^4 stars350/, /^3 stars150/, /^2 stars80/, /^1 star125/]);
  // every review names where it was written; the page links to all of them
  await expect(reviews.getByTestId("review-source")).toHaveCount(12);
  await expect(reviews.first().getByTestId("review-source")).toHaveText(/^Parkside .+ on Google \(opens in a new tab\)$/);
  const all = page.getByTestId("all-reviews");
  await expect(all).toHaveText("Read all 1,525 reviews on Google (opens in a new tab)");
  await expect(all).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Parkside/);
  await expect(all).toHaveAttribute("rel", "noopener noreferrer");
  // the texts and names vary
  const texts = await reviews.locator("article > p:nth-of-type(2)").allTextContents();
  expect(new Set(await reviews.getByRole("heading").allTextContents()).size).toBe(12);
  expect(new Set(texts).size).toBeGreaterThan(10);
});

test("no axe violations on /dealerships and /our-location/{slug}", async ({ page }) => {
  // two full axe runs: 10 s alone, over 30 s once under a full run's load
  test.setTimeout(60_000);
  await page.goto(parkside("/dealerships"));
  await expectNoAxeViolations(page);
  await page.goto(parkside("/our-location/parkside-service-centre"));
  await expectNoAxeViolations(page);
});
