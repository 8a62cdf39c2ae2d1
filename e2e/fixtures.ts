import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export const PORT = 3100;
export const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${PORT}${path}`;

/** Any console.error or uncaught page error fails the test (epic-stack style). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        // the browser's own note of an HTTP error status (404 pages, 4xx/5xx answers a test asks for) is not an app error
        if (m.type() === "error" && !/^Failed to load resource: the server responded with a status of [45]\d\d/.test(m.text()))
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

/** Waits until React has attached its handlers to the element (server HTML is there before hydration). */
export async function waitForHydration(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")))).toBe(true);
}

export { expect };
