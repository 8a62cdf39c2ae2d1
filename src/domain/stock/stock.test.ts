import { describe, expect, test } from "vitest";
import { IMAGE_QUALITY, imageUrl, MAX_IMAGE_WIDTH, shareImageUrl } from "../format/image";
import { parseFavourites, toggleFavourite, type FavouriteCar } from "./favourites";
import {
  activeFilterCount,
  effectiveCarTypes,
  kmToOdometer,
  odometerToKm,
  parseNumber,
  parseSearch,
  searchHref,
  sortOptions,
  SORT_IDS,
  toggleFilter,
} from "./search";
import { conditionsOnSale } from "./summary";
import { vehicleFacts, type Vehicle } from "./vehicle";
import {
  bodyTypeLabel,
  displayImage,
  ownPhoto,
  photoAlt,
  JUST_SOLD,
  NEW_ARRIVAL,
  SPECIAL,
  vehicleTags,
  vehicleTitle,
  withCallToAction,
} from "./vehicle";

describe("parseSearch", () => {
  test("defaults: all route types, site default sort, page 1", () => {
    const q = parseSearch("new-used-and-demo-cars", {}, "relevance");
    expect(effectiveCarTypes(q)).toEqual(["new", "demo", "used"]);
    expect(q).toMatchObject({ sort: "relevance", page: 1, make: [], price: {} });
    expect(parseSearch("used-cars", {}, "latest").sort).toBe("latest");
    expect(parseSearch("used-cars", {}, "nonsense").sort).toBe("relevance");
  });

  test.each([
    ["new-and-demo-cars", { car_type: "used" }, ["new", "demo"]],
    ["new-and-demo-cars", { car_type: "demo" }, ["demo"]],
    ["used-cars", { car_type: ["new", "used"] }, ["used"]],
    ["new-used-and-demo-cars", { car_type: "new,demo" }, ["new", "demo"]],
  ] as const)("%s with %o lists %o", (variant, params, types) => {
    expect(effectiveCarTypes(parseSearch(variant, params, "relevance"))).toEqual(types);
  });

  test.each([
    [{ price_min: "abc" }, "price", {}],
    [{ price_min: "-5" }, "price", {}],
    [{ price_min: "$20,000", price_max: "10000" }, "price", { min: 10000, max: 20000 }],
    [{ year_min: "99999" }, "year", { min: 3000 }],
    [{ odometer_max: "1e3" }, "odometer", { max: 1000 }],
    [{ odometer_max: "Infinity" }, "odometer", { max: 100_000_000 }],
    [{ page: "1" }, "year", {}],
  ] as const)("bad numbers %o → %s %o", (params, key, expected) => {
    expect(parseSearch("new-used-and-demo-cars", params, "relevance")[key]).toEqual(expected);
  });

  test.each([
    [{ page: "0" }, 1],
    [{ page: "-3" }, 1],
    [{ page: "2.4" }, 2],
    [{ page: "x" }, 1],
    [{ page: "7" }, 7],
    [{ page: "99999999" }, 100000],
  ])("page %o → %s", (params, page) => expect(parseSearch("used-cars", params, "relevance").page).toBe(page));

  test("unknown parameters and unknown sorts are ignored", () => {
    const q = parseSearch("used-cars", { colour: "pink", sort: "DROP TABLE", utm_source: "x" }, "price-asc");
    expect(q.sort).toBe("price-asc");
    expect(activeFilterCount(q)).toBe(0);
  });

  test("list filters: repeated, comma separated, deduplicated, bounded", () => {
    const q = parseSearch("new-used-and-demo-cars", { make: ["Mazda", "Suzuki,Mazda", ""], body: "x".repeat(200) }, "relevance");
    expect(q.make).toEqual(["Mazda", "Suzuki"]);
    expect(q.body).toEqual([]);
  });

  test("round trip through the URL", () => {
    const q = parseSearch(
      "new-and-demo-cars",
      { car_type: "demo", make: ["Mazda", "Kia"], model: "CX-5", price_max: "50000", sort: "price-asc", page: "2" },
      "relevance",
    );
    const href = searchHref(q, "relevance");
    // (two makes: one make is a landing page's path, landing.test.ts)
    expect(href).toBe("/search/new-and-demo-cars?car_type=demo&make=Mazda&make=Kia&model=CX-5&price_max=50000&sort=price-asc&page=2");
    const sp = new URL(href, "http://x").searchParams;
    const back = parseSearch("new-and-demo-cars", Object.fromEntries([...sp.keys()].map((k) => [k, sp.getAll(k)])), "relevance");
    expect(back).toEqual({ ...q, make: ["Mazda", "Kia"], model: ["CX-5"] });
  });

  test("the default sort is left out of URLs; toggling resets the page and a cleared make clears models", () => {
    const q = parseSearch("used-cars", { make: "Mazda", model: "CX-5", page: "3", sort: "latest" }, "latest");
    expect(searchHref(q, "latest", toggleFilter(q, "make", "Mazda"))).toBe("/search/used-cars");
    expect(searchHref(q, "latest", toggleFilter(q, "make", "Kia"))).toBe("/search/used-cars?make=Mazda&make=Kia&model=CX-5");
  });

  test.each([
    [undefined, undefined],
    ["12", 12],
    ["1,234", 1234],
    ["12.6", 13],
  ])("parseNumber(%s) → %s", (raw, n) => expect(parseNumber(raw)).toBe(n));
});

describe("sort options", () => {
  test.each([
    ["AU", ["Most Relevant", "Latest", "Highest Price", "Lowest Price", "Highest Kms", "Lowest Kms"]],
    ["US", ["Most Relevant", "Latest", "Highest Price", "Lowest Price", "Highest Miles", "Lowest Miles"]],
  ])("%s", (country, labels) => expect(sortOptions(country).map((o) => o.label)).toEqual(labels));

  test("with the subscription price variants on a site that offers subscriptions, and nearest first near the shopper: every sort id", () => {
    expect(
      sortOptions("AU", true, true)
        .map((o) => o.id)
        .sort(),
    ).toEqual([...SORT_IDS].sort());
    expect(sortOptions("AU").map((o) => o.id)).not.toContain("subscription-asc");
    expect(sortOptions("AU", true).map((o) => o.id)).not.toContain("distance");
    expect(sortOptions("AU", false, true)[0]).toEqual({ id: "distance", label: "Nearest first" });
  });

  test("a postcode or a position is carried, sorts nearest first unless asked otherwise, and is shared in the address", () => {
    const q = parseSearch("new-used-and-demo-cars", { postcode: "4405", within: "50" }, "relevance");
    expect(q.near).toEqual({ postcode: "4405", within: 50 });
    expect(q.sort).toBe("distance");
    expect(searchHref(q, "relevance")).toBe("/search/new-used-and-demo-cars?postcode=4405&within=50");
    expect(parseSearch("new-used-and-demo-cars", { postcode: "4405", sort: "price-asc" }, "relevance").sort).toBe("price-asc");
    // nearest first means nothing without a place: the site's sort
    expect(parseSearch("new-used-and-demo-cars", { sort: "distance" }, "latest").sort).toBe("latest");
    expect(searchHref(parseSearch("new-used-and-demo-cars", { near: "-27.1834,151.2661" }, "relevance"), "relevance")).toBe(
      "/search/new-used-and-demo-cars?near=-27.18%2C151.27",
    );
  });

  test.each([
    [10000, "AU", 10000],
    [10000, "US", 16093],
  ])("odometer %s in %s is %s km", (v, c, km) => {
    expect(odometerToKm(v, c)).toBe(km);
    expect(kmToOdometer(km, c)).toBe(v);
  });
});

describe("vehicle display rules", () => {
  test.each([
    ["bus", "Buses"],
    ["hatch", "Hatches"],
    ["SUV", "SUVs"],
    ["suv", "SUVs"],
    ["utility", "Utilities"],
    ["sedan", "Sedans"],
    ["cab chassis", "Cab Chassis"],
    ["prime mover", "Prime Movers"],
    ["class c motorhome", "Class C Motorhomes"],
    ["convertible", "Convertibles"],
    ["pantech", "Pantechs"],
    ["tipper", "Tippers"],
    ["tray", "Trays"],
    ["fifth wheel", "Fifth Wheels"],
    ["naked", "Naked Bikes"],
    ["constructor", "Constructors"],
  ])("%s → %s", (body, label) => expect(bodyTypeLabel(body)).toBe(label));

  test.each([
    [{ new: 0, demo: 0, used: 120 }, ["used"]],
    [{ new: 214, demo: 87, used: 112 }, ["new", "demo", "used"]],
    [{ new: 0, demo: 0, used: 0 }, ["new", "demo", "used"]],
  ] as const)("conditions on sale %j → %j", (carTypes, on) => expect(conditionsOnSale(carTypes)).toEqual(on));

  test.each([
    [{ primaryImageUrl: "/images/placeholder.jpg", thumbnails: ["/a.jpg", "/b.jpg"] }, "/a.jpg"],
    [{ primaryImageUrl: "/images/placeholder.jpg", thumbnails: [] }, "/images/placeholder.jpg"],
    [{ primaryImageUrl: "/photos/placeholder.svg", thumbnails: ["/a.jpg"] }, "/a.jpg"], // seeded before the image service
    [{ primaryImageUrl: "/photos/placeholder.svg", thumbnails: [] }, "/images/placeholder.jpg"],
    [{ primaryImageUrl: null, thumbnails: ["/a.jpg"] }, "/a.jpg"],
    [{ primaryImageUrl: "/p.jpg", thumbnails: ["/a.jpg"] }, "/p.jpg"],
  ])("display image of %o is %s", (v, src) => expect(displayImage(v)).toBe(src));

  test.each([
    [{ primaryImageUrl: "/images/placeholder.jpg", thumbnails: ["/a.jpg"] }, "/a.jpg"],
    [{ primaryImageUrl: "/images/placeholder.jpg", thumbnails: [] }, null],
    [{ primaryImageUrl: "/photos/placeholder.svg", thumbnails: [] }, null],
    [{ primaryImageUrl: null, thumbnails: [] }, null],
    [{ primaryImageUrl: "/p.jpg", thumbnails: [] }, "/p.jpg"],
  ])("the car's own photo of %o is %s (null: the placeholder shows)", (v, src) => expect(ownPhoto(v)).toBe(src));

  test.each([
    [["Front", ""], 0, "Front"],
    [["Front", ""], 1, "2022 Mazda CX-5, photo 2"],
    [["  "], 0, "2022 Mazda CX-5, photo 1"],
    [undefined, 2, "2022 Mazda CX-5, photo 3"],
  ] as const)("the alt text of photo %#: the dealer's, else the car and the number", (alts, i, alt) =>
    expect(photoAlt("2022 Mazda CX-5", alts, i)).toBe(alt),
  );

  const now = Date.UTC(2026, 10, 21);
  const day = 86_400_000;
  test.each([
    ["sold", now - 30 * day, [JUST_SOLD]],
    ["in_stock", now - 2 * day, [NEW_ARRIVAL]],
    ["coming_soon", now - 6.9 * day, [NEW_ARRIVAL]],
    ["in_stock", now - 7 * day, []],
    ["in_stock", now - 40 * day, []],
  ] as const)("status %s listed at %s → %o", (status, listed, tags) => {
    expect(vehicleTags({ status, listedAt: new Date(listed), special: false }, now)).toEqual(tags);
  });

  test.each([
    ["in_stock", now - 2 * day, [SPECIAL, NEW_ARRIVAL]],
    ["in_stock", now - 40 * day, [SPECIAL]],
    ["sold", now - 2 * day, [JUST_SOLD]],
  ] as const)("on special, status %s listed at %s → %o", (status, listed, tags) => {
    expect(vehicleTags({ status, listedAt: new Date(listed), special: true }, now)).toEqual(tags);
  });

  test("tags are the spec's texts", () => {
    expect([NEW_ARRIVAL, JUST_SOLD]).toEqual(["New Arrival", "JUST SOLD"]);
  });

  test("title", () => expect(vehicleTitle({ year: 2024, make: "Mazda", model: "CX-5", badge: null })).toBe("2024 Mazda CX-5"));
  test.each([
    ["EQA", "EQA 250", "2025 Mercedes-Benz EQA 250"],
    ["GLC", "GLC 300 4MATIC", "2025 Mercedes-Benz GLC 300 4MATIC"],
    ["GLC", "glc 300", "2025 Mercedes-Benz GLC 300"],
    ["GLC", "GLC", "2025 Mercedes-Benz GLC"],
    ["CX-5", "CX-5X Maxx", "2025 Mercedes-Benz CX-5 CX-5X Maxx"],
    ["GLC", "AMG Line", "2025 Mercedes-Benz GLC AMG Line"],
  ])("model %j with badge %j says the model once", (model, badge, title) =>
    expect(vehicleTitle({ year: 2025, make: "Mercedes-Benz", model, badge })).toBe(title),
  );

  test.each([
    ["Mazda", "Mazda3", "G25 Evolve", "2025 Mazda3 G25 Evolve"],
    ["Mazda", "mazda 6", null, "2025 mazda 6"],
    ["Mini", "Mini Cooper", "S", "2025 Mini Cooper S"],
    ["Ram", "Rampage", null, "2025 Ram Rampage"],
    ["Toyota", "HiAce Commuter", "Commuter", "2025 Toyota HiAce Commuter"],
    ["Toyota", "HiAce Commuter", "GL Commuter", "2025 Toyota HiAce Commuter GL Commuter"],
    ["Toyota", "HiAce", "Commuter", "2025 Toyota HiAce Commuter"],
    ["Mazda", "CX-5", "Maxx", "2025 Mazda CX-5 Maxx"],
  ])("make %j, model %j, badge %j: nothing said twice", (make, model, badge, title) =>
    expect(vehicleTitle({ year: 2025, make, model, badge })).toBe(title),
  );

  test.each([
    [10, 10],
    [29, 30],
    [36, 37],
  ])("a list of %s gets the CTA at position 30 when it reaches it (→ %s cards)", (n, total) => {
    const out = withCallToAction(Array.from({ length: n }, (_, i) => i));
    expect(out).toHaveLength(total);
    if (total > n) expect(out[29]).toEqual({ kind: "cta" });
  });
});

describe("favourites", () => {
  const car = (id: number): FavouriteCar => ({
    id,
    name: `Car ${id}`,
    slug: `car-${id}`,
    make: "Mazda",
    model: "CX-5",
    primary_image_url: null,
  });
  test("toggle adds when absent, removes when present", () => {
    const one = toggleFavourite([], car(1));
    expect(one.map((c) => c.id)).toEqual([1]);
    const two = toggleFavourite(one, car(2));
    expect(two.map((c) => c.id)).toEqual([2, 1]);
    expect(toggleFavourite(two, car(1)).map((c) => c.id)).toEqual([2]);
  });

  test.each([
    [null, 0],
    ["", 0],
    ["{not json", 0],
    ['{"a":1}', 0],
    ["[1, 2, null]", 0],
    [JSON.stringify([car(1), { id: "x" }, car(1), car(2)]), 2],
    [
      JSON.stringify([
        { ...car(3), slug: "" },
        { ...car(4), id: 4.5 },
        { ...car(5), primary_image_url: 7 },
        { ...car(6), make: null },
        [car(7)],
      ]),
      0,
    ],
    [JSON.stringify([{ ...car(8), primary_image_url: "/p.svg", extra: "<script>" }]), 1],
  ])("corrupt storage %s is ignored → %s cars", (raw, n) => expect(parseFavourites(raw)).toHaveLength(n));

  test("only the known fields are kept from storage", () => {
    expect(parseFavourites(JSON.stringify([{ ...car(8), extra: "x", __proto__: { polluted: 1 } }]))).toEqual([car(8)]);
  });
});

describe("image URLs", () => {
  test.each([
    [{ width: 640 }, "/p.svg?w=640&auto=format"],
    [{ width: 3840 }, `/p.svg?w=${MAX_IMAGE_WIDTH}&auto=format`],
    [{ width: 828, quality: IMAGE_QUALITY.low }, "/p.svg?w=828&auto=format&q=60"],
    [{ width: 828, quality: IMAGE_QUALITY.high }, "/p.svg?w=828&auto=format&q=80"],
  ])("%o → %s", (o, url) => expect(imageUrl("/p.svg", o)).toBe(url));

  test("share image: 1200×630 fill crop", () => {
    expect(shareImageUrl("/p.svg")).toBe("/p.svg?w=1200&auto=format&q=80&h=630&fit=crop");
    // a locally drawn photo is shared as a JPEG: social networks do not show SVG
    expect(shareImageUrl("/photos/suv/red/1.svg")).toBe("/photos/suv/red/1.jpg?w=1200&auto=format&q=80&h=630&fit=crop");
  });
});

describe("a vehicle's facts follow its kind", () => {
  const base = {
    bodyType: "sedan",
    drive: "FWD",
    fuel: "Petrol",
    transmission: "Automatic",
    seats: 5,
    doors: 4,
    odometer: 12000,
    carType: "used",
    colour: "Red",
    badge: "GX",
    series: null,
    berths: null,
    atmKg: null,
    tareKg: null,
    lengthMm: null,
  } as unknown as Vehicle;
  test.each([
    ["a sedan", {}, { kind: "car", odometerKm: 12000, fuel: "Petrol", seats: 5, doors: 4, berths: null }],
    [
      "a caravan",
      {
        bodyType: "caravan",
        drive: "Towed",
        fuel: null,
        transmission: null,
        seats: null,
        doors: 1,
        odometer: 0,
        berths: 4,
        atmKg: 2800,
        tareKg: 2230,
        lengthMm: 8350,
      },
      { kind: "towed", odometerKm: null, fuel: null, transmission: null, seats: null, doors: null, berths: 4, atmKg: 2800 },
    ],
    [
      "stored placeholders",
      { fuel: "None", transmission: "none", seats: 0, colour: " " },
      { fuel: null, transmission: null, seats: null, colour: null },
    ],
    ["a bike", { bodyType: "naked", doors: 0 }, { kind: "motorcycle", doors: null }],
    [
      "a motorhome",
      { bodyType: "class c motorhome", berths: 6, lengthMm: 9140 },
      { kind: "motorhome", berths: 6, lengthMm: 9140, atmKg: null },
    ],
    ["a new car at 0 km", { carType: "new", odometer: 0 }, { odometerKm: 0 }],
    ["a tipper and its GVM", { bodyType: "tipper", atmKg: 11_000 }, { kind: "truck", atmKg: 11_000 }],
    ["a car has no GVM", { atmKg: 2_000 }, { kind: "car", atmKg: null }],
  ])("%s", (_what, over, facts) => expect(vehicleFacts({ ...base, ...over } as Vehicle)).toMatchObject(facts));
});
