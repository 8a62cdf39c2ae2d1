import type { APIRequestContext } from "@playwright/test";
import { expect, siteUrl, test } from "./fixtures";

/*
 * What stood in the way of a phone's largest paint (docs/operations/performance.md, "How the LCP
 * got here"): a picture far down the page fetched at high priority beside the first one, the first
 * screen's photo fetched lazily and last, and Next's scripts downloading beside that photo.
 */

async function html(request: APIRequestContext, slug: string, path: string): Promise<string> {
  const res = await request.get(path, { headers: { Host: `${slug}.localhost` } });
  expect(res.status(), `${slug} ${path}`).toBe(200);
  return res.text();
}

/** The first address of each picture fetched at high priority: its <img fetchpriority=high>, and each image preload in the head. */
function highPriority(page: string) {
  const first = (tag: string) => /\bsrc="([^"?]+)/.exec(tag)?.[1] ?? /imageSrcSet="([^"? ]+)/i.exec(tag)?.[1];
  const imgs = (page.match(/<img\b[^>]*>/g) ?? []).filter((t) => /\bfetchpriority="high"/i.test(t)).map(first);
  const preloads = (page.match(/<link\b[^>]*\brel="preload"[^>]*\bas="image"[^>]*>/g) ?? []).map(first);
  return { imgs, preloads };
}

/** The <img> tags inside the element that carries `data-testid="{id}"` (up to the next </section> or </ul>). */
function imgsIn(page: string, id: string, end = "</section>"): string[] {
  const start = page.indexOf(`data-testid="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf(end, start)).match(/<img\b[^>]*>/g) ?? [];
}

test("the home page fetches only its hero at high priority: the offers far down wait their turn", async ({ request }) => {
  for (const slug of ["parkside-motor-group", "tasman-campers"]) {
    const page = await html(request, slug, "/");
    const hero = /<img\b[^>]*data-testid="hero-image"[^>]*>/.exec(page)?.[0];
    expect(hero, slug).toMatch(/fetchpriority="high"/i);
    const heroSrc = /\bsrc="([^"?]+)/.exec(hero!)![1];
    const { imgs, preloads } = highPriority(page);
    expect(imgs, slug).toEqual([heroSrc]);
    expect(preloads, slug).toEqual([heroSrc]);
    // parkside's home shows its offers (tasman has none running on the tests' clock)
    if (slug === "parkside-motor-group" || page.includes('data-testid="offers"'))
      for (const img of imgsIn(page, "offers", "</ul>")) expect(img, slug).toMatch(/loading="lazy"/);
  }
});

test("a brand page fetches its logo and first car's photo first, and its offers' pictures lazily", async ({ request }) => {
  for (const [slug, path] of [
    ["tasman-campers", "/brands/jayco"],
    ["parkside-motor-group", "/brands/mazda"],
  ] as const) {
    const page = await html(request, slug, path);
    const cards = imgsIn(page, "brand-stock");
    expect(cards.length, `${slug} ${path}`).toBeGreaterThan(1);
    // on a phone the row's first card is on the first screen, under the brand's words: often the LCP
    expect(cards[0], `${slug} ${path}`).toMatch(/loading="eager" fetchpriority="high"/i);
    for (const card of cards.slice(1)) expect(card, `${slug} ${path}`).toMatch(/loading="lazy"/);
    const { imgs, preloads } = highPriority(page);
    expect(imgs, `${slug} ${path}`).toHaveLength(2); // the logo and that photo
    expect(
      preloads.every((p) => imgs.includes(p)),
      `${slug} ${path}: ${preloads.join(", ")}`,
    ).toBe(true);
    if (page.includes('data-testid="offers"'))
      for (const img of imgsIn(page, "offers", "</ul>")) expect(img, `${slug} ${path}`).toMatch(/loading="lazy"/);
  }
  // where the offers are the page, the first one's picture is on the first screen
  const offers = await html(request, "parkside-motor-group", "/special-offers");
  expect(imgsIn(offers, "offers", "</ul>")[0]).toMatch(/fetchpriority="high"/i);
});

test("Next's scripts are written inert and asked for only once the largest paint is on the screen; the page still comes alive", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/search/new-used-and-demo-cars", "/contact", "/brands/mazda"]) {
    const text = await html(request, "parkside-motor-group", path);
    const own = (text.match(/<script\b[^>]*\bsrc="\/_next\/static\/[^"]+"[^>]*>/g) ?? []).filter(
      (t) => !/noModule|\/after-paint-/i.test(t),
    );
    expect(own.length, path).toBeGreaterThan(2);
    for (const tag of own) {
      expect(tag, path).toMatch(/\stype="text\/x-after-paint"/);
      expect(tag, path).not.toMatch(/\s(async|defer)=""/);
    }
    expect(
      text.match(/<script src="\/_next\/static\/chunks\/after-paint-[0-9a-f]{12}\.js" async=""/g),
      `${path}: the loader, once`,
    ).toHaveLength(1);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/search/new-used-and-demo-cars", "/brands/mazda"]) {
    await page.goto(siteUrl("parkside-motor-group", path));
    const { lcp, scripts } = await page.evaluate(async () => ({
      lcp: await new Promise<number>((resolve) =>
        new PerformanceObserver((l) => resolve(l.getEntries().at(-1)!.startTime)).observe({
          type: "largest-contentful-paint",
          buffered: true,
        }),
      ),
      // the chunks the loader added (not the loader itself; the bootstrap script may come from the head's low-priority preload)
      scripts: performance
        .getEntriesByType("resource")
        .filter(
          (e) =>
            (e as PerformanceResourceTiming).initiatorType === "script" &&
            e.name.includes("/_next/static/") &&
            !e.name.includes("/after-paint-"),
        )
        .map((e) => ({ url: e.name, start: e.startTime })),
    }));
    expect(scripts.length, path).toBeGreaterThan(2);
    // each of Next's chunks is asked for after the largest paint was presented, none beside it
    expect(Math.min(...scripts.map((s) => s.start)), path).toBeGreaterThan(lcp);
    // and once: the loader's script is the one React and Turbopack find, so neither adds another
    const tags = await page
      .locator("script[src*='/_next/static/']:not([nomodule])")
      .evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    expect(new Set(tags).size, path).toBe(tags.length);
    expect(await page.locator('script[type="text/x-after-paint"]').count(), path).toBe(0);
  }
  // alive: the client islands work (links navigate client-side, the menu opens on a phone)
  await expect(page.locator("html")).toHaveAttribute("data-links", "client");
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
});
