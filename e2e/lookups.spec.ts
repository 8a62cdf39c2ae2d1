import { demoValuation, valuationRange } from "../src/domain/lookups/valuation";
import { expect, siteUrl, test, waitForHydration } from "./fixtures";

const parkside = (path: string) => siteUrl("parkside-motor-group", path);

test("trade-in lookup: a demo rego fills the vehicle, each step fires its event, and the lead carries the vehicle", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __steps: number[] };
    w.__steps = [];
    window.addEventListener("dealer:track", (e) => {
      const id = (e as CustomEvent).detail.event_id as number;
      if (id >= 42 && id <= 46) w.__steps.push(id);
    });
  });
  await page.goto(parkside("/trade-in"));
  const find = page.getByRole("button", { name: "Find my vehicle" });
  await waitForHydration(find);
  await page.getByLabel("Rego", { exact: true }).fill("abc 123");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("vic"); // the dealer's own state
  await page.getByLabel("State", { exact: true }).selectOption("vic");
  await find.click();
  const found = page.getByTestId("lookup-vehicle");
  await expect(found.getByTestId("lookup-title")).toHaveText("2019 Toyota Corolla Ascent Sport");
  await expect(found.getByTestId("lookup-vin")).toHaveText("JTNKU3JE60J012345");
  await expect(page.getByRole("heading", { name: "Is this your vehicle?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, continue" }).click();

  // parkside gives a trade-in figure after the odometer and condition
  const value = page.getByRole("button", { name: "See my trade-in value" });
  await value.click();
  await expect(page.getByText("Please enter the odometer reading in km.")).toBeVisible();
  await page.getByLabel("Odometer (km)").fill("84,000");
  await page.getByLabel("Condition", { exact: true }).selectOption("Good");
  await value.click();
  // the demo's market model for a 2019 Corolla with 84,000 km in good condition, in the test clock's 2026
  const range = demoValuation({ make: "Toyota", model: "Corolla", year: 2019, odometer: 84_000, condition: "Good" }, 2026);
  await expect(page.getByTestId("trade-in-range")).toHaveText(valuationRange(range));

  const form = page.getByTestId("lead-form-trade-in");
  await expect(form.getByLabel("Your vehicle (year, make and model)")).toHaveValue("2019 Toyota Corolla Ascent Sport");
  await expect(form.getByLabel("Odometer")).toHaveValue("84000");
  await expect(form.getByLabel("Rego (optional)")).toHaveValue("ABC123");
  await form.getByLabel("First name", { exact: true }).fill("Mary");
  await form.getByLabel("Last name", { exact: true }).fill("Smith");
  await form.getByLabel("Email", { exact: true }).fill("mary@example.com");
  await form.getByLabel("Phone", { exact: true }).fill("0412345678");
  await form.getByLabel("Postcode", { exact: true }).fill("3134");
  const lead = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  const stored = page.waitForResponse((r) => r.url().endsWith("/api/leads") && r.request().method() === "POST");
  const history = page.waitForResponse((r) => r.url().endsWith("/api/carClarityCustomer"));
  await form.getByRole("button", { name: "Value my trade-in" }).click();
  expect((await lead).postDataJSON().lead).toMatchObject({
    form: "trade-in",
    trade_vehicle: "2019 Toyota Corolla Ascent Sport",
    Rego: "ABC123",
    state: "vic",
    trade_in_vehicle: {
      source: "autograb",
      make: "Toyota",
      model: "Corolla",
      year: 2019,
      vin: "JTNKU3JE60J012345",
      odometer: 84000,
      condition: "Good",
    },
  });
  // the range the shopper saw, worked out again by the server and kept with the lead
  expect(((await (await stored).json()) as { lead: Record<string, unknown> }).lead.trade_in_valuation).toEqual({
    ...range,
    provider: "autograb",
  });
  expect((await history).status()).toBe(202);
  await expect(page).toHaveURL(/\/success\?category=sell-my-car-enquiry$/);
  expect(await page.evaluate(() => (window as unknown as { __steps: number[] }).__steps)).toEqual([42, 43, 45, 46]);
});

test("an unknown rego, and the lookup down: a clear note and the form by hand, nothing lost", async ({ page }) => {
  await page.goto(parkside("/trade-in"));
  const find = page.getByRole("button", { name: "Find my vehicle" });
  await waitForHydration(find);
  await page.getByRole("button", { name: "Find my vehicle" }).click();
  await expect(page.getByText("Please enter a valid rego.")).toBeVisible();
  await page.getByLabel("Rego", { exact: true }).fill("NOPE99");
  await find.click();
  await expect(page.getByTestId("lookup-note")).toHaveText("We couldn’t find that rego. Please enter your vehicle’s details below.");
  const form = page.getByTestId("lead-form-trade-in");
  await expect(form.getByLabel("Rego (optional)")).toHaveValue("NOPE99");
  await expect(form.getByLabel("Your vehicle (year, make and model)")).toHaveValue("");

  await page.goto(siteUrl("outback-truck-centre", "/sell-my-car"));
  await waitForHydration(page.getByRole("button", { name: "Find my vehicle" }));
  await page.getByLabel("Rego", { exact: true }).fill("DOWN01");
  await page.getByRole("button", { name: "Find my vehicle" }).click();
  await expect(page.getByTestId("lookup-note")).toHaveText(
    "Vehicle lookup isn’t available right now. Please enter your vehicle’s details below.",
  );
  await expect(page.getByTestId("lead-form-sell-my-car")).toBeVisible();
});

test("the used-only site values a trade-in too, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl("harbour-city-pre-owned", "/trade-in"));
  const find = page.getByRole("button", { name: "Find my vehicle" });
  await waitForHydration(find);
  await page.getByLabel("Rego", { exact: true }).fill("XYZ789");
  await page.getByLabel("State", { exact: true }).selectOption("nsw");
  await find.click();
  await expect(page.getByTestId("lookup-title")).toHaveText("2018 Ford Ranger XLT 3.2 (4x4)");
  await page.getByRole("button", { name: "Yes, continue" }).click();
  await page.getByLabel("Odometer (km)").fill("120000");
  await page.getByLabel("Condition", { exact: true }).selectOption("Fair");
  await page.getByRole("button", { name: "See my trade-in value" }).click();
  const range = demoValuation(
    { make: "Ford", model: "Ranger", year: 2018, badge: "XLT 3.2 (4x4)", odometer: 120_000, condition: "Fair" },
    2026,
  );
  await expect(page.getByTestId("trade-in-range")).toHaveText(valuationRange(range));
  await expect(page.getByTestId("trade-in-value")).toBeInViewport();
});
