import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { waitForMail } from "../scripts/lib/outbox";
import {
  E2E_OUTBOX,
  PORT,
  expect,
  expectNoAxeViolations,
  freshEmail,
  mailTo,
  siteUrl,
  test,
  waitForHydration,
  recordTrackedEvents,
  trackedEventIds,
} from "./fixtures";

/*
 * Customer accounts on parkside: sign-up confirmed by the link from the outbox, hearts
 * kept on the server, the garage, merged favourites, saved searches, finance sign-in, and the
 * same-site-only redirect. Every test makes its own account.
 */
const P = (path = "/") => siteUrl("parkside-motor-group", path);
const PASSWORD = "red ute on a long road";

async function signUp(page: Page, email: string, name = "Sam Driver") {
  await page.goto(P("/sign-in?mode=register"));
  const form = page.getByRole("form", { name: "Create account" });
  await waitForHydration(form.getByRole("button", { name: "Create account" }));
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("account-done")).toContainText("Check your email");
  const mail = await mailTo(email, /Confirm your email/);
  await page.goto(mail.link);
  await expect(page).toHaveURL(P("/my-garage"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Parkside");
}

async function signIn(page: Page, email: string, path = "/sign-in") {
  await page.goto(P(path));
  const form = page.getByRole("form", { name: "Sign in" });
  await waitForHydration(form.getByRole("button", { name: "Sign in" }));
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/** Signs out from the garage and waits for the header to show a signed-out shopper (the account reloads: slow under load). */
async function signOut(page: Page) {
  const button = page.getByRole("button", { name: "Sign out" });
  await waitForHydration(button);
  await button.click();
  await expect(page).toHaveURL(P("/"));
  await expect(page.getByTestId("account-link")).toHaveText("Sign in", { timeout: 15_000 });
}

/** Hearts the first `n` cars of the used-car search, waiting for each to be saved (on the server when signed in). */
async function heartCars(page: Page, n: number, signedIn: boolean): Promise<string[]> {
  await page.goto(P("/search/used-cars"));
  await expect(page.getByTestId("account-link")).toBeVisible(); // the account is loaded
  const hearts = page.locator('button[aria-pressed][aria-label^="Save "]');
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const heart = hearts.nth(i);
    await waitForHydration(heart);
    names.push((await heart.getAttribute("aria-label"))!.replace(/^Save /, ""));
    const saved = signedIn
      ? page.waitForResponse((r) => r.url().includes("/api/account/watchlist") && r.request().method() === "POST")
      : null;
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    if (saved) expect((await saved).status()).toBe(200);
  }
  return names;
}

test.describe("customer accounts (parkside)", () => {
  test("sign up → confirm from the outbox → heart two cars → garage → sign out and in → still there", async ({ page }) => {
    test.setTimeout(60_000); // sign-up, two hearts, the garage, sign-out, sign-in and an unwatch: a long journey
    const email = freshEmail("garage");
    await recordTrackedEvents(page);
    await signUp(page, email);
    await expect(page.getByTestId("watchlist-empty")).toBeVisible();
    // event 55 (garage_view) fires when the garage opens
    await expect.poll(async () => (await trackedEventIds(page)).includes(55)).toBe(true);
    await expect(page.getByTestId("account-link")).toHaveText("My Parkside");

    const names = await heartCars(page, 2, true);
    await page.goto(P("/my-garage"));
    const list = page.getByTestId("watchlist");
    await expect(list.locator(":scope > li")).toHaveCount(2);
    for (const name of names) await expect(list).toContainText(name);
    await expectNoAxeViolations(page);

    await signOut(page);
    await expect(page.getByTestId("favourites-count")).toHaveText("(0)"); // nothing of the account stays in the browser

    await signIn(page, email, "/sign-in?redirect=/my-garage");
    await expect(page).toHaveURL(P("/my-garage"));
    await expect(page.getByTestId("watchlist").locator(":scope > li")).toHaveCount(2);

    // unwatching a car is a DELETE that reaches its route (it was refused at the edge before)
    const heart = page.getByTestId("watchlist").getByRole("button", { name: `Save ${names[0]}` });
    await waitForHydration(heart);
    // the account's watchlist is mirrored into the hearts once it has loaded: pressed means saved
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    const removed = page.waitForResponse((r) => r.url().includes("/api/account/watchlist") && r.request().method() === "DELETE");
    await heart.click();
    expect((await removed).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("watchlist").locator(":scope > li")).toHaveCount(1);
    await expect(page.getByTestId("watchlist")).not.toContainText(names[0]!);
  });

  test("favourites saved while signed out are merged into the watchlist at sign-in, once each", async ({ page }) => {
    test.setTimeout(60_000); // sign-up, sign-out, a heart and a sign-in (two password hashes): 31 s once on a busy machine
    const email = freshEmail("merge");
    await signUp(page, email);
    await signOut(page); // the header said "My Parkside" for 5 s once in CI: the account reloads slowly under load

    const [name] = await heartCars(page, 1, false);
    await signIn(page, email);
    await expect(page).toHaveURL(P("/my-garage"));
    const list = page.getByTestId("watchlist");
    await expect(list.locator(":scope > li")).toHaveCount(1);
    await expect(list).toContainText(name!);
    // a second page load merges nothing twice
    await page.reload();
    await expect(page.getByTestId("watchlist").locator(":scope > li")).toHaveCount(1);
  });

  test("save this search, and see it in the garage with its count", async ({ page }) => {
    await signUp(page, freshEmail("search"));
    await page.goto(P("/search/used-cars?price_max=40000"));
    const save = page.getByRole("button", { name: "Save this search" });
    await waitForHydration(save);
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: "Saved to" })).toContainText("Saved to My Parkside");
    await page.goto(P("/my-garage"));
    const saved = page.getByTestId("saved-searches");
    await expect(saved.getByRole("link", { name: "Used Cars: up to $40,000" })).toHaveAttribute(
      "href",
      "/search/used-cars?price_max=40000",
    );
    await expect(saved).toContainText(/\d+ match/);

    // removing it is a DELETE that reaches its route
    const remove = saved.getByRole("button", { name: "Remove the saved search Used Cars: up to $40,000" });
    await waitForHydration(remove);
    const gone = page.waitForResponse((r) => r.url().includes("/api/account/searches") && r.request().method() === "DELETE");
    await remove.click();
    expect((await gone).status()).toBe(200);
    await expect(saved.getByRole("link", { name: "Used Cars: up to $40,000" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("link", { name: "Used Cars: up to $40,000" })).toHaveCount(0);
  });

  test("finance sign-in returns to /personalised/finance, with the form filled in", async ({ page }) => {
    const email = freshEmail("finance");
    await signUp(page, email, "Frances Loan");
    await signOut(page);

    await signIn(page, email, "/sign-in?type=finance&redirect=/personalised/finance");
    await expect(page).toHaveURL(P("/personalised/finance"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your finance");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("First name")).toHaveValue("Frances");
  });

  test("an open-redirect attempt stays on the site", async ({ page }) => {
    test.setTimeout(60_000); // four sign-ins (each hashes the password): about 28 s on this machine
    const email = freshEmail("redirect");
    await signUp(page, email);
    await signOut(page);
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      await signIn(page, email, `/sign-in?redirect=${encodeURIComponent(evil)}`);
      await expect(page).toHaveURL(P("/my-garage"));
      await signOut(page);
    }
  });

  test("the header shows a loading state while the account is fetched, never the wrong one", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/auth", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(P("/"));
    await expect(page.getByTestId("account-loading")).toBeVisible();
    await expect(page.getByTestId("account-link")).toHaveCount(0);
    release();
    await expect(page.getByTestId("account-link")).toHaveText("Sign in");
  });

  test("a failed account load is logged to the console and signing in is still offered", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => void (m.type() === "warning" && logged.push(m.text())));
    await page.route("**/api/auth", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' }));
    await page.goto(P("/"));
    await expect(page.getByTestId("account-link")).toHaveText("Sign in");
    await expect.poll(() => logged.some((t) => t.startsWith("Account not loaded."))).toBe(true);
  });

  test("a wrong password says so without telling whether the email has an account", async ({ page }) => {
    await page.goto(P("/sign-in"));
    const form = page.getByRole("form", { name: "Sign in" });
    await waitForHydration(form.getByRole("button", { name: "Sign in" }));
    await form.getByLabel("Email").fill(freshEmail("nobody"));
    await form.getByLabel("Password").fill("not my password");
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("account-error")).toHaveText("That email and password do not match an account on this site.");
  });
});

test.describe("sites without accounts", () => {
  test("the routes are 404, the header has no sign-in, and /api/auth says accounts are off", async ({ page, request }) => {
    for (const path of ["/my-garage", "/sign-in", "/sign-in?type=finance&redirect=/personalised/finance", "/personalised/finance"]) {
      const res = await page.goto(siteUrl("tasman-campers", path));
      expect(res?.status(), path).toBe(404);
    }
    await page.goto(siteUrl("tasman-campers", "/"));
    await expect(page.getByTestId("account-link")).toHaveCount(0);
    const res = await request.get("/api/auth", { headers: { host: `tasman-campers.localhost:${PORT}` } });
    expect(await res.json()).toEqual({ accounts: false, user: null, watchlist: [] });
  });
});

test("the garage pages on a phone @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, freshEmail("phone"));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("an alert email arrives after a price drop, and its one-click link unsubscribes @mobile", async ({ page, browser }) => {
  test.setTimeout(90_000); // a sign-up, the staff's sign-in and a price saved twice, a digest round
  await page.setViewportSize({ width: 390, height: 844 });
  const email = freshEmail("alerts");
  await signUp(page, email);
  // a car no other test reads: the used car with the most kilometres
  await page.goto(P("/search/used-cars?sort=odometer-desc"));
  await expect(page.getByTestId("account-link")).toBeVisible();
  const heart = page.locator('button[aria-pressed][aria-label^="Save "]').first();
  await waitForHydration(heart);
  const name = (await heart.getAttribute("aria-label"))!.replace(/^Save /, "");
  const saved = page.waitForResponse((r) => r.url().includes("/api/account/watchlist") && r.request().method() === "POST");
  await heart.click();
  const [car] = ((await (await saved).json()) as { watchlist: Array<{ id: number; name: string }> }).watchlist;

  // the garage: the car's alert switched on (a native checkbox, saved as it changes)
  await page.goto(P("/my-garage"));
  const box = page.getByRole("checkbox", { name: `Email me if the price drops or it sells: ${name}` });
  await waitForHydration(box);
  await box.check();
  await expect(page.getByText("Alert on. We email at most once a day.")).toBeVisible();
  await page.screenshot({ path: "test-results/alerts-garage-phone.png" });

  // the dealer drops the price in the back-office
  const staff = await (await browser.newContext()).newPage();
  const admin = (path: string) => `http://admin.localhost:${PORT}${path}`;
  await staff.goto(admin("/sign-in"));
  await waitForHydration(staff.getByRole("button", { name: "Sign in" }));
  await staff.getByLabel("Email").fill("manager@parksidemotorgroup.com.au");
  await staff.getByLabel("Password").fill("demo-staff-2026");
  await staff.getByRole("button", { name: "Sign in" }).click();
  await expect(staff).toHaveURL(admin("/leads"), { timeout: 15_000 });
  await staff.goto(admin(`/sites/1001/stock/${car!.id}`));
  const price = staff.getByLabel("Price (whole dollars)");
  const before = Number(await price.inputValue());
  const setPrice = async (n: number) => {
    await waitForHydration(staff.getByRole("button", { name: "Save" }));
    await price.fill(String(n));
    await staff.getByRole("button", { name: "Save" }).click();
    await expect(staff.getByTestId("vehicle-done")).toContainText("The website shows the change now.");
  };
  await setPrice(before - 2_000);
  try {
    const money = (n: number) => `$${n.toLocaleString("en-AU")}`;
    const [mail] = await waitForMail(E2E_OUTBOX, (m) => m.to.includes(email) && m.subject.startsWith("Price drop"), { timeoutMs: 20_000 });
    expect(mail, "the alert email").toBeTruthy();
    expect(mail!.subject).toBe(`Price drop: the ${car!.name} is now ${money(before - 2_000)} at Parkside Motor Group`);
    expect(mail!.text).toContain(`now ${money(before - 2_000)}, was ${money(before)} ($2,000 less)`);
    // the headers as a mail program reads them (a long header is folded onto the next line)
    const raw = (await readFile(mail!.file, "utf8")).replace(/\r?\n(?=[ \t])/g, "");
    expect(raw).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/alerts\/unsubscribe\?token=[^>]+>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toMatch(/^From: Parkside Motor Group <no-reply@localhost>$/m);

    // the email's link, on this test server's address for the site
    const link = new URL(/Unsubscribe from every alert: (\S+)/.exec(mail!.text)![1]!);
    await page.goto(P(`${link.pathname}${link.search}`));
    await page.getByRole("button", { name: "Unsubscribe from every alert" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
    await expectNoAxeViolations(page);
    await page.goto(P("/my-garage"));
    await expect(page.getByRole("checkbox", { name: `Email me if the price drops or it sells: ${name}` })).not.toBeChecked();
  } finally {
    await setPrice(before); // other tests read the demo's stock
    await staff.context().close();
  }
});
