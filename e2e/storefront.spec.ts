import { expect, siteUrl, test } from "./fixtures";

/* What a shopper sees first, on a phone. */
const PHONE = { width: 390, height: 844 };

/** The first vehicle page of a site's search. */
async function firstVehiclePage(page: import("@playwright/test").Page, slug: string) {
  await page.goto(siteUrl(slug, "/search/new-used-and-demo-cars"));
  const href = await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href");
  await page.goto(siteUrl(slug, href!));
}

const inFirstScreen = async (locator: import("@playwright/test").Locator) => {
  const box = (await locator.boundingBox())!;
  expect(box, "element is rendered").not.toBeNull();
  expect(box.y, "top is on the first screen").toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, "bottom is on the first screen").toBeLessThanOrEqual(PHONE.height);
};

test.describe("vehicle page on a 390×844 phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const slug of ["parkside-motor-group", "tasman-campers", "lakeside-rv"]) {
    test(`${slug}: name, price, key facts, Enquire and Call on the first screen; the bar keeps Enquire and Call`, async ({ page }) => {
      await firstVehiclePage(page, slug);
      await inFirstScreen(page.getByRole("heading", { level: 1 }));
      await inFirstScreen(page.getByTestId("detail-price"));
      await inFirstScreen(page.getByTestId("key-facts"));
      const summary = page.locator("#enquire");
      await inFirstScreen(summary.getByRole("link", { name: /^Enquire|Message/ }));
      await inFirstScreen(summary.getByRole("link", { name: /^Call / }));
      await expect(summary.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+\d+$/);
      // scrolled down (to the specifications: no form or calculator under the bar, where it steps
      // aside), the sticky bar still offers both, and the dealer-tools bar gives way to it
      await page.getByRole("heading", { name: "Specifications" }).evaluate((h) => h.scrollIntoView());
      const bar = page.locator("[data-vehicle-actions]");
      await expect(bar).toBeInViewport();
      await expect(bar.getByRole("link", { name: /^Call / })).toBeVisible();
      await expect(page.getByRole("complementary", { name: "Dealer tools" })).toBeHidden();
      await bar.getByRole("link", { name: /^Enquire|Message/ }).click();
      await expect(page).toHaveURL(/#enquiry-form$/);
    });
  }

  test("at the page's bottom the phone's fixed bars step aside for the footer, and come back on the way up (page-bottom poll)", async ({
    page,
  }) => {
    await firstVehiclePage(page, "parkside-motor-group");
    const bar = page.locator("[data-vehicle-actions]");
    // down to the specifications: no form under the bar (over a form, and over the repayment
    // calculator, it steps aside too), so it shows
    await page.getByRole("heading", { name: "Specifications" }).evaluate((h) => h.scrollIntoView());
    await expect(bar).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator("html")).toHaveAttribute("data-page-bottom", "true");
    await expect(bar).toBeHidden();
    await expect(page.getByRole("contentinfo").getByText(/© \d{4} Parkside Motor Group/)).toBeInViewport();
    await page.mouse.wheel(0, -600);
    await expect(bar).toBeVisible();
    // the dealer-tools bar of a site with one does the same on any page (it shows from half a screen down)
    await page.goto(siteUrl("parkside-motor-group", "/dealerships"));
    const tools = page.getByRole("complementary", { name: "Dealer tools" });
    await page.evaluate(() => window.scrollTo(0, window.innerHeight));
    await expect(tools).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(tools).toBeHidden();
  });

  test("the photos open full screen with a count, move by swipe or keys, and close with Escape", async ({ page }) => {
    await firstVehiclePage(page, "parkside-motor-group");
    const open = page.getByRole("button", { name: /^View all \d+ photos$/ });
    const total = Number((await open.textContent())!.match(/\d+/)![0]);
    await open.click();
    const viewer = page.locator(".yarl__root");
    await expect(viewer).toBeVisible();
    await expect(viewer.locator(".yarl__counter")).toHaveText(`1 / ${total}`);
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator(".yarl__counter")).toHaveText(`2 / ${total}`);
    await expect(viewer.getByRole("button", { name: "Zoom in" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    // the page's own gallery follows the photo the shopper left on
    await expect(page.getByTestId("gallery-counter")).toHaveText(`2 / ${total}`);
  });
});

test.describe("server HTML on a 390×844 phone, before any script runs", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });

  // a phone widens its layout viewport to the widest content: one overflowing element and the fixed
  // dealer-tools bar is first laid out that wide, then jumps when the page hydrates (layout shift)
  for (const slug of ["parkside-motor-group", "tasman-campers", "lakeside-rv"]) {
    test(`${slug}: no page is wider than the phone`, async ({ page }) => {
      const hrefOf = async (path: string, pattern: RegExp) => {
        await page.goto(siteUrl(slug, path));
        return page
          .locator("a[href]")
          .evaluateAll((as, p) => as.map((a) => a.getAttribute("href")!).find((h) => new RegExp(p).test(h)), pattern.source);
      };
      const vehicle = await hrefOf("/search/new-used-and-demo-cars", /^\/(cars|motorcycles|campers)\/[^#?]+$/);
      const location = await hrefOf("/dealerships", /^\/our-location\/[^#?]+$/);
      for (const path of ["/", "/search/new-used-and-demo-cars", vehicle!, "/dealerships", location!, "/contact", "/favourites"]) {
        await page.goto(siteUrl(slug, path));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      }
    });
  }
});

test("no aria-label on an element without a role (W3C), on the main page types", async ({ page }) => {
  for (const path of ["/", "/search/new-used-and-demo-cars", "/dealerships", "/contact"]) {
    await page.goto(siteUrl("parkside-motor-group", path));
    const bad = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-label]")]
        .filter((e) => ["DIV", "SPAN", "P", "LI", "DL", "DT", "DD"].includes(e.tagName) && !e.getAttribute("role"))
        .map((e) => e.outerHTML.slice(0, 100)),
    );
    expect(bad, path).toEqual([]);
  }
});

test("header menus: Escape closes and gives focus back to the menu's button; tabbing out closes them", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/"));
  const nav = page.getByRole("navigation", { name: "Main" });
  const stock = nav.getByRole("button", { name: "Our Stock" });
  await stock.focus();
  await page.keyboard.press("Enter");
  await expect(stock).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab"); // into the submenu
  await page.keyboard.press("Escape");
  await expect(stock).toHaveAttribute("aria-expanded", "false");
  await expect(stock).toBeFocused();

  const last = nav.getByRole("button").last();
  await last.focus();
  await page.keyboard.press("Enter");
  await expect(last).toHaveAttribute("aria-expanded", "true");
  const items = await page.locator(`[id="${await last.getAttribute("aria-controls")}"] a`).count();
  for (let i = 0; i <= items; i++) await page.keyboard.press("Tab"); // through the submenu and out of the header menu
  await expect(last).toHaveAttribute("aria-expanded", "false");
});

test.describe("keyword search as a shopper types it", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  const search = (q: string) => siteUrl("parkside-motor-group", `/search/new-used-and-demo-cars?q=${encodeURIComponent(q)}`);
  const names = (page: import("@playwright/test").Page) => page.getByTestId("vehicle-card").getByRole("heading", { level: 3 });

  for (const q of ["cx5", "CX 5", "mazda cx5"]) {
    test(`"${q}" finds Mazda CX-5s only`, async ({ page }) => {
      await page.goto(search(q));
      await expect(names(page).first()).toBeVisible();
      for (const name of await names(page).allTextContents()) expect(name).toMatch(/Mazda CX-5\b/);
    });
  }

  test('"mazada" finds Mazdas and says it corrected the word; nonsense gets suggestions', async ({ page }) => {
    await page.goto(search("mazada"));
    await expect(page.getByTestId("keyword-note")).toHaveText("Nothing matched “mazada” exactly: showing results for “mazda”.");
    for (const name of await names(page).allTextContents()) expect(name).toMatch(/Mazda/);
    await page.goto(search("mazada cx5"));
    await expect(names(page).first()).toContainText("Mazda CX-5");
    await page.goto(search("zzqx"));
    await expect(page.getByTestId("results-count")).toHaveText(/^0 /);
    const suggestion = page.getByTestId("keyword-suggestions").getByRole("link").first();
    await suggestion.click();
    await expect(names(page).first()).toBeVisible();
  });
});

test("the home page shows new arrivals and featured stock as cards that open their vehicle pages", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/"));
  for (const id of ["new-arrivals", "featured"]) {
    const shelf = page.getByTestId(id);
    await expect(shelf.getByTestId("vehicle-card")).toHaveCount(4);
    await expect(shelf.getByTestId("vehicle-card").first()).toContainText(/\$[\d,]+/);
  }
  await expect(page.getByTestId("new-arrivals").getByText("New Arrival").first()).toBeVisible();
  await page.getByTestId("featured").getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByTestId("detail-price")).toBeVisible();
});

test.describe("a home page that sells, on a 390×844 phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  const SITES = [
    { slug: "parkside-motor-group", scene: "showroom", brands: ["Suzuki", "Mazda", "Mercedes-Benz", "Škoda", "KGM"] },
    { slug: "ridgeline-motorcycles", scene: "motorcycles", brands: ["Yamaha"] },
    { slug: "tasman-campers", scene: "campers", brands: ["Jayco", "Winnebago"] },
    { slug: "outback-truck-centre", scene: "trucks", brands: ["Isuzu", "Hino"] },
    { slug: "lakeside-rv", scene: "rv", brands: ["Thor Motor Coach", "Winnebago", "Airstream"] },
  ];
  for (const { slug, scene, brands } of SITES) {
    test(`${slug}: the dealer's own picture of its trade, search and the main actions first; brands as logos`, async ({ page }) => {
      await page.goto(siteUrl(slug, "/"));
      const hero = page.getByTestId("hero");
      await expect(page.getByTestId("hero-image")).toHaveAttribute("src", new RegExp(`^/photos/scene/${scene}\\.svg\\?`));
      expect(await page.getByTestId("hero-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await inFirstScreen(hero.getByRole("heading", { level: 1 }));
      await inFirstScreen(hero.getByRole("searchbox"));
      await inFirstScreen(hero.getByRole("link", { name: /^Browse all \d+ / }));
      const logos = page.getByTestId("brands").getByRole("img");
      await expect(logos).toHaveCount(brands.length);
      for (const name of brands) {
        const logo = page.getByTestId("brands").getByRole("img", { name, exact: true });
        await logo.scrollIntoViewIfNeeded();
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
    });
  }

  test("hero search and shop-by-type lead into the search with the count they promised", async ({ page }) => {
    await page.goto(siteUrl("ridgeline-motorcycles", "/"));
    const tiles = page.getByTestId("shop-by-type").getByRole("link");
    expect(await tiles.count()).toBeGreaterThanOrEqual(2);
    const first = tiles.first();
    const promised = Number((await first.innerText()).match(/(\d+) in stock/)![1]);
    await first.click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/body\/[a-z-]+$/);
    await expect(page.getByTestId("results-count")).toHaveText(`${promised} Motorcycles found`);
    await page.goto(siteUrl("parkside-motor-group", "/"));
    await page.getByTestId("hero").getByRole("searchbox").fill("cx5");
    await page.getByTestId("hero").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?q=cx5$/);
    await expect(page.getByTestId("vehicle-card").first()).toContainText("CX-5");
  });
});

test.describe("booking a test drive on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("only open days and times are offered; a time outside the hours cannot be chosen or sent", async ({ page }) => {
    // the server's clock: Wednesday 18 November 2026, 10:30 am in Melbourne (e2e/clock.ts)
    await page.goto(siteUrl("parkside-motor-group", "/book-test-drive"));
    const form = page.getByTestId("lead-form-test-drive");
    const day = form.getByLabel("Day", { exact: true });
    const time = form.getByLabel("Time", { exact: true });
    await expect(day).toBeDisabled(); // a location first: the slots follow its hours
    await form.getByLabel("Location", { exact: true }).selectOption({ label: "Parkside Suzuki" });
    await expect(day.locator("option").nth(1)).toHaveText("Today, 18 November");
    await day.selectOption({ label: "Today, 18 November" });
    // the clock started at 10:30 and has run on for as long as the suite has (minutes); with an
    // hour's notice the first slot today is 11:30, or 12:00 once it is past 10:30; sales closes at 5 pm
    await expect(time.locator("option").nth(1)).toHaveText(/^(11:30 am|12:00 pm)$/);
    await expect(time.locator("option").last()).toHaveText("4:30 pm");
    await day.selectOption({ label: "Sunday, 22 November" });
    const sunday = await time.locator("option").allTextContents();
    expect(sunday.slice(1)).toEqual([
      "10:00 am",
      "10:30 am",
      "11:00 am",
      "11:30 am",
      "12:00 pm",
      "12:30 pm",
      "1:00 pm",
      "1:30 pm",
      "2:00 pm",
      "2:30 pm",
      "3:00 pm",
      "3:30 pm",
    ]);
    // a slot forced into the page is refused by the same rules on submit
    await time.evaluate((el: HTMLSelectElement) => {
      el.add(new Option("7:00 pm", "19:00"));
    });
    await time.selectOption("19:00");
    const person: Array<[string, string]> = [
      ["First name", "Mary"],
      ["Last name", "Smith"],
      ["Email", "mary@example.com"],
      ["Mobile", "0412 345 678"],
      ["Postcode", "3134"],
    ];
    for (const [label, value] of person) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole("button", { name: "Book test drive" }).click();
    await expect(form.getByText("Please choose a time when we are open.")).toBeVisible();
  });
});

test.describe("saved vehicles on a 390×844 phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("full cards from the current stock, a gone car to remove, and two to four compared side by side", async ({ page }) => {
    await page.goto(siteUrl("parkside-motor-group", "/search/used-cars?sort=price-asc"));
    const cards = page.getByTestId("vehicle-card");
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      titles.push((await cards.nth(i).getByRole("heading", { level: 3 }).innerText()).trim());
      await cards
        .nth(i)
        .getByRole("button", { name: /^Save / })
        .click();
    }
    await expect(page.getByTestId("favourites-count")).toHaveText("(5)");
    // a car saved earlier that the dealer no longer shows
    await page.evaluate(() => {
      const list = JSON.parse(localStorage.getItem("favourite_cars")!) as unknown[];
      const gone = {
        id: 2_000_000_000,
        name: "2019 Toyota Camry Ascent",
        slug: "gone-camry",
        make: "Toyota",
        model: "Camry",
        primary_image_url: null,
      };
      localStorage.setItem("favourite_cars", JSON.stringify([...list, gone]));
    });

    await page.goto(siteUrl("parkside-motor-group", "/favourites"));
    const saved = page.getByTestId("favourite-card");
    await expect(saved).toHaveCount(6);
    const full = saved.getByTestId("vehicle-card");
    await expect(full).toHaveCount(5);
    // newest saved first: the fifth car clicked leads
    await expect(full.first().getByRole("heading", { level: 3 })).toHaveText(titles[4]!);
    for (const card of await full.all()) {
      await expect(card.locator(".vc-p")).toHaveText(/^\$[\d,]+|Enquire for price\.$/);
      await expect(card.getByText(/^[\d,]+ km$/)).toBeVisible();
      await expect(card.getByText(/^Parkside /)).toBeVisible();
      await expect(card.getByRole("link", { name: /^Enquire Now: / })).toHaveAttribute("href", /\/cars\/[a-z0-9-]+#enquiry-form$/);
    }
    const gone = saved.getByTestId("gone-card");
    await expect(gone).toContainText("No longer available");
    await gone.getByRole("button", { name: "Remove from saved" }).click();
    await expect(saved).toHaveCount(5);
    await expect(page.getByTestId("favourites-count")).toHaveText("(5)");

    // compare: at least two, at most four
    const compare = page.getByRole("button", { name: /^Compare/ });
    await expect(compare).toBeDisabled();
    const box = (i: number) => full.nth(i).getByRole("checkbox", { name: /^Compare / });
    await box(0).check();
    await expect(compare).toBeDisabled();
    for (const i of [1, 2, 3]) await box(i).check();
    await expect(box(4)).toBeDisabled();
    await expect(page.getByText("4 of 4 chosen to compare.")).toBeVisible();
    await compare.click();
    const table = page.getByTestId("compare");
    await expect(table.getByRole("heading", { name: "Comparing 4 vehicles" })).toBeFocused();
    await expect(table.getByRole("columnheader")).toHaveCount(4);
    await expect(table.getByRole("columnheader").first()).toContainText(titles[4]!);
    for (const label of ["Price", "Year", "Odometer", "Transmission", "Fuel", "Location"])
      await expect(table.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
    const odometer = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Odometer" }) });
    await expect(odometer.getByRole("cell")).toHaveCount(4);
    await expect(odometer.getByRole("cell").first()).toHaveText(/^[\d,]+ km$/);
    // the page itself never scrolls sideways on a phone: only the table's own box does
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // one less chosen: back to three, the comparison closes until asked again
    await box(0).uncheck();
    await expect(table).toHaveCount(0);
    await compare.click();
    await expect(page.getByRole("heading", { name: "Comparing 3 vehicles" })).toBeVisible();
    await page.getByRole("button", { name: "Close comparison" }).click();
    await expect(page.getByTestId("compare")).toHaveCount(0);
  });

  test("the saved-vehicles API answers 422 for bad ids and 404 for an unknown site", async ({ request }) => {
    const host = { Host: "parkside-motor-group.localhost" };
    for (const ids of ["", "abc", "0", "1,,2", "-1", "1.5", "99999999999", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) {
      const res = await request.get(`/api/vehicles?ids=${encodeURIComponent(ids)}`, { headers: host });
      expect(res.status(), ids).toBe(422);
      expect((await res.json()).errors.ids).toBe("Give up to 100 vehicle ids, separated by commas.");
    }
    const ok = await request.get("/api/vehicles?ids=2000000000", { headers: host });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ vehicles: [], missing: [2000000000], note: null });
    expect((await request.get("/api/vehicles?ids=1", { headers: { Host: "www.unknown-dealer.com.au" } })).status()).toBe(404);
  });
});

test("a site's logo: the thumb on a phone, the full logo from a tablet up (logo url and thumb)", async ({ page }) => {
  const logo = page.getByRole("banner").getByRole("img", { name: "Lakeside RV home" });
  const shown = () => logo.evaluate((img) => (img as HTMLImageElement).currentSrc);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl("lakeside-rv", "/"));
  await expect.poll(shown).toMatch(/\/photos\/logo\/lakeside-rv-mark\.svg$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(shown).toMatch(/\/photos\/logo\/lakeside-rv\.svg$/);
  const answer = (path: string) =>
    page.evaluate(async (p) => {
      const r = await fetch(p);
      return { status: r.status, type: r.headers.get("content-type") };
    }, path);
  expect(await answer("/photos/logo/lakeside-rv-mark.svg")).toEqual({ status: 200, type: "image/svg+xml; charset=utf-8" });
  // only a site that has a drawn logo has one
  expect((await answer("/photos/logo/parkside-motor-group.svg")).status).toBe(404);
});
