import type { Page } from "@playwright/test";
import { expect, siteUrl, test } from "./fixtures";

/*
 * What a shopper types into the keyword box is read as the
 * filters it names, shown back as chips they can remove; the words left still match make, model
 * and badge. The demo's drawings name their body and colour in the photo's address
 * (/images/demo/{body}/{colour}/1.jpg), which is how these tests see each card's car.
 */
test.use({ viewport: { width: 390, height: 844 } });

const parkside = (path: string) => siteUrl("parkside-motor-group", path);
const search = (q: string) => parkside(`/search/new-used-and-demo-cars?q=${encodeURIComponent(q)}`);

/** Each card's photo address, price and title. */
const shown = (page: Page) =>
  page.locator(".results .vc").evaluateAll((els) =>
    els.map((el) => ({
      img: el.querySelector("img")!.getAttribute("src")!,
      price: Number(el.querySelector(".vc-p")!.firstChild!.textContent!.replace(/[^\d]/g, "")) || null,
      title: el.querySelector("h3")!.textContent!,
    })),
  );
/** A chip's text: its words, and what the link does for a screen reader. */
const chips = (...labels: string[]) => labels.map((l) => `${l} (remove filter)`);
const count = async (page: Page) => Number((await page.getByTestId("results-count").innerText()).replace(/[^\d]/g, ""));

test("“red suv” finds red SUVs only, shown as two chips; removing one widens the search", async ({ page }) => {
  await page.goto(search("red suv"));
  const keywordChips = page.getByTestId("keyword-chip");
  await expect(keywordChips).toHaveText(chips("Red", "SUV"));
  const cars = await shown(page);
  expect(cars.length).toBeGreaterThan(0);
  for (const c of cars) expect(c.img, c.title).toMatch(/\/demo\/suv\/red\//);
  const reds = await count(page);
  // the search box still says what the shopper typed
  await expect(page.locator('input[name="q"]').first()).toHaveValue("red suv");

  // "Red" removed: every SUV, of any colour
  await keywordChips.filter({ hasText: "Red" }).click();
  await expect(page).toHaveURL(/[?&]q=suv(&|$)/);
  await expect(page.getByTestId("keyword-chip")).toHaveText(chips("SUV"));
  expect(await count(page)).toBeGreaterThan(reds);
  for (const c of await shown(page)) expect(c.img, c.title).toMatch(/\/demo\/suv\//);
});

test("words the filters know find what they name (each once found 0 cars)", async ({ page }) => {
  for (const [q, labels] of [
    ["hybrid", ["Hybrid"]],
    ["7 seater", ["7+ seats"]],
    ["suv under 40000", ["SUV", "Under $40,000"]],
  ] as const) {
    await page.goto(search(q));
    await expect(page.getByTestId("keyword-chip")).toHaveText(chips(...labels));
    expect(await count(page), q).toBeGreaterThan(0);
    if (q === "suv under 40000")
      for (const c of await shown(page)) {
        expect(c.img).toMatch(/\/demo\/suv\//);
        expect(c.price ?? 0).toBeLessThanOrEqual(40_000);
      }
  }
});

test("understood words and make or model words together; the words left get their own chip", async ({ page }) => {
  await page.goto(search("white mazda"));
  await expect(page.getByTestId("keyword-chip")).toHaveText(chips("White"));
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /“mazda”/ })).toBeVisible();
  const cars = await shown(page);
  expect(cars.length).toBeGreaterThan(0);
  for (const c of cars) {
    expect(c.title).toMatch(/Mazda/);
    expect(c.img).toMatch(/\/white\//);
  }
  // the words' chip removed: the colour stays
  await page
    .getByRole("list", { name: "Active filters" })
    .getByRole("link", { name: /“mazda”/ })
    .click();
  await expect(page).toHaveURL(/[?&]q=white(&|$)/);
  await expect(page.getByTestId("keyword-chip")).toHaveText(chips("White"));
});

test("a price range typed or chosen reads as a shopper says it", async ({ page }) => {
  await page.goto(search("$20-30k"));
  await expect(page.getByTestId("keyword-chip")).toHaveText(chips("$20,000–$30,000"));
  for (const c of await shown(page)) expect(c.price! >= 20_000 && c.price! <= 30_000, c.title).toBe(true);
  // a range from the filters: no more "Price –40000"
  await page.goto(parkside("/search/new-used-and-demo-cars?price_max=40000"));
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link").first()).toHaveText(/^Under \$40,000/);
});

test("each trade's words find its vehicles (each once found 0): berths, tipper, learner approved, low kms, cheap family car", async ({
  page,
}) => {
  /** Every card of the first page: its photo address (body and colour) and all its words. */
  const cards = (p: Page) =>
    p
      .locator(".results .vc")
      .evaluateAll((els) => els.map((el) => ({ img: el.querySelector("img")!.getAttribute("src")!, text: el.textContent ?? "" })));
  const at = (slug: string, q: string) => siteUrl(slug, `/search/new-used-and-demo-cars?q=${encodeURIComponent(q)}`);
  const cases: Array<[string, string, string[], (c: { img: string; text: string }) => boolean]> = [
    ["tasman-campers", "4 berth", ["Sleeps 4+"], (c) => Number(/Sleeps (\d+)/.exec(c.text)?.[1] ?? 0) >= 4],
    ["outback-truck-centre", "tipper", ["Tipper"], (c) => /\/demo\/tipper\//.test(c.img)],
    ["outback-truck-centre", "4.5t GVM", ["GVM up to 4,500 kg"], (c) => /Canter/.test(c.text)],
    ["ridgeline-motorcycles", "learner approved", ["LAMS approved"], (c) => /\bLAMS\b/.test(c.text)],
    [
      "parkside-motor-group",
      "low kms suv",
      ["Under 30,000 km", "SUV"],
      (c) => /\/demo\/suv\//.test(c.img) && Number((/([\d,]+) km/.exec(c.text)?.[1] ?? "0").replace(/,/g, "")) <= 30_000,
    ],
    [
      "parkside-motor-group",
      "cheap family car",
      ["Cheapest third by price", "Family: 5+ seats, SUV, wagon or people mover"],
      (c) => /\/demo\/(suv|wagon|people-mover)\//.test(c.img),
    ],
  ];
  for (const [slug, q, labels, right] of cases) {
    await page.goto(at(slug, q));
    await expect(page.getByTestId("keyword-chip"), q).toHaveText(chips(...labels));
    expect(await count(page), q).toBeGreaterThan(0);
    for (const c of await cards(page)) expect(right(c), `${q}: ${c.text}`).toBe(true);
  }
  // "cheap" is the cheaper part of what is found: fewer than the family cars
  await page.goto(at("parkside-motor-group", "family"));
  const families = await count(page);
  await page.goto(at("parkside-motor-group", "cheap family car"));
  expect(await count(page)).toBeLessThan(families);
});
