import { TEST_NOW_MS } from "./clock";
import {
  expect,
  expectNoAxeViolations,
  PORT,
  siteUrl,
  staffSignIn,
  test,
  waitForHydration,
  recordTrackedEvents,
  trackedEventIds,
} from "./fixtures";
import { RESERVED_MESSAGE } from "../src/domain/store/reservation";

/*
 * Reserve online on parkside (enable_store, the local test payment provider): the vehicle page's
 * button, the checkout form, the provider's page, the confirmation, and the car reserved after.
 */
const P = (path = "/") => siteUrl("parkside-motor-group", path);

test.describe("reserve online (parkside)", () => {
  test("reserve a car: details → test payment → confirmation → the car shows as reserved", async ({ page }) => {
    test.setTimeout(60_000); // the whole purchase, two shoppers' views and an axe check
    // the browser's clock reads the server's (TEST_NOW): the hold's end is compared with it
    await page.clock.install({ time: TEST_NOW_MS });
    await recordTrackedEvents(page);
    await page.goto(P("/search/used-cars?sort=price-desc"));
    // a car the other store test does not take (it takes the first of the lowest-priced)
    const href = await page.locator('a[href^="/cars/"]').first().getAttribute("href");
    await page.goto(P(href!));
    const reserve = page.getByRole("link", { name: "Reserve online" });
    await reserve.click();
    // a page rendered on demand (no prefetch): under a full run's load it took over 5 s
    await expect(page).toHaveURL(P(`${href}/checkout`), { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve online");

    const form = page.getByRole("form", { name: "Reserve online" });
    const submit = form.getByRole("button", { name: /Pay \$500 deposit and reserve/ });
    await waitForHydration(submit);
    await submit.click(); // empty: every field says what it needs
    await expect(page.getByTestId("checkout-error")).toHaveText("Please check the highlighted fields.");
    await expect(form.getByText("Please accept the reservation terms.")).toBeVisible();
    await expectNoAxeViolations(page);

    await form.getByLabel("First name").fill("Mary");
    await form.getByLabel("Last name").fill("Smith");
    await form.getByLabel("Email").fill("mary.reserve@example.com");
    await form.getByLabel("Phone").fill("0412 345 678");
    await form.getByLabel("Postcode").fill("3134");
    await form.getByRole("checkbox").check();
    await submit.click();

    await expect(page).toHaveURL(/\/checkout\/pay\?order=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay your deposit");
    const pay = page.getByRole("button", { name: "Pay $500 (test payment)" });
    await waitForHydration(pay);
    await pay.click();

    await expect(page).toHaveURL(/\/checkout\/confirmed\?order=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks, Mary: it's reserved");
    // event 57 (reservation_complete) fires when the reservation is confirmed paid
    await expect.poll(async () => (await trackedEventIds(page)).includes(57)).toBe(true);
    await expect(page.getByTestId("order-paid")).toContainText("$500 deposit is paid");

    // the buyer who holds it reads that it is theirs, until when, and how to cancel
    await page.goto(P(href!));
    await expect(page.getByTestId("my-reservation")).toContainText("You’ve reserved this car.");
    await expect(page.getByTestId("my-reservation")).toContainText("To cancel and have your $500 deposit refunded");
    await expect(page.getByTestId("my-reservation-until")).toHaveText(
      /^[A-Z][a-z]+day,? \d{1,2} [A-Z][a-z]+,? (at )?\d{1,2}:\d{2}\s?(am|pm)$/i,
    );
    await expect(page.getByTestId("reserved-banner")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Reserve online" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // another shopper reads that another buyer has it
    const other = await page.context().browser()!.newPage();
    await other.goto(P(href!));
    await expect(other.getByTestId("reserved-banner")).toContainText("This car is reserved by another buyer.");
    await other.goto(P(`${href}/checkout`));
    await expect(other.getByTestId("checkout-closed")).toContainText("just been reserved by another buyer");
    await other.close();
  });

  test("cancelling at the provider frees the car again", async ({ page }) => {
    await page.goto(P("/search/used-cars?sort=price-asc"));
    const href = await page.locator('a[href^="/cars/"]').first().getAttribute("href");
    await page.goto(P(`${href}/checkout`));
    const form = page.getByRole("form", { name: "Reserve online" });
    await waitForHydration(form.getByRole("button", { name: /deposit and reserve/ }));
    for (const [label, value] of [
      ["First name", "Sam"],
      ["Last name", "Jones"],
      ["Email", "sam.cancel@example.com"],
      ["Phone", "0412 345 679"],
      ["Postcode", "3000"],
    ])
      await form.getByLabel(label!).fill(value!);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: /deposit and reserve/ }).click();
    const cancel = page.getByRole("button", { name: "Cancel and go back" });
    await waitForHydration(cancel);
    await cancel.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation cancelled");
    await page.goto(P(href!));
    await expect(page.getByRole("link", { name: "Reserve online" })).toBeVisible();
  });

  test("/buy-online explains the process; sites without the store have neither page nor button", async ({ page }) => {
    await page.goto(P("/buy-online"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy online");
    await expect(page.getByText("Fully refundable")).toBeVisible();
    for (const path of ["/buy-online", "/checkout/pay", "/checkout/confirmed"]) {
      const res = await page.goto(siteUrl("tasman-campers", path));
      expect(res?.status(), path).toBe(404);
    }
    await page.goto(siteUrl("tasman-campers", "/search/new-used-and-demo-cars"));
    const href = await page.locator('a[href^="/campers/"]').first().getAttribute("href");
    await page.goto(siteUrl("tasman-campers", href!));
    await expect(page.getByRole("link", { name: "Reserve online" })).toHaveCount(0);
    const res = await page.goto(siteUrl("tasman-campers", `/cars/${href!.split("/").pop()}/checkout`));
    expect(res?.status()).toBe(404);
  });
});

test("the dealer sees a car reserved online as reserved, cannot reprice it, and releases it: it is on sale again", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(P("/search/used-cars?sort=price-desc"));
  // a car neither other store test takes (they take the first of the highest- and lowest-priced)
  const href = (await page.locator('a[href^="/cars/"]').nth(6).getAttribute("href"))!;
  await page.goto(P(href));
  const stock = (await page.getByText(/^Stock no\. /).textContent())!.replace("Stock no. ", "").trim();
  // reserved and paid for by a buyer (the provider's page and the confirmation, from this page)
  await page.evaluate(async (slug) => {
    const post = (path: string, body: unknown) =>
      fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    const buyer = { first_name: "Rhea", last_name: "Served", email: "rhea.reserve@example.com", phone: "0412 345 678", postcode: "3134" };
    const { order_id } = await post("/api/checkout", { vehicle_slug: slug, ...buyer, accept_terms: true });
    await post("/api/checkout/test-pay", { order: order_id, outcome: "paid" });
    await fetch(`/checkout/confirmed?order=${order_id}`);
  }, href.split("/").pop()!);

  const admin = `http://admin.localhost:${PORT}`;
  await staffSignIn(page, admin);
  await page.goto(`${admin}/sites/1001/stock?q=${encodeURIComponent(stock)}`);
  const row = page.getByTestId("stock-row").filter({ hasText: stock });
  await expect(row).toContainText("Reserved · $500 · Rhea");
  await row
    .getByRole("link", { name: /\d{4} / })
    .first()
    .click();
  await expect(page.getByTestId("reservation")).toContainText("$500 deposit paid by Rhea");

  const save = page.getByRole("button", { name: "Save" });
  await waitForHydration(save);
  await page.getByLabel("Price (whole dollars)").fill("1000");
  await save.click();
  await expect(page.getByText(RESERVED_MESSAGE).first()).toBeVisible();

  await page.getByRole("button", { name: "Release the reservation" }).click();
  await expect(page.getByTestId("vehicle-done")).toContainText("Reservation released");
  await expect(page.getByTestId("reservation")).toHaveCount(0);
  await page.goto(P(href));
  await expect(page.getByRole("link", { name: "Reserve online" })).toBeVisible();
});
