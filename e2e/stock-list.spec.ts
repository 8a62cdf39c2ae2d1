import { mkdir } from "node:fs/promises";
import { expect, ownServer, staffSignIn, test, checkStockFile } from "./fixtures";

/*
 * The stock list a used-car manager works from (docs/features/back-office.md, "The stock list"), on a
 * 390×844 phone, on a back-office server of its own (port 3160): it sells cars and drops prices, which
 * the other browser tests read as the demo data says. The manager filters to cars in stock over 60
 * days, ticks five, drops their price 5 %, sees the new prices, marks two sold; a stock file sent
 * afterwards with the old prices keeps what the manager did; then the test puts the cars back as they
 * were through the editor's API.
 */
const PORT = 3160;
const DIR = ".data/e2e-stock-list";
const admin = (path: string) => `http://admin.localhost:${PORT}${path}`;
/** where the phone screenshots go, to be looked at (kept after the run, unlike the server's folder) */
const SHOTS = "test-results/stock-list-screenshots";

ownServer(PORT, DIR);
test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const money = (n: number) => `$${n.toLocaleString("en-AU")}`;
const priceOf = (text: string) => Number(/\$([\d,]+)/.exec(text)![1]!.replace(/,/g, ""));

test("a manager on a phone filters to cars over 60 days, drops five prices 5 % and marks two sold", async ({ page }) => {
  test.setTimeout(120_000);
  await staffSignIn(page, admin(""));

  await page.goto(admin("/sites/1001/stock"));
  await expect(page.getByTestId("stock-total")).toHaveText(/^\d[\d,]* cars$/);
  // every car's thumbnail loads from the image service (or says there is no photo)
  const firstImage = page.getByTestId("stock-row").first().locator("img");
  await expect(firstImage).toHaveAttribute("loading", "lazy");
  await firstImage.scrollIntoViewIfNeeded();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/1-list.png` });

  // the filters are a plain form (its address can be shared), folded away on a phone
  await page.getByTestId("stock-filters").locator("summary").click();
  await page.locator('select[name="over"]').selectOption("60");
  await page.locator('select[name="status"]').selectOption("in_stock");
  await page.locator('select[name="sort"]').selectOption("price");
  await page.locator('select[name="dir"]').selectOption("asc");
  await page.getByTestId("stock-filters").getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]over=60/);
  await expect(page).toHaveURL(/[?&]sort=price&dir=asc/);
  await expect(page.getByTestId("stock-filters").locator("summary")).toHaveText(
    "Filters and sort: In stock · Over 60 days · Price, smallest first",
  );
  const rows = page.getByTestId("stock-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  const daysCells = await rows.locator('[data-label="Days in stock"]').allTextContents();
  expect(
    daysCells.every((d) => Number(d.replace(/\D/g, "")) > 60),
    daysCells.join(","),
  ).toBe(true);

  // five cars, each with a price (the cheapest first: cars without a price come last)
  const five: Array<{ stock: string; id: number; price: number }> = [];
  for (let i = 0; i < 5; i++) {
    const row = rows.nth(i);
    const box = row.locator('input[name="ids"]');
    const stock = (await box.getAttribute("aria-label"))!.replace(/^Select /, "");
    five.push({
      stock,
      id: Number(await box.getAttribute("value")),
      price: priceOf((await row.locator('[data-label="Price"]').textContent())!),
    });
    await box.check();
  }
  // through the editor's API from the page (Node does not resolve *.localhost; the browser does)
  const restore = async () => {
    const statuses = await page.evaluate(
      (cars) =>
        Promise.all(
          cars.map(async (car) => {
            const res = await fetch(`/api/admin/sites/1001/vehicles/${car.id}`, {
              method: "PUT",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ price: car.price, status: "in_stock" }),
            });
            return res.status;
          }),
        ),
      five,
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  };
  // the view as the dealer system's next file would send it: the old prices, every car in stock
  const fileBefore = await page.evaluate(() => fetch(`/api/admin/sites/1001/stock.csv${location.search}`).then((r) => r.text()));
  expect(fileBefore.split("\n")[0]).toMatch(/^stock_number,/);
  try {
    const bulk = page.getByTestId("bulk-form");
    await bulk.locator('select[name="action"]').selectOption("price");
    await bulk.locator('select[name="price_dir"]').selectOption("down");
    await bulk.getByLabel("Amount").fill("5");
    await bulk.locator('select[name="price_by"]').selectOption("percent");
    await page.screenshot({ path: `${SHOTS}/2-bulk-price.png`, fullPage: false });
    await bulk.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("bulk-outcome")).toHaveText("5 cars changed. The website shows it now.");
    await expect(page).toHaveURL(/[?&]over=60/); // back to the same view
    for (const car of five) {
      const row = rows.filter({ has: page.getByLabel(`Select ${car.stock}`, { exact: true }) });
      await expect(row.locator('[data-label="Price"]')).toContainText(money(Math.round(car.price * 0.95)));
      await expect(row).toContainText("Edited here");
    }
    await page.screenshot({ path: `${SHOTS}/3-prices-dropped.png` });

    // two sold: the list asks first, naming them
    for (const car of five.slice(0, 2)) await page.getByLabel(`Select ${car.stock}`, { exact: true }).check();
    await page.getByTestId("bulk-form").locator('select[name="action"]').selectOption("sold");
    await page.getByTestId("bulk-form").getByRole("button", { name: "Apply" }).click();
    const question = page.getByTestId("confirm-sold");
    await expect(question.getByRole("heading")).toHaveText("Mark 2 cars sold?");
    for (const car of five.slice(0, 2)) await expect(question).toContainText(car.stock);
    await page.screenshot({ path: `${SHOTS}/4-confirm-sold.png` });
    await question.getByRole("button", { name: "Mark all 2 sold" }).click();
    await expect(page.getByTestId("bulk-outcome")).toHaveText("2 cars changed. The website shows it now.");
    // the view is of cars in stock: the two sold are no longer in it, the other three are
    for (const car of five.slice(0, 2)) await expect(page.getByLabel(`Select ${car.stock}`, { exact: true })).toHaveCount(0);
    for (const car of five.slice(2)) await expect(page.getByLabel(`Select ${car.stock}`, { exact: true })).toHaveCount(1);
    await page.goto(admin(`/sites/1001/stock?status=sold&q=${encodeURIComponent(five[0]!.stock)}`));
    await expect(page.getByTestId("stock-row")).toHaveCount(1);
    await expect(page.getByTestId("stock-row")).toContainText("Sold");

    // a stock file run afterwards (the old prices, in stock) keeps what the manager did
    await checkStockFile(page, admin("/sites/1001/stock/import"), fileBefore);
    const kept = five[2]!;
    // several cars may share a price: the car's own entry in the preview says it is kept
    await expect(page.getByTestId("import-change").filter({ hasText: kept.stock })).toContainText(
      `Price: kept, edited here (${money(Math.round(kept.price * 0.95))}; the file says ${money(kept.price)})`,
    );
    await page.getByRole("button", { name: "Import now" }).click();
    await expect(page.getByTestId("import-apply-done")).toContainText("Imported into Parkside Motor Group");
    for (const car of five) {
      await page.goto(admin(`/sites/1001/stock?q=${encodeURIComponent(car.stock)}`));
      const row = page.getByTestId("stock-row");
      await expect(row).toHaveCount(1);
      await expect(row.locator('[data-label="Price"]')).toContainText(money(Math.round(car.price * 0.95)));
      await expect(row).toContainText(five.indexOf(car) < 2 ? "Sold" : "In stock");
    }
  } finally {
    await restore();
  }
  await page.goto(admin(`/sites/1001/stock?q=${encodeURIComponent(five[0]!.stock)}`));
  await expect(page.getByTestId("stock-row").locator('[data-label="Price"]')).toContainText(money(five[0]!.price));
  await expect(page.getByTestId("stock-row")).toContainText("In stock");
});
