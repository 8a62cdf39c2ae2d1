import type { Page, Request } from "@playwright/test";
import { expect, siteUrl, test, waitForHydration } from "./fixtures";

const parkside = (path: string) => siteUrl("parkside-motor-group", path);
const DEFERRED = /\/(widgets\/|api\/events|api\/fb-events)/;

/** Every analytics event the page fires, and every fetch to /api/fb-events with its time. */
async function record(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tracked: unknown[]; __adPosts: Array<{ at: number; body: unknown }> };
    w.__tracked = [];
    w.__adPosts = [];
    window.addEventListener("dealer:track", (e) => w.__tracked.push((e as CustomEvent).detail));
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/fb-events")) w.__adPosts.push({ at: Date.now(), body: JSON.parse(String(init?.body)) });
      return original(input, init);
    };
  });
}
/** <html>, whose data-widgets-gate says whether the analytics gate is still shut ("waiting") or "open". */
const gate = (page: Page) => page.locator("html");
/**
 * A barrier: the page asks for one more address and the test waits until it sees that request; the
 * browser reports a page's requests in order, so every request sent before it has been seen too.
 */
async function requestsSoFar(page: Page) {
  const probe = `/robots.txt?probe=${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(probe));
  await page.evaluate((url) => void fetch(url).catch(() => undefined), probe);
  await seen;
}
const homeLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Parkside Motor Group" });
const tracked = (page: Page) => page.evaluate(() => (window as unknown as { __tracked: Array<Record<string, unknown>> }).__tracked);

test("nothing is loaded or sent before the first interaction or 3000 ms; then the pixel and the events follow", async ({ page }) => {
  const deferred: Request[] = [];
  page.on("request", (r) => {
    if (DEFERRED.test(new URL(r.url()).pathname)) deferred.push(r);
  });
  await page.clock.install();
  await page.goto(parkside("/"));
  await waitForHydration(homeLink(page));
  // the page's clock also runs by itself while it loads: bring it to 2.5 s after navigation, however
  // long loading took (the gate's 3 s start later, at hydration), then look (it was flaky under load)
  const elapsed = await page.evaluate(() => performance.now());
  if (elapsed < 2500) await page.clock.runFor(Math.round(2500 - elapsed));
  // the gate says it is still shut: nothing deferred can have been asked for
  await expect(gate(page)).toHaveAttribute("data-widgets-gate", "waiting");
  await requestsSoFar(page);
  expect(deferred).toEqual([]);
  await expect(page.getByTestId("chat-launcher")).toHaveCount(0);
  const pixel = page.waitForRequest((r) => r.url().endsWith("/widgets/pixel.js"));
  await page.clock.runFor(1100);
  await pixel;
  await expect(page.getByTestId("chat-launcher")).toBeVisible();

  // a keypress opens the gate at once, long before 3 s
  const early: Request[] = [];
  page.on("request", (r) => {
    if (DEFERRED.test(new URL(r.url()).pathname)) early.push(r);
  });
  await page.goto(parkside("/dealerships"));
  await waitForHydration(homeLink(page));
  await expect(gate(page)).toHaveAttribute("data-widgets-gate", "waiting");
  await requestsSoFar(page);
  expect(early).toEqual([]);
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("chat-launcher")).toBeVisible();
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe("function");
});

test("a page view on every route change of the app, with the device and session ids kept", async ({ page }) => {
  await record(page);
  await page.goto(parkside("/dealerships"));
  const home = page.getByRole("banner").getByRole("link", { name: "Parkside Motor Group" });
  await waitForHydration(home);
  await home.click(); // the App Router's own navigation, no page load
  await expect(page).toHaveURL(parkside("/"));
  await page.getByRole("link", { name: /Browse all \d+ Cars/ }).click();
  await expect(page).toHaveURL(/\/search\//);
  const path = new URL(page.url()).pathname;
  await expect
    .poll(async () => (await tracked(page)).filter((e) => e.event_id === 1).map((e) => e.label))
    .toEqual(["/dealerships", "/", path]);
  const ids = await page.evaluate(() => [localStorage.getItem("analytics_device_id"), sessionStorage.getItem("analytics_session_id")]);
  for (const id of ids) expect(id).toMatch(/^[a-z0-9]{10}$/);
});

test("a form submit: event 22 reaches the events endpoint with both ids; the ad event follows 250 ms after the pixel with the same id", async ({
  page,
}) => {
  await record(page);
  const posted: Array<Record<string, unknown>> = [];
  await page.route("**/api/events", async (route) => {
    posted.push(JSON.parse(route.request().postDataBuffer()!.toString("utf8")));
    await route.continue();
  });
  await page.goto(parkside("/contact"));
  const form = page.locator("main form");
  await waitForHydration(form.getByRole("button", { name: "Send enquiry" }));
  await form.getByLabel("First name", { exact: true }).fill("Mary");
  await form.getByLabel("Last name", { exact: true }).fill("Smith");
  await form.getByLabel("Email", { exact: true }).fill("mary@example.com");
  await form.getByLabel("Phone", { exact: true }).fill("0412345678");
  await form.getByLabel("Postcode", { exact: true }).fill("3134");
  await form.getByLabel("Dealership", { exact: true }).selectOption({ label: "Parkside Mazda" });
  await form.getByLabel("Location", { exact: true }).selectOption({ label: "Parkside Mazda" });
  await form.getByLabel("Comments", { exact: true }).fill("Hello");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 202, { timeout: 15_000 });
  const lead = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
  await form.getByRole("button", { name: "Send enquiry" }).click();
  const leadId = (await (await lead).json()).lead.id as string;
  await answer;
  await expect
    .poll(
      () =>
        posted
          .map((b) => b.event as Record<string, unknown> | undefined) // one event a request, as the events endpoint takes it
          .find((e) => e?.lead_id === leadId),
      {
        timeout: 15_000,
      },
    )
    .toMatchObject({
      website_slug: "parkside-motor-group",
      category: "Lead",
      anon_id: expect.stringMatching(/^[a-z0-9]{10}$/),
      session_id: expect.stringMatching(/^[a-z0-9]{10}$/),
      event_properties: expect.objectContaining({
        event_id: 22,
        event_name: "form_submit",
        device: "desktop",
        screen_size: expect.any(String),
      }),
    });
  // nothing the shopper typed goes to the events endpoint
  expect(JSON.stringify(posted)).not.toMatch(/mary@example\.com|0412345678|Smith/);

  const ad = await expect
    .poll(() => page.evaluate(() => (window as unknown as { __adPosts: Array<{ at: number; body: Record<string, unknown> }> }).__adPosts))
    .toHaveLength(1)
    .then(() =>
      page.evaluate(() => (window as unknown as { __adPosts: Array<{ at: number; body: Record<string, unknown> }> }).__adPosts[0]!),
    );
  const pixelCall = await page.evaluate(() =>
    (window as unknown as { __pixelCalls: Array<{ name: string; options: { eventID: string } | null; at: number }> }).__pixelCalls.find(
      (c) => c.name === "Lead",
    ),
  );
  expect(ad.body).toMatchObject({ eventName: "Lead", eventId: 22, uniqueFacebookEventId: pixelCall!.options!.eventID });
  expect(ad.body.userData).toMatchObject({ email: "mary@example.com", first_name: "Mary" });
  expect(ad.at - pixelCall!.at).toBeGreaterThanOrEqual(250);
  expect(ad.at - pixelCall!.at).toBeLessThan(1500);
});

test("parkside's chat: hidden on /cars; the teaser shows once and stays closed after a reload; a message becomes a lead", async ({
  page,
}) => {
  await record(page);
  await page.clock.install();
  await page.goto(parkside("/"));
  await waitForHydration(homeLink(page));
  // on a desktop the teaser comes 3 s after load, as the spec says (it sits in the right margin, clear
  // of the page's actions): not before…
  await page.clock.runFor(2000);
  await expect(page.getByTestId("chat-teaser")).toHaveCount(0);
  // …then, without a scroll
  await page.clock.runFor(1600);
  await expect(page.getByTestId("chat-launcher")).toBeVisible();
  const teaser = page.getByTestId("chat-teaser");
  await expect(teaser).toBeVisible();
  await teaser.getByRole("button", { name: "Close chat invitation" }).click();
  await expect(teaser).toHaveCount(0);
  await page.reload();
  await waitForHydration(homeLink(page));
  await page.clock.runFor(3600);
  await expect(page.getByTestId("chat-launcher")).toBeVisible();
  await expect(page.getByTestId("chat-teaser")).toHaveCount(0);

  // open: "Opening chat…" for 1300 ms, then the dealer's name and today's hours
  await page.getByTestId("chat-launcher").click();
  await expect(page.getByTestId("chat-launcher")).toHaveText("Opening chat…");
  await page.clock.runFor(1300);
  const panel = page.getByRole("dialog", { name: "Parkside Motor Group" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("chat-hours")).toHaveText(/^(Open now|Closed now)/);
  await panel.getByLabel("First name").fill("Mary");
  await panel.getByLabel("Email").fill("mary@example.com");
  await panel.getByLabel("Comments").fill("Is the CX-5 still here?");
  const lead = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  await panel.getByRole("button", { name: "Send message" }).click();
  expect((await lead).postDataJSON().lead).toMatchObject({ form: "chat", first_name: "Mary", message: "Is the CX-5 still here?" });
  await expect(panel.getByTestId("chat-sent")).toContainText("Thanks Mary, your message has been sent.");
  expect((await tracked(page)).map((e) => e.event_id)).toEqual(expect.arrayContaining([49, 50])); // (48, the teaser closed, was before the reload)
  await panel.getByRole("button", { name: "Minimise chat" }).click();
  await page.clock.runFor(300);
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId("chat-launcher")).toBeFocused();

  // hidden on /cars (and the vehicle pages under it), back elsewhere
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  await page.clock.runFor(3100);
  // (its script loads after the gate: under a full run's load that took over 5 s)
  await expect(page.getByTestId("chat-launcher")).toBeVisible({ timeout: 15_000 });
  await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\/[a-z0-9-]+$/);
  await expect(page.getByTestId("chat-launcher")).toHaveCount(0);
  expect((await tracked(page)).find((e) => e.event_id === 8)).toMatchObject({ currency: "AUD", stocknum: expect.any(String) });
  // a control that names its event (data-track): Finance this car → 26, then the page view of /finance
  await page.getByRole("link", { name: /^Finance this / }).click();
  await expect(page).toHaveURL(/\/finance\?vehicle=/);
  await expect.poll(async () => (await tracked(page)).map((e) => e.event_id)).toEqual(expect.arrayContaining([26]));
  await page.clock.runFor(3100);
  await expect(page.getByTestId("chat-launcher")).toBeVisible(); // back off /cars: the chat again
});

test("a site without the switches loads no widget and sends no event", async ({ page }) => {
  const deferred: string[] = [];
  page.on("request", (r) => {
    if (DEFERRED.test(new URL(r.url()).pathname)) deferred.push(r.url());
  });
  await page.clock.install();
  await page.goto(siteUrl("ridgeline-motorcycles", "/"));
  await waitForHydration(page.getByRole("banner").getByRole("link", { name: "Ridgeline Motorcycles" }));
  await page.mouse.wheel(0, 300);
  // the scroll opened the gate (and what it opens is rendered); then past the 3 s timer and the event
  // queue's flush by the page's clock, and every request the page sent so far has been seen
  await expect(gate(page)).toHaveAttribute("data-widgets-gate", "open");
  await page.clock.runFor(3500);
  await requestsSoFar(page);
  expect(deferred).toEqual([]);
  await expect(page.getByTestId("chat-launcher")).toHaveCount(0);
});

// the view events of features that exist fire where they happen
for (const [path, id, name] of [
  ["/our-location/parkside-mazda", 18, "location_view"],
  ["/reviews", 35, "review_view"],
  ["/special-offers/mazda-cx-5-maxx-sport-drive-away", 37, "offer_view"],
  ["/favourites", 40, "favourites_view"],
  ["/blog/winter-car-care-checklist", 58, "blog_view"],
] as const) {
  test(`event ${id} (${name}) fires when ${path} opens`, async ({ page }) => {
    await record(page);
    await page.goto(parkside(path));
    await expect.poll(async () => (await tracked(page)).filter((e) => e.event_id === id).map((e) => e.event)).toEqual([name]);
  });
}

// the click and interaction events of features that exist fire where they happen
const idsOf = async (page: Page) => (await tracked(page)).map((e) => e.event_id as number);
/** Clicks stay on the page (the events are what is tested, not where the links go). */
const holdClicks = (page: Page) => page.evaluate(() => window.addEventListener("click", (e) => e.preventDefault(), { capture: true }));

test("a result card (9), a header menu link (32), a footer link (33) and the footer's opening hours (19) fire their events", async ({
  page,
}) => {
  await record(page);
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  await waitForHydration(homeLink(page));
  // settle the page first: a key opens the widgets gate (the chat launcher and teaser appear), and the
  // footer is brought into view, so nothing appears or moves between finding "Opening hours" and clicking it
  await page.keyboard.press("Shift");
  await expect(gate(page)).toHaveAttribute("data-widgets-gate", "open");
  const hours = page.getByTestId("site-hours");
  await hours.scrollIntoViewIfNeeded();
  await hours.getByText("Opening hours").click();
  await expect(hours.getByRole("row", { name: /Monday/ })).toBeVisible();
  await hours.getByText("Opening hours").click(); // closing is not counted
  await expect(hours.getByRole("row", { name: /Monday/ })).toBeHidden();
  await holdClicks(page);
  await page.getByTestId("vehicle-card").first().getByRole("heading").getByRole("link").click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link").first().click();
  await page.getByRole("contentinfo").getByRole("link", { name: "Find a dealership" }).click();
  await expect.poll(() => idsOf(page)).toEqual(expect.arrayContaining([9, 32, 19, 33]));
  expect((await idsOf(page)).filter((id) => id === 19)).toHaveLength(1);
});

test("the gallery (10, 11), share (12) and print (13) fire on a vehicle page", async ({ page }) => {
  await record(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
    (navigator as unknown as { share: () => Promise<void> }).share = () => Promise.resolve();
  });
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  const href = await page.getByTestId("vehicle-card").first().getByRole("heading").getByRole("link").getAttribute("href");
  await page.goto(parkside(href!));
  const next = page.getByRole("button", { name: "Next photo" });
  await waitForHydration(next);
  await next.click();
  await expect(page.getByTestId("gallery-counter")).toHaveText(/^2 \//);
  await page.getByRole("button", { name: /View all \d+ photos/ }).click();
  await page.getByRole("button", { name: "Close photos" }).click();
  await page.getByTestId("share-print").getByRole("button", { name: "Share" }).click();
  await page.getByTestId("share-print").getByRole("button", { name: "Print" }).click();
  await expect.poll(() => idsOf(page)).toEqual(expect.arrayContaining([11, 10, 12, 13]));
});

test("service (28), parts (29), brand (30), review (36) and offer (38) links fire their events", async ({ page }) => {
  await record(page);
  await page.goto(parkside("/"));
  await waitForHydration(homeLink(page));
  await holdClicks(page);
  await page.getByRole("main").locator('a[href="/service"]').first().click();
  await page.getByRole("main").locator('a[href^="/brands/"]').first().click();
  await page.getByRole("contentinfo").locator('a[href="/vehicle-parts-and-accessories"]').first().click();
  await expect.poll(() => idsOf(page)).toEqual(expect.arrayContaining([28, 30, 29, 33]));

  await page.goto(parkside("/reviews"));
  await waitForHydration(homeLink(page));
  await holdClicks(page);
  await page.getByTestId("all-reviews").first().click();
  await expect.poll(() => idsOf(page)).toContain(36);

  await page.goto(parkside("/special-offers/mazda-cx-5-maxx-sport-drive-away"));
  await waitForHydration(homeLink(page));
  await holdClicks(page);
  await page.getByRole("link", { name: "Enquire about this offer" }).click();
  await expect.poll(() => idsOf(page)).toContain(38);
});

test("the calculator (14) and the first change of a form (21, and 27 on pre-approval) fire once", async ({ page }) => {
  await record(page);
  await page.goto(parkside("/finance"));
  const amount = page.getByLabel("Price of the car ($)");
  await waitForHydration(amount);
  await amount.fill("25000");
  await expect.poll(async () => (await tracked(page)).filter((e) => e.event_id === 14).map((e) => e.amount)).toEqual([25000]);

  await page.goto(parkside("/finance-pre-approval"));
  const first = page.getByLabel("First name");
  await waitForHydration(first);
  await first.fill("Sam");
  await page.getByLabel("Last name").fill("Lee");
  await expect.poll(() => idsOf(page)).toEqual(expect.arrayContaining([21, 27]));
  expect((await idsOf(page)).filter((id) => id === 21 || id === 27)).toEqual([21, 27]);
});

test("Remove all empties the favourites (41) after a confirmation", async ({ page }) => {
  await record(page);
  await page.goto(parkside("/search/new-used-and-demo-cars"));
  const hearts = page.getByTestId("vehicle-card").getByRole("button", { name: /^Save / });
  await waitForHydration(hearts.first());
  await hearts.nth(0).click();
  await hearts.nth(1).click();
  await page.goto(parkside("/favourites"));
  await expect(page.getByTestId("favourites-total")).toHaveText("2 saved");
  await page.getByRole("button", { name: "Remove all" }).click();
  await page.getByRole("button", { name: "Keep them" }).click();
  await expect(page.getByTestId("favourites-total")).toHaveText("2 saved");
  await page.getByRole("button", { name: "Remove all" }).click();
  await page.getByRole("button", { name: "Yes, remove all" }).click();
  await expect(page.getByText(/You haven’t saved any cars yet/)).toBeVisible();
  await expect.poll(async () => (await tracked(page)).filter((e) => e.event_id === 41).map((e) => e.count)).toEqual([2]);
});

test("a script error in the page fires the client error event (61) with its message", async ({ page }) => {
  await record(page);
  await page.goto(parkside("/"));
  await waitForHydration(homeLink(page));
  // the header hydrating does not mean the site's widgets have: their effects (the error listener
  // among them) have run once their page-bottom poll marks <html> (it failed in CI under load)
  await expect(page.locator("html")).toHaveAttribute("data-page-bottom", /^(true|false)$/);
  await page.evaluate(() => window.dispatchEvent(new ErrorEvent("error", { message: "Widget exploded" })));
  await expect
    .poll(async () => (await tracked(page)).filter((e) => e.event_id === 61).map((e) => e.error_message))
    .toEqual(["Widget exploded"]);
});
