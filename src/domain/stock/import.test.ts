import { describe, expect, test } from "vitest";
import {
  HOLD_SHARE,
  importedSlug,
  parseStockCsv,
  planImport as plan,
  REQUIRED_COLUMNS,
  type ImportOptions,
  type StockOnFile,
  type StockRow,
} from "./import";
import { describeValue, importChanges, newCarFields } from "./import-changes";
import { cleanMapping, columnFor, priceTypeInHeader, type StockColumn } from "./import-columns";

const opts = { thisYear: 2026, locationIds: [10011, 10012] };
const HEAD = "stock_number,make,model,year,car_type,price,odometer,vin,location_id";

describe("reading a stock CSV", () => {
  test("clean lines become rows; unknown columns are reported, not read", () => {
    const r = parseStockCsv(
      `${HEAD},colour_code\nPK1,Mazda,CX-5,2024,used,"$32,990",12000,JM0KF4WLA00123456,10012,41W\nPK2,Suzuki,Swift,2025,New,,,,,\n`,
      opts,
    );
    expect(r.errors).toEqual([]);
    expect(r.ignoredColumns).toEqual(["colour_code"]);
    expect(r.rows).toMatchObject([
      {
        line: 2,
        stock_number: "PK1",
        make: "Mazda",
        year: 2024,
        car_type: "used",
        price: 32990,
        odometer: 12000,
        vin: "JM0KF4WLA00123456",
        location_id: 10012,
      },
      { line: 3, stock_number: "PK2", car_type: "new", price: undefined, vin: undefined, location_id: undefined },
    ]);
  });

  test("a price type in common spellings is the listed one; any other is refused on its line, naming the field", () => {
    const r = parseStockCsv(
      "stock_number,make,model,year,car_type,price,price_type\nPK1,Mazda,CX-5,2026,new,38990,driveaway\nPK2,Mazda,CX-5,2026,new,38990,Excl. government charges\nPK3,Mazda,CX-5,2026,new,38990,Cheap\nPK4,Mazda,CX-5,2026,new,0x10,DAP\n",
      opts,
    );
    expect(r.rows.map((x) => [x.stock_number, x.price_type])).toEqual([
      ["PK1", "Drive Away"],
      ["PK2", "Excl. Govt. Charges"],
    ]);
    expect(r.errors).toEqual([
      { line: 4, field: "price_type", message: "Choose the price type: Drive Away or Excl. Govt. Charges" },
      { line: 5, field: "price", message: "Enter the price as a whole number" },
    ]);
  });

  test("a weekly subscription price is read in whole dollars (offers_subscription)", () => {
    const r = parseStockCsv(
      "stock_number,make,model,year,car_type,subscription_weekly\nPK1,Mazda,CX-5,2026,new,$309\nPK2,Mazda,CX-3,2026,new,-5\n",
      opts,
    );
    expect(r.rows).toMatchObject([{ stock_number: "PK1", subscription_weekly: 309 }]);
    expect(r.errors).toEqual([{ line: 3, field: "subscription_weekly", message: expect.stringMatching(/weekly subscription price/) }]);
  });

  test("photos: https addresses separated by |, in the car's order; an empty cell changes nothing", () => {
    const r = parseStockCsv(
      [
        "stock_number,make,model,year,car_type,photos",
        "PK1,Mazda,CX-5,2026,new, https://cdn.example.com/a.jpg | https://cdn.example.com/b.jpg ",
        "PK2,Mazda,CX-3,2026,new,",
      ].join("\n"),
      opts,
    );
    expect(r.errors).toEqual([]);
    expect(r.rows.map((x) => x.photos)).toEqual([["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg"], undefined]);
  });

  test.each([
    ["http://cdn.example.com/a.jpg", "Photo 1: Enter an https address"],
    ["https://cdn.example.com/a.jpg|ftp://x.example.com/b.jpg", "Photo 2: Enter an https address"],
    ["https://127.0.0.1/a.jpg", "Photo 1: Use a public internet address: local, private and cloud metadata addresses are refused."],
    [
      "https://169.254.169.254/latest/meta-data",
      "Photo 1: Use a public internet address: local, private and cloud metadata addresses are refused.",
    ],
    ["https://intranet/a.jpg", "Photo 1: Use a public internet address: local, private and cloud metadata addresses are refused."],
    ["https://user:pw@cdn.example.com/a.jpg", "Photo 1: Put no user name or password in the address"],
    ["not a url", "Photo 1: Enter an https address"],
    [`https://cdn.example.com/${"a".repeat(2050)}.jpg`, "Photo 1: Keep each address under 2,048 characters"],
    [Array.from({ length: 51 }, (_, i) => `https://cdn.example.com/${i}.jpg`).join("|"), "List at most 50 photos"],
  ])("photos %s → %s", (cell, message) => {
    const r = parseStockCsv(`stock_number,make,model,year,car_type,photos\nPK1,Mazda,CX-5,2026,new,"${cell}"`, opts);
    expect(r.errors).toEqual([{ line: 2, field: "photos", message }]);
  });

  test("the one test origin (plain http on loopback) is let through only when the server names it", () => {
    const csv = "stock_number,make,model,year,car_type,photos\nPK1,Mazda,CX-5,2026,new,http://127.0.0.1:4555/a.jpg";
    expect(parseStockCsv(csv, opts).errors).toHaveLength(1);
    expect(parseStockCsv(csv, { ...opts, photoTestOrigin: "http://127.0.0.1:4555" }).errors).toEqual([]);
    expect(parseStockCsv(csv, { ...opts, photoTestOrigin: "http://127.0.0.1:4556" }).errors).toHaveLength(1);
  });

  test("every problem is reported with its line and field", () => {
    const csv = [
      HEAD,
      "PK1,Mazda,CX-5,2024,used,32990,12000,,",
      ",Mazda,CX-3,2024,used,1,1,,",
      "PK3,Mazda,CX-9,1899,used,1,1,,",
      "PK4,Mazda,BT-50,2024,hired,abc,1,,",
      "PK5,Mazda,MX-5,2024,used,1,1,IOQ12345678901234,",
      "pk1,Mazda,CX-5,2024,used,1,1,,",
      "PK7,Mazda,CX-30,2024,used,1,1,,99999",
    ].join("\n");
    const r = parseStockCsv(csv, opts);
    expect(r.rows.map((x) => x.stock_number)).toEqual(["PK1"]);
    expect(r.errors).toEqual([
      { line: 3, field: "stock_number", message: "Enter the stock number" },
      { line: 4, field: "year", message: "Enter a year from 1900" },
      { line: 5, field: "car_type", message: "Enter new, used or demo" },
      { line: 5, field: "price", message: "Enter the price as a whole number" },
      { line: 6, field: "vin", message: "A VIN has 17 letters and digits (no I, O or Q)" },
      { line: 7, field: "stock_number", message: "Stock number pk1 is also on line 2" },
      { line: 8, field: "location_id", message: "Location 99999 is not one of this site's locations" },
    ]);
  });

  test.each([
    ["", "The file is empty."],
    ["make,model,year\nMazda,CX-5,2024", "The header line lacks the columns stock_number, car_type."],
    [`${HEAD},make\nA,B,C,2020,used,1,1,,,x`, "The column make appears twice."],
    [`${HEAD}\n`, "The file has no cars in it."],
  ])("%j: %s", (csv, message) => {
    const r = parseStockCsv(csv, opts);
    expect(r.rows).toEqual([]);
    expect(r.errors[0]!.message).toBe(message);
  });

  test("a line with the wrong number of fields or bad quoting names its line", () => {
    const r = parseStockCsv(`${HEAD}\nPK1,Mazda,CX-5,2024,used,1,1,,\nPK2,Mazda\n`, opts);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.line).toBe(3);
    expect(parseStockCsv(`${HEAD}\nPK1,"Maz"da,CX-5,2024,used,1,1,,\n`, opts).errors[0]!.line).toBe(2);
  });

  test.each([
    [`${HEAD}\nPK1,Mazda,CX-5,2024,used,1,1,,\nPK2,Maz\u0000da,CX-5,2024,used,1,1,,\n`, 3, "NUL"],
    [`${HEAD}\u0000\nPK1,Mazda,CX-5,2024,used,1,1,,\n`, 1, "NUL"],
    [`${HEAD}\nPK1,Mazda,CX-5,2024,used,1,1,,\u0007\n`, 2, "code 7"],
  ])("a control character is a clear error with its line (it answered 500)", (csv, line, what) => {
    const r = parseStockCsv(csv, opts);
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([
      { line, field: null, message: `This line has a control character (${what}): save the file as CSV (UTF-8) text and try again.` },
    ]);
  });

  test("a description from Windows reads with \\n line breaks; a cell the stock list's export guarded reads as it was", () => {
    const r = parseStockCsv(
      "stock_number,make,model,year,car_type,description,badge\r\nA1,Mazda,CX-5,2024,new,\"'- One owner\r\n- Full history\",'=Maxx\r\n",
      opts,
    );
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ description: "- One owner\n- Full history", badge: "=Maxx" });
  });

  test("a byte-order mark and Windows line ends are fine", () => {
    const r = parseStockCsv(`\uFEFF${HEAD}\r\nPK1,Mazda,CX-5,2024,demo,1,1,,\r\n`, opts);
    expect(r.errors).toEqual([]);
    expect(r.rows).toHaveLength(1);
  });

  test("too many cars at once", () => {
    const lines = Array.from({ length: 5001 }, (_, i) => `S${i},Mazda,CX-5,2024,used,1,1,,`);
    expect(parseStockCsv([HEAD, ...lines].join("\n"), opts).errors[0]!.message).toBe("Import at most 5,000 cars at a time.");
  });
});

describe("planning an import", () => {
  const car = (n: string, missingFeeds = 0, status = "in_stock"): StockOnFile => ({
    ...newCarFields({ stock_number: n, make: "Mazda", model: "CX-5", year: 2024, car_type: "used" }, 10011),
    id: Number(n.slice(1)),
    stockNumber: n,
    status,
    missingFeeds,
  });
  const stock = Array.from({ length: 10 }, (_, i) => car(`S${i}`));
  const rows = (ns: string[]) =>
    ns.map((stock_number) => ({ stock_number, make: "Mazda", model: "CX-5", year: 2024, car_type: "used" as const }));
  const read = { columns: REQUIRED_COLUMNS, clearBlanks: false, defaultLocation: 10011 };
  const planImport = (current: StockOnFile[], r: StockRow[], full: boolean, opts: Partial<ImportOptions> = {}) =>
    plan(current, r, full, { ...read, ...opts });

  test("adds and updates by stock number (any case); a car the file does not change is counted unchanged", () => {
    const p = planImport(stock, rows(["s1", "S2", "NEW1"]), false);
    expect(p).toMatchObject({ add: 1, update: 2, changed: 0, unchanged: 2, changes: [], missing: 0, sell: [], held: false });
  });

  test("the preview says each change of each car, as the dealer reads it", () => {
    const priced = { ...car("S1"), price: 41990, odometer: 12000, colour: "Red" };
    const p = planImport(
      [priced, car("S2")],
      [
        { ...rows(["S1"])[0]!, price: 39990, odometer: 12000, colour: undefined },
        { ...rows(["S2"])[0]!, price: 25000 },
      ],
      false,
      { columns: [...REQUIRED_COLUMNS, "price", "odometer", "colour"] },
    );
    expect(p).toMatchObject({ changed: 2, unchanged: 0 });
    expect(p.changes).toEqual([
      { stock_number: "S1", changes: ["Price: $41,990 → $39,990"] }, // the empty colour cell leaves "Red" alone
      { stock_number: "S2", changes: ["Price: (empty) → $25,000"] },
    ]);
  });

  test("a full feed: a car missing the first time is only counted; the second time it is sold", () => {
    const first = planImport(stock, rows(stock.slice(1).map((c) => c.stockNumber)), true);
    expect(first).toMatchObject({ missing: 1, sell: [] });
    const second = planImport([car("S0", 1), ...stock.slice(1)], rows(stock.slice(1).map((c) => c.stockNumber)), true);
    expect(second).toMatchObject({ missing: 1, sell: ["S0"], removalShare: 0.1, held: false });
  });

  test("sold cars are neither missing nor removed again", () => {
    expect(planImport([car("S0", 5, "sold"), car("S1")], rows(["S1"]), true)).toMatchObject({ missing: 0, sell: [], inStock: 1 });
  });

  test.each([
    [2, false],
    [3, true],
  ])(`removing %i of 10 (hold above ${HOLD_SHARE * 100}%) is held: %s`, (gone, held) => {
    const current = stock.map((c, i) => (i < gone ? car(c.stockNumber, 1) : c));
    expect(planImport(current, rows(stock.slice(gone).map((c) => c.stockNumber)), true).held).toBe(held);
  });

  describe("fields a person edited here", () => {
    const edited = { ...car("S1"), price: 35990, status: "in_stock", editedFields: ["price", "status"] };
    const file = [{ ...rows(["S1"])[0]!, price: 41990, colour: "Blue", status: "sold" as const }];
    const columns = [...REQUIRED_COLUMNS, "price", "colour", "status"] as StockColumn[];

    test.each<[string, boolean, number, string[]]>([
      [
        "are kept, and the preview says so",
        false,
        1,
        [
          "Colour: (empty) → Blue",
          "Price: kept, edited here ($35,990; the file says $41,990)",
          "Status: kept, edited here (in stock; the file says sold)",
        ],
      ],
      [
        "are overwritten when the import says so",
        true,
        1,
        ["Price: $35,990 → $41,990", "Colour: (empty) → Blue", "Status: in stock → sold"],
      ],
    ])("%s", (_, overwriteEdited, changed, said) => {
      const p = planImport([edited], file, false, { columns, overwriteEdited });
      expect(p.changed).toBe(changed);
      expect([...p.changes[0]!.changes].sort()).toEqual([...said].sort());
    });

    test.each([
      [["status"], false, []],
      [["status"], true, ["S0"]],
      [["price"], false, ["S0"]],
    ])("a full feed that leaves out a car edited here (%j, overwrite %s) sells %j", (fields, overwriteEdited, sell) => {
      const current = [{ ...car("S0", 1), editedFields: fields }, ...stock.slice(1)];
      expect(planImport(current, rows(stock.slice(1).map((c) => c.stockNumber)), true, { overwriteEdited }).sell).toEqual(sell);
    });
  });

  test("an empty site never holds", () => {
    expect(planImport([], rows(["A"]), true)).toMatchObject({ add: 1, removalShare: 0, held: false });
  });
});

test("a new car's slug names it and its stock number", () => {
  expect(importedSlug({ year: 2024, make: "Škoda", model: "Octavia", badge: "RS", stock_number: "PK/12" })).toBe(
    "2024-skoda-octavia-rs-pk-12",
  );
  expect(importedSlug({ year: 2024, make: "Mazda", model: "CX-5", badge: undefined, stock_number: "A1" })).toBe("2024-mazda-cx-5-a1");
});

describe("what a file changes on a car it has", () => {
  const have = {
    ...newCarFields(
      { stock_number: "PK1", make: "Mazda", model: "CX-5", year: 2024, car_type: "used", price: 41990, odometer: 12000 },
      10011,
    ),
    colour: "Red",
    missingFeeds: 0,
  };
  const row = (extra: Partial<StockRow> = {}): StockRow => ({
    stock_number: "PK1",
    make: "Mazda",
    model: "CX-5",
    year: 2024,
    car_type: "used",
    ...extra,
  });
  const opts = (columns: StockColumn[], clearBlanks = false) => ({ columns, clearBlanks, defaultLocation: 10011, soldByFeeds: 2 });

  test.each<[string, StockColumn[], boolean, Partial<StockRow>, Record<string, unknown>]>([
    ["a column the file leaves out leaves the field alone", [...REQUIRED_COLUMNS], false, {}, {}],
    ["an empty cell leaves it alone", [...REQUIRED_COLUMNS, "price", "odometer", "colour"], false, {}, {}],
    [
      "an empty cell clears it when the dealer says so",
      [...REQUIRED_COLUMNS, "price", "odometer", "colour"],
      true,
      {},
      { price: null, odometer: 0, colour: null },
    ],
    ["a value replaces it", [...REQUIRED_COLUMNS, "price"], false, { price: 39990 }, { price: 39990 }],
    ["the same value is no change", [...REQUIRED_COLUMNS, "price"], false, { price: 41990 }, {}],
    ["an empty location cell, cleared, is the primary location again", [...REQUIRED_COLUMNS, "location_id"], true, {}, {}],
    ["an empty status, cleared, is in stock", [...REQUIRED_COLUMNS, "status"], true, {}, {}],
  ])("%s", (_, columns, clearBlanks, extra, set) => {
    expect(importChanges(have, row(extra), opts(columns, clearBlanks)).set).toEqual(set);
  });

  test("a car the full feeds sold comes back in stock when a file lists it again; one a person sold stays sold", () => {
    const soldByFeeds = { ...have, status: "sold", missingFeeds: 2 };
    expect(importChanges(soldByFeeds, row(), opts([...REQUIRED_COLUMNS])).set).toEqual({ status: "in_stock" });
    expect(importChanges({ ...soldByFeeds, missingFeeds: 0 }, row(), opts([...REQUIRED_COLUMNS])).set).toEqual({});
    expect(
      importChanges({ ...soldByFeeds, missingFeeds: 0 }, row({ status: "in_stock" }), opts([...REQUIRED_COLUMNS, "status"])).set,
    ).toEqual({
      status: "in_stock",
    });
  });

  test.each([
    ["price", 41990, "$41,990"],
    ["subscription_weekly", 309, "$309"],
    ["odometer", 120500, "120,500 km"],
    ["status", "coming_soon", "coming soon"],
    ["colour", null, "(empty)"],
    ["description", "x".repeat(80), `${"x".repeat(57)}…`],
  ] as const)("%s %j reads %s", (column, value, said) => {
    expect(describeValue(column, value)).toBe(said);
  });
});

describe("headers as dealer systems write them", () => {
  test.each([
    ["Stock No", "stock_number"],
    ["StockNumber", "stock_number"],
    ["stock_number", "stock_number"],
    ["Rego No", "rego"],
    ["Kms", "odometer"],
    ["Odometer (km)", "odometer"],
    ["Type", "car_type"],
    ["Colour", "colour"],
    ["Color", "colour"],
    ["Body Style", "body_type"],
    ["Image URLs", "photos"],
    ["Dealer Comments", "description"],
    ["Favourite Snack", null],
    ["__proto__", null],
    ["constructor", null],
  ])("%s → %s", (header, column) => {
    expect(columnFor(header)).toBe(column);
  });

  test("the dealer's mapping comes first, and may leave a known header out", () => {
    const mapping = cleanMapping({ "Stock Ref": "stock_number", Type: null, Yard: "nonsense", __proto__: "make" });
    expect(mapping).toEqual({ stockref: "stock_number", type: null });
    expect(columnFor("STOCK REF", mapping)).toBe("stock_number");
    expect(columnFor("Type", mapping)).toBeNull();
  });

  test("a file in a dealer system's own words is read, and what is not placed is named as the file has it", () => {
    const r = parseStockCsv(
      [
        "Stock No,Make,Model,Year,Type,Price (Drive Away),Kms,Rego No,Favourite Snack",
        'PK1,Mazda,CX-5,2024,Used,"$39,990",12000,ABC123,crisps',
      ].join("\n"),
      { thisYear: 2026, locationIds: [] },
    );
    expect(r.errors).toEqual([]);
    expect(r.rows).toMatchObject([{ stock_number: "PK1", car_type: "used", price: 39990, odometer: 12000, rego: "ABC123" }]);
    expect(r.columns.map((c) => c.column)).toEqual(["stock_number", "make", "model", "year", "car_type", "price", "odometer", "rego"]);
    expect(r.ignoredColumns).toEqual(["Favourite Snack"]);
  });

  test.each([
    ["Stock No,stock_number,make,model,year,car_type", "The columns Stock No and stock_number both give the stock number: leave one out."],
    ["Vehicle Ref,make,model,year,car_type", "The header line lacks the column stock_number."],
  ])("%s → %s", (header, message) => {
    const line = ["PK1", "PK1", "Mazda", "CX-5", "2024", "used"].slice(6 - header.split(",").length).join(",");
    const r = parseStockCsv(`${header}\n${line}\n`, { thisYear: 2026, locationIds: [] });
    expect(r.errors).toEqual([{ line: 1, field: null, message }]);
  });

  test("a header the dealer mapped is read", () => {
    const r = parseStockCsv("Vehicle Ref,make,model,year,car_type\nPK1,Mazda,CX-5,2024,used\n", {
      thisYear: 2026,
      locationIds: [],
      mapping: { vehicleref: "stock_number" },
    });
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ stock_number: "PK1" });
  });
});

describe("a price header that names the price type", () => {
  test.each<[string, StockColumn | null, string | null]>([
    ["Price (Drive Away)", "price", "Drive Away"],
    ["Drive Away Price", "price", "Drive Away"],
    ["DRIVE AWAY", "price", "Drive Away"],
    ["drive_away_price", "price", "Drive Away"],
    ["Price (DAP):", "price", "Drive Away"],
    ["Price (incl. ORC)", "price", "Drive Away"],
    ["  price  -  drive away  ", "price", "Drive Away"],
    ["Price (Excl. Govt. Charges)", "price", "Excl. Govt. Charges"],
    ["Price (Excl Gov't Charges):", "price", "Excl. Govt. Charges"],
    ["Price EGC", "price", "Excl. Govt. Charges"],
    ["EGC Price", "price", "Excl. Govt. Charges"],
    ["price [egc]", "price", "Excl. Govt. Charges"],
    ["Price (Excl. Govt. Charges & ORC)", "price", "Excl. Govt. Charges"],
    ["Price + ORC", "price", "Excl. Govt. Charges"],
    ["Price (plus ORC)", "price", "Excl. Govt. Charges"],
    ["Price ex on-road costs", "price", "Excl. Govt. Charges"],
    ["Price", "price", null],
    ["Price:", "price", null],
    ["Sale Price", "price", null],
    ["Price Type", "price_type", null],
    // a lone charges column is the charges, not the price
    ["ORC", null, null],
    ["EGC", null, null],
    ["Price (Favourite Snack)", null, null],
  ])("%j → %s, %s", (header, column, priceType) => {
    expect(columnFor(header)).toBe(column);
    expect(priceTypeInHeader(header)).toBe(priceType);
  });

  const HEADER = "Stock No,Make,Model,Year,Type,Price (Drive Away),Price Type";
  const read = (lines: string[], header = HEADER) => parseStockCsv([header, ...lines].join("\n"), { thisYear: 2026, locationIds: [] });

  test("rows with a price take the header's type; a row's own price type wins; a row without a price says no type", () => {
    const r = read(["PK1,Mazda,CX-5,2024,used,38990,", "PK2,Mazda,CX-5,2024,used,41990,Excl. Govt. Charges", "PK3,Mazda,CX-5,2024,used,,"]);
    expect(r.errors).toEqual([]);
    expect(r.headerPriceType).toEqual({ header: "Price (Drive Away)", priceType: "Drive Away" });
    expect(r.rows.map((x) => [x.stock_number, x.price, x.price_type])).toEqual([
      ["PK1", 38990, "Drive Away"],
      ["PK2", 41990, "Excl. Govt. Charges"],
      ["PK3", undefined, undefined],
    ]);
  });

  test.each([
    ["Stock No,Make,Model,Year,Type,Price + ORC", "Excl. Govt. Charges"],
    ["Stock No,Make,Model,Year,Type,Price", undefined],
  ])("%s: the price type is %s", (header, priceType) => {
    const r = read(["PK1,Mazda,CX-5,2024,used,38990"], header);
    expect(r.rows[0]).toMatchObject({ price: 38990 });
    expect(r.rows[0]!.price_type).toBe(priceType);
  });

  test("a price header the dealer mapped elsewhere names no type", () => {
    const r = parseStockCsv("stock_number,make,model,year,car_type,Price (Drive Away)\nPK1,Mazda,CX-5,2024,used,38990\n", {
      thisYear: 2026,
      locationIds: [],
      mapping: { pricedriveaway: null },
    });
    expect(r.headerPriceType).toBeNull();
    expect(r.rows[0]).not.toHaveProperty("price_type");
  });

  test("the preview shows the type like any other field; a type edited here is kept", () => {
    const rows = read(["PK1,Mazda,CX-5,2024,used,38990,"]).rows;
    const have = (editedFields: string[]): StockOnFile => ({
      ...newCarFields({ stock_number: "PK1", make: "Mazda", model: "CX-5", year: 2024, car_type: "used", price: 38990 }, null),
      id: 1,
      stockNumber: "PK1",
      missingFeeds: 0,
      editedFields,
      ...(editedFields.length ? { priceType: "Excl. Govt. Charges" } : {}),
    });
    const read2 = { columns: [...REQUIRED_COLUMNS, "price"] as StockColumn[], clearBlanks: false, defaultLocation: null };
    expect(plan([have([])], rows, false, read2).changes).toEqual([{ stock_number: "PK1", changes: ["Price type: (empty) → Drive Away"] }]);
    expect(plan([have(["priceType"])], rows, false, read2)).toMatchObject({
      changed: 0,
      changes: [{ stock_number: "PK1", changes: ["Price type: kept, edited here (Excl. Govt. Charges; the file says Drive Away)"] }],
    });
    expect(newCarFields(rows[0]!, null)).toMatchObject({ price: 38990, priceType: "Drive Away" });
  });
});
