/*
 * A stock file's header line as dealers' systems and spreadsheets write it. "Stock No",
 * "StockNumber", "Kms", "Odometer (km)", "Type" or "Price (Drive Away)" each name one of the
 * import's columns by themselves; a header the platform cannot place is one the dealer maps once in
 * the import screen, and that mapping is remembered for the site. A price header's own words
 * ("Drive Away", "EGC", "+ ORC") name the price type of the file's prices too. Pure.
 */

export const STOCK_CSV_COLUMNS = [
  "stock_number",
  "vin",
  "rego",
  "make",
  "model",
  "badge",
  "series",
  "year",
  "car_type",
  "price",
  "price_type",
  "subscription_weekly",
  "odometer",
  "colour",
  "body_type",
  "fuel",
  "transmission",
  "drive",
  "seats",
  "doors",
  "location_id",
  "status",
  "description",
  "photos",
] as const;
export type StockColumn = (typeof STOCK_CSV_COLUMNS)[number];
export const REQUIRED_COLUMNS = ["stock_number", "make", "model", "year", "car_type"] as const;

/** What the import screen calls each column (its mapping choices, the change preview). */
export const COLUMN_LABELS: Record<StockColumn, string> = {
  stock_number: "Stock number",
  vin: "VIN",
  rego: "Registration",
  make: "Make",
  model: "Model",
  badge: "Badge (variant)",
  series: "Series",
  year: "Year",
  car_type: "New, used or demo",
  price: "Price",
  price_type: "Price type",
  subscription_weekly: "Weekly subscription price",
  odometer: "Odometer (km)",
  colour: "Colour",
  body_type: "Body type",
  fuel: "Fuel",
  transmission: "Transmission",
  drive: "Drive",
  seats: "Seats",
  doors: "Doors",
  location_id: "Location id",
  status: "Status",
  description: "Description",
  photos: "Photo addresses",
};

/** A header as compared: lower case, letters and digits only ("Odometer (km)" → "odometerkm"). */
export function headerKey(header: string): string {
  return header
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

/** Names other systems give the columns (as headerKey has them). */
const ALIASES: Record<StockColumn, readonly string[]> = {
  stock_number: ["stockno", "stocknum", "stock", "stockid", "stockcode", "stocknumber", "stk", "stkno", "stockref"],
  vin: ["vinnumber", "vinno", "chassis", "chassisnumber", "chassisno"],
  rego: [
    "regono",
    "registration",
    "registrationnumber",
    "registrationno",
    "regonumber",
    "reg",
    "regno",
    "plate",
    "numberplate",
    "platenumber",
  ],
  make: ["manufacturer", "brand", "vehiclemake"],
  model: ["vehiclemodel", "modelname"],
  badge: ["variant", "grade", "trim", "modelvariant"],
  series: ["modelseries", "seriescode"],
  year: ["modelyear", "buildyear", "yearofmanufacture", "yr"],
  car_type: ["type", "condition", "newused", "newusedordemo", "stocktype", "vehicletype", "cartype", "saletype"],
  price: [
    "driveaway",
    "saleprice",
    "advertisedprice",
    "retailprice",
    "askingprice",
    "priceaud",
    "pricenzd",
    "priceusd",
    "pricegst",
    "priceincgst",
  ],
  price_type: ["pricingtype", "pricetag", "pricelabel"],
  subscription_weekly: ["subscription", "weeklysubscription", "subscriptionperweek", "subscriptionprice"],
  odometer: ["kms", "km", "kilometres", "kilometers", "odometerkm", "odo", "odometerreading", "mileage", "odometerkms"],
  colour: ["color", "exteriorcolour", "exteriorcolor", "paint", "paintcolour", "extcolour", "extcolor"],
  body_type: ["body", "bodystyle", "bodyshape", "shape"],
  fuel: ["fueltype"],
  transmission: ["trans", "gearbox", "transmissiontype"],
  drive: ["drivetype", "drivetrain", "driveline", "drivewheels"],
  seats: ["seating", "seatingcapacity", "noofseats", "numberofseats", "seatcount"],
  doors: ["noofdoors", "numberofdoors", "doorcount"],
  location_id: ["locationid", "locationno", "yardid", "branchid", "dealerlocationid"],
  status: ["stockstatus", "vehiclestatus", "availability"],
  description: ["comments", "dealercomments", "notes", "details", "sellerscomments", "adtext", "advertisingtext"],
  photos: ["images", "photo", "photourls", "imageurls", "pictures", "pictureurls", "image", "imagelinks", "photolinks"],
};

const KNOWN = new Map<string, StockColumn>();
for (const c of STOCK_CSV_COLUMNS) KNOWN.set(headerKey(c), c);
for (const [c, names] of Object.entries(ALIASES) as Array<[StockColumn, readonly string[]]>)
  for (const n of names) if (!KNOWN.has(n)) KNOWN.set(n, c);

/**
 * The price types as the storefront stores them: priceTypeLabel (src/domain/format/country.ts) says
 * them in each market's words, so a price without on-road costs reads "+ on-road costs" on a New
 * Zealand site and "plus tax, title and license" on a US one. A file's "+ ORC" is stored as the second.
 */
export const DRIVE_AWAY = "Drive Away";
export const EXCL_GOVT_CHARGES = "Excl. Govt. Charges";
export type ImpliedPriceType = typeof DRIVE_AWAY | typeof EXCL_GOVT_CHARGES;

const excluding = (what: readonly string[]) =>
  ["excl", "exc", "ex", "excluding", "plus", "before"].flatMap((w) => what.map((x) => `${w}${x}`));
/** The words beside "price" in a header that name its type (as headerKey has them). */
const PRICE_TYPE_WORDS = new Map<string, ImpliedPriceType>([
  ...[
    "driveaway",
    "dap",
    "incorc",
    "inclorc",
    "includingorc",
    "inconroads",
    "inconroadcosts",
    "inclonroadcosts",
    "includingonroadcosts",
  ].map((w) => [w, DRIVE_AWAY] as const),
  ...["egc", "orc", ...excluding(["govtcharges", "governmentcharges", "gc", "orc", "onroads", "onroadcosts", "govtchargesorc"])].map(
    (w) => [w, EXCL_GOVT_CHARGES] as const,
  ),
]);

/**
 * The price type a price header names: "Price (Drive Away)", "Drive Away Price", "DRIVE AWAY" →
 * "Drive Away"; "Price EGC", "EGC Price", "Price (Excl. Govt. Charges)", "Price + ORC" → "Excl. Govt.
 * Charges"; null when the header says none ("Price", "Sale Price"). A header has to say "price" unless
 * it is "Drive Away" itself: a lone "ORC" or "EGC" column is more likely the charges than the price.
 */
export function priceTypeInHeader(header: string): ImpliedPriceType | null {
  const key = headerKey(header);
  const words = key.startsWith("price") ? key.slice(5) : key.endsWith("price") ? key.slice(0, -5) : key === "driveaway" ? key : "";
  return PRICE_TYPE_WORDS.get(words) ?? null;
}

/**
 * A price type as people write it, as the one the storefront stores: "driveaway", "DAP", "Drive Away
 * Price" → "Drive Away"; "Excl. government charges", "EGC", "+ ORC" → "Excl. Govt. Charges"; null for
 * anything else (the caller refuses it).
 */
export function priceTypeOf(text: string): ImpliedPriceType | null {
  return priceTypeInHeader(text) ?? PRICE_TYPE_WORDS.get(headerKey(text)) ?? null;
}

/** A dealer's own mapping: a header (as headerKey has it) → the column it fills, or null to leave it out. */
export type ColumnMapping = Record<string, StockColumn | null>;

const isColumn = (v: unknown): v is StockColumn => (STOCK_CSV_COLUMNS as readonly unknown[]).includes(v);

/** The column a header fills: the dealer's mapping first, then the names other systems use; null when unknown. */
export function columnFor(header: string, mapping: ColumnMapping = {}): StockColumn | null {
  const key = headerKey(header);
  if (Object.hasOwn(mapping, key)) {
    const chosen = mapping[key];
    return isColumn(chosen) ? chosen : null;
  }
  return KNOWN.get(key) ?? (priceTypeInHeader(header) ? "price" : null);
}

/** At most this many headers are remembered per site. */
export const MAX_MAPPED_HEADERS = 100;

/**
 * A mapping as sent by the import screen (or stored): only well-formed headers and known columns
 * are kept, so nothing a stranger sends can name an object's own properties or grow without end.
 */
export function cleanMapping(raw: unknown): ColumnMapping {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const out: ColumnMapping = Object.create(null) as ColumnMapping;
  let n = 0;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const key = headerKey(k);
    if (!key || key.length > 60 || n >= MAX_MAPPED_HEADERS) continue;
    if (v === null || v === "" || isColumn(v)) {
      out[key] = v === "" ? null : (v as StockColumn | null);
      n++;
    }
  }
  return { ...out };
}

/**
 * The dealer's choices as the import screen sends them: one query parameter `col.{header}` per
 * header (as headerKey has it), naming a column or empty to leave it out. A column that is not one
 * of the import's is an error for that header.
 */
export function mappingFromQuery(params: URLSearchParams): { mapping: ColumnMapping; errors: Record<string, string> } {
  const choices: Record<string, string | null> = {};
  const errors: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!name.startsWith("col.")) continue;
    const key = headerKey(name.slice(4));
    if (!key || key.length > 60) errors[name.slice(0, 64)] = "Name a header of the file.";
    else if (value !== "" && !isColumn(value)) errors[name] = "Choose one of the import's columns, or leave it out.";
    else choices[key] = value === "" ? null : value;
  }
  if (Object.keys(choices).length > MAX_MAPPED_HEADERS) errors.mapping = `Map at most ${MAX_MAPPED_HEADERS} headers at once.`;
  return { mapping: cleanMapping(choices), errors };
}
