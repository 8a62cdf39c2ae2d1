import { coveredShare, expect, siteUrl, test, waitForHydration } from "./fixtures";

/*
 * The chat teaser, the chat button and the quick-action bar together (the bar from half a screen
 * down, the teaser once the shopper has read on) cover at most 12% of a 390×844 screen; the teaser
 * never shows on a form page (e2e/overlays.spec.ts checks what they may sit over); no page scrolls
 * sideways (harbour-city's long name pushed its Menu button 7 px off the screen).
 */
test.use({ viewport: { width: 390, height: 844 } });

for (const path of ["/", "/search/new-used-and-demo-cars", "/dealerships"])
  test(`parkside ${path}: the teaser, chat button and quick actions cover at most 12% of the screen`, async ({ page }) => {
    await page.clock.install();
    await page.goto(siteUrl("parkside-motor-group", path));
    await waitForHydration(page.getByRole("banner").getByRole("link", { name: "Parkside Motor Group" }));
    // a screen down: the bar is there, and the teaser comes (3000 ms after load and, on a phone, read on)
    await page.evaluate(() => window.scrollTo(0, window.innerHeight));
    await page.clock.runFor(5_000);
    await expect(async () => {
      await page.clock.runFor(500);
      await expect(page.getByTestId("chat-teaser")).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator("[data-dealer-tools]")).toBeVisible();
    expect(await coveredShare(page)).toBeLessThanOrEqual(0.12);
  });

for (const path of ["/contact", "/finance", "/book-test-drive", "/trade-in"])
  test(`parkside ${path}: no chat teaser on a form page (the chat button stays)`, async ({ page }) => {
    await page.clock.install();
    await page.goto(siteUrl("parkside-motor-group", path));
    // the chat button is there once the page has hydrated (stepping aside while it would sit over the
    // form: e2e/overlays.spec.ts), and with the shopper read on and well past 3000 ms no teaser has come
    await page.evaluate(() => window.scrollTo(0, window.innerHeight));
    await page.clock.runFor(4_000);
    await expect(async () => {
      await page.clock.runFor(500);
      await expect(page.getByTestId("chat-launcher")).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await page.clock.runFor(6_000);
    await expect(page.getByTestId("chat-teaser")).toHaveCount(0);
  });

test("no demo site's home or search page scrolls sideways; the Menu button is on the screen", async ({ page }) => {
  for (const slug of ["harbour-city-pre-owned", "parkside-motor-group", "outback-truck-centre", "tasman-campers", "lakeside-rv"])
    for (const path of ["/", "/search/new-used-and-demo-cars"]) {
      await page.goto(siteUrl(slug, path));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${slug}${path}`).toBeLessThanOrEqual(390);
      const menu = await page.getByRole("button", { name: "Menu" }).boundingBox();
      expect(menu!.x + menu!.width, `${slug}${path}: Menu`).toBeLessThanOrEqual(390);
    }
});
