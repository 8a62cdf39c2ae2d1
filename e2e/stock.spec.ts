import { generateDemoData } from "@/server/demo/generate";
import { TEST_NOW_MS } from "./clock";
import { expect, expectNoAxeViolations, jsonLdType, siteUrl, test, waitForHydration } from "./fixtures";

const parkside = (path: string) => siteUrl("parkside-motor-group", path);
const count = (page: import("@playwright/test").Page) => page.getByTestId("results-count");

/** The seed is deterministic: the same generator tells us which demo cars are never listed. */
const parksideRows = generateDemoData(TEST_NOW_MS).find((d) => d.site.id === 1001)!.vehicles;
const soldLongAgo = parksideRows.filter((v) => v.status === "sold" && TEST_NOW_MS - v.soldAt!.getTime() > 3 * 86_400_000)[0]!;
const hidden = parksideRows.find((v) => v.showOnDealerWebsite === false)!;

test("journey: filter → sort → page → detail → favourite → reload", async ({ page }) => {
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  await expect(count(page)).toHaveText("413 Cars found");

  const filters = page.getByRole("region", { name: "Filters" });
  const mazda = filters.getByRole("checkbox", { name: /^Mazda \(\d+\)$/ });
  const mazdaCount = Number((await mazda.locator("xpath=..").innerText()).match(/\((\d+)\)/)![1]);
  // a box ticked before the filter form hydrates is only a form field: wait for React first
  await waitForHydration(mazda);
  await mazda.check();
  // one make chosen: the search lands on its landing page (search slugs), with its own heading
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/mazda$/);
  await expect(count(page)).toHaveText(`${mazdaCount} Cars found`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New, Used and Demo Mazda Cars in Ringwood");

  await page.getByLabel("Sort by").selectOption({ label: "Lowest Price" });
  await expect(page).toHaveURL(/sort=price-asc/);
  // the sorted page has landed (its pagination carries the sort) before its prices are read
  const page2 = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" });
  await expect(page2).toHaveAttribute("href", /sort=price-asc&page=2$/);
  const prices = await page.locator(".vc-p").allInnerTexts();
  const numbers = prices.map((p) => Number(p.replace(/[^\d]/g, "").slice(0, 6))).slice(0, 5);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

  await page2.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  const first = page.getByTestId("vehicle-card").first();
  const title = (await first.getByRole("heading", { level: 3 }).innerText()).trim();
  await first.getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  const save = page.locator("#vehicle-actions").getByRole("button", { name: /^Saved?$/ });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("favourites-count")).toHaveText("(1)");

  await page.reload();
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await expect(save).toHaveText("Saved");
  await expect(page.getByTestId("favourites-count")).toHaveText("(1)");

  await page.goBack();
  await expect(page).toHaveURL(/page=2/);

  await page.getByRole("link", { name: /Saved \(1\)/ }).click();
  await expect(page.getByTestId("favourite-card")).toHaveCount(1);
  await expect(page.getByTestId("favourite-card").getByRole("heading")).toHaveText(title);
  // the toggle removes it again
  await page.getByTestId("favourite-card").getByRole("button").click();
  await expect(page.getByText("You haven’t saved any cars yet.")).toBeVisible();
});

test("JUST SOLD, 'Enquire for price.' and the hidden cars (docs/demo-data.md)", async ({ page }) => {
  await page.goto(parkside("/search/used-cars?page=4"));
  await expect(count(page)).toHaveText("112 Cars found");
  await expect(page.getByText("JUST SOLD", { exact: true })).toHaveCount(2);
  await page.goto(parkside("/search/used-cars?sort=price-asc&page=4"));
  await expect(page.getByTestId("vehicle-card").last().locator(".vc-p")).toHaveText("Enquire for price.");
  await page.goto(parkside("/search/new-used-and-demo-cars?q=" + soldLongAgo.stockNumber));
  await expect(count(page)).toHaveText("0 Cars found");
  await page.goto(parkside("/search/new-used-and-demo-cars?q=" + hidden.stockNumber));
  await expect(count(page)).toHaveText("0 Cars found");
  await expect(page.getByRole("link", { name: "Clear all filters" })).toBeVisible();
});

test("images: quality 75 by default, 60 where the brand is configured so, 80 in the gallery; trailing slash", async ({ page }) => {
  await page.goto(parkside("/search/new-used-and-demo-cars/"));
  await expect(page).toHaveURL(parkside("/search/new-used-and-demo-cars"));
  await expect(page.getByTestId("vehicle-card").first().locator("img").first()).toHaveAttribute("src", /\?w=\d+&auto=format$/); // q=75 is the service's default, never written
  // the first row is fetched at once with high priority; the rest as they near the screen; no drawing is an SVG
  await expect(page.getByTestId("vehicle-card").first().locator("img").first()).toHaveAttribute("fetchpriority", "high");
  await expect(page.getByTestId("vehicle-card").first().locator("img").first()).toHaveAttribute("loading", "eager");
  await expect(page.getByTestId("vehicle-card").last().locator("img").first()).toHaveAttribute("loading", "lazy");
  const sources = await page
    .getByTestId("vehicle-card")
    .locator("img")
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")!));
  expect(sources.filter((s) => /\.svg(\?|$)/.test(s))).toEqual([]);
  expect(sources.every((s) => s.startsWith("/images/"))).toBe(true);
  await page.goto(siteUrl("ridgeline-motorcycles", "/search/used-cars"));
  const img = page.getByTestId("vehicle-card").first().locator("img").first();
  await expect(img).toHaveAttribute("src", /&q=60$/);
  // a card asks for the widths of the image service's set that a card can use (CARD_IMAGE_WIDTHS), each as itself
  expect((await img.getAttribute("srcset"))!.split(", ").map((c) => Number(/w=(\d+)/.exec(c)![1]))).toEqual([640, 828, 1080, 1200]);
  await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page.getByRole("group", { name: /^1 of/ }).locator("img")).toHaveAttribute("src", /&q=80$/);
});

test("harbour-city lists 120 pre-owned cars, newest first", async ({ page }) => {
  await page.goto(siteUrl("harbour-city-pre-owned", "/search/used-cars"));
  await expect(count(page)).toHaveText("120 Cars found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pre-owned Cars");
  await expect(page.getByLabel("Sort by")).toHaveValue("latest");
});

test("presets: outback's towns, ridgeline's make, Message Now", async ({ page }) => {
  await page.goto(siteUrl("outback-truck-centre", "/search/new-used-and-demo-cars"));
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
  await expect(
    page
      .getByTestId("vehicle-card")
      .first()
      .getByRole("link", { name: /^Message Now/ }),
  ).toBeVisible();
  await page.getByRole("list", { name: "Quick filters" }).getByRole("link", { name: "Dalby" }).click();
  await expect(page).toHaveURL(/city=Dalby/);
  await page.goto(siteUrl("ridgeline-motorcycles", "/search/new-used-and-demo-cars"));
  await expect(count(page)).toHaveText("60 Motorcycles found");
  await page.getByRole("list", { name: "Quick filters" }).getByRole("link", { name: "Yamaha" }).click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/yamaha$/);
});

test("the call-to-action card sits at position 30", async ({ page }) => {
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  const items = page.locator("section[aria-labelledby=results-count] > ul > li");
  await expect(items).toHaveCount(37);
  await expect(items.nth(29).getByTestId("cta-card")).toBeVisible();
});

test("bad input never breaks the page", async ({ page }) => {
  const res = await page.goto(parkside("/search/used-cars?page=999&price_min=abc&year_max=-4&sort=zzz&colour=pink&odometer_max=1e99"));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Page 4" })).toHaveAttribute("aria-current", "page");
  expect((await page.goto(parkside("/search/not-a-route")))?.status()).toBe(404);
});

test("vehicle pages: sold, hidden and wrong-base URLs answer helpfully", async ({ page }) => {
  const sold = await page.goto(parkside(`/cars/${soldLongAgo.slug}`));
  expect(sold?.status()).toBe(200);
  await expect(page.getByTestId("sold-banner")).toContainText("This car has been sold.");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const gone = await page.goto(parkside(`/cars/${hidden.slug}`));
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Search our stock" })).toBeVisible();
  expect((await page.goto(parkside(`/motorcycles/${soldLongAgo.slug}`)))?.status()).toBe(404);
});

test("detail page: JSON-LD Motorcycle with Offer, canonical, share image, gallery by keyboard, no axe violations", async ({ page }) => {
  await page.goto(siteUrl("ridgeline-motorcycles", "/search/new-and-demo-cars"));
  await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/motorcycles\//);
  await page.reload(); // what a crawler sees: a full load of the page
  const ld = await jsonLdType(page, "Motorcycle");
  expect(ld).toMatchObject({
    "@type": "Motorcycle",
    offers: { "@type": "Offer", priceCurrency: "AUD", availability: expect.stringMatching(/InStock|PreOrder/) },
  });
  const path = new URL(page.url()).pathname;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://www.ridgelinemotorcycles.com.au${path}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /w=1200&auto=format&q=80&h=630&fit=crop/);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");

  const prev = page.getByRole("button", { name: "Previous photo" });
  await expect(prev).toBeDisabled();
  await waitForHydration(page.getByLabel(/^Photo viewer/));
  await page.getByLabel(/^Photo viewer/).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("gallery-counter")).toHaveText(/^2 \/ \d+$/);
  await expect(prev).toBeEnabled();
  await page.getByRole("button", { name: "Show photo 1", exact: true }).click();
  await expect(page.getByTestId("gallery-counter")).toHaveText(/^1 \/ \d+$/);
  await expectNoAxeViolations(page);
});

test("search page has no axe violations", async ({ page }) => {
  await page.goto(parkside("/search/new-and-demo-cars/mazda"));
  await expectNoAxeViolations(page);
});

test("corrupt favourites storage is ignored", async ({ page }) => {
  await page.goto(parkside("/favourites"));
  await page.evaluate(() => localStorage.setItem("favourite_cars", "{not json"));
  await page.reload();
  await expect(page.getByTestId("favourites-count")).toHaveText("(0)");
  await expect(page.getByText("You haven’t saved any cars yet.")).toBeVisible();
});

test.describe("mobile @mobile", () => {
  test("filters open in a drawer on a phone; Show N results closes it on the results; chips remove filters", async ({ page }) => {
    await page.goto(parkside("/search/new-used-and-demo-cars"));
    const toggle = page.getByRole("button", { name: "Filters" });
    await expect(page.getByRole("region", { name: "Filters" })).toBeHidden();
    await toggle.click();
    const drawer = page.getByRole("dialog", { name: "Filters" });
    await expect(drawer).toBeVisible();
    // a long list shows the most common first; the rest behind "Show all"
    const make = drawer.getByRole("group", { name: "Make" });
    const showAll = make.getByText(/^Show all \d+$/);
    const makes = Number((await showAll.textContent())!.match(/\d+/)![0]);
    await expect(make.locator("input[type=checkbox]:visible")).toHaveCount(6);
    await showAll.click();
    await expect(make.locator("input[type=checkbox]:visible")).toHaveCount(makes);
    await drawer.getByRole("checkbox", { name: /^Demo/ }).check();
    await expect(page).toHaveURL(/car_type=demo/);
    await expect(drawer.getByTestId("show-results")).toHaveText("Show 87 results");
    // the preset ranges count what they would find
    await expect(drawer.getByTestId("buckets-price").getByRole("link").first()).toContainText(/\(\d+\)/);
    await drawer.getByTestId("show-results").click();
    await expect(drawer).toBeHidden();
    await expect(count(page)).toHaveText("87 Cars found");
    await expect(count(page)).toBeFocused();
    await expect(count(page)).toBeInViewport();
    // the chip removes the filter it names
    await page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /demo/i }).click();
    await expect(page).not.toHaveURL(/car_type=demo/);
  });

  test("the drawer is a dialog: Escape closes it and focus returns to the Filters button", async ({ page }) => {
    await page.goto(parkside("/search/new-used-and-demo-cars"));
    const toggle = page.getByRole("button", { name: "Filters" });
    await toggle.click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test("a site that offers subscriptions sorts by the weekly subscription price and shows it on cards and the vehicle page", async ({
  page,
}) => {
  await page.goto(parkside("/search/new-and-demo-cars"));
  const sort = page.getByLabel("Sort by");
  await waitForHydration(sort);
  await sort.selectOption({ label: "Lowest Subscription Price" });
  await expect(page).toHaveURL(/sort=subscription-asc/);
  // the text as written (cards past the first row are drawn only near the screen: innerText reads them as "")
  const lines = await page.locator(".vc-s").allTextContents();
  const weekly = lines.map((l) => Number(l.match(/^Or subscribe from \$([\d,]+) a week$/)![1]!.replace(/,/g, "")));
  expect(weekly.length).toBeGreaterThan(10);
  expect(weekly).toEqual([...weekly].sort((a, b) => a - b));
  await page.getByTestId("vehicle-card").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByTestId("detail-subscription")).toHaveText(lines[0]!);

  // a site without subscriptions offers neither the sort nor the line
  await page.goto(siteUrl("harbour-city-pre-owned", "/search/used-cars"));
  await expect(page.getByLabel("Sort by").locator("option", { hasText: "Subscription" })).toHaveCount(0);
  await expect(page.locator(".vc-s")).toHaveCount(0);
});

test("every photo's srcset asks for the image service's widths only (640 to 3840, served up to the 1280 cap)", async ({ page }) => {
  for (const path of ["/search/new-used-and-demo-cars", "/"]) {
    await page.goto(parkside(path));
    const srcsets = await page.locator("img[srcset]").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("srcset")!));
    expect(srcsets.length).toBeGreaterThan(3);
    for (const srcset of srcsets) {
      for (const entry of srcset.split(", ")) {
        const [url, descriptor] = entry.split(" ");
        const served = Number(new URL(url!, "http://x").searchParams.get("w"));
        // a fixed-size image (a brand logo) says 1x / 2x: it asks for the set's widths too
        if (descriptor!.endsWith("x")) expect([640, 750, 828, 1080, 1200, 1280]).toContain(served);
        else {
          expect([640, 750, 828, 1080, 1200, 1920, 2048, 3840].map((w) => `${w}w`)).toContain(descriptor);
          expect(served).toBe(Math.min(Number(descriptor!.slice(0, -1)), 1280));
        }
      }
    }
  }
});

test("plain links navigate on the client through one island; icons are drawn from the sprite", async ({ page }) => {
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  await expect(page.locator("html")).toHaveAttribute("data-links", "client");
  // a value on window survives a client-side navigation and is gone after a full page load
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const first = page.getByTestId("vehicle-card").first();
  const title = (await first.getByRole("heading", { level: 3 }).innerText()).trim();
  await first.getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // the footer's links too, and back again
  await page.getByRole("contentinfo").getByRole("link", { name: "All Dealerships" }).click();
  await expect(page).toHaveURL(/\/dealerships\/all$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  const href = await page.locator("svg.icon use").first().getAttribute("href");
  expect(href).toMatch(/^\/icons\.svg\?v=[0-9a-z]+#[a-z-]+$/);
  const sprite = await page.request.get(href!.split("#")[0]!);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const ids = [...(await sprite.text()).matchAll(/<symbol id="([a-z-]+)"/g)].map((m) => m[1]);
  const used = await page.locator("svg.icon use").evaluateAll((uses) => uses.map((u) => u.getAttribute("href")!.split("#")[1]));
  expect(used.length).toBeGreaterThan(3);
  for (const id of used) expect(ids).toContain(id);
});

test("the filters keep the shopper's place: a box ticked by keyboard keeps the focus, an open list stays open", async ({ page }) => {
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  const filters = page.getByRole("region", { name: "Filters" });
  const make = filters.getByRole("group", { name: "Make" });
  await make.getByText(/^Show all \d+$/).click();
  const kia = make.getByRole("checkbox", { name: /^Kia \(\d+\)$/ });
  await waitForHydration(kia);
  await kia.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/kia$/);
  await expect(count(page)).toHaveText(/^\d+ Cars found$/);
  await expect(filters.getByRole("checkbox", { name: /^Kia \(\d+\)$/ })).toBeChecked();
  await expect(filters.getByRole("checkbox", { name: /^Kia \(\d+\)$/ })).toBeFocused();
  // the same box, by keyboard again, takes the filter off
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars$/);
  await expect(make.getByText("Show fewer")).toBeVisible();
  await expect(filters.getByRole("checkbox", { name: /^Kia \(\d+\)$/ })).toBeFocused();
});
