import { describe, expect, test } from "vitest";
import { LocationRecordSchema, newLocation, placeAddress, type PostcodeCentre } from "./location-record";

/** Two postcodes' centres, as the near-me data gives them. */
const centres: PostcodeCentre = (pc) =>
  ({ "3199": { lat: -38.142, long: 145.126 }, "3220": { lat: -38.147, long: 144.36 }, "2000": { lat: -33.867, long: 151.206 } })[pc] ??
  null;
const frankston = { street: "1 Nepean Hwy", city: "Frankston", state: "VIC", postcode: "3199" };

describe("placeAddress: typed coordinates win, then the point pasted from the map, then the postcode's centre", () => {
  // a change of a location's address: it keeps its point unless the address moved
  const precise = { postcode: "3199", lat: -38.1401, long: 145.1201 };
  const atCentre = { postcode: "3199", lat: -38.142, long: 145.126 };
  test.each([
    ["a street's typo put right, no coordinates: the point placed by hand stays", frankston, precise, { lat: -38.1401, long: 145.1201 }],
    ["the same, placed at the centre: stays", frankston, atCentre, { lat: -38.142, long: 145.126 }],
    [
      "moved to another postcode, no coordinates: the new postcode's centre",
      { ...frankston, city: "Geelong", postcode: "3220" },
      precise,
      { lat: -38.147, long: 144.36 },
    ],
    [
      "the form sends the old centre back with a new postcode: the new postcode's centre",
      { ...frankston, city: "Geelong", postcode: "3220", lat: -38.142, long: 145.126 },
      atCentre,
      { lat: -38.147, long: 144.36 },
    ],
    [
      "the form sends a point placed by hand back: it stays",
      { ...frankston, lat: -38.1401, long: 145.1201 },
      precise,
      { lat: -38.1401, long: 145.1201 },
    ],
    ["new coordinates typed: they win", { ...frankston, lat: -38.15, long: 145.13 }, precise, { lat: -38.15, long: 145.13 }],
    ["a point pasted: it wins", { ...frankston, map_point: "-38.14, 145.12" }, precise, { lat: -38.14, long: 145.12 }],
  ] as const)("changing: %s", (_why, a, current, point) => {
    const where = placeAddress("AU", a, centres, current);
    expect("address" in where && { lat: where.address.lat, long: where.address.long }).toEqual(point);
  });

  test.each([
    ["AU", frankston, { lat: -38.142, long: 145.126, atPostcode: true }],
    ["AU", { ...frankston, state: "vic" }, { lat: -38.142, long: 145.126, atPostcode: true }],
    ["AU", { ...frankston, lat: -38.1401, long: 145.1201 }, { lat: -38.1401, long: 145.1201, atPostcode: false }],
    ["AU", { ...frankston, map_point: "-38.14, 145.12" }, { lat: -38.14, long: 145.12, atPostcode: false }],
    [
      "AU",
      { ...frankston, map_point: "https://www.google.com/maps/@-38.141,145.121,17z" },
      { lat: -38.141, long: 145.121, atPostcode: false },
    ],
    // typed coordinates win over a paste
    ["AU", { ...frankston, lat: -38.15, long: 145.13, map_point: "-38.14, 145.12" }, { lat: -38.15, long: 145.13, atPostcode: false }],
    // the postcode's centre typed back (the console's form re-sends it) is still the postcode's centre
    ["AU", { ...frankston, lat: -38.142, long: 145.126 }, { lat: -38.142, long: 145.126, atPostcode: true }],
    [
      "NZ",
      { street: "1 Main Rd", city: "Christchurch", state: "Canterbury", postcode: "8011", map_point: "-43.53, 172.63" },
      { lat: -43.53, long: 172.63, atPostcode: false },
    ],
    [
      "US",
      { street: "1 Central Ave", city: "Phoenix", state: "AZ", postcode: "85004", lat: 33.45, long: -112.07 },
      { lat: 33.45, long: -112.07, atPostcode: false },
    ],
  ] as const)("%s %o → %o", (country, a, point) => {
    const where = placeAddress(country, a, centres);
    expect("address" in where && { lat: where.address.lat, long: where.address.long, atPostcode: where.address.atPostcode }).toEqual(point);
  });

  test.each([
    ["no state", { street: "1 Nepean Hwy", city: "Frankston", postcode: "3199" }, "VIC"],
    ["an empty state", { ...frankston, state: " " }, "VIC"],
    ["a state given wins", frankston, "VIC"],
  ])("an Australian address with %s takes its postcode's state", (_why, a, state) => {
    const where = placeAddress("AU", a, centres);
    expect("address" in where && where.address.state).toBe(state);
  });

  test.each([
    ["AU", { ...frankston, postcode: "3999" }, "address.postcode", /no position for postcode 3999/],
    ["AU", { ...frankston, postcode: "2000" }, "address.postcode", /2000 is not a VIC postcode/],
    ["AU", { ...frankston, state: "Victoria" }, "address.state", /one of NSW/],
    ["AU", { ...frankston, lat: -33.87, long: 151.21 }, "address.lat", /These coordinates are not in VIC/],
    ["AU", { ...frankston, lat: 38.14, long: 145.12 }, "address.lat", /latitude is negative/],
    ["AU", { ...frankston, map_point: "-33.87, 151.21" }, "address.map_point", /These coordinates are not in VIC/],
    ["AU", { ...frankston, lat: -38.14 }, "address.long", /both/],
    ["AU", { ...frankston, long: 145.12 }, "address.lat", /both/],
    [
      "NZ",
      { street: "1 Main Rd", city: "Christchurch", state: "Canterbury", postcode: "8011" },
      "address.lat",
      /paste the point from the map.*New Zealand/,
    ],
    [
      "NZ",
      { street: "1 Main Rd", city: "Christchurch", state: "Canterbury", postcode: "8011", map_point: "-37.81, 144.96" },
      "address.map_point",
      /not in New Zealand/,
    ],
    ["US", { street: "1 Central Ave", city: "Phoenix", state: "AZ", postcode: "85004" }, "address.lat", /United States/],
    ["AU", { ...frankston, state: "", postcode: "12" }, "address.state", /Enter the state, or a postcode that tells it/],
    ["NZ", { street: "1 Main Rd", city: "Christchurch", postcode: "8011" }, "address.state", /Enter the state or region/],
  ] as const)("%s %o → 422 on %s", (country, a, field, message) => {
    const where = placeAddress(country, a, centres);
    expect("problem" in where && where.problem.field).toBe(field);
    expect("problem" in where && where.problem.message).toMatch(message);
  });
});

describe("the location record's address: coordinates optional, a pasted point checked by the same schema as the form", () => {
  const record = { name: "Bayside Auto", contact_detail: { phone: "(03) 9781 0000" }, address: frankston };
  test.each([
    [{}, true],
    [{ lat: -38.14, long: 145.12 }, true],
    [{ map_point: "https://www.openstreetmap.org/#map=17/-38.14/145.12" }, true],
    [{ map_point: "" }, true],
    [{ map_point: "Frankston" }, false],
    [{ map_point: "https://maps.app.goo.gl/AbC" }, false],
    [{ map_point: "-38.14,\u0000145.12" }, false],
    [{ lat: "-38.14" }, false],
  ])("%o → %s", (extra, ok) => {
    const r = LocationRecordSchema.safeParse({ ...record, address: { ...frankston, ...extra } });
    expect(r.success).toBe(ok);
    if (!ok && "map_point" in extra) expect(r.error?.issues[0]?.path.join(".")).toBe("address.map_point");
  });

  test("a location at its postcode's centre sends shoppers to the street address, not to the centre", () => {
    const where = placeAddress("AU", frankston, centres);
    if (!("address" in where)) throw new Error("not placed");
    const l = newLocation({ ...record, address: where.address }, "AU", 0);
    expect(l.address).toMatchObject({ lat: -38.142, long: 145.126, full: "1 Nepean Hwy, Frankston VIC 3199" });
    expect(l.address.map_url).toBe("https://www.google.com/maps/dir/?api=1&destination=1%20Nepean%20Hwy%2C%20Frankston%20VIC%203199");
    expect(l.address.place_url).toBe("https://www.google.com/maps/search/?api=1&query=1%20Nepean%20Hwy%2C%20Frankston%20VIC%203199");
    const exact = newLocation({ ...record, address: { ...where.address, lat: -38.14, long: 145.12, atPostcode: false } }, "AU", 0);
    expect(exact.address.map_url).toBe("https://www.google.com/maps/dir/?api=1&destination=-38.14,145.12");
  });
});
