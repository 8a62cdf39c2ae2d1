import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import { linkIn, waitForMail } from "../scripts/lib/outbox";
import { startServer, stopServer } from "../scripts/lib/server-process";
import { TEST_NOW } from "./clock";

/** E2E_PORT lets two checkouts run their browser tests side by side. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${PORT}${path}`;

/** The seven demo tenants (docs/demo-data.md), in their order. */
export const DEMO_SLUGS = [
  "parkside-motor-group",
  "ridgeline-motorcycles",
  "tasman-campers",
  "outback-truck-centre",
  "harbour-city-pre-owned",
  "lakeside-rv",
  "demo-motors",
];

/** Any console.error or uncaught page error fails the test (epic-stack style). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        // the browser's own note of an HTTP error status (404 pages, 4xx/5xx answers a test asks for) is not an app error
        if (m.type() !== "error" || /^Failed to load resource: the server responded with a status of [45]\d\d/.test(m.text())) return;
        // nor a vendor's widget script this offline machine cannot reach (demo sites with real vendor ids)
        const from = m.location().url;
        if (/^Failed to load resource: net::/.test(m.text()) && from && !/^https?:\/\/([\w-]+\.)*localhost(:\d+)?\//.test(from)) return;
        errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export async function expectNoAxeViolations(page: Page) {
  // Next streams a page's metadata: after an in-place refresh the <title> can arrive a moment after the body
  await expect(page).toHaveTitle(/\S/);
  // a server component that used a value from a "use client" module draws its reference, not the value
  expect(await page.locator('[class*="from the server"]').count(), "attributes drawn from a client module's value").toBe(0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
  ).toEqual([]);
}

/**
 * Waits until the element takes clicks: React has attached its handlers to it (server HTML is there
 * before hydration), or it sits in HTML a client component handles for it (`data-live`: the search
 * results' cards, drawn as text, whose hearts ResultGrid handles).
 */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")) || el.closest("[data-live]") !== null))
    .toBe(true);
}

/** The page's schema.org objects (every ld+json script), parsed. */
export async function jsonLdOf(page: Page): Promise<Array<Record<string, unknown>>> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
}

/** The page's one schema.org object of a type (the test fails when there is none, or more than one). */
export async function jsonLdType(page: Page, type: string): Promise<Record<string, unknown>> {
  const found = (await jsonLdOf(page)).filter((o) => o["@type"] === type);
  expect(found, `one ${type} on the page`).toHaveLength(1);
  return found[0]!;
}

export { expect };

/** Where the e2e server writes its mail (playwright.config.ts OUTBOX_DIR). */
export const E2E_OUTBOX = ".data/e2e-outbox";

/** The newest message to `to` in the outbox (its subject and its first /api/auth link), waiting for it to arrive. */
export async function mailTo(to: string, subject?: RegExp): Promise<{ subject: string; link: string }> {
  const [mail] = await waitForMail(E2E_OUTBOX, (m) => m.to.includes(to) && (!subject || subject.test(m.subject)), { timeoutMs: 10_000 });
  expect(mail, `a mail to ${to}`).toBeTruthy();
  return { subject: mail!.subject, link: linkIn(mail!, /(https?:\/\/[^\s"<>]+\/api\/auth\/[^\s"<>]+)/) };
}

/** A fresh address per test, so tests running side by side never share an account. */
export const freshEmail = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Keeps every analytics event the page fires (the `dealer:track` DOM event) for `trackedEventIds`. */
export async function recordTrackedEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tracked: Array<{ event_id?: number }> };
    w.__tracked = [];
    window.addEventListener("dealer:track", (e) => w.__tracked.push((e as CustomEvent).detail));
  });
}

/** The ids of the analytics events the page fired since `recordTrackedEvents`. */
export const trackedEventIds = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tracked: Array<{ event_id?: number }> }).__tracked.map((e) => e.event_id));

/**
 * The settings of a spec's own server (the back-office, onboarding and photo specs run one each): the
 * test clock, its files under `dir`, a feed's photos fetched from `photoOrigin` over http on loopback
 * (where the spec serves any), and the sign-in and lead limits the specs' journeys stay under.
 */
export const ownServerEnv = (dir: string, photoOrigin?: string) => ({
  APP_ENV: "test",
  TEST_NOW,
  LOG_LEVEL: "warn",
  OUTBOX_DIR: `${dir}/outbox`,
  UPLOAD_DIR: `${dir}/uploads`,
  PHOTO_DIR: `${dir}/photos`,
  IMAGE_CACHE_DIR: `${dir}/image-cache`,
  ...(photoOrigin ? { PHOTO_FETCH_TEST_ORIGIN: photoOrigin } : {}),
  AUTH_RATE_LIMIT: "100",
  LEAD_RATE_LIMIT: "100",
});

/**
 * A spec's own server for the tests declared with it: started before them on `port` from a fresh
 * `dir` (its database and files, ownServerEnv), stopped after them and its folder removed.
 */
export function ownServer(port: number, dir: string, photoOrigin?: string) {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await rm(dir, { recursive: true, force: true });
    server = await startServer({ port, dataDir: `${dir}/db`, timeoutMs: 90_000, env: ownServerEnv(dir, photoOrigin) });
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
    await rm(dir, { recursive: true, force: true });
  });
}

/** Signs a staff member in on the back-office at `admin` (its origin) and waits for their first page; the demo's manager unless told. */
export async function staffSignIn(
  page: Page,
  admin: string,
  { email = "manager@parksidemotorgroup.com.au", password = "demo-staff-2026", landing = "/leads" } = {},
) {
  await page.goto(`${admin}/sign-in`);
  const button = page.getByRole("button", { name: "Sign in" });
  await waitForHydration(button);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await button.click();
  await expect(page).toHaveURL(`${admin}${landing}`, { timeout: 15_000 });
}

/** Opens a site's stock import at `importUrl`, chooses `csv` as the file and has it checked (the preview or its errors follow). */
export async function checkStockFile(page: Page, importUrl: string, csv: string) {
  await page.goto(importUrl);
  const check = page.getByRole("button", { name: "Check the file" });
  await waitForHydration(check);
  await page.getByLabel("CSV file").setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await check.click();
}

/** The share of the screen that fixed elements shown cover (their union, sampled every 2 px): e2e/phone.spec.ts, e2e/overlays.spec.ts. */
export const coveredShare = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const s = getComputedStyle(el);
        return s.position === "fixed" && s.display !== "none" && s.visibility !== "hidden" && Number(s.opacity) > 0.05;
      })
      .map((el) => el.getBoundingClientRect())
      .filter((b) => b.width > 0 && b.height > 0);
    const [w, h] = [window.innerWidth, window.innerHeight];
    let hit = 0;
    let all = 0;
    for (let y = 1; y < h; y += 2)
      for (let x = 1; x < w; x += 2) {
        all++;
        if (boxes.some((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom)) hit++;
      }
    return hit / all;
  });

/**
 * The shopper reads on: the page scrolls to `y` and, on a page whose clock is installed, frames run
 * until the page has seen the scroll (<html data-read-on>); the browser sends the scroll event in its
 * own time, which under load can be after a fixed run of the clock.
 */
export async function readOn(page: Page, y: number) {
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await expect
    .poll(async () => {
      await page.clock.runFor(200);
      return page.evaluate(() => document.documentElement.dataset.readOn ?? null);
    })
    .toBe("true");
}

/**
 * Holds the page's scripts (Next's chunks) until `release` is called, so a test can act on a page as
 * drawn by the server before any of its code has run, as a shopper on a slow phone does.
 */
export async function holdScripts(page: Page) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const chunks = /\/_next\/static\/.+\.js(\?.*)?$/;
  await page.route(chunks, async (route) => {
    await gate;
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  return async () => {
    open();
    await page.unroute(chunks);
  };
}
