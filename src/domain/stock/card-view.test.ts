import { describe, expect, test } from "vitest";
import {
  cardsNote,
  cardsShared,
  cardView,
  comparableCardView,
  compareRows,
  favouriteOf,
  packCard,
  toFavourite,
  unpackCard,
  type CardContext,
} from "./card-view";
import { IDS_MESSAGE, parseVehicleIds } from "./favourites";
import { testVehicle } from "./fixtures";
import { cardRepayment, defaultFinance, DRIVE_AWAY_NOTE } from "../site/finance";
import type { Vehicle } from "./vehicle";

const car: Vehicle = testVehicle({ rego: "ABC-123", priceType: "Drive Away", photosCount: 1, locationId: 7 });
const NOW = Date.UTC(2026, 10, 21);
const ctx: CardContext = {
  template: "default",
  subscriptions: false,
  imageQuality: 75,
  country: "AU",
  enquireText: "Enquire Now",
  usedWord: "pre-owned",
  now: NOW,
  today: "2026-11-21",
  locationNames: { 7: "Parkside Mazda" },
  finance: defaultFinance("AU"),
};

describe("cardView: what a card says, the same on every page", () => {
  test("a used car: price, facts, location, link and favourite", () => {
    expect(cardView(car, ctx)).toMatchObject({
      href: "/cars/2022-mazda-cx-5-maxx-abc123",
      title: "2022 Mazda CX-5 Maxx",
      condition: "Pre-owned",
      price: "$34,990",
      priceType: "Drive Away",
      facts: ["16,093 km", "Automatic", "Petrol"],
      location: "Parkside Mazda",
      tags: [],
      sold: false,
    });
    expect(favouriteOf(cardView(car, ctx))).toEqual({
      id: 1,
      name: "2022 Mazda CX-5 Maxx",
      slug: car.slug,
      make: "Mazda",
      model: "CX-5",
      primary_image_url: "/photos/suv/red/1.svg",
    });
    expect(favouriteOf(cardView(car, ctx))).toEqual(toFavourite(car));
  });
  test("a card carries no specs: only the saved-vehicles page compares", () => expect(cardView(car, ctx)).not.toHaveProperty("specs"));
  test.each([
    ["no price", { price: null }, { price: "Enquire for price.", priceType: null }],
    ["coming soon", { status: "coming_soon" as const, carType: "new" as const }, { condition: "New · Coming soon" }],
    ["sold two days ago", { status: "sold" as const, soldAt: new Date(NOW - 2 * 86_400_000) }, { sold: true, tags: ["JUST SOLD"] }],
    ["a location the site does not have", { locationId: 99 }, { location: null }],
    ["a caravan", { bodyType: "caravan", berths: 4 }, { facts: ["Sleeps 4"] }],
  ])("%s", (_, change, want) => expect(cardView({ ...car, ...change }, ctx)).toMatchObject(want));

  test("specs for comparing: price first, location last, no VIN or rego", () => {
    const specs = comparableCardView(car, ctx).specs;
    expect(specs[0]).toEqual(["Price", "$34,990"]);
    expect(specs.at(-1)).toEqual(["Location", "Parkside Mazda"]);
    expect(specs.map(([l]) => l)).toEqual(
      expect.arrayContaining(["Year", "Odometer", "Transmission", "Fuel", "Drive", "Seats", "Stock number"]),
    );
    expect(specs.map(([l]) => l)).not.toEqual(expect.arrayContaining(["VIN"]));
    expect(specs.map(([l]) => l)).not.toContain("Rego");
  });
});

describe("a car's subscription price (offers_subscription)", () => {
  test.each([
    ["a site with subscriptions", true, 309, "in_stock", "Or subscribe from $309 a week"],
    ["a site without", false, 309, "in_stock", null],
    ["a car without a subscription price", true, null, "in_stock", null],
    ["a sold car", true, 309, "sold", null],
  ] as const)("%s", (_, subscriptions, subscriptionWeekly, status, line) => {
    expect(cardView(testVehicle({ subscriptionWeekly, status }), { ...ctx, subscriptions }).subscription).toBe(line);
  });
});

describe("compareRows", () => {
  const a = comparableCardView(car, ctx);
  const b = comparableCardView({ ...car, id: 2, year: 2020, price: 29990, seats: null, badge: null, series: "KF" }, ctx);
  const rows = compareRows([a, b]);
  const row = (label: string) => rows.find((r) => r.label === label);
  test("every spec either car has, a dash where one lacks it", () => {
    expect(row("Seats")).toEqual({ label: "Seats", values: ["5", "—"], same: false });
    expect(row("Badge")).toEqual({ label: "Badge", values: ["Maxx", "—"], same: false });
    expect(row("Series")).toEqual({ label: "Series", values: ["—", "KF"], same: false });
  });
  test("rows where both say the same are marked", () => {
    expect(row("Transmission")).toMatchObject({ values: ["Automatic", "Automatic"], same: true });
    expect(row("Year")).toMatchObject({ values: ["2022", "2020"], same: false });
    expect(row("Price")).toMatchObject({ values: ["$34,990", "$29,990"], same: false });
  });
  test("labels keep the first card's order", () => expect(rows[0]!.label).toBe("Price"));
});

describe("parseVehicleIds (GET /api/vehicles?ids=)", () => {
  test.each([
    ["1,2,3", [1, 2, 3]],
    ["5,5,6", [5, 6]],
    ["2147483647", [2147483647]],
    [Array.from({ length: 100 }, (_, i) => i + 1).join(","), Array.from({ length: 100 }, (_, i) => i + 1)],
  ])("%s → ids", (raw, ids) => expect(parseVehicleIds(raw)).toEqual(ids));
  test.each([null, "", "0", "-1", "1.5", "1,,2", "1,", " 1", "abc", "2147483648", "01", "1%2C2", "__proto__", "1\u00002"])(
    "%j → refused",
    (raw) => expect(parseVehicleIds(raw)).toBeNull(),
  );
  test("more than 100 ids are refused, and the message says so", () => {
    expect(parseVehicleIds(Array.from({ length: 101 }, (_, i) => i + 1).join(","))).toBeNull();
    expect(IDS_MESSAGE).toBe("Give up to 100 vehicle ids, separated by commas.");
  });
});

describe("packCard / unpackCard: a result list's cards as the browser receives them", () => {
  const shared = cardsShared(ctx);
  const sold = testVehicle({ id: 2, status: "sold", soldAt: new Date(NOW - 86_400_000), locationId: 7 });
  const bare = testVehicle({ id: 3, price: null, locationId: null });
  test.each([
    ["a used car with a location", car],
    ["a sold car (tags, no subscription)", sold],
    ["a car with no price and no location", bare],
  ])("%s: every field comes back as it was", (_what, v) => {
    const view = cardView(v, { ...ctx, subscriptions: true });
    expect(unpackCard(packCard(view, shared), shared)).toEqual(view);
  });

  test("defaults and what the list shares are left out; the slug comes from the address", () => {
    const packed = packCard(cardView(bare, ctx), shared);
    for (const key of ["imageQuality", "enquireText", "slug", "sold", "tags", "subscription", "location", "priceType", "repayment"])
      expect(packed).not.toHaveProperty(key);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(cardView(bare, ctx)).length - 100);
  });

  test("a slug the address does not end with is kept", () => {
    const view = { ...cardView(car, ctx), slug: "other" };
    expect(packCard(view, shared).slug).toBe("other");
    expect(unpackCard(packCard(view, shared), shared)).toEqual(view);
  });

  test.each<[string, Partial<Vehicle>, string | null]>([
    ["a priced car's repayment comes from its shown price", {}, "$155/wk*"],
    ["a car with no price has none", { price: null }, null],
    ["a price in cents: the repayment the server worked out is sent", { price: 34_989.6 }, "$155/wk*"],
  ])("%s", (_, change, repayment) => {
    const view = cardView(testVehicle({ ...change, locationId: 7 }), {
      ...ctx,
      finance: { ...ctx.finance, rate: 8.99, establishment_fee: 395, monthly_fee: 8 },
    });
    const terms = { ...shared, finance: { ...shared.finance, rate: 8.99, establishment_fee: 395, monthly_fee: 8 } };
    expect(view.repayment).toBe(repayment);
    expect(unpackCard(packCard(view, terms), terms)).toEqual(view);
    // the list's terms differ from the card's: the card says its own
    expect(unpackCard(packCard(view, shared), shared).repayment).toBe(repayment);
  });

  describe("a price without government charges", () => {
    const egc = testVehicle({ priceType: "Excl. Govt. Charges", locationId: 7 });
    const au: CardContext = { ...ctx, state: "VIC", finance: { ...ctx.finance, delivery_charge: 1_495 } };
    // $34,990 + $1,495 delivery + $1,537 duty (VIC, $8.40 per $200 of $36,485) + $917 rego + $45 plates
    test("Australia: the estimate beside the price, and the repayment on the estimate", () => {
      const view = cardView(egc, au);
      expect(view.priceType).toBe("Excl. Govt. Charges · Est. drive-away $38,984 (VIC)");
      expect(view.repayment).toBe(cardRepayment(38_984, false, au.finance));
      expect(view.repayment).not.toBe(cardRepayment(34_990, false, au.finance));
      const terms = cardsShared(au);
      expect(unpackCard(packCard(view, terms), terms)).toEqual(view);
    });
    test("the note says a repayment is on the drive-away estimate only where a card shows one", () => {
      expect(cardsNote(au, [cardView(egc, au)])).toContain(DRIVE_AWAY_NOTE);
      expect(cardsNote(au, [cardView(car, au)])).not.toContain(DRIVE_AWAY_NOTE);
    });
    test.each<[string, Partial<CardContext>, Partial<Vehicle>, string]>([
      ["New Zealand", { country: "NZ", state: null }, {}, "+ on-road costs"],
      ["the United States", { country: "US", state: null }, {}, "plus tax, title and license"],
      ["an Australian site without a state", { state: null }, {}, "Excl. Govt. Charges"],
      ["a motorcycle (the tables hold a car's charges)", {}, { bodyType: "Naked" }, "Excl. Govt. Charges"],
    ])("%s: the market's words, no estimate, the repayment on the price", (_, change, vehicle, words) => {
      const view = cardView({ ...egc, ...vehicle }, { ...au, ...change });
      expect(view.priceType).toBe(words);
      expect(view.repayment).toBe(cardRepayment(34_990, false, au.finance));
    });
  });
});
