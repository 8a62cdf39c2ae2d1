import { z } from "zod";

/*
 * The back-office's stock list (docs/features/back-office.md, "The stock list"): what its address asks
 * for (filters, sort, search, page) read into one typed query, the address of a query again (links,
 * the CSV export, the form's "back"), and the bulk actions on a selection of cars with their price
 * arithmetic. Pure.
 *
 * Every value of the address is a stranger's: an unknown or malformed one is ignored (its default is
 * used), never an error, so a pasted or old link still opens the list.
 */

export const STOCK_CONDITIONS = ["new", "used", "demo"] as const;
export type StockCondition = (typeof STOCK_CONDITIONS)[number];
/** in stock, coming soon and sold are the car's status; hidden is a car not shown on the website */
export const STOCK_LIST_STATUSES = ["in_stock", "coming_soon", "sold", "hidden"] as const;
export type StockListStatus = (typeof STOCK_LIST_STATUSES)[number];
/** "in stock over N days" */
export const STOCK_AGES = [60, 90] as const;
export type StockAge = (typeof STOCK_AGES)[number];
export const STOCK_SORTS = ["stock", "days", "price", "views7", "views30", "leads7", "leads30"] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export type SortDir = "asc" | "desc";

export const STOCK_SORT_LABELS: Record<StockSort, string> = {
  stock: "Stock number",
  days: "Days in stock",
  price: "Price",
  views7: "Views, 7 days",
  views30: "Views, 30 days",
  leads7: "Leads, 7 days",
  leads30: "Leads, 30 days",
};
export const STOCK_STATUS_LABELS: Record<StockListStatus, string> = {
  in_stock: "In stock",
  coming_soon: "Coming soon",
  sold: "Sold",
  hidden: "Hidden",
};
export const CONDITION_LABELS: Record<StockCondition, string> = { new: "New", used: "Used", demo: "Demo" };

export const STOCK_PAGE_SIZE = 50;
export const MAX_SEARCH_LENGTH = 100;

export type StockListQuery = {
  /** words, a stock number, a rego or a VIN */
  q: string;
  condition: StockCondition | null;
  location: number | null;
  status: StockListStatus | null;
  noPhoto: boolean;
  noPrice: boolean;
  /** in stock over this many days */
  over: StockAge | null;
  sort: StockSort;
  dir: SortDir;
  page: number;
};

/** The list with nothing asked: every car by stock number. */
export const DEFAULT_STOCK_QUERY: StockListQuery = {
  q: "",
  condition: null,
  location: null,
  status: null,
  noPhoto: false,
  noPrice: false,
  over: null,
  sort: "stock",
  dir: "asc",
  page: 1,
};

/** The way a sort goes when the address does not say: the stock number A→Z, the rest largest first. */
export const defaultDir = (sort: StockSort): SortDir => (sort === "stock" ? "asc" : "desc");

const oneOf = <T extends string>(list: readonly T[], v: string | null | undefined): T | null =>
  v != null && (list as readonly string[]).includes(v) ? (v as T) : null;
const MAX_ID = 2_147_483_647;

/**
 * The query an address asks for. `get` reads one parameter (URLSearchParams' get, or the page's
 * searchParams); control characters are dropped from the search and it is cut at 100 characters.
 */
export function parseStockListQuery(get: (key: string) => string | null | undefined): StockListQuery {
  const q = (get("q") ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trim();
  const location = get("location") ?? "";
  const locationId = /^[1-9]\d{0,9}$/.test(location) && Number(location) <= MAX_ID ? Number(location) : null;
  const over = get("over");
  const sort = oneOf(STOCK_SORTS, get("sort")) ?? "stock";
  const page = get("page") ?? "";
  return {
    q,
    condition: oneOf(STOCK_CONDITIONS, get("condition")),
    location: locationId,
    status: oneOf(STOCK_LIST_STATUSES, get("status")),
    noPhoto: get("no_photo") === "1",
    noPrice: get("no_price") === "1",
    over: over === "60" ? 60 : over === "90" ? 90 : null,
    sort,
    dir: oneOf(["asc", "desc"] as const, get("dir")) ?? defaultDir(sort),
    page: /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
  };
}

/** The address's parameters of a query: only what differs from the defaults, in a fixed order. */
export function stockListParams(query: StockListQuery, patch: Partial<StockListQuery> = {}): URLSearchParams {
  const x = { ...query, ...patch };
  const p = new URLSearchParams();
  if (x.q) p.set("q", x.q);
  if (x.condition) p.set("condition", x.condition);
  if (x.location !== null) p.set("location", String(x.location));
  if (x.status) p.set("status", x.status);
  if (x.noPhoto) p.set("no_photo", "1");
  if (x.noPrice) p.set("no_price", "1");
  if (x.over) p.set("over", String(x.over));
  if (x.sort !== "stock") p.set("sort", x.sort);
  if (x.dir !== defaultDir(x.sort)) p.set("dir", x.dir);
  if (x.page > 1) p.set("page", String(x.page));
  return p;
}

/** "?a=b" or "" for a query. */
export function stockListSearch(query: StockListQuery, patch: Partial<StockListQuery> = {}): string {
  const s = stockListParams(query, patch).toString();
  return s ? `?${s}` : "";
}

/* ---- bulk actions ---- */

export const BULK_ACTIONS = ["sold", "hide", "show", "move", "price"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  sold: "Mark sold",
  hide: "Hide from website",
  show: "Show on website",
  move: "Move to location",
  price: "Change price",
};
export const MAX_BULK_CARS = 500;
export const MAX_PRICE = 10_000_000;

export type PriceChange = { by: "dollars" | "percent"; amount: number };

/**
 * A price after a change: up or down by whole dollars or a percentage (the amount's sign), rounded
 * to whole dollars, never below 0 nor above the most a price may be. Null for a car without a price
 * (none, or 0: "Enquire for price"): there is nothing to change.
 */
export function changedPrice(price: number | null, change: PriceChange): number | null {
  if (price === null || price <= 0) return null;
  // in cents first, so that 5% of $19,990 is $999.50 and rounds half up like a person would
  const next = change.by === "dollars" ? price + change.amount : Math.round(price * (100 + change.amount)) / 100;
  return Math.min(MAX_PRICE, Math.max(0, Math.round(next)));
}

const ids = z
  .array(z.number({ error: "Select cars by their ids" }).int("Select cars by their ids").min(1).max(MAX_ID), {
    error: "Select at least one car",
  })
  .min(1, "Select at least one car")
  .max(MAX_BULK_CARS, `Select at most ${MAX_BULK_CARS} cars at a time`);

/** A bulk action as the API takes it: the price amount is signed (negative: down). */
export const BulkSchema = z
  .object({
    ids,
    action: z.enum(BULK_ACTIONS, { error: "Choose what to do with the selected cars" }),
    location_id: z
      .number({ error: "Choose a location" })
      .int("Choose a location")
      .min(1, "Choose a location")
      .max(MAX_ID, "Choose a location")
      .optional(),
    price: z
      .object({
        by: z.enum(["dollars", "percent"], { error: "Choose dollars or a percentage" }),
        amount: z.number({ error: "Enter the amount" }).finite("Enter the amount"),
      })
      .optional(),
    /** the person saw "Mark N cars sold?" and said yes (the form; the API needs no confirmation) */
    confirm: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === "move" && b.location_id === undefined)
      ctx.addIssue({ code: "custom", path: ["location_id"], message: "Choose the location to move the cars to" });
    if (b.action !== "price") return;
    if (!b.price) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "Enter how much to change the price by" });
      return;
    }
    const { by, amount } = b.price;
    if (amount === 0) ctx.addIssue({ code: "custom", path: ["price", "amount"], message: "Enter an amount other than 0" });
    else if (by === "dollars" && (!Number.isInteger(amount) || Math.abs(amount) > MAX_PRICE))
      ctx.addIssue({ code: "custom", path: ["price", "amount"], message: "Enter whole dollars, up to $10,000,000" });
    else if (by === "percent" && (amount < -100 || amount > 100 || Math.round(amount * 100) !== amount * 100))
      ctx.addIssue({ code: "custom", path: ["price", "amount"], message: "Enter a percentage from -100 to 100, at most two decimals" });
  });
export type Bulk = z.infer<typeof BulkSchema>;

/**
 * The list's bulk form (a plain form post) as the API's body: the ticked `ids`, the action, the
 * location, and the price as a direction (`price_dir` up or down), a way (`price_by`) and an amount
 * written as a person does ("5", "$1,000", "2.5%"). A value that is not a number stays one the
 * schema rejects with its message.
 */
export function bulkFromForm(get: (key: string) => string | null, getAll: (key: string) => string[]): unknown {
  const num = (v: string | null) => {
    const s = (v ?? "").replace(/[$,%\s]/g, "");
    return s === "" ? undefined : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
  };
  const action = get("action") ?? undefined;
  const amount = num(get("price_amount"));
  return {
    ids: getAll("ids").map((x) => (/^\d{1,10}$/.test(x) ? Number(x) : Number.NaN)),
    action,
    location_id: action === "move" ? num(get("location_id")) : undefined,
    price:
      action === "price"
        ? { by: get("price_by") ?? undefined, amount: amount === undefined ? undefined : get("price_dir") === "up" ? amount : -amount }
        : undefined,
    confirm: get("confirm") === "1",
  };
}

/** "Mark 2 cars sold?": what selling asks before it is done (a sale takes the cars off the website). */
export const confirmSoldQuestion = (n: number): string => `Mark ${n} car${n === 1 ? "" : "s"} sold?`;

/** What a bulk action did, in a sentence. */
export function bulkMessage(changed: number, skipped: ReadonlyArray<{ reason: string }>): string {
  const cars = (n: number) => `${n} car${n === 1 ? "" : "s"}`;
  const head = changed ? `${cars(changed)} changed. The website shows it now.` : "Nothing changed.";
  if (!skipped.length) return head;
  const reasons = new Map<string, number>();
  for (const s of skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  return `${head} Skipped ${[...reasons].map(([r, n]) => `${cars(n)} ${r}`).join(", ")}.`;
}

/* ---- the bulk form's answer, on the list's address (no personal data: ids and counts) ---- */

export const BULK_FORM_ERRORS = {
  ids: "Select at least one car (at most 500).",
  action: "Choose what to do with the selected cars.",
  location_id: "Choose one of the site's locations to move the cars to.",
  price: "Enter how much to change the price by: whole dollars, or a percentage from 1 to 100.",
  rate: "Too many bulk changes in a few minutes. Please wait a few minutes and try again.",
} as const;
export type BulkFormError = keyof typeof BULK_FORM_ERRORS;
export const bulkFormErrorOf = (field: string): BulkFormError =>
  (Object.keys(BULK_FORM_ERRORS) as BulkFormError[]).find((k) => field === k || field.startsWith(`${k}.`)) ?? "action";

/** The cars ticked, as the list's address carries them back ("selected=3,4,9"): at most 500 ids, each once. */
export function selectedIds(raw: string | null | undefined): number[] {
  if (!raw || raw.length > 6000) return [];
  const ids = raw.split(",").filter((x) => /^[1-9]\d{0,9}$/.test(x) && Number(x) <= MAX_ID);
  return [...new Set(ids.map(Number))].slice(0, MAX_BULK_CARS);
}

export type BulkOutcome =
  { kind: "done"; message: string } | { kind: "error"; message: string } | { kind: "confirm"; action: "sold" } | null;

const SKIP_REASONS = ["without a price", "not on this site", "already so", "reserved online"] as const;

/** The counts a bulk form post sends the list back with ("done=5-1-0-0-2": changed, without a price, not on this site, already so, reserved online). */
export function doneParam(changed: number, skipped: ReadonlyArray<{ reason: string }>): string {
  const counts = [changed, ...SKIP_REASONS.map((r) => skipped.filter((s) => s.reason === r).length)];
  // the reserved count only when there is one: the four-number form the list has always read stays the same
  return (counts.at(-1) ? counts : counts.slice(0, -1)).join("-");
}

/** What the list says after a bulk form post, read from its address; null when there is nothing to say. */
export function bulkOutcome(get: (key: string) => string | null | undefined): BulkOutcome {
  const done = /^(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?:-(\d{1,3}))?$/.exec(get("done") ?? "");
  if (done) {
    const [changed, ...counts] = done.slice(1).map((n) => Number(n ?? 0));
    const skipped = SKIP_REASONS.flatMap((reason, i) => Array<{ reason: string }>(counts[i] ?? 0).fill({ reason }));
    return { kind: "done", message: bulkMessage(changed!, skipped) };
  }
  const error = get("bulk_error");
  if (error && Object.hasOwn(BULK_FORM_ERRORS, error)) return { kind: "error", message: BULK_FORM_ERRORS[error as BulkFormError] };
  if (get("confirm") === "sold") return { kind: "confirm", action: "sold" };
  return null;
}
