import type { APIRequestContext } from "@playwright/test";
import { generateDemoData } from "@/server/demo/generate";
import { TEST_NOW_MS } from "./clock";
import { DEMO_SLUGS, expect, expectNoAxeViolations, jsonLdType, siteUrl, test } from "./fixtures";

const SITES = DEMO_SLUGS;

const host = (slug: string) => ({ host: `${slug}.localhost` });
const hrefs = (html: string, region: RegExp) =>
  [...(html.match(region)?.[0] ?? "").matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** A page's status and text, from the server (Node's fetch does not resolve *.localhost: the Host header says the site). */
async function fetchPage(request: APIRequestContext, slug: string, path: string) {
  // links are followed one hop only: a link that redirects is a link to fix, not a page
  const res = await request.get(path, { headers: host(slug), maxRedirects: 0 });
  return { status: res.status(), html: await res.text() };
}

test.describe("content: every link answers, nothing is 'coming soon'", () => {
  for (const slug of SITES) {
    test(`${slug}: every header and footer link, and every link in the content pages they reach, answers 200 with real content`, async ({
      request,
    }) => {
      test.setTimeout(120_000);
      const home = await fetchPage(request, slug, "/");
      expect(home.status).toBe(200);
      const chrome = [...hrefs(home.html, /<header[\s\S]*?<\/header>/), ...hrefs(home.html, /<footer[\s\S]*?<\/footer>/)];
      expect(chrome.length).toBeGreaterThan(10);
      const seen = new Map<string, number>();
      const queue = [...new Set(chrome)].map((path) => ({ path, from: "header/footer", depth: 1 }));
      const failures: string[] = [];
      while (queue.length) {
        const { path, from, depth } = queue.shift()!;
        if (seen.has(path)) continue;
        const page = await fetchPage(request, slug, path);
        seen.set(path, page.status);
        if (page.status !== 200) failures.push(`${path} (from ${from}) → ${page.status}`);
        else if (/This page is being written|are being built/.test(page.html))
          failures.push(`${path} (from ${from}) is a "Coming soon" page`);
        // one level into the content pages (not into search results or vehicle pages: their links are stock)
        if (depth === 1 && page.status === 200 && !/^\/(search|cars|motorcycles|campers)\//.test(path))
          for (const next of hrefs(page.html, /<main[\s\S]*<\/main>/))
            if (!seen.has(next)) queue.push({ path: next, from: path, depth: 2 });
      }
      expect(failures).toEqual([]);
      expect(seen.size).toBeGreaterThan(15);
    });
  }

  test("parkside links every content section; a site without a section neither links to it nor serves it", async ({ request }) => {
    const parkside = await fetchPage(request, "parkside-motor-group", "/");
    for (const path of [
      "/special-offers",
      "/models",
      "/electric-vehicles",
      "/blog",
      "/about-us",
      "/tyre-and-battery-centre",
      "/privacy-policy",
    ])
      expect(parkside.html, path).toContain(`href="${path}"`);
    const tasman = await fetchPage(request, "tasman-campers", "/");
    for (const path of ["/special-offers", "/blog", "/news", "/electric-vehicles", "/tyre-and-battery-centre"]) {
      expect(tasman.html, path).not.toContain(`href="${path}"`);
      expect((await fetchPage(request, "tasman-campers", path)).status, path).toBe(404);
    }
  });
});

test.describe("content pages", () => {
  test("About Us answers at /about-us and /pages/about-us with one canonical URL, breadcrumbs and the site's words", async ({ page }) => {
    for (const path of ["/about-us", "/pages/about-us"]) {
      await page.goto(siteUrl("parkside-motor-group", path));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
      await expect(page).toHaveTitle("About Us | Parkside Motor Group");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", "https://www.parksidemotorgroup.com.au/about-us");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
      await expect(page.getByRole("main")).toContainText("Parkside Motor Group has been part of Ringwood");
    }
    await expectNoAxeViolations(page);
  });

  test("the blog lists posts in the site's layout, pages through them, and a post has date, author, picture and Article data", async ({
    page,
  }) => {
    await page.goto(siteUrl("parkside-motor-group", "/blog"));
    const posts = page.getByTestId("posts");
    await expect(posts).toHaveAttribute("data-layout", "grid");
    await expect(posts.locator(":scope > li")).toHaveCount(6);
    await page.getByRole("link", { name: "Older posts" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(posts.locator(":scope > li")).toHaveCount(2);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await page.getByRole("link", { name: "Drive away or excluding government charges?" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drive away or excluding government charges?");
    await expect(page.getByRole("main")).toContainText("Mark Ellis, Used Car Manager");
    await expect(page.locator("main time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    const article = await jsonLdType(page, "Article");
    expect(article).toMatchObject({
      "@type": "Article",
      headline: "Drive away or excluding government charges?",
      author: { name: "Mark Ellis, Used Car Manager" },
    });
    await expectNoAxeViolations(page);
    expect((await page.goto(siteUrl("parkside-motor-group", "/blog?page=3")))?.status()).toBe(404);
    expect((await page.goto(siteUrl("parkside-motor-group", "/blog/no-such-post")))?.status()).toBe(404);
  });

  test("ridgeline's blog is its news: /blog and its posts move to /news, in a list of 4 a page", async ({ page }) => {
    await page.goto(siteUrl("ridgeline-motorcycles", "/blog"));
    await expect(page).toHaveURL(siteUrl("ridgeline-motorcycles", "/news"));
    await expect(page.getByTestId("posts")).toHaveAttribute("data-layout", "list");
    await expect(page.getByTestId("posts").locator(":scope > li")).toHaveCount(4);
    await page.goto(siteUrl("ridgeline-motorcycles", "/blog/ridgeline-charity-ride-2026"));
    await expect(page).toHaveURL(siteUrl("ridgeline-motorcycles", "/news/ridgeline-charity-ride-2026"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our charity ride raised $18,400");
  });

  test("special offers: live ones listed with price or saving and expiry; an ended one is not listed and its page says so", async ({
    page,
  }) => {
    await page.goto(siteUrl("parkside-motor-group", "/special-offers"));
    const offers = page.getByTestId("offers").locator(":scope > li");
    await expect(offers).toHaveCount(5);
    await expect(page.getByTestId("offers")).not.toContainText("End-of-winter service special");
    // parkside sells subscriptions (offers_subscription): the variant shows where an offer has one
    await expect(page.getByTestId("offer-subscription")).toHaveCount(2);
    await offers.filter({ hasText: "Mazda CX-5" }).getByRole("link").click();
    await expect(page).toHaveURL(/\/special-offers\/mazda-cx-5-maxx-sport-drive-away$/);
    await expect(page.getByTestId("offer-price")).toHaveText("$42,990");
    await expect(page.getByRole("main")).toContainText("Terms and conditions");
    await expect(page.getByRole("link", { name: "Enquire about this offer" })).toHaveAttribute("href", "/contact-us/parkside-mazda");
    await page.goto(siteUrl("parkside-motor-group", "/special-offers/end-of-winter-service-special"));
    await expect(page.getByTestId("offer-ended")).toContainText("This offer has ended.");
    await expect(page.getByRole("link", { name: "Enquire about this offer" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a brand page shows its stock, models, offers and locations, and links into the search by make", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/brands/mazda"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mazda at Parkside Motor Group");
    const count = Number((await page.getByTestId("brand-stock-count").textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId("brand-stock").locator("li")).not.toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Mazda models" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mazda offers" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Parkside Mazda", level: 3 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: `See all ${count} Mazda cars` }).click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/mazda$/);
    await expect(page.getByTestId("results-count")).toContainText(`${count} `);
  });

  test("models: the range per brand with a from price; a model page lists its cars; EVs come from the fuel type", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/models"));
    await expect(page.getByRole("heading", { level: 2, name: "Mazda" })).toBeVisible();
    await page
      .getByRole("link", { name: /Mazda CX-5/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/models\/mazda-cx-5$/);
    await expect(page.getByTestId("from-price").first()).toContainText(/From \$\d/);
    await expect(page.getByTestId("model-stock").locator("li").first()).toContainText("CX-5");
    await page.goto(siteUrl("parkside-motor-group", "/electric-vehicles"));
    await expect(page.getByTestId("models")).toContainText("EQA");
    await expect(page.getByTestId("ev-stock").locator("li")).not.toHaveCount(0);
    expect((await page.goto(siteUrl("parkside-motor-group", "/models/no-such-model")))?.status()).toBe(404);
  });

  test("fleet and careers keep their forms with the site's words above", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/fleet"));
    await expect(page.getByTestId("section-intro")).toContainText("Fleet and business vehicles");
    await expect(page.getByRole("button", { name: /send|submit/i })).toBeVisible();
    await page.goto(siteUrl("parkside-motor-group", "/careers"));
    await expect(page.getByTestId("section-intro")).toContainText("Work at Parkside");
  });
});

test("the privacy policy names the advertising platforms each site's switches send events to, and only those", async ({ request }) => {
  const section = async (slug: string) => {
    const { status, html } = await fetchPage(request, slug, "/privacy-policy");
    expect(status, slug).toBe(200);
    return html.slice(html.indexOf("Advertising and analytics"));
  };
  const parkside = await section("parkside-motor-group"); // the Meta pixel
  expect(parkside).toContain("Meta (Facebook and Instagram)");
  expect(parkside).not.toContain("Google Analytics");
  const harbour = await section("harbour-city-pre-owned"); // Google Tag Manager and Analytics
  expect(harbour).toContain("Google Tag Manager");
  expect(harbour).toContain("Google Analytics");
  expect(harbour).not.toContain("Meta (Facebook");
  expect(await section("tasman-campers")).toContain("No advertising or analytics platform receives information from this website.");
});

test("@mobile content pages fit a phone", async ({ page }) => {
  for (const path of ["/brands/mazda", "/blog/electric-or-plug-in-hybrid", "/special-offers", "/models", "/privacy-policy"]) {
    await page.goto(siteUrl("parkside-motor-group", path));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
});

test("home shows the offers running now, and a link to all of them", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/"));
  const offers = page.getByTestId("home-offers");
  await expect(offers.getByTestId("offers").locator(":scope > li")).toHaveCount(3);
  await expect(offers.getByRole("link", { name: "All 5 offers" })).toHaveAttribute("href", "/special-offers");
  await page.goto(siteUrl("tasman-campers", "/"));
  await expect(page.getByTestId("home-offers")).toHaveCount(0);
});

test("price labels: a card and its page say Drive Away or Excl. Govt. Charges; a car without a price says so", async ({ page }) => {
  for (const label of ["Drive Away", "Excl. Govt. Charges"]) {
    await page.goto(siteUrl("parkside-motor-group", "/search/new-and-demo-cars"));
    const card = page.getByTestId("vehicle-card").filter({ hasText: label }).first();
    await expect(card).toBeVisible();
    await card.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.locator("main")).toContainText(label);
  }
  const rows = generateDemoData(TEST_NOW_MS).find((d) => d.site.id === 1001)!.vehicles;
  const unpriced = rows.find((v) => v.showOnDealerWebsite && v.status !== "sold" && v.price === null)!;
  await page.goto(siteUrl("parkside-motor-group", `/cars/${unpriced.slug}`));
  await expect(page.locator("main")).toContainText("Enquire for price.");
});
