import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { testVehicle } from "../stock/fixtures";
import {
  csvChunk,
  feedItem,
  GOOGLE_FEED_TAIL,
  googleFeedHead,
  googleFeedItem,
  META_COLUMNS,
  metaBodyStyle,
  metaRow,
  sitemapXml,
} from "./feeds";

const site = {
  url: "https://www.parksidemotorgroup.com.au",
  name: "Parkside & Sons <Motors>",
  currency: "AUD",
  country: "AU",
  distanceUnit: "km" as const,
};
const dealer = {
  name: "Parkside Mazda",
  street: "1 Maroondah Hwy",
  city: "Ringwood",
  region: "VIC",
  postcode: "3134",
  country: "AU",
  lat: -37.8,
  long: 145.2,
};

describe("Google vehicle listings feed", () => {
  test("a feed of items is well-formed RSS with the required fields, and text is escaped", () => {
    const items = [
      feedItem(site, testVehicle({ description: 'Tow bar & "roof racks" <fitted>' }), "/cars/a", dealer),
      feedItem(site, testVehicle({ id: 2, stockNumber: "PMG2", price: null, status: "sold", carType: "demo" }), "/cars/b", null),
    ];
    const xml = googleFeedHead(site) + items.map(googleFeedItem).join("") + GOOGLE_FEED_TAIL;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(doc.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
    expect(doc.rss.channel.title).toBe("Parkside & Sons <Motors> vehicles");
    const [a, b] = doc.rss.channel.item;
    for (const field of ["g:id", "g:title", "g:description", "g:link", "g:image_link", "g:condition", "g:brand", "g:model", "g:year"])
      expect(a[field], field).toBeDefined();
    expect(a["g:description"]).toBe('Tow bar & "roof racks" <fitted>');
    expect(a["g:price"]).toMatch(/^\d+\.00 AUD$/);
    expect(a["g:link"]).toBe("https://www.parksidemotorgroup.com.au/cars/a");
    expect(a["g:dealership_name"]).toBe("Parkside Mazda");
    expect(b["g:price"]).toBeUndefined();
    expect(b["g:condition"]).toBe("used");
    expect(b["g:availability"]).toBe("out of stock");
  });

  test("an empty feed is valid", () => {
    const xml = googleFeedHead(site) + GOOGLE_FEED_TAIL;
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(new XMLParser().parse(xml).rss.channel.item).toBeUndefined();
  });
});

describe("Meta automotive catalog", () => {
  test("header and rows parse back to the same cells, quoting commas, quotes and line breaks", () => {
    const item = feedItem(site, testVehicle({ description: 'Line one, with "quotes"\nline two' }), "/cars/a", dealer);
    const csv = csvChunk([metaRow(item)], true) + csvChunk([metaRow({ ...item, id: "X2" })], false);
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...META_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.description).toBe('Line one, with "quotes"\nline two');
    expect(rows[0]!["mileage.unit"]).toBe("KM");
    expect(rows[0]!.price).toMatch(/ AUD$/);
    expect(rows[1]!.vehicle_id).toBe("X2");
  });

  test("a typed value a spreadsheet would run as a formula starts with ' (the numbers and our own links do not)", () => {
    const typed = feedItem(
      site,
      testVehicle({
        stockNumber: "=1+2",
        make: "@SUM(A1)",
        model: "+cmd",
        description: '=HYPERLINK("https://evil.example")',
        vin: "\tVIN",
      }),
      "/cars/a",
      { ...dealer, name: "-2+3", street: "\r1 Main St", city: "=Ringwood" },
    );
    const row = parse(csvChunk([metaRow({ ...typed, colour: "=red", fuel: "+fuel", transmission: "@auto", trim: "-GT" })], true), {
      columns: true,
    })[0] as Record<string, string>;
    for (const col of ["vehicle_id", "make", "model", "description", "vin", "exterior_color", "fuel_type", "transmission", "trim"])
      expect(row[col], col).toMatch(/^'[=+\-@\t]/);
    for (const col of ["dealer_name", "address.addr1", "address.city"]) expect(row[col], col).toMatch(/^'/);
    expect(row.latitude).toBe("-37.8"); // a number, never guarded
    expect(row.url).toMatch(/^https:/);
    const xml = googleFeedItem(typed);
    expect(xml).toContain("<g:brand>'@SUM(A1)</g:brand>");
    expect(xml).toContain("<g:id>'=1+2</g:id>");
    expect(xml).toContain("<g:dealership_name>'-2+3</g:dealership_name>");
  });

  test.each([
    ["SUV", "SUV"],
    ["hatch", "HATCHBACK"],
    ["Dual Cab Ute", "TRUCK"],
    ["sedan", "SEDAN"],
    ["Naked", "OTHER"],
    [null, "OTHER"],
  ])("body %s → %s", (body, style) => expect(metaBodyStyle(body)).toBe(style));
});

test("the sitemap lists absolute URLs with lastmod", () => {
  const xml = sitemapXml(site, [
    { path: "/", lastmod: null },
    { path: "/cars/a?x=1&y=2", lastmod: new Date("2026-11-01T00:00:00Z") },
  ]);
  expect(XMLValidator.validate(xml)).toBe(true);
  const urls = new XMLParser().parse(xml).urlset.url;
  expect(urls[1]).toEqual({ loc: "https://www.parksidemotorgroup.com.au/cars/a?x=1&y=2", lastmod: "2026-11-01T00:00:00.000Z" });
});
