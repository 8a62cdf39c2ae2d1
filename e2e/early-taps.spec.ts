import { expect, freshEmail, holdScripts, PORT, siteUrl, test, waitForHydration } from "./fixtures";

/*
 * A tap works from the moment a control is drawn: before the page's scripts have run (a slow phone,
 * a script still downloading), each primary action either does its plain-HTML job or is caught up
 * once the script runs. Scripts are held back here to make that moment last.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("before the vehicle page's script has run, Enquire goes to the enquiry and the enquiry can be sent", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/search/new-used-and-demo-cars"));
  const href = await page.locator("main article a[href^='/cars/']").first().getAttribute("href");
  const release = await holdScripts(page);
  await page.goto(siteUrl("parkside-motor-group", href!), { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: "Enquire" }).first().tap();
  await expect(page).toHaveURL(/#enquiry-form$/);
  const open = page.getByRole("link", { name: "Open the enquiry form" });
  await expect(open).toBeInViewport();
  await open.tap();
  await expect(page).toHaveURL(/\/contact\?vehicle=/);
  await release();
});

test("typed before the contact form's script has run, sent after: nothing typed is lost", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(siteUrl("parkside-motor-group", "/contact-us/parkside-mazda"), { waitUntil: "domcontentloaded" });
  const form = page.locator("main form[data-lead-form]");
  await form.getByLabel("First name", { exact: true }).fill("Early");
  await form.getByLabel("Last name", { exact: true }).fill("Bird");
  await form.getByLabel("Email", { exact: true }).fill(freshEmail("early"));
  await form.getByLabel(/^(Phone|Mobile)$/).fill("0412 345 678");
  await form.getByLabel(/^(Postcode|ZIP code)$/).fill("3134");
  await form.getByLabel("Comments").fill("Typed before the page came alive.");
  await release();
  const send = page.getByRole("button", { name: "Send enquiry" });
  await waitForHydration(send);
  await send.tap();
  await expect(page).toHaveURL(/\/success\?category=general-enquiry$/);
});

test("a vehicle page's repayment calculator loads its code when the shopper comes near it, not with the page", async ({ page }) => {
  await page.goto(siteUrl("parkside-motor-group", "/search/new-used-and-demo-cars"));
  const href = await page.locator("main article a[href^='/cars/']").first().getAttribute("href");
  await page.goto(siteUrl("parkside-motor-group", href!));
  await expect(page.getByText("Loading the calculator…")).toHaveCount(1);
  await expect(page.getByTestId("finance-calculator")).toHaveCount(0);
  await page.getByTestId("detail-repayment").getByRole("link", { name: "Work out repayments" }).tap();
  await expect(page.getByTestId("finance-calculator")).toBeInViewport();
});

test("a photo stepped to before the gallery's carousel code has come is shown when it comes", async ({ page }) => {
  // hold only the carousel's own chunk (its defaults name slidesToScroll), so the page is alive but the carousel is not
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(/\/_next\/static\/.+\.js(\?.*)?$/, async (route) => {
    // fetched from this side by the loopback address (Node does not resolve *.localhost), the site named by its Host
    const url = new URL(route.request().url());
    // a chunk still in flight when the test ends is let go, not reported against the next test
    const response = await route
      .fetch({ url: `http://127.0.0.1:${PORT}${url.pathname}${url.search}`, headers: { ...route.request().headers(), host: url.host } })
      .catch(() => null);
    if (!response) return;
    const body = await response.text();
    if (body.includes("slidesToScroll")) await gate;
    await route.fulfill({ response, body }).catch(() => undefined);
  });
  await page.goto(siteUrl("parkside-motor-group", "/search/new-used-and-demo-cars"));
  const href = await page.getByTestId("vehicle-card").first().getByRole("heading").getByRole("link").getAttribute("href");
  await page.goto(siteUrl("parkside-motor-group", href!));
  const next = page.getByRole("button", { name: "Next photo" });
  await waitForHydration(next);
  await next.tap();
  await expect(page.getByTestId("gallery-counter")).toHaveText(/^1 \//);
  open();
  await expect(page.getByTestId("gallery-counter")).toHaveText(/^2 \//);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
