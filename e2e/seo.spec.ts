import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse } from "csv-parse/sync";
import { META_COLUMNS } from "@/domain/content/feeds";
import { generateDemoData } from "@/server/demo/generate";
import { TEST_NOW_MS } from "./clock";
import { expect, jsonLdOf, jsonLdType, siteUrl, test, waitForHydration } from "./fixtures";

const PARKSIDE = { host: "parkside-motor-group.localhost" };
const ORIGIN = "https://www.parksidemotorgroup.com.au";
const rows = generateDemoData(TEST_NOW_MS).find((d) => d.site.id === 1001)!.vehicles;
const soldRecently = (v: (typeof rows)[number]) => v.status === "sold" && TEST_NOW_MS - v.soldAt!.getTime() <= 3 * 86_400_000;
/** What parkside's search lists (docs/demo-data.md: 413), and what its sitemap lists: those not sold (411). */
const listed = rows.filter((v) => v.showOnDealerWebsite && (v.status !== "sold" || soldRecently(v)));
const unsold = listed.filter((v) => v.status !== "sold");
const notInSitemap = rows.filter((v) => !unsold.includes(v));

test("robots.txt names the site's own sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt", { headers: PARKSIDE });
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  const other = await request.get("/robots.txt", { headers: { host: "www.tasmancampers.co.nz" } });
  expect(await other.text()).toContain("Sitemap: https://www.tasmancampers.co.nz/sitemap.xml");
});

test("sitemap.xml lists every listed car that is not sold, and no sold or hidden one, with the content pages", async ({ request }) => {
  expect(listed).toHaveLength(413);
  const res = await request.get("/sitemap.xml", { headers: PARKSIDE });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const urls = (new XMLParser().parse(xml).urlset.url as Array<{ loc: string; lastmod?: string }>).map((u) => ({
    ...u,
    path: u.loc.slice(ORIGIN.length),
  }));
  expect(urls.every((u) => u.loc.startsWith(`${ORIGIN}/`))).toBe(true);
  const cars = urls.filter((u) => u.path.startsWith("/cars/"));
  expect(cars.map((u) => u.path).sort()).toEqual(unsold.map((v) => `/cars/${v.slug}`).sort());
  expect(cars.every((u) => u.lastmod)).toBe(true);
  for (const v of notInSitemap) expect(urls.map((u) => u.path)).not.toContain(`/cars/${v.slug}`);
  const paths = urls.map((u) => u.path);
  for (const p of [
    "/",
    "/brands/skoda",
    "/about-us",
    "/blog/winter-car-care-checklist",
    "/special-offers/kgm-musso-ultimate-drive-away",
    "/models/mazda-cx-5",
    "/our-location/parkside-service-centre",
  ])
    expect(paths, p).toContain(p);
  expect(paths).not.toContain("/special-offers/end-of-winter-service-special");
  expect(paths).not.toContain("/favourites");
});

test("the Google feed is well-formed RSS with the required fields, one item per listed car", async ({ request }) => {
  const res = await request.get("/feeds/google-vehicle-listings.xml", { headers: PARKSIDE });
  expect(res.status()).toBe(200);
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const items = new XMLParser({ parseTagValue: false }).parse(xml).rss.channel.item as Array<Record<string, string>>;
  expect(items).toHaveLength(listed.length);
  expect(items.map((i) => i["g:id"]).sort()).toEqual(listed.map((v) => v.stockNumber).sort());
  for (const i of items) {
    for (const f of [
      "g:id",
      "g:title",
      "g:description",
      "g:link",
      "g:image_link",
      "g:condition",
      "g:availability",
      "g:brand",
      "g:model",
      "g:year",
    ])
      expect(i[f], `${i["g:id"]} ${f}`).toBeTruthy();
    expect(i["g:link"]).toMatch(new RegExp(`^${ORIGIN}/cars/`));
    if (i["g:price"]) expect(i["g:price"]).toMatch(/^\d+\.00 AUD$/);
  }
  // exactly one car has no price (docs/demo-data.md): its item carries none
  expect(items.filter((i) => !i["g:price"])).toHaveLength(1);
  expect(items.filter((i) => i["g:availability"] === "out of stock")).toHaveLength(2);
});

test("the Meta feed is CSV with its header and one row per listed car; tasman's prices are NZD", async ({ request }) => {
  const res = await request.get("/feeds/meta-vehicles.csv", { headers: PARKSIDE });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/csv");
  const table = parse(await res.text(), { columns: true }) as Array<Record<string, string>>;
  expect(Object.keys(table[0]!)).toEqual([...META_COLUMNS]);
  expect(table).toHaveLength(listed.length);
  expect(new Set(table.map((r) => r.vehicle_id)).size).toBe(listed.length);
  expect(table.every((r) => ["NEW", "USED"].includes(r.state_of_vehicle!))).toBe(true);
  const tasman = parse(await (await request.get("/feeds/meta-vehicles.csv", { headers: { host: "tasman-campers.localhost" } })).text(), {
    columns: true,
  }) as Array<Record<string, string>>;
  expect(tasman).toHaveLength(48);
  expect(tasman.filter((r) => r.price).every((r) => r.price!.endsWith(" NZD"))).toBe(true);
});

/** The schema.org shape a search engine needs of a place: a PostalAddress, coordinates, a phone and opening hours. */
function expectPlace(ld: Record<string, unknown>) {
  expect(ld["@context"]).toBe("https://schema.org");
  expect(ld).toMatchObject({
    name: expect.any(String),
    telephone: expect.any(String),
    address: {
      "@type": "PostalAddress",
      streetAddress: expect.any(String),
      addressLocality: expect.any(String),
      postalCode: expect.any(String),
    },
    geo: { "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) },
  });
  const hours = ld.openingHoursSpecification as Array<Record<string, string>>;
  expect(hours.length).toBeGreaterThan(0);
  for (const h of hours) {
    expect(h["@type"]).toBe("OpeningHoursSpecification");
    expect(h.dayOfWeek).toMatch(/^https:\/\/schema\.org\/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/);
    expect(h.opens).toMatch(/^\d{2}:\d{2}$/);
    expect(h.closes).toMatch(/^\d{2}:\d{2}$/);
  }
}

test("JSON-LD: AutoDealer on home and a location page, a Car with its Offer and breadcrumbs on a vehicle page", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/"));
  const home = await jsonLdType(page, "AutoDealer");
  expectPlace(home);
  expect(home).toMatchObject({
    name: "Parkside Motor Group",
    url: ORIGIN,
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.1, reviewCount: 1525 },
  });
  expect((home.department as unknown[]).length).toBe(5);

  await page.goto(siteUrl("parkside-motor-group", "/our-location/parkside-mazda"));
  const location = await jsonLdType(page, "AutoDealer");
  expectPlace(location);
  expect(location).toMatchObject({ name: "Parkside Mazda", url: `${ORIGIN}/our-location/parkside-mazda` });
  const crumbs = await jsonLdType(page, "BreadcrumbList");
  expect((crumbs.itemListElement as Array<{ item: string }>).map((c) => c.item)).toEqual([
    `${ORIGIN}/`,
    `${ORIGIN}/dealerships`,
    `${ORIGIN}/our-location/parkside-mazda`,
  ]);

  await page.goto(siteUrl("parkside-motor-group", `/cars/${unsold[0]!.slug}`));
  const types = (await jsonLdOf(page)).map((o) => o["@type"]);
  expect(types).toContain("BreadcrumbList");
  const car = (await jsonLdOf(page)).find((o) => o["@type"] === "Car" || o["@type"] === "Vehicle")!;
  expect(car).toMatchObject({
    "@context": "https://schema.org",
    name: expect.any(String),
    offers: { "@type": "Offer", priceCurrency: "AUD" },
  });
});

test("every page type has its share cards (Open Graph and Twitter) and a canonical URL", async ({ page }) => {
  test.setTimeout(60_000); // nine pages, each loaded whole: 30 s ran out once on a busy machine
  for (const path of [
    "/",
    "/search/new-used-and-demo-cars",
    `/cars/${unsold[0]!.slug}`,
    "/our-location/parkside-mazda",
    "/service",
    "/brands/mazda",
    "/blog/electric-or-plug-in-hybrid",
    "/special-offers",
    "/about-us",
  ]) {
    await page.goto(siteUrl("parkside-motor-group", path));
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:description"]'), path).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute("content", /^summary/);
    if (path !== "/") await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", new RegExp(`^${ORIGIN}/`));
  }
});

test.describe("search landing pages", () => {
  test("a make, a model and a body each have their own address, heading, title and canonical URL", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/search/new-and-demo-cars/mazda/cx-5"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New and Demo Mazda CX-5");
    await expect(page).toHaveTitle("New and Demo Mazda CX-5 for sale in Ringwood | Parkside Motor Group");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/search/new-and-demo-cars/mazda/cx-5`);
    const found = Number((await page.getByTestId("results-count").innerText()).match(/\d+/)![0]);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      new RegExp(`^${found} new and demo Mazda CX-5 for sale`),
    );
    await expect(page.getByTestId("vehicle-card").first()).toContainText("CX-5");

    await page.goto(siteUrl("parkside-motor-group", "/search/used-cars/body/suv"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used SUVs");
    const crumbs = await jsonLdType(page, "BreadcrumbList");
    expect((crumbs.itemListElement as Array<{ name: string }>).map((c) => c.name)).toEqual(["Home", "Used Cars", "Used SUVs"]);
  });

  test("the filters keep the address in step: one make lands on its page, a second make or none goes back to the plain search", async ({
    page,
  }) => {
    await page.goto(siteUrl("parkside-motor-group", "/search/used-cars/mazda"));
    const filters = page.getByRole("region", { name: "Filters" });
    await waitForHydration(filters.getByRole("checkbox", { name: /^KGM \(\d+\)$/ }));
    await filters.getByRole("checkbox", { name: /^KGM \(\d+\)$/ }).check();
    await expect(page).toHaveURL(/\/search\/used-cars\?make=Mazda&make=KGM$/);
    await filters.getByRole("checkbox", { name: /^Mazda \(\d+\)$/ }).uncheck();
    await expect(page).toHaveURL(/\/search\/used-cars\/kgm$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used KGM Cars in Ringwood");
    await filters.getByRole("checkbox", { name: /^KGM \(\d+\)$/ }).uncheck();
    await expect(page).toHaveURL(/\/search\/used-cars$/);
  });

  test("a plain search for one make moves to its landing page; what the site does not stock is a 404 with a way back", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/search/used-cars?make=Mazda&sort=latest"));
    await expect(page).toHaveURL(siteUrl("parkside-motor-group", "/search/used-cars/mazda?sort=latest"));
    for (const path of [
      "/search/used-cars/ferrari",
      "/search/used-cars/mazda/no-such-model",
      "/search/used-cars/body/spaceship",
      "/search/used-cars/mazda/cx-5/x",
    ]) {
      const res = await page.goto(siteUrl("parkside-motor-group", path));
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("link", { name: "Search our stock" })).toBeVisible();
    }
  });

  test("the sitemap lists the landing pages", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml", { headers: PARKSIDE })).text();
    for (const p of [
      "/search/new-used-and-demo-cars/mazda",
      "/search/new-used-and-demo-cars/mazda/cx-5",
      "/search/new-used-and-demo-cars/body/suv",
    ])
      expect(xml, p).toContain(`<loc>${ORIGIN}${p}</loc>`);
  });
});

// the sitemap listed a noindex page, a redirect and two 404s
for (const slug of ["parkside-motor-group", "tasman-campers", "ridgeline-motorcycles"]) {
  test(`every URL in ${slug}'s sitemap answers 200 and may be indexed`, async ({ request }) => {
    test.setTimeout(120_000);
    const xml = await (await request.get("/sitemap.xml", { headers: { Host: `${slug}.localhost` } })).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")));
    expect(urls.length).toBeGreaterThan(10);
    // every fixed and content page, and the first 10 cars (each car page is one route)
    const cars = urls.filter((u) => /^\/(cars|campers|motorcycles)\//.test(u.pathname));
    const checked = [...urls.filter((u) => !cars.includes(u)), ...cars.slice(0, 10)];
    const bad: string[] = [];
    for (const u of checked) {
      const res = await request.get(u.pathname + u.search, { headers: { Host: `${slug}.localhost` }, maxRedirects: 0 });
      const html = res.status() === 200 ? await res.text() : "";
      const robots = /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? "";
      if (res.status() !== 200 || /noindex/.test(robots) || /noindex/.test(res.headers()["x-robots-tag"] ?? ""))
        bad.push(`${u.pathname}${u.search} → ${res.status()} ${robots}`);
    }
    expect(bad).toEqual([]);
  });
}
