import { describe, expect, test } from "vitest";
import {
  BulkSchema,
  bulkFormErrorOf,
  bulkFromForm,
  bulkOutcome,
  doneParam,
  selectedIds,
  bulkMessage,
  changedPrice,
  confirmSoldQuestion,
  DEFAULT_STOCK_QUERY,
  parseStockListQuery,
  stockListSearch,
  type StockListQuery,
} from "./stock-list";

const parse = (qs: string) => {
  const p = new URLSearchParams(qs);
  return parseStockListQuery((k) => p.get(k));
};

describe("parseStockListQuery", () => {
  test.each<[string, string, Partial<StockListQuery>]>([
    ["nothing", "", {}],
    ["words", "q=ranger+xlt", { q: "ranger xlt" }],
    ["a search trimmed and cut at 100", `q=${"a".repeat(150)}`, { q: "a".repeat(100) }],
    ["NUL and control characters dropped", "q=ab%00c%1Fd", { q: "ab c d" }],
    ["bad percent-encoding kept as text", "q=%25E0%25A4%25A", { q: "%E0%A4%A" }],
    ["a broken percent-sequence read as the browser does", "q=%E0%A4%A", { q: "\uFFFD%A" }],
    ["condition", "condition=demo", { condition: "demo" }],
    ["unknown condition ignored", "condition=__proto__", {}],
    ["location", "location=10012", { location: 10012 }],
    ["location 0 ignored", "location=0", {}],
    ["location not a number", "location=1e3", {}],
    ["location past int4", "location=3000000000", {}],
    ["status", "status=coming_soon", { status: "coming_soon" }],
    ["hidden", "status=hidden", { status: "hidden" }],
    ["status constructor ignored", "status=constructor", {}],
    ["no photo, no price", "no_photo=1&no_price=1", { noPhoto: true, noPrice: true }],
    ["no photo only when 1", "no_photo=yes", {}],
    ["over 60", "over=60", { over: 60 }],
    ["over 90", "over=90", { over: 90 }],
    ["over 30 ignored", "over=30", {}],
    ["sort by views, largest first", "sort=views30", { sort: "views30", dir: "desc" }],
    ["sort by price up", "sort=price&dir=asc", { sort: "price", dir: "asc" }],
    ["bad direction: the sort's own", "sort=days&dir=sideways", { sort: "days", dir: "desc" }],
    ["unknown sort", "sort=__proto__", {}],
    ["page", "page=3", { page: 3 }],
    ["page 0", "page=0", {}],
    ["page too far", "page=999999", {}],
    ["page not a number", "page=2x", {}],
  ])("%s", (_, qs, want) => {
    expect(parse(qs)).toEqual({ ...DEFAULT_STOCK_QUERY, ...want });
  });

  test.each([
    ["", ""],
    ["q=hilux&condition=used&over=90&sort=views30&page=2", "?q=hilux&condition=used&over=90&sort=views30&page=2"],
    ["sort=stock&dir=asc&page=1", ""],
    ["sort=price&dir=desc", "?sort=price"],
    ["sort=price&dir=asc", "?sort=price&dir=asc"],
    ["status=hidden&no_photo=1&no_price=1&location=7", "?location=7&status=hidden&no_photo=1&no_price=1"],
  ])("the address of %j is %j (and reads back the same)", (qs, want) => {
    const q = parse(qs);
    expect(stockListSearch(q)).toBe(want);
    expect(parse(want.slice(1))).toEqual(q);
  });

  test("a patch changes one value (a page link keeps the filters)", () => {
    expect(stockListSearch(parse("condition=used&page=4"), { page: 5 })).toBe("?condition=used&page=5");
    expect(stockListSearch(parse("condition=used&page=4"), { sort: "leads7", dir: "desc", page: 1 })).toBe("?condition=used&sort=leads7");
  });
});

describe("changedPrice", () => {
  test.each<[string, number | null, "dollars" | "percent", number, number | null]>([
    ["down 5%", 20000, "percent", -5, 19000],
    ["down 5% rounds to whole dollars", 19990, "percent", -5, 18991],
    ["half a dollar rounds up", 19990, "percent", 5, 20990],
    ["up 2.5%", 10000, "percent", 2.5, 10250],
    ["down 100% is 0", 15000, "percent", -100, 0],
    ["down $500", 15000, "dollars", -500, 14500],
    ["up $1,000", 15000, "dollars", 1000, 16000],
    ["never below 0", 300, "dollars", -500, 0],
    ["never above the most a price may be", 9_999_000, "dollars", 5000, 10_000_000],
    ["no price: nothing to change", null, "percent", -5, null],
    ["a price of 0 is enquire for price", 0, "dollars", 500, null],
  ])("%s", (_, price, by, amount, want) => {
    expect(changedPrice(price, { by, amount })).toBe(want);
  });
});

describe("BulkSchema", () => {
  const errors = (body: unknown) => {
    const r = BulkSchema.safeParse(body);
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  test.each<[string, unknown, Record<string, string> | null]>([
    ["mark sold", { ids: [1, 2], action: "sold" }, null],
    ["hide", { ids: [1], action: "hide" }, null],
    ["move", { ids: [1], action: "move", location_id: 5 }, null],
    ["price", { ids: [1], action: "price", price: { by: "percent", amount: -5 } }, null],
    ["no cars", { ids: [], action: "sold" }, { ids: "Select at least one car" }],
    ["too many cars", { ids: Array.from({ length: 501 }, (_, i) => i + 1), action: "sold" }, { ids: "Select at most 500 cars at a time" }],
    ["an id not a number", { ids: ["x"], action: "sold" }, { "ids.0": "Select cars by their ids" }],
    ["unknown action", { ids: [1], action: "__proto__" }, { action: "Choose what to do with the selected cars" }],
    ["move without a location", { ids: [1], action: "move" }, { location_id: "Choose the location to move the cars to" }],
    ["price without an amount", { ids: [1], action: "price" }, { price: "Enter how much to change the price by" }],
    ["price by 0", { ids: [1], action: "price", price: { by: "dollars", amount: 0 } }, { "price.amount": "Enter an amount other than 0" }],
    [
      "cents",
      { ids: [1], action: "price", price: { by: "dollars", amount: 10.5 } },
      { "price.amount": "Enter whole dollars, up to $10,000,000" },
    ],
    [
      "percent past 100",
      { ids: [1], action: "price", price: { by: "percent", amount: 150 } },
      { "price.amount": "Enter a percentage from -100 to 100, at most two decimals" },
    ],
    ["price by what", { ids: [1], action: "price", price: { by: "euros", amount: 5 } }, { "price.by": "Choose dollars or a percentage" }],
  ])("%s", (_, body, want) => {
    expect(errors(body)).toEqual(want);
  });
});

describe("bulkFromForm", () => {
  const form = (qs: string) => {
    const p = new URLSearchParams(qs);
    return bulkFromForm(
      (k) => p.get(k),
      (k) => p.getAll(k),
    );
  };
  test.each<[string, string, unknown]>([
    [
      "price down 5%",
      "ids=3&ids=4&action=price&price_dir=down&price_by=percent&price_amount=5%25",
      { ids: [3, 4], action: "price", price: { by: "percent", amount: -5 } },
    ],
    [
      "price up $1,000",
      "ids=3&action=price&price_dir=up&price_by=dollars&price_amount=%241%2C000",
      { ids: [3], action: "price", price: { by: "dollars", amount: 1000 } },
    ],
    ["move", "ids=3&action=move&location_id=12", { ids: [3], action: "move", location_id: 12 }],
    ["sold, confirmed", "ids=3&action=sold&confirm=1", { ids: [3], action: "sold", confirm: true }],
  ])("%s", (_, qs, want) => {
    expect(BulkSchema.parse(form(qs))).toEqual({ confirm: false, ...(want as object) });
  });
  test("an id or amount that is not a number is the schema's error", () => {
    expect(BulkSchema.safeParse(form("ids=abc&action=price&price_by=percent&price_amount=five")).success).toBe(false);
  });
});

test.each([
  [1, 0, [], "1 car changed. The website shows it now."],
  [
    5,
    2,
    [{ reason: "without a price" }, { reason: "without a price" }],
    "5 cars changed. The website shows it now. Skipped 2 cars without a price.",
  ],
  [0, 1, [{ reason: "not on this site" }], "Nothing changed. Skipped 1 car not on this site."],
])("bulkMessage(%i changed, %i skipped)", (changed, _n, skipped, want) => {
  expect(bulkMessage(changed, skipped)).toBe(want);
});

test.each([
  [1, "Mark 1 car sold?"],
  [2, "Mark 2 cars sold?"],
])("confirmSoldQuestion(%i)", (n, want) => {
  expect(confirmSoldQuestion(n)).toBe(want);
});

describe("the bulk form's answer on the list's address", () => {
  const outcome = (qs: string) => {
    const p = new URLSearchParams(qs);
    return bulkOutcome((k) => p.get(k));
  };
  test.each<[string, string, ReturnType<typeof bulkOutcome>]>([
    ["nothing", "", null],
    ["done", "done=5-1-0-0", { kind: "done", message: "5 cars changed. The website shows it now. Skipped 1 car without a price." }],
    ["done, all skipped", "done=0-0-2-1", { kind: "done", message: "Nothing changed. Skipped 2 cars not on this site, 1 car already so." }],
    ["done, malformed", "done=5-1", null],
    ["an error", "bulk_error=location_id", { kind: "error", message: "Choose one of the site's locations to move the cars to." }],
    ["an unknown error", "bulk_error=__proto__", null],
    ["a question", "confirm=sold", { kind: "confirm", action: "sold" }],
    ["another question", "confirm=hide", null],
  ])("%s", (_, qs, want) => {
    expect(outcome(qs)).toEqual(want);
  });
  test("doneParam is what bulkOutcome reads", () => {
    expect(doneParam(3, [{ reason: "without a price" }, { reason: "already so" }])).toBe("3-1-0-1");
    const reserved = doneParam(0, [{ reason: "reserved online" }, { reason: "reserved online" }]);
    expect(reserved).toBe("0-0-0-0-2");
    expect(bulkOutcome((k) => (k === "done" ? reserved : null))).toEqual({
      kind: "done",
      message: "Nothing changed. Skipped 2 cars reserved online.",
    });
  });
  test.each([
    ["price.amount", "price"],
    ["ids.3", "ids"],
    ["location_id", "location_id"],
    ["form", "action"],
  ])("the error of field %s is %s", (field, want) => {
    expect(bulkFormErrorOf(field)).toBe(want);
  });
  test.each<[string | null, number[]]>([
    [null, []],
    ["3,4,9", [3, 4, 9]],
    ["3,3,x,0,-1,4", [3, 4]],
    [Array.from({ length: 600 }, (_, i) => i + 1).join(","), Array.from({ length: 500 }, (_, i) => i + 1)],
  ])("selectedIds(%j)", (raw, want) => {
    expect(selectedIds(raw)).toEqual(want);
  });
});
