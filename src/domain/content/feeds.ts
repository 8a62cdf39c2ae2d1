import { create } from "xmlbuilder2";
import { stringify } from "csv-stringify/sync";
import { kmToOdometer } from "../stock/search";
import { displayImage, vehicleFacts, vehicleTitle, type Vehicle } from "../stock/vehicle";
import { csvSafe } from "../staff/lead-csv";
import { absoluteUrl } from "./json-ld";

/*
 * What a listing platform needs of a dealer's stock: the sitemap, Google's vehicle listings
 * feed (RSS 2.0 with the g: namespace) and Meta's automotive catalog (CSV). Built with xmlbuilder2 and
 * csv-stringify, a chunk at a time, so a route can stream a site of any size.
 */

export type FeedSite = { url: string; name: string; currency: string; country: string; distanceUnit: "km" | "mi" };
export type FeedDealer = {
  name: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  lat: number;
  long: number;
};

export type FeedItem = {
  id: string;
  title: string;
  description: string;
  link: string;
  image: string;
  price: number | null;
  currency: string;
  condition: "new" | "used";
  availability: "in stock" | "preorder" | "out of stock";
  make: string;
  model: string;
  year: number;
  mileage: { value: number; unit: "km" | "mi" } | null;
  vin: string | null;
  body: string | null;
  colour: string | null;
  fuel: string | null;
  transmission: string | null;
  trim: string | null;
  dealer: FeedDealer | null;
  locationId: number | null;
};

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A listed vehicle as a feed item: demo cars are "used" to the platforms (they know new and used only). */
export function feedItem(site: FeedSite, v: Vehicle, link: string, dealer: FeedDealer | null): FeedItem {
  const facts = vehicleFacts(v);
  const title = vehicleTitle(v);
  return {
    id: v.stockNumber,
    title: clip(title, 150),
    description: clip((v.description ?? "").trim() || `${title} for sale at ${site.name}.`, 5000),
    link: absoluteUrl(site, link),
    image: absoluteUrl(site, displayImage(v)),
    price: v.price,
    currency: site.currency,
    condition: v.carType === "new" ? "new" : "used",
    availability: v.status === "sold" ? "out of stock" : v.status === "coming_soon" ? "preorder" : "in stock",
    make: v.make,
    model: v.model,
    year: v.year,
    mileage: facts.odometerKm !== null ? { value: kmToOdometer(facts.odometerKm, site.country), unit: site.distanceUnit } : null,
    vin: v.vin,
    body: v.bodyType,
    colour: facts.colour ?? null,
    fuel: facts.fuel ?? null,
    transmission: facts.transmission ?? null,
    trim: facts.badge ?? null,
    dealer,
    locationId: v.locationId,
  };
}

const money = (n: number, currency: string) => `${n.toFixed(2)} ${currency}`;
const dealerAddress = (d: FeedDealer) => `${d.street}, ${d.city} ${d.region} ${d.postcode}, ${d.country}`;

/** Google vehicle listings: the feed's opening (RSS 2.0, g: namespace) up to the first item. */
export function googleFeedHead(site: FeedSite): string {
  const channel = create({ version: "1.0", encoding: "UTF-8" })
    .ele("rss", { version: "2.0", "xmlns:g": "http://base.google.com/ns/1.0" })
    .ele("channel")
    .ele("title")
    .txt(`${site.name} vehicles`)
    .up()
    .ele("link")
    .txt(site.url)
    .up()
    .ele("description")
    .txt(`Vehicles in stock at ${site.name}`)
    .up()
    .end({ prettyPrint: false });
  return channel.replace(/<\/channel><\/rss>$/, "");
}
export const GOOGLE_FEED_TAIL = "</channel></rss>\n";

/** One <item> of Google's vehicle listings feed. */
export function googleFeedItem(item: FeedItem): string {
  const el = create().ele("item", { "xmlns:g": "http://base.google.com/ns/1.0" });
  // text a dealer typed, guarded as in the CSV: anyone may open the public feed in a spreadsheet
  const g = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== "")
      el.ele(`g:${name}`).txt(typeof value === "string" ? csvSafe(value) : String(value));
  };
  g("id", item.id);
  g("title", item.title);
  g("description", item.description);
  g("link", item.link);
  g("image_link", item.image);
  if (item.price !== null) g("price", money(item.price, item.currency));
  g("condition", item.condition);
  g("availability", item.availability);
  g("brand", item.make);
  g("model", item.model);
  g("year", item.year);
  if (item.mileage) g("mileage", `${item.mileage.value} ${item.mileage.unit}`);
  g("vin", item.vin);
  g("body_style", item.body);
  g("color", item.colour);
  g("trim", item.trim);
  g("fuel", item.fuel);
  g("transmission", item.transmission);
  if (item.locationId !== null) g("store_code", item.locationId);
  if (item.dealer) {
    g("dealership_name", item.dealer.name);
    g("dealership_address", dealerAddress(item.dealer));
  }
  // the namespace is declared once on <rss>: drop the item's own declaration
  return el.end({ prettyPrint: false, headless: true }).replace(' xmlns:g="http://base.google.com/ns/1.0"', "");
}

/** Meta's automotive catalog columns (vehicle catalog, CSV upload format). */
export const META_COLUMNS = [
  "vehicle_id",
  "title",
  "description",
  "url",
  "image[0].url",
  "make",
  "model",
  "year",
  "mileage.value",
  "mileage.unit",
  "price",
  "state_of_vehicle",
  "availability",
  "vin",
  "body_style",
  "exterior_color",
  "fuel_type",
  "transmission",
  "trim",
  "dealer_name",
  "address.addr1",
  "address.city",
  "address.region",
  "address.postal_code",
  "address.country",
  "latitude",
  "longitude",
] as const;

const META_BODY: Array<[RegExp, string]> = [
  [/convertible|cabriolet|roadster/i, "CONVERTIBLE"],
  [/coupe/i, "COUPE"],
  [/hatch/i, "HATCHBACK"],
  [/suv|4x4|wagon 4wd/i, "SUV"],
  [/sedan/i, "SEDAN"],
  [/ute|utility|cab chassis|pick-?up|truck|tipper|prime mover/i, "TRUCK"],
  [/van|bus|commuter/i, "VAN"],
  [/wagon|estate/i, "WAGON"],
];

/** Meta's body_style enumeration from our body type (OTHER where none fits: motorcycles, campers…). */
export function metaBodyStyle(body: string | null): string {
  return (body && META_BODY.find(([re]) => re.test(body))?.[1]) || "OTHER";
}

/**
 * One car's row. What a dealer (or their stock feed) typed is guarded against running as a formula
 * when the file is opened in a spreadsheet (csvSafe: a leading '); numbers, our own links and the
 * platform's enumerations are written as they are (a latitude of -37.8 stays a number).
 */
export function metaRow(item: FeedItem): string[] {
  const d = item.dealer;
  const t = csvSafe;
  return [
    t(item.id),
    t(item.title),
    t(item.description),
    item.link,
    item.image,
    t(item.make),
    t(item.model),
    String(item.year),
    item.mileage ? String(item.mileage.value) : "",
    item.mileage ? (item.mileage.unit === "mi" ? "MI" : "KM") : "",
    item.price !== null ? money(item.price, item.currency) : "",
    item.condition.toUpperCase(),
    item.availability === "out of stock" ? "NOT_AVAILABLE" : item.availability === "preorder" ? "AVAILABLE_SOON" : "AVAILABLE",
    t(item.vin),
    metaBodyStyle(item.body),
    t(item.colour),
    t(item.fuel),
    t(item.transmission),
    t(item.trim),
    t(d?.name),
    t(d?.street),
    t(d?.city),
    t(d?.region),
    t(d?.postcode),
    t(d?.country),
    d ? String(d.lat) : "",
    d ? String(d.long) : "",
  ];
}

/** CSV text of rows (RFC 4180: a cell with a comma, quote or line break is quoted), with the header row first when asked. */
export function csvChunk(rows: string[][], header: boolean): string {
  return stringify(rows, { header, columns: header ? [...META_COLUMNS] : undefined });
}

export type SitemapUrl = { path: string; lastmod: Date | null };

/** The sitemap (sitemaps.org 0.9): absolute URLs with their last change. */
export function sitemapXml(site: Pick<FeedSite, "url">, urls: SitemapUrl[]): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("urlset", { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" });
  for (const u of urls) {
    const url = root.ele("url");
    url.ele("loc").txt(absoluteUrl(site, u.path));
    if (u.lastmod) url.ele("lastmod").txt(u.lastmod.toISOString());
  }
  return root.end({ prettyPrint: true });
}
