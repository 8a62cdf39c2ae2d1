import { parse } from "csv-parse/sync";
import { csvUnguarded } from "../staff/lead-csv";
import { z } from "zod";
import { textLine } from "../text-schema";
import { slugify } from "../format/slug";
import { outboundUrlProblem } from "../http/addresses";
import { MAX_PHOTOS_PER_VEHICLE } from "./photos";
import { stockFields } from "./stock-fields";
import { describeChange, describeKept, feedMaySell, importChanges, type ImportedFields } from "./import-changes";
import {
  COLUMN_LABELS,
  columnFor,
  priceTypeInHeader,
  REQUIRED_COLUMNS,
  type ColumnMapping,
  type ImpliedPriceType,
  type StockColumn,
} from "./import-columns";

/*
 * Stock imports: a CSV uploaded in the back-office or a dealer-management-system feed,
 * checked line by line before anything is written, then planned against the site's stock. Pure.
 *
 * A full feed lists the whole stock: a car missing from two consecutive full feeds becomes sold
 * (one missing feed may be the DMS's hiccup), and an import that would remove more than
 * HOLD_SHARE of the stock is held until someone confirms it.
 */

export { REQUIRED_COLUMNS, STOCK_CSV_COLUMNS, type StockColumn } from "./import-columns";
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** more than this share of the in-stock cars would become sold → held for confirmation */
export const HOLD_SHARE = 0.2;
/** full feeds in a row a car may be missing from before it is sold */
export const MISSING_FEEDS_TO_SELL = 2;

/** The longest photo address a feed may give. */
export const MAX_PHOTO_URL_LENGTH = 2048;

/**
 * Why a feed's photo address cannot be fetched, or null: https only, a public host (the fetch checks
 * every address the name resolves to as well). `testOrigin` is the one origin tests may serve photos
 * from (plain http on loopback); production never sets it.
 */
export function photoUrlProblem(url: string, testOrigin: string | null = null): string | null {
  if (url.length > MAX_PHOTO_URL_LENGTH) return `Keep each address under ${MAX_PHOTO_URL_LENGTH.toLocaleString("en-AU")} characters`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "Enter an https address";
  }
  if (testOrigin && u.origin === testOrigin) return null;
  if (u.protocol !== "https:") return "Enter an https address";
  return outboundUrlProblem(url);
}

/** The `photos` column: addresses separated by "|", in the car's order (an empty cell changes nothing). */
const photosColumn = (testOrigin: string | null) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v.trim() === ""
          ? undefined
          : v
              .split("|")
              .map((u) => u.trim())
              .filter(Boolean)
        : v,
    z
      .array(textLine())
      .max(MAX_PHOTOS_PER_VEHICLE, `List at most ${MAX_PHOTOS_PER_VEHICLE} photos`)
      .superRefine((urls, ctx) => {
        for (const [i, url] of urls.entries()) {
          const problem = photoUrlProblem(url, testOrigin);
          if (problem) {
            ctx.addIssue({ code: "custom", message: `Photo ${i + 1}: ${problem}` });
            return;
          }
        }
      })
      .optional(),
  );

/** One line of a stock CSV: the fields a car by hand has too (stock-fields.ts), and its photos' addresses. */
export function stockRowSchema(thisYear: number, photoTestOrigin: string | null = null) {
  return z.object({ ...stockFields(thisYear), photos: photosColumn(photoTestOrigin) });
}
export type StockRow = z.infer<ReturnType<typeof stockRowSchema>>;
export type ImportError = { line: number; field: string | null; message: string };
export type ParsedImport = {
  rows: Array<StockRow & { line: number }>;
  errors: ImportError[];
  /** the headers read, as the file has them, each with the column it fills */
  columns: Array<{ header: string; column: StockColumn }>;
  /** the headers not read (unknown and not mapped, or mapped to nothing), as the file has them */
  ignoredColumns: string[];
  /** the price type the price column's header names ("Price (Drive Away)"), given to rows that do not say their own */
  headerPriceType: { header: string; priceType: ImpliedPriceType } | null;
};

/**
 * Reads and checks a stock CSV: a header line naming the columns (any order, by the names dealer
 * systems use or the site's own mapping; unknown ones ignored and reported), then one car per
 * line. Every problem is reported with its line (the header is line 1); the rows that passed are
 * returned too, but an import with errors is never applied.
 */
export function parseStockCsv(
  input: string,
  opts: { thisYear: number; locationIds: readonly number[]; photoTestOrigin?: string | null; mapping?: ColumnMapping },
): ParsedImport {
  const errors: ImportError[] = [];
  let columns: ParsedImport["columns"] = [];
  let ignoredColumns: string[] = [];
  let headerPriceType: ParsedImport["headerPriceType"] = null;
  const failed = (line: number, message: string): ParsedImport => ({
    rows: [],
    errors: [{ line, field: null, message }],
    columns,
    ignoredColumns,
    headerPriceType,
  });
  if (input.length > MAX_IMPORT_BYTES || new TextEncoder().encode(input).length > MAX_IMPORT_BYTES)
    return failed(1, "The file is larger than 5 MB. Split it into smaller files.");
  // a NUL or other control character (a binary file, a bad export) is named with its line, never stored
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(input);
  if (control) {
    const line = input.slice(0, control.index).split("\n").length;
    return failed(
      line,
      `This line has a control character (${control[0] === "\u0000" ? "NUL" : `code ${control[0].charCodeAt(0)}`}): save the file as CSV (UTF-8) text and try again.`,
    );
  }
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  let header: Array<StockColumn | null> = [];
  try {
    records = parse(input, {
      bom: true,
      // each header to the column it fills; csv-parse leaves out the fields of a false one
      columns: (h: string[]) => {
        const names = h.map((x) => String(x ?? "").trim());
        header = names.map((x) => columnFor(x, opts.mapping));
        columns = names.flatMap((x, i) => (header[i] ? [{ header: x, column: header[i]! }] : []));
        ignoredColumns = [...new Set(names.filter((x, i) => !header[i] && x !== ""))];
        const priceHeader = names[header.indexOf("price")];
        const priceType = priceHeader === undefined ? null : priceTypeInHeader(priceHeader);
        headerPriceType = priceHeader !== undefined && priceType ? { header: priceHeader, priceType } : null;
        return header.map((c) => c ?? false);
      },
      skip_empty_lines: true,
      info: true,
      relax_quotes: false,
      max_record_size: 64 * 1024,
    });
  } catch (e) {
    const err = e as { lines?: number; message?: string };
    const why = (err.message ?? "").replace(/^Invalid Record Length: /, "").split(":")[0] ?? "";
    return failed(err.lines ?? 1, `This line cannot be read as CSV (${why.slice(0, 120) || "bad quoting"}).`);
  }
  if (!header.length) return failed(1, "The file is empty.");
  const twice = columns.find((c, i) => columns.findIndex((d) => d.column === c.column) !== i);
  if (twice) {
    const first = columns.find((c) => c.column === twice.column)!;
    return failed(
      1,
      first.header === twice.header
        ? `The column ${twice.header} appears twice.`
        : `The columns ${first.header} and ${twice.header} both give the ${COLUMN_LABELS[twice.column].toLowerCase()}: leave one out.`,
    );
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return failed(1, `The header line lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`);
  if (!records.length) return failed(2, "The file has no cars in it.");
  if (records.length > MAX_IMPORT_ROWS)
    return failed(MAX_IMPORT_ROWS + 2, `Import at most ${MAX_IMPORT_ROWS.toLocaleString("en-AU")} cars at a time.`);

  const schema = stockRowSchema(opts.thisYear, opts.photoTestOrigin ?? null);
  const seen = new Map<string, number>();
  const rows: ParsedImport["rows"] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    // a cell the stock list's export guarded against spreadsheet formulas ("'- Full history") reads as it was
    const r = schema.safeParse(
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k, typeof v === "string" ? csvUnguarded(v) : v])),
    );
    if (!r.success) {
      // the first problem of each field (an empty stock number is not also "bad characters")
      const said = new Set<string>();
      for (const issue of r.error.issues) {
        const field = String(issue.path[0] ?? "") || null;
        if (said.has(field ?? "")) continue;
        said.add(field ?? "");
        errors.push({ line, field, message: issue.message });
      }
      continue;
    }
    const key = r.data.stock_number.toUpperCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, field: "stock_number", message: `Stock number ${r.data.stock_number} is also on line ${first}` });
      continue;
    }
    seen.set(key, line);
    if (r.data.location_id !== undefined && !opts.locationIds.includes(r.data.location_id)) {
      errors.push({ line, field: "location_id", message: `Location ${r.data.location_id} is not one of this site's locations` });
      continue;
    }
    // the price header's words are the type of a price the row gives, unless the row's own price_type cell says one
    const typed = headerPriceType && r.data.price !== undefined && r.data.price_type === undefined;
    rows.push({ ...r.data, ...(typed ? { price_type: headerPriceType!.priceType } : {}), line });
  }
  return { rows, errors, columns, ignoredColumns, headerPriceType };
}

export type StockOnFile = ImportedFields & { id: number; stockNumber: string; missingFeeds: number; editedFields?: readonly string[] };
/**
 * How a file is read against the cars it updates (see importChanges); `overwriteEdited`: the file sets
 * fields a person edited here too (else it leaves them as they are).
 */
export type ImportOptions = {
  columns: readonly StockColumn[];
  clearBlanks: boolean;
  defaultLocation: number | null;
  overwriteEdited?: boolean;
};
/** At most this many cars' changes are listed in a preview (the totals count them all). */
export const MAX_PREVIEW_CARS = 200;
export type ImportPlan = {
  add: number;
  /** cars in the file the site has: changed + unchanged */
  update: number;
  /** of those, the cars the file changes, and the ones it leaves as they are */
  changed: number;
  unchanged: number;
  /** each changed car's changes as the preview says them ("Price: $41,990 → $39,990"), the first MAX_PREVIEW_CARS */
  changes: Array<{ stock_number: string; changes: string[] }>;
  /** in-stock cars the full feed left out */
  missing: number;
  /** of those, the ones this import makes sold (their second missing feed) */
  sell: string[];
  inStock: number;
  removalShare: number;
  held: boolean;
};

/** What applying these rows would do to the site's stock, car by car. */
export function planImport(current: readonly StockOnFile[], rows: readonly StockRow[], full: boolean, opts: ImportOptions): ImportPlan {
  const inFile = new Set(rows.map((r) => r.stock_number.toUpperCase()));
  const byNumber = new Map(current.map((v) => [v.stockNumber.toUpperCase(), v]));
  let add = 0;
  let unchanged = 0;
  const changes: ImportPlan["changes"] = [];
  let changed = 0;
  for (const r of rows) {
    const have = byNumber.get(r.stock_number.toUpperCase());
    if (!have) {
      add++;
      continue;
    }
    const { changes: diff, kept } = importChanges(have, r, { ...opts, soldByFeeds: MISSING_FEEDS_TO_SELL });
    if (!diff.length) unchanged++;
    else changed++;
    if ((diff.length || kept.length) && changes.length < MAX_PREVIEW_CARS)
      changes.push({ stock_number: have.stockNumber, changes: [...diff.map(describeChange), ...kept.map(describeKept)] });
  }
  const live = current.filter((v) => v.status !== "sold");
  const missingCars = full ? live.filter((v) => !inFile.has(v.stockNumber.toUpperCase())) : [];
  const sell = missingCars
    .filter((v) => v.missingFeeds + 1 >= MISSING_FEEDS_TO_SELL && feedMaySell(v, opts.overwriteEdited))
    .map((v) => v.stockNumber);
  const removalShare = live.length ? sell.length / live.length : 0;
  return {
    add,
    update: rows.length - add,
    changed,
    unchanged,
    changes,
    missing: missingCars.length,
    sell,
    inStock: live.length,
    removalShare,
    held: removalShare > HOLD_SHARE,
  };
}

/** A new car's URL slug: "2024 Mazda CX-5 Maxx" and its stock number (unique within a site). */
export function importedSlug(r: Pick<StockRow, "year" | "make" | "model" | "badge" | "stock_number">): string {
  return slugify(`${r.year} ${r.make} ${r.model} ${r.badge ?? ""} ${r.stock_number}`);
}

/** `base`, or `base-2`, `base-3`… whichever the site has not taken (then taken). */
export function freeSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** What became of an import's photos: fetched, already held, still waiting, and each one that could not be fetched. */
export type ImportPhotoReport = {
  total: number;
  downloaded: number;
  unchanged: number;
  pending: number;
  failed: Array<{ stockNumber: string; url: string; reason: string }>;
};
