import type { Page } from "@playwright/test";
import { DEMO_SLUGS, expect, siteUrl, test } from "./fixtures";

/** Every demo site reads right in its own market: no placeholder values, nouns keep their case. */
const SITES = DEMO_SLUGS;

async function expectNoJunk(page: Page, where: string) {
  // cards past the first rows are drawn only near the screen (content-visibility), and innerText reads
  // an undrawn card as "": every card is drawn for this reading
  await page.addStyleTag({ content: ".vc { content-visibility: visible !important; }" });
  const text = await page.locator("main").innerText();
  expect(text, `${where}: "None"`).not.toMatch(/\bNone\b/);
  expect(text, `${where}: lower-case rv`).not.toMatch(/\brvs?\b/);
  expect(text, `${where}: 0 seats`).not.toMatch(/\b0 seats\b/i);
  expect(text, `${where}: Doors 1`).not.toMatch(/Doors\s*1\b/);
  expect(text, `${where}: Panteches`).not.toMatch(/Panteches/);
  const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
  expect(description, `${where}: meta`).not.toMatch(/\bNone\b|\brv\b/);
}

for (const slug of SITES) {
  test(`${slug}: home, search and two vehicle pages show no junk values`, async ({ page }) => {
    await page.goto(siteUrl(slug));
    await expectNoJunk(page, "home");
    await page.goto(siteUrl(slug, "/search/new-used-and-demo-cars"));
    await expectNoJunk(page, "search");
    const links = await page
      .locator('main a[href^="/cars/"], main a[href^="/motorcycles/"], main a[href^="/campers/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!.split("#")[0]!))]);
    expect(links.length).toBeGreaterThan(1);
    for (const href of [links[0]!, links.at(-1)!]) {
      await page.goto(siteUrl(slug, href));
      await expectNoJunk(page, href);
    }
  });
}

test("a used-only site names only what it sells", async ({ page }) => {
  await page.goto(siteUrl("harbour-city-pre-owned"));
  await expect(page.getByTestId("stock-new")).toHaveCount(0);
  await expect(page.getByTestId("stock-demo")).toHaveCount(0);
  await expect(page.getByTestId("stock-used")).toHaveText("120");
  await page.goto(siteUrl("harbour-city-pre-owned", "/search/new-used-and-demo-cars"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pre-owned Cars");
});

/** The JSON-LD of the first vehicle page of a site's search. */
async function vehicleJsonLd(page: Page, slug: string) {
  await page.goto(siteUrl(slug, "/search/new-used-and-demo-cars"));
  const href = await page
    .locator('main a[href^="/cars/"], main a[href^="/motorcycles/"], main a[href^="/campers/"]')
    .first()
    .getAttribute("href");
  await page.goto(siteUrl(slug, href!));
  return JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Record<string, unknown> & {
    offers: Record<string, unknown>;
  };
}

const MARKETS: Array<[string, string, string[]]> = [
  ["parkside-motor-group", "AUD", ["Car"]],
  ["ridgeline-motorcycles", "AUD", ["Motorcycle"]],
  ["tasman-campers", "NZD", ["Vehicle"]],
  ["lakeside-rv", "USD", ["Vehicle"]],
];
for (const [slug, currency, types] of MARKETS) {
  test(`${slug}: structured data in ${currency}, typed by the vehicle, with its stock number`, async ({ page }) => {
    const ld = await vehicleJsonLd(page, slug);
    expect(types).toContain(ld["@type"]);
    expect(ld.offers.priceCurrency).toBe(currency);
    expect(typeof ld.sku).toBe("string");
    expect(JSON.stringify(ld)).not.toMatch(/"None"|"fuelType":""|"seatingCapacity":0/);
  });
}

test("US wording: no Drive Away, Excl. Govt. Charges or Postcode on lakeside", async ({ page }) => {
  await page.goto(siteUrl("lakeside-rv", "/search/new-used-and-demo-cars"));
  await expect(page.locator("main")).not.toContainText("Drive Away");
  await expect(page.locator("main")).not.toContainText("Excl. Govt. Charges");
  await page.goto(siteUrl("lakeside-rv", "/contact"));
  await expect(page.locator("main form").getByLabel("ZIP code", { exact: true })).toBeVisible();
  await expect(page.locator("main form").getByLabel("Postcode", { exact: true })).toHaveCount(0);
});

for (const [slug, body] of [
  ["tasman-campers", "caravan"],
  ["lakeside-rv", "travel trailer"],
  ["lakeside-rv", "fifth wheel"],
] as const) {
  test(`${slug}: a towed ${body} shows no engine, odometer, seats or doors`, async ({ page }) => {
    await page.goto(siteUrl(slug, `/search/new-used-and-demo-cars?body=${encodeURIComponent(body)}`));
    const card = page.getByTestId("vehicle-card").first();
    await expect(card).toBeVisible();
    await expect(card).not.toContainText(/\b(km|mi)\b/);
    const href = await card.locator('a[href^="/cars/"], a[href^="/campers/"]').first().getAttribute("href");
    await page.goto(siteUrl(slug, href!.split("#")[0]!));
    const specs = page.getByRole("region", { name: "Specifications" });
    for (const label of ["Odometer", "Fuel", "Transmission", "Seats", "Doors"])
      await expect(specs.getByText(label, { exact: true })).toHaveCount(0);
    // what a caravan does have: berths, its weights as the market names them, its length
    for (const label of ["Berths", slug === "lakeside-rv" ? "GVWR" : "ATM", slug === "lakeside-rv" ? "Dry weight" : "Tare", "Length"])
      await expect(specs.getByText(label, { exact: true })).toBeVisible();
    await expectNoJunk(page, body);
  });
}

test("share images are raster (JPEG, 1200×630) on every market", async ({ page, request }) => {
  for (const slug of ["lakeside-rv", "tasman-campers", "parkside-motor-group"]) {
    await vehicleJsonLd(page, slug);
    const og = (await page.locator('meta[property="og:image"]').getAttribute("content"))!;
    expect(og).toMatch(/\.jpg\?w=1200&/);
    const res = await request.get(new URL(og).pathname + new URL(og).search, { headers: { Host: `${slug}.localhost` } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/jpeg");
  }
});
