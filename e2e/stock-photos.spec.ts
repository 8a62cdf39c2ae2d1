import { expect, expectNoAxeViolations, holdScripts, ownServer, staffSignIn, test, waitForHydration, checkStockFile } from "./fixtures";
import { feedPhotoServer, photoOf } from "./photos";

/*
 * Photos add up (docs/features/photos.md), on a phone: a car's feed photos and a photo the manager
 * uploads sit side by side, the upload can take the feed's photos' place, and the feed's photos can
 * be used again. Its own server and database (port 3150) and a feed's photo server on loopback
 * (3151), as the back-office tests have: it imports a car and changes its photos.
 */
const PORT = 3150;
const PHOTO_PORT = 3151;
const PHOTO_ORIGIN = `http://127.0.0.1:${PHOTO_PORT}`;
const DIR = ".data/e2e-stock-photos";
const admin = (path: string) => `http://admin.localhost:${PORT}${path}`;
const STOCK = "E2E-PHOTOS-ADD";

let photoServer: Awaited<ReturnType<typeof feedPhotoServer>> | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe("a car's photos add up", () => {
  test.beforeAll(async () => {
    photoServer = await feedPhotoServer(PHOTO_PORT);
  });
  test.afterAll(async () => {
    await photoServer?.close();
  });
  ownServer(PORT, DIR, PHOTO_ORIGIN);

  test("on a phone, a photo uploaded to a car with the feed's photos adds to them; replaced, then handed back to the feed", async ({
    page,
  }) => {
    await staffSignIn(page, admin(""));
    // a car from a stock file with two photo addresses, fetched by the worker
    await checkStockFile(
      page,
      admin("/sites/1001/stock/import"),
      [
        "stock_number,make,model,year,car_type,price,photos",
        `${STOCK},Mazda,CX-30,2025,used,29990,${PHOTO_ORIGIN}/feed/front.jpg|${PHOTO_ORIGIN}/feed/side.jpg`,
      ].join("\n"),
    );
    await page.getByRole("button", { name: "Import now" }).click();
    await expect(page.getByTestId("import-apply-done")).toContainText("1 added");

    await page.goto(admin(`/sites/1001/stock?q=${STOCK}`));
    const href = await page
      .locator("main a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "").find((h) => /^\/sites\/1001\/stock\/\d+$/.test(h)));
    expect(href).toBeTruthy();
    const count = page.getByTestId("photo-count");
    await expect(async () => {
      await page.goto(admin(href!));
      await expect(count).toHaveText("2 photos: 2 from the feed.", { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const items = page.getByTestId("photo-list").locator(":scope > li");
    await expect(items.getByTestId("photo-source")).toHaveText(["From feed", "From feed"]);

    // two ways in: the camera straight into the upload, and the phone's gallery (several at once)
    const camera = page.getByLabel("Take a photo");
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(camera).toHaveAttribute("accept", "image/*");
    const gallery = page.getByLabel("Choose photos");
    await expect(gallery).toHaveAttribute("accept", "image/*");
    await expect(gallery).toHaveAttribute("multiple", "");
    const replace = page.getByLabel(/Replace the feed.s photos with these/);
    await expect(replace).not.toBeChecked();

    // a photo taken with the camera: added after the feed's, the count goes up
    await waitForHydration(camera);
    await camera.setInputFiles({ name: "walkaround.jpg", mimeType: "image/jpeg", buffer: await photoOf(200, 30, 30) });
    await expect(count).toHaveText("3 photos: 2 from the feed, 1 uploaded.", { timeout: 20_000 });
    await expect(items.getByTestId("photo-source")).toHaveText(["From feed", "From feed", "Uploaded"]);
    await expect(page.getByTestId("photos-said")).toHaveText("walkaround.jpg added.");

    // the phone's page: the photos in one column, every move button on the screen, nothing wider than it
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const up = page.getByRole("button", { name: "Move photo 3 earlier" });
    await up.scrollIntoViewIfNeeded();
    const box = (await up.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath("phone-photos.png"), fullPage: true });

    // replaced: the feed's photos leave, the uploads stay, and the way back is offered
    await replace.check();
    await gallery.setInputFiles({ name: "interior.jpg", mimeType: "image/jpeg", buffer: await photoOf(30, 200, 30) });
    await expect(count).toHaveText("2 photos: 2 uploaded.", { timeout: 20_000 });
    await expect(page.getByTestId("feed-replaced")).toBeVisible();
    await expect(replace).toHaveCount(0); // no feed photos left to replace
    await page.reload();
    await expect(count).toHaveText("2 photos: 2 uploaded.");

    // handed back: the feed's photos come back first (the feed's order), the uploads after
    const handBack = page.getByRole("button", { name: /Use the feed.s photos again/ });
    await waitForHydration(handBack);
    await handBack.click();
    await expect(count).toHaveText("4 photos: 2 from the feed, 2 uploaded.");
    await expect(items.getByTestId("photo-source")).toHaveText(["From feed", "From feed", "Uploaded", "Uploaded"]);
    await expect(page.getByTestId("feed-replaced")).toHaveCount(0);
    await expect(page.getByTestId("photos-said")).toHaveText("The feed's photos are back. The website shows them now.");

    // the shopper sees all four at once
    await page.goto(`http://parkside-motor-group.localhost:${PORT}/search/new-used-and-demo-cars?q=${STOCK}`);
    await page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page.getByRole("group", { name: /of 4$/ }).locator("img")).toHaveCount(4);
  });

  test("a photo chosen before the editor's script has run is uploaded once it runs", async ({ page }) => {
    await staffSignIn(page, admin(""));
    await page.goto(admin(`/sites/1001/stock?q=${STOCK}`));
    const href = await page
      .locator("main a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "").find((h) => /^\/sites\/1001\/stock\/\d+$/.test(h)));
    const release = await holdScripts(page);
    await page.goto(admin(href!), { waitUntil: "domcontentloaded" });
    const count = page.getByTestId("photo-count");
    await expect(count).toHaveText("4 photos: 2 from the feed, 2 uploaded.");
    // the picker is drawn by the server: a phone can choose a photo before any script has run
    await page.getByLabel("Choose photos").setInputFiles({ name: "early.jpg", mimeType: "image/jpeg", buffer: await photoOf(30, 30, 200) });
    await release();
    await expect(count).toHaveText("5 photos: 2 from the feed, 3 uploaded.", { timeout: 20_000 });
    await expect(page.getByTestId("photos-said")).toHaveText("early.jpg added.");
  });
});
