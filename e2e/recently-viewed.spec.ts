import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, siteUrl, test } from "./fixtures";

/*
 * Recently viewed cars, kept in this browser. Two cars opened, then the home page lists
 * both, the latest first; a car's own page leaves itself out; "Clear" empties the row; a browser
 * that has viewed nothing gets no row (and no request for one).
 */
const P = (path = "/") => siteUrl("parkside-motor-group", path);

/**
 * The row reads the kept list once the page has loaded and the browser is idle; the page records each
 * read of it (and what it held), so a test knows the row has decided before it checks that none is drawn.
 */
async function recordReads(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __recentReads: Array<string | null> };
    w.__recentReads = [];
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      const value = getItem.call(this, key);
      if (key === "recently_viewed") w.__recentReads.push(value);
      return value;
    };
  });
}
const recentReads = (page: Page) => page.evaluate(() => (window as unknown as { __recentReads: Array<string | null> }).__recentReads);

test("two cars viewed → home lists both, latest first; a car's page leaves itself out; Clear empties it @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await recordReads(page);
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/api/vehicles") && asked.push(r.url()));
  await page.goto(P("/"));
  // the row has read the kept list (nothing there) once the browser was idle: it draws nothing
  await expect.poll(() => recentReads(page)).toEqual([null]);
  await expect(page.getByTestId("recently-viewed")).toHaveCount(0);
  expect(asked, "nothing viewed: no request for cards").toEqual([]);

  await page.goto(P("/search/used-cars?sort=price-desc"));
  const links = page.locator(".vc h3 a");
  const [a, b] = [(await links.nth(0).getAttribute("href"))!, (await links.nth(1).getAttribute("href"))!];
  const titles: string[] = [];
  for (const href of [a, b]) {
    await page.goto(P(href));
    titles.push((await page.getByRole("heading", { level: 1 }).textContent())!.trim());
    // kept once the page has loaded and the browser is idle
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("recently_viewed") ?? "[]") as number[]))
      .toHaveLength(titles.length);
  }

  await page.goto(P("/"));
  const row = page.getByTestId("recently-viewed");
  await expect(row.getByRole("heading", { level: 2 })).toHaveText("Recently viewed");
  await expect(row.getByRole("link")).toHaveText([new RegExp(titles[1]!), new RegExp(titles[0]!)]);
  // the row sits with the cars, above the repayment note that closes them (not below it)
  const [rowBox, noteBox] = [await row.boundingBox(), await page.getByTestId("repayment-note").boundingBox()];
  expect(rowBox!.y + rowBox!.height, "recently viewed ends above the repayment note").toBeLessThanOrEqual(noteBox!.y);
  await row.scrollIntoViewIfNeeded();
  const photo = row.locator("img").first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: "test-results/recently-viewed-home-phone.png" });
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the row scrolls inside itself, not the page").toBeLessThanOrEqual(0);

  // on the second car's page: the first car only
  await page.goto(P(b));
  await expect(page.getByTestId("recently-viewed").getByRole("link")).toHaveText([new RegExp(titles[0]!)]);
  await page.getByRole("button", { name: /Clear recently viewed/ }).click();
  await expect(page.getByTestId("recently-viewed")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("recently_viewed"))).toBe("[]");
  await page.goto(P("/"));
  await expect.poll(() => recentReads(page)).toEqual(["[]"]);
  await expect(page.getByTestId("recently-viewed")).toHaveCount(0);
});
