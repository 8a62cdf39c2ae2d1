import { expect, siteUrl, test } from "./fixtures";

/* Issue 11: what a shopper sees first, on a phone. */
const PHONE = { width: 390, height: 844 };

/** The first vehicle page of a site's search. */
async function firstVehiclePage(page: import("@playwright/test").Page, slug: string) {
  await page.goto(siteUrl(slug, "/search/new-used-and-demo-cars"));
  const href = await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href");
  await page.goto(siteUrl(slug, href!));
}

const inFirstScreen = async (locator: import("@playwright/test").Locator) => {
  const box = (await locator.boundingBox())!;
  expect(box, "element is rendered").not.toBeNull();
  expect(box.y, "top is on the first screen").toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, "bottom is on the first screen").toBeLessThanOrEqual(PHONE.height);
};

test.describe("vehicle page on a 390×844 phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const slug of ["parkside-motor-group", "tasman-campers", "lakeside-rv"]) {
    test(`${slug}: name, price, key facts, Enquire and Call on the first screen; the bar keeps Enquire and Call`, async ({ page }) => {
      await firstVehiclePage(page, slug);
      await inFirstScreen(page.getByRole("heading", { level: 1 }));
      await inFirstScreen(page.getByTestId("detail-price"));
      await inFirstScreen(page.getByTestId("key-facts"));
      const summary = page.locator("#enquire");
      await inFirstScreen(summary.getByRole("link", { name: /^Enquire|Message/ }));
      await inFirstScreen(summary.getByRole("link", { name: /^Call / }));
      await expect(summary.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+\d+$/);
      // scrolled down, the sticky bar still offers both, and the dealer-tools bar gives way to it
      await page.mouse.wheel(0, 2500);
      const bar = page.locator("[data-vehicle-actions]");
      await expect(bar).toBeInViewport();
      await expect(bar.getByRole("link", { name: /^Call / })).toBeVisible();
      await expect(page.getByRole("complementary", { name: "Dealer tools" })).toBeHidden();
      await bar.getByRole("link", { name: /^Enquire|Message/ }).click();
      await expect(page).toHaveURL(/#enquiry-form$/);
    });
  }

  test("the photos open full screen with a count, move by swipe or keys, and close with Escape", async ({ page }) => {
    await firstVehiclePage(page, "parkside-motor-group");
    const open = page.getByRole("button", { name: /^View all \d+ photos$/ });
    const total = Number((await open.textContent())!.match(/\d+/)![0]);
    await open.click();
    const viewer = page.locator(".yarl__root");
    await expect(viewer).toBeVisible();
    await expect(viewer.locator(".yarl__counter")).toHaveText(`1 / ${total}`);
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator(".yarl__counter")).toHaveText(`2 / ${total}`);
    await expect(viewer.getByRole("button", { name: "Zoom in" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    // the page's own gallery follows the photo the shopper left on
    await expect(page.getByTestId("gallery-counter")).toHaveText(`2 / ${total}`);
  });
});

test("no aria-label on an element without a role (W3C), on the main page types", async ({ page }) => {
  for (const path of ["/", "/search/new-used-and-demo-cars", "/dealerships", "/contact"]) {
    await page.goto(siteUrl("parkside-motor-group", path));
    const bad = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-label]")]
        .filter((e) => ["DIV", "SPAN", "P", "LI", "DL", "DT", "DD"].includes(e.tagName) && !e.getAttribute("role"))
        .map((e) => e.outerHTML.slice(0, 100)),
    );
    expect(bad, path).toEqual([]);
  }
});

test("header menus: Escape closes and gives focus back to the menu's button; tabbing out closes them", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/"));
  const nav = page.getByRole("navigation", { name: "Main" });
  const stock = nav.getByRole("button", { name: "Our Stock" });
  await stock.focus();
  await page.keyboard.press("Enter");
  await expect(stock).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab"); // into the submenu
  await page.keyboard.press("Escape");
  await expect(stock).toHaveAttribute("aria-expanded", "false");
  await expect(stock).toBeFocused();

  const last = nav.getByRole("button").last();
  await last.focus();
  await page.keyboard.press("Enter");
  await expect(last).toHaveAttribute("aria-expanded", "true");
  const items = await page.locator(`[id="${await last.getAttribute("aria-controls")}"] a`).count();
  for (let i = 0; i <= items; i++) await page.keyboard.press("Tab"); // through the submenu and out of the header menu
  await expect(last).toHaveAttribute("aria-expanded", "false");
});

test.describe("keyword search as a shopper types it", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  const search = (q: string) => siteUrl("parkside-motor-group", `/search/new-used-and-demo-cars?q=${encodeURIComponent(q)}`);
  const names = (page: import("@playwright/test").Page) => page.getByTestId("vehicle-card").getByRole("heading", { level: 3 });

  for (const q of ["cx5", "CX 5", "mazda cx5"]) {
    test(`"${q}" finds Mazda CX-5s only`, async ({ page }) => {
      await page.goto(search(q));
      await expect(names(page).first()).toBeVisible();
      for (const name of await names(page).allTextContents()) expect(name).toMatch(/Mazda CX-5\b/);
    });
  }

  test('"mazada" finds Mazdas and says it corrected the word; nonsense gets suggestions', async ({ page }) => {
    await page.goto(search("mazada"));
    await expect(page.getByTestId("keyword-note")).toHaveText("Nothing matched “mazada” exactly: showing results for “mazda”.");
    for (const name of await names(page).allTextContents()) expect(name).toMatch(/Mazda/);
    await page.goto(search("mazada cx5"));
    await expect(names(page).first()).toContainText("Mazda CX-5");
    await page.goto(search("zzqx"));
    await expect(page.getByTestId("results-count")).toHaveText(/^0 /);
    const suggestion = page.getByTestId("keyword-suggestions").getByRole("link").first();
    await suggestion.click();
    await expect(names(page).first()).toBeVisible();
  });
});

test("the home page shows new arrivals and featured stock as cards that open their vehicle pages", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/"));
  for (const id of ["new-arrivals", "featured"]) {
    const shelf = page.getByTestId(id);
    await expect(shelf.getByTestId("vehicle-card")).toHaveCount(4);
    await expect(shelf.getByTestId("vehicle-card").first()).toContainText(/\$[\d,]+/);
  }
  await expect(page.getByTestId("new-arrivals").getByText("New Arrival").first()).toBeVisible();
  await page.getByTestId("featured").getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByTestId("detail-price")).toBeVisible();
});

test.describe("booking a test drive on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("only open days and times are offered; a time outside the hours cannot be chosen or sent", async ({ page }) => {
    // the server's clock: Wednesday 18 November 2026, 10:30 am in Melbourne (e2e/clock.ts)
    await page.goto(siteUrl("parkside-motor-group", "/book-test-drive"));
    const form = page.getByTestId("lead-form-test-drive");
    const day = form.getByLabel("Day", { exact: true });
    const time = form.getByLabel("Time", { exact: true });
    await expect(day).toBeDisabled(); // a location first: the slots follow its hours
    await form.getByLabel("Location", { exact: true }).selectOption({ label: "Parkside Suzuki" });
    await expect(day.locator("option").nth(1)).toHaveText("Today, 18 November");
    await day.selectOption({ label: "Today, 18 November" });
    // the clock started at 10:30 and has run on for as long as the suite has (minutes); with an
    // hour's notice the first slot today is 11:30, or 12:00 once it is past 10:30; sales closes at 5 pm
    await expect(time.locator("option").nth(1)).toHaveText(/^(11:30 am|12:00 pm)$/);
    await expect(time.locator("option").last()).toHaveText("4:30 pm");
    await day.selectOption({ label: "Sunday, 22 November" });
    const sunday = await time.locator("option").allTextContents();
    expect(sunday.slice(1)).toEqual([
      "10:00 am",
      "10:30 am",
      "11:00 am",
      "11:30 am",
      "12:00 pm",
      "12:30 pm",
      "1:00 pm",
      "1:30 pm",
      "2:00 pm",
      "2:30 pm",
      "3:00 pm",
      "3:30 pm",
    ]);
    // a slot forced into the page is refused by the same rules on submit
    await time.evaluate((el: HTMLSelectElement) => {
      el.add(new Option("7:00 pm", "19:00"));
    });
    await time.selectOption("19:00");
    const person: Array<[string, string]> = [
      ["First name", "Mary"],
      ["Last name", "Smith"],
      ["Email", "mary@example.com"],
      ["Mobile", "0412 345 678"],
      ["Postcode", "3134"],
    ];
    for (const [label, value] of person) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole("button", { name: "Book test drive" }).click();
    await expect(form.getByText("Please choose a time when we are open.")).toBeVisible();
  });
});
