import type { Page } from "@playwright/test";
import { coveredShare, expect, readOn, siteUrl, test, waitForHydration } from "./fixtures";

/*
 * Nothing fixed to the screen covers a primary action (docs/features/analytics-chat-widgets.md,
 * "What sits over the page"). Every storefront page type of the demo site with the most overlays
 * (parkside: the dealer-tools bar, the chat launcher and its teaser, the vehicle page's Enquire / Call
 * bar), on a 390×844 phone and a 1366×900 desktop, with the shopper engaged so that the teaser comes:
 * on the first screen, and with the page's first form scrolled into view, no fixed or sticky element
 * intersects an Enquire, Call, Submit or heart control, nor takes the click at its centre. The share
 * of the phone's screen covered by fixed elements is reported per page type (test annotations).
 */

const SLUG = "parkside-motor-group";
/** where the phone and desktop screenshots of home, search and a vehicle page go, to look at */
const SHOTS = process.env.OVERLAYS_SHOTS ?? "test-results/overlays";

/** [page type, path, whether the chat teaser comes there (not a form page, not under /cars)] */
const PAGES: Array<[string, string | "vehicle", boolean]> = [
  ["home", "/", true],
  ["search", "/search/new-used-and-demo-cars", true],
  ["landing", "/search/used-cars/mazda", true],
  ["vehicle", "vehicle", false],
  ["locations", "/dealerships", true],
  ["location", "/our-location/parkside-mazda", true],
  ["finance", "/finance", false],
  ["trade-in", "/trade-in", false],
  ["contact", "/contact", false],
  ["form page", "/book-test-drive", false],
  ["favourites", "/favourites", true],
  ["blog", "/blog", true],
  ["content page", "/about-us", true],
  ["special offer", "/special-offers/end-of-winter-service-special", true],
];

type Hit = { control: string; overlay: string; how: "box" | "centre" };

/**
 * What covers a primary control in view: each fixed / sticky element's box against each Enquire,
 * Call, Submit and heart control's box, and what the page says is at the control's centre.
 * `fields` adds a form's fields (after scrolling to the form nothing may sit over them either).
 */
const coverings = (page: Page, fields: boolean) =>
  page.evaluate((withFields) => {
    const shown = (el: Element) => {
      const s = getComputedStyle(el);
      return s.display !== "none" && s.visibility !== "hidden" && Number(s.opacity) > 0.05;
    };
    const overlays = [...document.querySelectorAll("body *")].filter((el) => {
      const p = getComputedStyle(el).position;
      if ((p !== "fixed" && p !== "sticky") || !shown(el)) return false;
      const b = el.getBoundingClientRect();
      return b.width > 0 && b.height > 0;
    });
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    const primary = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
      if (el.matches("[data-fav], button[aria-label^='Save ']")) return true; // the heart
      if (el.matches("button[type='submit'], input[type='submit']")) return true;
      if (el.matches("a[href^='tel:']") || /^call\b/i.test(text)) return true;
      return /^(enquire|message now|send)/i.test(text);
    };
    const selector = withFields ? "a, button, input:not([type='hidden']), select, textarea" : "a, button, input[type='submit']";
    const controls = [...document.querySelectorAll(selector)].filter(
      (el) => (withFields ? el.closest("main form") !== null || primary(el) : primary(el)) && shown(el),
    );
    const [w, h] = [window.innerWidth, window.innerHeight];
    const hits: Hit[] = [];
    for (const c of controls) {
      // a bar's own buttons are the bar
      if (overlays.some((o) => o.contains(c))) continue;
      const b = c.getBoundingClientRect();
      if (b.width === 0 || b.height === 0 || b.bottom <= 0 || b.top >= h || b.right <= 0 || b.left >= w) continue;
      for (const o of overlays) {
        const r = o.getBoundingClientRect();
        if (Math.min(b.right, r.right) - Math.max(b.left, r.left) > 1 && Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top) > 1)
          hits.push({ control: name(c), overlay: name(o), how: "box" });
      }
      const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const at = document.elementFromPoint(x, y);
      const over = at ? overlays.find((o) => o.contains(at)) : undefined;
      if (at && over && !c.contains(at)) hits.push({ control: name(c), overlay: name(over), how: "centre" });
    }
    return hits;
  }, fields);

async function pathOf(page: Page, path: string | "vehicle") {
  if (path !== "vehicle") return path;
  await page.goto(siteUrl(SLUG, "/search/new-used-and-demo-cars"));
  return (await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href"))!;
}

/** The shopper reads on: a screen down, a pause, and back to the top; the page's clock then runs on. */
async function engage(page: Page, teaser: boolean) {
  await readOn(page, await page.evaluate(() => window.innerHeight));
  await page.clock.runFor(500);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.clock.runFor(500);
  if (teaser)
    await expect(async () => {
      await page.clock.runFor(1000);
      await expect(page.getByTestId("chat-teaser")).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 30_000 });
  else await page.clock.runFor(10_000);
  // what the page does as it settles (bars stepping aside fade in 150 ms)
  await page.clock.runFor(400);
  await transitionsDone(page);
}

/**
 * Waits for the page's CSS transitions and animations that end (a bar fading in or out): they run on
 * the browser's own time, not the page's installed clock. Endless ones (a spinner) are left out.
 */
const transitionsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

for (const [device, viewport, mobile] of [
  ["phone", { width: 390, height: 844 }, true],
  ["desktop", { width: 1366, height: 900 }, false],
] as const)
  test.describe(`${device} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, isMobile: mobile, hasTouch: mobile });

    for (const [type, path, teaser] of PAGES)
      test(`${type}: nothing fixed covers Enquire, Call, Submit or a heart, on the first screen and at the first form`, async ({
        page,
      }) => {
        const at = await pathOf(page, path);
        await page.clock.install();
        await page.goto(siteUrl(SLUG, at));
        await page.evaluate(() => localStorage.removeItem("chat_teaser_closed"));
        await waitForHydration(page.getByRole("banner").getByRole("link", { name: "Parkside Motor Group" }));
        await engage(page, teaser);

        if (["home", "search", "vehicle"].includes(type)) await page.screenshot({ path: `${SHOTS}/overlays-${device}-${type}.png` });
        const share = await coveredShare(page);
        test.info().annotations.push({ type: `covered ${device}`, description: `${type}: ${(share * 100).toFixed(1)}%` });
        console.log(`overlays: ${device} ${type} (${at}): fixed elements cover ${(share * 100).toFixed(1)}% of the screen`);
        expect(await coverings(page, false), "first screen").toEqual([]);
        if (mobile) expect(share, "the phone's screen covered").toBeLessThanOrEqual(0.12);

        // the first form in the page's main column: scrolled to, its fields and its Submit uncovered
        const form = page
          .locator("main form:visible")
          .filter({ has: page.locator("input:not([type='hidden']), textarea") })
          .first();
        if ((await form.count()) === 0) return;
        await form.locator("input:not([type='hidden']), textarea").first().scrollIntoViewIfNeeded();
        await page.clock.runFor(400);
        await transitionsDone(page);
        expect(await coverings(page, true), "at the first form").toEqual([]);
        await form.locator("button[type='submit']").first().scrollIntoViewIfNeeded();
        await page.clock.runFor(400);
        await transitionsDone(page);
        expect(await coverings(page, true), "at the first form's Submit").toEqual([]);
      });
  });

test.describe("phone 390×844: a figure just changed in the repayment calculator", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the vehicle page's bar stays aside over the calculator, so a slow press on Apply for finance is not lost to it", async ({
    page,
  }) => {
    await page.goto(siteUrl(SLUG, await pathOf(page, "vehicle")));
    // the calculator's code loads as the shopper comes near it
    await page.locator("#repayments").scrollIntoViewIfNeeded();
    const calc = page.getByTestId("finance-calculator");
    const deposit = calc.getByLabel("Deposit ($)");
    await waitForHydration(deposit);
    await deposit.fill("5000");
    const apply = calc.getByRole("link", { name: "Apply for finance" });
    // "Apply for finance" where the bar runs along the screen's bottom, the deposit field still focused
    await apply.evaluate((a) => {
      const b = a.getBoundingClientRect();
      window.scrollBy(0, b.bottom - (window.innerHeight - 12));
    });
    await expect(deposit).toBeFocused();
    const bar = page.locator("[data-vehicle-actions]");
    await expect(bar).toHaveAttribute("data-aside", "true");
    const box = (await apply.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 60);
    // a press held as a finger or a slow hand holds it: the focus leaves the field on the press, and
    // a bar fading back in over the link then would take the release, and the click with it
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // the press is held this long on purpose: the length of the hold is what the test is about
    await page.waitForTimeout(300);
    await expect(bar).toHaveAttribute("data-aside", "true");
    await page.mouse.up();
    await expect(page).toHaveURL(/\/finance\?vehicle=/, { timeout: 15_000 });
  });
});

test("no dealer tool links to the page it is on: the trade-in page offers no Value My Trade", async ({ page }) => {
  await page.goto(siteUrl(SLUG, "/"));
  const tools = page.getByRole("complementary", { name: "Dealer tools" });
  const sell = tools.getByRole("link", { name: /trade|sell/i });
  await expect(sell).toHaveCount(1);
  const href = (await sell.getAttribute("href"))!;
  await page.goto(siteUrl(SLUG, href));
  await waitForHydration(page.getByRole("banner").getByRole("link", { name: "Parkside Motor Group" }));
  await expect(tools.getByRole("link", { name: /trade|sell/i })).toHaveCount(0);
  await expect(tools.getByRole("link")).not.toHaveCount(0);
  for (const a of await tools.getByRole("link").all()) expect(new URL((await a.getAttribute("href"))!, page.url()).pathname).not.toBe(href);
});
