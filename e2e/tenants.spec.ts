import { expect, expectNoAxeViolations, siteUrl, test } from "./fixtures";

const menu = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "Main" }).locator(":scope > ul > li > :is(a, button)");

test.describe("tenants resolved from the host", () => {
  test("parkside: name, noun, header menu and stock counts", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parkside Motor Group");
    await expect(page).toHaveTitle("Parkside Motor Group");
    await expect(menu(page)).toHaveText([
      "Our Stock",
      "Brands",
      "Offers",
      "Sell My Car",
      "Service & Parts",
      "Tyre & Battery",
      "Finance",
      "More",
    ]);
    await expect(page.getByTestId("stock-total")).toHaveText("413");
    await expect(page.getByTestId("stock-new")).toHaveText("214");
    await expect(page.getByTestId("stock-demo")).toHaveText("87");
    await expect(page.getByTestId("stock-used")).toHaveText("112");
    await expect(page.getByRole("link", { name: "Browse all 413 Cars" })).toBeVisible();
    const brands = page.getByTestId("brands").getByRole("link");
    await expect(brands).toHaveCount(5);
    for (const [i, name] of ["Suzuki", "Mazda", "Mercedes-Benz", "Škoda", "KGM"].entries()) {
      await expect(brands.nth(i)).toHaveAccessibleName(name); // a logo, named by its alt text
    }
    await expect(page.getByRole("complementary", { name: "Dealer tools" })).toBeVisible();
  });

  test("ridgeline: motorcycle noun, /news instead of /blog, no service menu", async ({ page }) => {
    await page.goto(siteUrl("ridgeline-motorcycles"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ridgeline Motorcycles");
    await expect(menu(page)).toHaveText(["Our Stock", "Brands", "Sell My Car", "Finance", "More"]);
    await expect(page.getByTestId("stock-total")).toHaveText("60");
    await expect(page.getByRole("link", { name: "Browse all 60 Motorcycles" })).toBeVisible();
    await page.getByRole("button", { name: "More" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News" })).toHaveAttribute("href", "/news");
    await expect(page.getByRole("complementary", { name: "Dealer tools" })).toHaveCount(0);
  });

  test("outback: Trucks noun, Sell My Car, parts location gives Service & Parts", async ({ page }) => {
    await page.goto(siteUrl("outback-truck-centre"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outback Truck Centre");
    await expect(menu(page)).toHaveText(["Our Stock", "Brands", "Sell My Car", "Service & Parts", "Finance", "More"]);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sell My Car" })).toHaveAttribute(
      "href",
      "/sell-my-car",
    );
    await expect(page.getByTestId("stock-total")).toHaveText("90");
    await expect(page.getByRole("link", { name: "Browse all 90 Trucks" })).toBeVisible();
  });

  test("harbour-city shows the pre-owned wording and 120 listed", async ({ page }) => {
    await page.goto(siteUrl("harbour-city-pre-owned"));
    await expect(page.getByTestId("stock-total")).toHaveText("120");
    await expect(page.getByRole("link", { name: "120 Pre-owned Cars" })).toHaveAttribute("href", "/search/used-cars");
  });

  test("an unknown tenant is a clear 404, not a crash", async ({ page }) => {
    const res = await page.goto(siteUrl("no-such-dealer"));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn’t find that dealer website" })).toBeVisible();
  });

  test("an unknown domain is a 404 (Host header)", async ({ request }) => {
    const res = await request.get("/", { headers: { Host: "www.unknown-dealer.com.au" } });
    expect(res.status()).toBe(404);
    const known = await request.get("/", { headers: { Host: "www.tasmancampers.co.nz" } });
    expect(known.status()).toBe(200);
    expect(await known.text()).toContain("Tasman Campers");
  });

  test("one tenant cannot reach another's pages through the internal /sites/… path (ADR 0001)", async ({ request }) => {
    const parkside = { Host: "parkside-motor-group.localhost" };
    for (const path of [
      "/sites/tasman-campers",
      "/sites/tasman-campers/search/new-used-and-demo-cars",
      "/sites/tasman-campers.localhost/dealerships",
      "/sites/www.tasmancampers.co.nz/contact",
    ]) {
      const res = await request.get(path, { headers: parkside });
      expect(res.status(), path).toBe(404);
      const html = await res.text();
      expect(html, path).not.toContain("Tasman Campers");
      expect(html, path).toContain("Parkside"); // parkside's own 404 page, in parkside's frame
    }
  });
});

test.describe("routes", () => {
  test("the garage asks a signed-out shopper to sign in; site redirects apply", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/my-garage"));
    await expect(page).toHaveURL(siteUrl("parkside-motor-group", "/sign-in?redirect=/my-garage"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to My Parkside");
    await page.goto(siteUrl("outback-truck-centre", "/finance-pre-approval"));
    await expect(page).toHaveURL(siteUrl("outback-truck-centre", "/finance"));
    await page.goto(siteUrl("outback-truck-centre", "/trade-in"));
    await expect(page).toHaveURL(siteUrl("outback-truck-centre", "/sell-my-car"));
  });

  test("an unknown path on a known site is a 404 with a way on", async ({ page }) => {
    const res = await page.goto(siteUrl("tasman-campers", "/no/such/page"));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search our stock" })).toBeVisible();
  });

  test("health answers with the database status", async ({ request }) => {
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { status: "ok", driver: "pglite", sites: 7 } });
  });

  test("a TLS front door may ask for a site's domain and its www. name only", async ({ request }) => {
    const ask = async (domain: string) => {
      const res = await request.get(`/api/tls/allowed?domain=${encodeURIComponent(domain)}`);
      expect(res.headers()["cache-control"]).toBe("no-store");
      return res.status();
    };
    expect(await ask("www.parksidemotorgroup.com.au")).toBe(200);
    expect(await ask("parksidemotorgroup.com.au")).toBe(200);
    expect(await ask("shop.parksidemotorgroup.com.au")).toBe(404);
    expect(await ask("127.0.0.1")).toBe(400);
  });

  test("home page has no axe violations", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group"));
    await expectNoAxeViolations(page);
  });
});

test.describe("mobile @mobile", () => {
  test("the menu opens and closes by keyboard", async ({ page }) => {
    await page.goto(siteUrl("tasman-campers"));
    const button = page.getByRole("button", { name: "Menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: "Our Stock" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: "Our Stock" })).toBeHidden();
  });
});

/*
 * The first answer streams from Next with its request's nonce; the stored copy is the same page
 * without it, its inline scripts allowed by their hashes, so every later answer (in any process,
 * or from the shared tier) is the same bytes (docs/decisions/0019-shared-page-cache-and-hash-csp.md).
 */
test("pages are served again from the page cache; API routes never are", async ({ request }) => {
  const url = "/search/used-cars?sort=latest&make=Kia";
  const host = { Host: "demo-motors.localhost" };
  const first = await request.get(url, { headers: host });
  const second = await request.get(url, { headers: host });
  expect(first.headers()["x-cache"]).toMatch(/MISS|HIT/);
  expect(second.headers()["x-cache"]).toBe("HIT");
  // the same page: the stored copy without the first answer's nonce (its scripts go by their hashes)
  const nonce = /'nonce-([^']+)'/.exec(first.headers()["content-security-policy"] ?? "")?.[1];
  const firstBody = await first.text();
  expect(second.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(await second.text()).toBe(nonce ? firstBody.replaceAll(` nonce="${nonce}"`, "") : firstBody);
  expect((await request.get("/api/health")).headers()["x-cache"]).toBeUndefined();
});
