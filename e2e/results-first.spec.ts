import type { Locator, Page } from "@playwright/test";
import { expect, siteUrl, test } from "./fixtures";

/*
 * Results first on a phone (docs/features/search-and-vehicles.md): on a 390×844 screen with Near me
 * closed, the first car's photo, price and Enquire button are all on the first screen; Filters,
 * Sort and Near me are one row of small controls; the Filters badge counts the chips shown. A card
 * has one primary price (the repayment smaller and lighter); the min/max boxes show their bounds as
 * money; the home page's search box shows its whole placeholder on a phone.
 */
const P = (path = "/") => siteUrl("parkside-motor-group", path);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function boxOf(l: Locator) {
  const b = await l.boundingBox();
  expect(b, "drawn").not.toBeNull();
  return b!;
}

/** The first card's photo, price and Enquire button, each wholly on the first screen. */
async function firstCarOnFirstScreen(page: Page, height: number) {
  const card = page.locator(".results .vc").first();
  const parts = { photo: card.locator(".vc-m img"), price: card.locator(".vc-p"), enquire: card.locator(".btn-enquire") };
  const bottoms: Record<string, number> = {};
  for (const [name, part] of Object.entries(parts)) {
    const b = await boxOf(part);
    bottoms[name] = Math.round(b.y + b.height);
    expect(b.y, `${name} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height, `${name} ends within the first ${height} px`).toBeLessThanOrEqual(height);
  }
  return bottoms;
}

for (const [name, path] of [
  ["everything", "/search/new-used-and-demo-cars"],
  ["with three chips", "/search/new-used-and-demo-cars?q=red+suv&price_min=10000&price_max=60000"],
] as const)
  test(`phone, ${name}: the first car's photo, price and Enquire are on the first screen`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(P(path));
    await expect(page.getByTestId("near-me")).toBeVisible(); // Near me closed
    const bottoms = await firstCarOnFirstScreen(page, PHONE.height);
    console.log(`phone ${name}: first card's photo/price/Enquire end at`, JSON.stringify(bottoms));
    // Filters, Near me and save-search share one row; the count and Sort the next
    const middle = async (l: Locator) => {
      const b = await boxOf(l);
      return b.y + b.height / 2;
    };
    const row = await Promise.all(
      [
        page.getByTestId("filters-toggle"),
        page.getByTestId("near-me"),
        page.getByRole("link", { name: "Sign in to save this search" }),
      ].map(middle),
    );
    expect(Math.max(...row) - Math.min(...row), "one row of controls").toBeLessThan(4);
    const line = await Promise.all([page.getByTestId("results-count"), page.getByRole("combobox", { name: "Sort by" })].map(middle));
    expect(Math.abs(line[0]! - line[1]!), "the count and Sort on one line").toBeLessThan(4);
    await expect(page.locator("html[data-drawn]")).toHaveCount(1); // every card drawn at its own height
    const heights = await page
      .locator(".results .vc")
      .evaluateAll((cards) => cards.slice(0, 6).map((c) => Math.round(c.getBoundingClientRect().height)));
    console.log(`phone ${name}: the first cards' heights`, JSON.stringify(heights));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "nothing pushes the page sideways").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/search-phone-${name.replace(/\W+/g, "-")}.png` });
  });

test("desktop: the filters beside the results, the first car on the first screen", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(P("/search/new-used-and-demo-cars?q=red+suv&price_min=10000&price_max=60000"));
  await expect(page.getByRole("region", { name: "Filters" })).toBeVisible();
  await expect(page.getByTestId("filters-toggle")).toBeHidden();
  await firstCarOnFirstScreen(page, DESKTOP.height);
  await page.screenshot({ path: "test-results/search-desktop.png" });
});

test("the Filters badge counts the chips shown, not the filter fields", async ({ page }) => {
  await page.setViewportSize(PHONE);
  // "red suv" is read as two chips (a colour and a body); a price range with both ends is one
  await page.goto(P("/search/new-used-and-demo-cars?q=red+suv&price_min=10000&price_max=60000"));
  const chips = page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /remove filter/ });
  const n = await chips.count();
  expect(n).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("button", { name: /^Filters/ })).toHaveAccessibleName(`Filters (${n})`);
  // one chip removed: one fewer on the badge
  await chips.first().click();
  await expect(chips).toHaveCount(n - 1);
  await expect(page.getByRole("button", { name: /^Filters/ })).toHaveAccessibleName(`Filters (${n - 1})`);
});

test("a card has one primary price: the repayment is smaller and lighter", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(P("/search/new-used-and-demo-cars"));
  const card = page.locator(".results .vc", { has: page.locator(".vc-r") }).first();
  const style = (l: Locator) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return { size: parseFloat(s.fontSize), weight: Number(s.fontWeight) };
    });
  const [price, repayment] = [await style(card.locator(".vc-p")), await style(card.locator(".vc-r"))];
  expect(price.size / repayment.size, "the price reads first").toBeGreaterThanOrEqual(1.4);
  expect(repayment.weight, "the repayment is not bold").toBeLessThanOrEqual(500);
});

test("the price boxes show the stock's lowest and highest as money", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(P("/search/new-used-and-demo-cars"));
  const filters = page.getByRole("region", { name: "Filters" });
  await expect(filters.locator('input[name="price_min"]')).toHaveAttribute("placeholder", /^\$\d{1,3}(,\d{3})+$/);
  await expect(filters.locator('input[name="price_max"]')).toHaveAttribute("placeholder", /^\$\d{1,3}(,\d{3})+$/);
});

for (const viewport of [PHONE, DESKTOP])
  test(`home at ${viewport.width}: the search box shows its whole placeholder`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(P("/"));
    const box = page.locator("#hero-q");
    const [text, room] = await box.evaluate((input: HTMLInputElement) => {
      const s = getComputedStyle(input);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      return [ctx.measureText(input.placeholder).width, input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)];
    });
    expect(text, "the placeholder fits its box").toBeLessThanOrEqual(room);
    await page.screenshot({ path: `test-results/home-${viewport.width}.png`, fullPage: viewport === PHONE });
  });
