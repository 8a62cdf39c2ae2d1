import { mkdir } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, ownServer, staffSignIn, test, waitForHydration, checkStockFile } from "./fixtures";

/*
 * A used-car manager's stock by hand, on a 390×844 phone, against a server and database of its own
 * (port 3140, removed afterwards): a car added from nothing is on the storefront at once, its price
 * edited here survives a stock file, and handed back to the feed the next file sets it.
 */
const PORT = 3140;
const DIR = ".data/e2e-stock-editor";
const admin = (path: string) => `http://admin.localhost:${PORT}${path}`;
const storefront = (path: string) => `http://parkside-motor-group.localhost:${PORT}${path}`;
/** Where the journey's phone screenshots go when asked (SHOTS_DIR), to be looked at. */
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: "serial", timeout: 90_000 });
test.describe("stock by hand", () => {
  ownServer(PORT, DIR);
  test.beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  });

  test("a manager on a phone adds a car from nothing, sees it on the storefront, edits its price; a stock file keeps it until handed back", async ({
    page,
  }) => {
    await staffSignIn(page, admin(""));

    // from the stock list to "Add a car": the stock number is suggested
    await page.goto(admin("/sites/1001/stock"));
    await page.getByTestId("add-car").click();
    await expect(page).toHaveURL(admin("/sites/1001/stock/new"));
    const add = page.getByRole("button", { name: "Add the car" });
    await waitForHydration(add);
    const stockNumber = await page.getByLabel("Stock number").inputValue();
    expect(stockNumber).toMatch(/\d$/);

    // the rego fills the car; a bad VIN is refused on its field, nothing lost
    await page.getByLabel("Registration").fill("1CX5MAZ");
    await page.getByRole("button", { name: "Look up the rego" }).click();
    await expect(page.getByTestId("lookup-done")).toContainText("2021 Mazda CX-5");
    await expect(page.getByLabel("Make")).toHaveValue("Mazda");
    await expect(page.getByLabel("Body type")).toHaveValue("SUV");
    await page.getByLabel("VIN").fill("JM0KF4W7A0012345O");
    await page.getByLabel("Price (whole dollars)").fill("32,990");
    await page.getByLabel("Odometer (km)").fill("41000");
    await page.getByLabel("Features").fill("Reversing camera\nApple CarPlay");
    await page.getByLabel("On special").check();
    await shot(page, "1-add-a-car");
    await add.click();
    await expect(page.getByTestId("vehicle-error")).toBeVisible();
    await expect(page.getByTestId("vehicle-error-summary")).toContainText("VIN: A VIN has 17 letters and digits (no I, O or Q)");
    await expect(page.getByLabel("Price (whole dollars)")).toHaveValue("32,990");
    await page.getByLabel("VIN").fill("JM0KF4W7A00123499");
    await add.click();

    // on to its editor, with the way to the storefront
    await expect(page).toHaveURL(/\/sites\/1001\/stock\/\d+\?added=1$/, { timeout: 15_000 });
    await expect(page.getByTestId("vehicle-done")).toContainText(`Added ${stockNumber}. It is on the website now`);
    await shot(page, "2-editor");
    const editor = page.url().replace(/\?added=1$/, "");
    const carPath = new URL((await page.getByTestId("on-website").getAttribute("href"))!).pathname;
    const shopper = await page.context().newPage();
    await shopper.goto(storefront(carPath));
    await expect(shopper.getByRole("heading", { level: 1 })).toContainText("2021 Mazda CX-5 Maxx Sport");
    await expect(shopper.getByTestId("detail-price")).toHaveText("$32,990");
    await expect(shopper.getByTestId("vehicle-features")).toContainText("Apple CarPlay");
    await expect(shopper.getByText("Special", { exact: true }).first()).toBeVisible();

    // the manager drops the price: "Edited here"
    const save = page.getByRole("button", { name: "Save" });
    await waitForHydration(save);
    await page.getByLabel("Price (whole dollars)").fill("30990");
    await save.click();
    await expect(page.getByTestId("vehicle-done")).toContainText("The website shows the change now.");
    await expect(page.getByTestId("edited-price")).toContainText("Edited here");
    await shopper.reload();
    await expect(shopper.getByTestId("detail-price")).toHaveText("$30,990");
    await shot(page, "3-edited-here");

    // a stock file with the old price keeps the manager's
    const importFile = async (price: number, expectation: string) => {
      await checkStockFile(
        page,
        admin("/sites/1001/stock/import"),
        `stock_number,make,model,year,car_type,price\n${stockNumber},Mazda,CX-5,2021,used,${price}`,
      );
      await expect(page.getByTestId("import-change")).toContainText(expectation);
      await page.getByRole("button", { name: "Import now" }).click();
      await expect(page.getByTestId("import-apply-done")).toContainText("Imported into Parkside Motor Group");
    };
    await importFile(32990, "Price: kept, edited here ($30,990; the file says $32,990)");
    await shopper.reload();
    await expect(shopper.getByTestId("detail-price")).toHaveText("$30,990");

    // handed back to the feed, the next file sets it
    await page.goto(editor);
    const handBack = page.getByTestId("edited-price").getByRole("button", { name: "Hand back to feed" });
    await waitForHydration(handBack);
    await handBack.click();
    await expect(page.getByTestId("vehicle-done")).toContainText("Handed back");
    await expect(page.getByTestId("edited-price")).toHaveCount(0);
    await importFile(31990, "Price: $30,990 → $31,990");
    await shopper.reload();
    await expect(shopper.getByTestId("detail-price")).toHaveText("$31,990");
  });
});
