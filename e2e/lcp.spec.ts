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

test("Next's scripts are as Next writes them (no install-time rewrite); the page comes alive", async ({ page, request }) => {
  for (const path of ["/", "/search/new-used-and-demo-cars", "/contact", "/brands/mazda"]) {
    const text = await html(request, "parkside-motor-group", path);
    expect(text, path).not.toMatch(/text\/x-after-paint|\/after-paint-/);
    const own = (text.match(/<script\b[^>]*\bsrc="\/_next\/static\/[^"]+"[^>]*>/g) ?? []).filter((t) => !/noModule/i.test(t));
    expect(own.length, path).toBeGreaterThan(2);
    for (const tag of own) expect(tag, path).toMatch(/\sasync=""/);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl("parkside-motor-group", "/"));
  // alive: the client islands work (links navigate client-side, the menu opens on a phone)
  await expect(page.locator("html")).toHaveAttribute("data-links", "client");
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
});
