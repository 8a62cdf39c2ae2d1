import type { Page } from "@playwright/test";
import { readOutbox } from "../scripts/lib/outbox";
import { repaymentDollars } from "../src/domain/leads/finance";
import { driveAwayEstimate, estimateText } from "../src/domain/pricing/drive-away";
import { cardRepayment, financeFor, financeOf } from "../src/domain/site/finance";
import { generateDemoData } from "../src/server/demo/generate";
import type { CarType } from "../src/domain/stock/summary";
import { TEST_NOW, TEST_NOW_MS } from "./clock";
import { E2E_OUTBOX, expect, expectNoAxeViolations, siteUrl, test, waitForHydration } from "./fixtures";

/*
 * An indicative repayment on every priced card and
 * vehicle page with the note in the market's words, the vehicle page's calculator, and its figures
 * carried by "Apply for finance" into the finance form and the lead. On a 390×844 phone, as a
 * shopper sees it. The demo's terms (src/server/demo/sites.ts): parkside 8.99% weekly with a $395
 * establishment fee and $8 a month, demo cars at 6.99%, used cars at 9.99% and new Mazdas on the
 * "Mazda Finance" 2.99% offer; tasman fortnightly; outback monthly with a 20% balloon; lakeside
 * monthly (US).
 */
test.use({ viewport: { width: 390, height: 844 } });

const parkside = (path: string) => siteUrl("parkside-motor-group", path);
const WARNING =
  "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.";

/** Each card's price, the amount its repayment is on (the drive-away estimate where it shows one), its repayment, condition and title, as shown. */
async function cards(page: Page) {
  return page.locator(".results .vc").evaluateAll((els) =>
    els.map((el) => {
      const price = el.querySelector(".vc-p")!.firstChild!.textContent!;
      const estimate = /Est\. drive-away (\$[\d,]+)/.exec(el.querySelector(".vc-p span")?.textContent ?? "")?.[1];
      return {
        price,
        financed: estimate ?? price,
        repayment: el.querySelector(".vc-r")?.textContent ?? null,
        condition: el.querySelector(".vc-c")!.textContent!,
        title: el.querySelector("h3")!.textContent!,
        href: el.querySelector("h3 a")!.getAttribute("href")!,
      };
    }),
  );
}

/**
 * Parkside's rate for a card's car: the Mazda offer on new Mazdas, else its condition's rate (new: the
 * site's). The make is read from the card's address (its title says "Mazda3", not "Mazda Mazda3").
 */
const parksideRate = (c: { condition: string; href: string }) =>
  c.condition.startsWith("New") ? (/\/[^/]*\bmazda-/.test(c.href) ? 2.99 : 8.99) : c.condition.startsWith("Demo") ? 6.99 : 9.99;

/** A vehicle page's calculator: its code loads as the shopper comes near it, as they do here. */
async function carCalculator(page: Page) {
  await page.locator("#repayments").scrollIntoViewIfNeeded();
  return page.getByTestId("finance-calculator");
}

test("a repayment on every priced card at the rate for its car, none without a price, and the comparison-rate note (parkside)", async ({
  page,
}) => {
  const rates = new Set<number>();
  for (const path of ["/search/new-used-and-demo-cars", "/search/used-cars?sort=price-asc", "/search/new-and-demo-cars/mazda"]) {
    await page.goto(parkside(path));
    const shown = await cards(page);
    expect(shown.length).toBeGreaterThan(10);
    for (const c of shown) {
      if (c.price.startsWith("$")) {
        const price = Number(c.financed.replace(/[^\d]/g, ""));
        const weekly = repaymentDollars({
          price,
          deposit: Math.round(price * 0.1),
          balloon: 0,
          termMonths: 60,
          frequency: "weekly",
          rate: parksideRate(c),
          establishmentFee: 395,
          monthlyFee: 8,
        });
        rates.add(parksideRate(c));
        expect(c.repayment, `${c.title} ${c.price}`).toBe(`$${weekly.toLocaleString("en-AU")}/wk*`);
      } else expect(c.repayment, c.price).toBeNull();
    }
    // the note names every rate a car can get, each with its comparison rate
    const note = page.getByTestId("repayment-note");
    await expect(note).toContainText(
      "*Indicative weekly repayment at the rate for each car (8.99% p.a. (comparison rate 10.09% p.a.) for other cars; " +
        "6.99% p.a. (comparison rate 8.1% p.a.) for demo cars; 9.99% p.a. (comparison rate 11.09% p.a.) for used cars; " +
        "2.99% p.a. (comparison rate 4.11% p.a.) for Mazda Finance on new Mazda until ",
    );
    await expect(note).toContainText(") over 5 years with a 10% deposit and no balloon");
    await expect(note).toContainText("including a $395 establishment fee and a $8 monthly account fee");
    await expect(note).toContainText("Comparison rate based on a $30,000 secured loan over 5 years.");
    await expect(note).toContainText(WARNING);
  }
  // the pages above showed the new, the demo, the used and the offer's rate
  expect([...rates].sort((a, b) => a - b)).toEqual([2.99, 6.99, 8.99, 9.99]);
  // a screen reader hears what the figure is
  await expect(page.locator(".results .vc .vc-r").first()).toMatchAriaSnapshot("- paragraph: /Repayments from \\$[\\d,]+\\/wk\\*/");
  // the last page of the used cars, dearest first, ends with the cars that have no price (DEMO_DATA)
  await page.goto(parkside("/search/used-cars?sort=price-desc&page=4"));
  const last = await cards(page);
  expect(last.filter((c) => !c.price.startsWith("$")).length, "cars without a price on the last page").toBeGreaterThan(0);
  expect(last.filter((c) => !c.price.startsWith("$")).every((c) => c.repayment === null)).toBe(true);
});

const MARKETS = [
  [
    "tasman-campers",
    /^\$[\d,]+\/fn\*$/,
    [
      "*Indicative fortnightly repayment at an interest rate of 11.95% p.a.",
      "a $350 establishment fee",
      "Lending criteria, terms, conditions and fees apply.",
    ],
    "comparison rate",
  ],
  [
    "outback-truck-centre",
    /^\$[\d,]+\/mo\*$/,
    ["at 9.49% p.a. (comparison rate 9.49% p.a.) over 5 years with no deposit and a 20% balloon", "no fees"],
    null,
  ],
  [
    "lakeside-rv",
    /^\$[\d,]+\/mo\*$/,
    ["*Estimated monthly payment: 84 payments (one each month) at 7.49% APR with 10% down.", "On approved credit"],
    "comparison rate",
  ],
] as const;
for (const [slug, figure, words, absent] of MARKETS)
  test(`${slug}: repayments and the note in its market's words`, async ({ page }) => {
    await page.goto(siteUrl(slug, "/search/new-used-and-demo-cars"));
    const shown = await cards(page);
    expect(shown.filter((c) => c.price.startsWith("$")).length).toBeGreaterThan(0);
    for (const c of shown.filter((x) => x.price.startsWith("$"))) expect(c.repayment).toMatch(figure);
    for (const w of words) await expect(page.getByTestId("repayment-note")).toContainText(w);
    if (absent) await expect(page.getByTestId("repayment-note")).not.toContainText(absent);
  });

test("the vehicle page's calculator: the shopper's figures reach the finance form and the lead", async ({ page }) => {
  await page.goto(parkside("/search/new-and-demo-cars?sort=price-desc"));
  const first = (await cards(page))[0]!;
  await page.locator(".results .vc h3 a").first().click();
  await expect(page.getByTestId("detail-repayment")).toContainText(first.repayment!);
  await expect(page.getByTestId("repayment-note")).toContainText("comparison rate 10.09% p.a.");
  const price = Number(first.financed.replace(/[^\d]/g, ""));

  // the link under the price goes to the calculator, which starts from the site's terms
  await page.getByRole("link", { name: "Work out repayments" }).click();
  const calc = page.getByTestId("finance-calculator");
  await expect(calc).toBeInViewport();
  await expect(calc.getByTestId("calculator-price")).toHaveText(first.financed);
  await expect(calc.getByTestId("repayment")).toHaveText(`Estimated repayment: ${first.repayment!.replace("/wk*", " a week*")}`);
  await expect(calc.getByTestId("calculator-rate")).toHaveText("Interest rate 8.99% p.a., comparison rate 10.09% p.a.");

  // the shopper's own figures, by keyboard and screen-reader names alone
  const deposit = calc.getByLabel("Deposit ($)");
  await waitForHydration(deposit);
  await deposit.fill("5000");
  await expect(deposit).toHaveValue("5,000");
  await calc.getByLabel("Balloon (final payment)").selectOption("20");
  await calc.getByLabel("Term").selectOption("4");
  await calc.getByRole("radio", { name: "Monthly" }).check();
  const balloon = Math.round(price * 0.2);
  const monthly = repaymentDollars({
    price,
    deposit: 5000,
    balloon,
    termMonths: 48,
    frequency: "monthly",
    rate: 8.99,
    establishmentFee: 395,
    monthlyFee: 8,
  });
  await expect(calc.getByTestId("repayment")).toHaveText(`Estimated repayment: $${monthly.toLocaleString("en-AU")} a month*`);
  await expectNoAxeViolations(page);

  // "Apply for finance": the finance form about this car, its calculator and the amount filled in
  await calc.getByRole("link", { name: "Apply for finance" }).click();
  // a page drawn fresh for these figures (never from the page cache): slower when the machine is busy
  await expect(page).toHaveURL(/\/finance\?vehicle=/, { timeout: 15_000 });
  await expect(page.getByTestId("repayment")).toHaveText(`Estimated repayment: $${monthly.toLocaleString("en-AU")} a month*`);
  const form = page.locator("main form");
  await expect(form.getByLabel("Amount to borrow ($) (optional)")).toHaveValue(String(price - 5000));
  const send = page.getByRole("button", { name: "Send finance enquiry" });
  await waitForHydration(send);
  await form.getByLabel("First name", { exact: true }).fill("Fiona");
  await form.getByLabel("Last name", { exact: true }).fill("Financelead");
  await form.getByLabel("Email", { exact: true }).fill("fiona@example.com");
  await form.getByLabel(/^(Phone|Mobile)$/).fill("0412345678");
  await form.getByLabel("Postcode", { exact: true }).fill("3134");
  const created = page.waitForResponse((r) => r.url().endsWith("/api/leads") && r.request().method() === "POST");
  await send.click();
  const body = (await (await created).json()) as { lead: { id: string; finance_quote: Record<string, unknown> } };
  expect((await created).status()).toBe(201);
  expect(body.lead.finance_quote).toEqual({
    price,
    deposit: 5000,
    balloon,
    term_months: 48,
    frequency: "monthly",
    rate: 8.99,
    establishment_fee: 395,
    monthly_fee: 8,
    repayment: monthly,
  });
  await expect(page).toHaveURL(/\/success\?category=/); // the success page about a car names its type
  // the salesperson's email reads the figures as one answer
  const text = async () =>
    (await readOutbox(E2E_OUTBOX)).find((m) => m.subject.startsWith("Finance Enquiry lead") && m.text.includes(body.lead.id))?.text ?? "";
  await expect
    .poll(text, { timeout: 10_000 })
    .toContain(
      `Repayment estimate: $${monthly.toLocaleString("en-AU")} a month over 4 years at 8.99% p.a.: ${first.financed} with a $5,000 deposit and a $${balloon.toLocaleString("en-AU")} balloon`,
    );
});

test("/finance: deposit, balloon and frequency, money formatted, the note under it", async ({ page }) => {
  await page.goto(parkside("/finance"));
  const calc = page.getByTestId("finance-calculator");
  // $30,000 with the site's 10% deposit, weekly, 8.99% and its fees
  await expect(calc.getByLabel("Price of the car ($)")).toHaveValue("30,000");
  await expect(calc.getByLabel("Deposit ($)")).toHaveValue("3,000");
  await expect(calc.getByTestId("repayment")).toHaveText("Estimated repayment: $133 a week*");
  const rate = calc.getByLabel("Interest rate (% p.a.)");
  await waitForHydration(rate);
  await rate.fill("6.5");
  // the comparison rate follows the rate typed, with the site's fees
  await expect(calc.getByTestId("calculator-rate")).toHaveText(/^Interest rate 6\.5% p\.a\., comparison rate 7\.\d+% p\.a\.$/);
  await calc.getByLabel("Deposit ($)").fill("30000");
  await expect(calc.getByTestId("repayment")).toHaveText("Estimated repayment: —");
  await expect(calc.getByTestId("calculator-borrowed")).toHaveText("Nothing to borrow: the deposit covers the price");
  await expect(page.getByTestId("repayment-note")).toContainText(WARNING);
  await expectNoAxeViolations(page);
});

test("the rate that fits the car: a new Mazda on the maker's offer, a used car at the used rate, each named on its page", async ({
  page,
}) => {
  const open = async (path: string, pick: (c: Awaited<ReturnType<typeof cards>>[number]) => boolean) => {
    await page.goto(parkside(path));
    const shown = await cards(page);
    const i = shown.findIndex((c) => c.price.startsWith("$") && pick(c));
    expect(i, path).toBeGreaterThanOrEqual(0);
    await page.locator(".results .vc h3 a").nth(i).click();
    return shown[i]!;
  };
  const mazda = await open("/search/new-and-demo-cars/mazda", (c) => c.condition.startsWith("New"));
  await expect(page.getByTestId("detail-repayment")).toContainText(mazda.repayment!);
  await expect(page.getByTestId("detail-rate")).toHaveText(
    /^2\.99% p\.a\. Mazda Finance offer, comparison rate 4\.11% p\.a\., until \d{1,2} \w{3} \d{4}$/,
  );
  const calc = await carCalculator(page);
  await expect(calc.getByTestId("calculator-rate")).toHaveText("Interest rate 2.99% p.a., comparison rate 4.11% p.a.");
  await expect(calc.getByTestId("repayment")).toHaveText(`Estimated repayment: ${mazda.repayment!.replace("/wk*", " a week*")}`);
  // "Apply for finance" arrives with the offer's rate
  await waitForHydration(calc.getByLabel("Deposit ($)"));
  await calc.getByRole("link", { name: "Apply for finance" }).click();
  await expect(page.getByTestId("finance-calculator").getByLabel("Interest rate (% p.a.)")).toHaveValue("2.99");
  await expect(page.getByTestId("repayment")).toHaveText(`Estimated repayment: ${mazda.repayment!.replace("/wk*", " a week*")}`);

  const used = await open("/search/used-cars", () => true);
  await expect(page.getByTestId("detail-repayment")).toContainText(used.repayment!);
  await expect(page.getByTestId("detail-rate")).toHaveText("9.99% p.a. used car rate, comparison rate 11.09% p.a.");
  await expect((await carCalculator(page)).getByTestId("calculator-rate")).toHaveText(
    "Interest rate 9.99% p.a., comparison rate 11.09% p.a.",
  );
});

test("/finance: the note describes the figures on screen and follows what the shopper types", async ({ page }) => {
  await page.goto(parkside("/finance"));
  const calc = page.getByTestId("finance-calculator");
  const note = page.getByTestId("repayment-note");
  await expect(note).toContainText(
    "*Estimated weekly repayment of $133 a week on $30,000 with a $3,000 deposit and no balloon over 5 years at 8.99% p.a. (comparison rate 10.09% p.a.), " +
      "including a $395 establishment fee and a $8 monthly account fee.",
  );
  const rate = calc.getByLabel("Interest rate (% p.a.)");
  await waitForHydration(rate);
  await rate.fill("6.5");
  await calc.getByLabel("Price of the car ($)").fill("40000");
  await calc.getByLabel("Deposit ($)").fill("5000");
  await calc.getByLabel("Balloon (final payment)").selectOption("20");
  await calc.getByLabel("Term").selectOption("3");
  await calc.getByRole("radio", { name: "Fortnightly" }).check();
  const pay = repaymentDollars({
    price: 40_000,
    deposit: 5000,
    balloon: 8000,
    termMonths: 36,
    frequency: "fortnightly",
    rate: 6.5,
    establishmentFee: 395,
    monthlyFee: 8,
  });
  await expect(calc.getByTestId("repayment")).toHaveText(`Estimated repayment: $${pay.toLocaleString("en-AU")} a fortnight*`);
  await expect(note).toContainText(
    new RegExp(
      `^\\*Estimated fortnightly repayment of \\$${pay} a fortnight on \\$40,000 with a \\$5,000 deposit and a \\$8,000 balloon over 3 years at 6\\.5% p\\.a\\. \\(comparison rate 7\\.\\d+% p\\.a\\.\\)`,
    ),
  );
  // the site's own terms are not what the note describes any more
  await expect(note).not.toContainText("8.99%");
  await expect(page.getByTestId("repayment-note")).toHaveCount(1);
});

test("a car priced Excl. Govt. Charges: its drive-away estimate opens to its parts, follows the shopper's state, and the repayment and calculator use it", async ({
  page,
}) => {
  const demo = generateDemoData(TEST_NOW_MS).find((d) => d.site.id === 1001)!;
  const car = demo.vehicles.find(
    (v) => v.showOnDealerWebsite && v.status !== "sold" && v.price && v.priceType === "Excl. Govt. Charges" && v.carType === "new",
  )!;
  // the site's terms at this car's rate (a new Mazda is on the maker's offer), on the test clock's day in Melbourne
  const terms = financeFor(
    financeOf({ country: "AU", finance: demo.site.finance }),
    { ...car, carType: car.carType as CarType },
    TEST_NOW.slice(0, 10),
  );
  const estimate = (state: "VIC" | "NSW") =>
    driveAwayEstimate({ price: Number(car.price), fuel: car.fuel ?? null }, state, terms.delivery_charge);
  const vic = estimate("VIC");
  const nsw = estimate("NSW");
  expect(terms.delivery_charge).toBe(1_495);

  await page.goto(parkside(`/cars/${car.slug}`));
  const box = page.getByTestId("drive-away");
  // parkside is in Victoria: the estimate starts there, the repayment is on it and not on the price
  await expect(box.locator("summary")).toHaveText(`${estimateText(vic)} estimate`);
  const onPrice = cardRepayment(Number(car.price), false, terms)!;
  await expect(page.getByTestId("detail-repayment")).toContainText(cardRepayment(vic.total, false, terms)!);
  expect(cardRepayment(vic.total, false, terms)).not.toBe(onPrice);
  await expect((await carCalculator(page)).getByTestId("calculator-price")).toHaveText(`$${vic.total.toLocaleString("en-AU")}`);

  // it opens to its parts and where the figures come from
  await waitForHydration(box.locator("summary"));
  await box.locator("summary").click();
  const parts = box.getByTestId("drive-away-parts");
  await expect(parts).toBeVisible();
  for (const p of vic.parts) await expect(parts).toContainText(p.label);
  await expect(parts).toContainText("Stamp duty");
  await expect(box.getByTestId("drive-away-source")).toContainText("State Revenue Office Victoria");
  await expect(box.getByTestId("drive-away-source")).toContainText("1 July 2025");

  // the shopper's state: the estimate, the repayment and the calculator follow; no address changes
  const before = page.url();
  await box.getByLabel("Your state").selectOption("NSW");
  await expect(box.locator("summary")).toHaveText(`${estimateText(nsw)} estimate`);
  await expect(box.getByTestId("drive-away-source")).toContainText("Revenue NSW");
  await expect(page.getByTestId("detail-repayment")).toContainText(cardRepayment(nsw.total, false, terms)!);
  await expect(page.getByTestId("finance-calculator").getByTestId("calculator-price")).toHaveText(`$${nsw.total.toLocaleString("en-AU")}`);
  // the calculator's deposit follows the new price until the shopper types one: its figure is the one under the price
  await expect(page.getByTestId("finance-calculator").getByTestId("repayment")).toHaveText(
    `Estimated repayment: ${cardRepayment(nsw.total, false, terms)!.replace("/wk*", " a week*")}`,
  );
  expect(page.url()).toBe(before);
  await expectNoAxeViolations(page);

  // remembered on the next page
  await page.reload();
  await expect(page.getByTestId("drive-away").locator("summary")).toHaveText(`${estimateText(nsw)} estimate`);
});
