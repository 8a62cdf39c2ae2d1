import { stringify } from "csv-stringify/sync";
import { csvSafe } from "../staff/lead-csv";
import { FIELD_OF, type ImportedFields } from "./import-changes";
import { STOCK_CSV_COLUMNS } from "./import-columns";
import { shownPhotoCount, type Vehicle } from "./vehicle";

/*
 * The stock list exported as CSV (docs/features/back-office.md, "The stock list"): the stock file's
 * own column names, so the file goes back in through the import as it is, then the list's figures
 * (days in stock, views and leads) and what the website shows of each car (shown or hidden, featured,
 * how many photos), which the import ignores as columns it does not know. The photos
 * column is left out: the cars' photos are the image service's copies, and a file naming them would
 * have the import fetch each car's photos again. Pure.
 */

export const STOCK_EXPORT_FIGURES = [
  "days_in_stock",
  "views_7d",
  "views_30d",
  "leads_7d",
  "leads_30d",
  "shown_on_website",
  "featured",
  "photo_count",
] as const;
export const STOCK_EXPORT_COLUMNS = [...STOCK_CSV_COLUMNS.filter((c) => c !== "photos"), ...STOCK_EXPORT_FIGURES] as const;

export type StockExportCar = ImportedFields &
  Pick<Vehicle, "primaryImageUrl" | "thumbnails"> & {
    stockNumber: string;
    showOnDealerWebsite: boolean;
    featured: boolean;
    days: number;
    views7: number;
    views30: number;
    leads7: number;
    leads30: number;
  };

/** A cell: text that a spreadsheet would run as a formula (= + - @) is prefixed with '. */
const cell = (x: string | number | null | undefined): string | number => (typeof x === "number" ? x : csvSafe(x));

/** The header line and one line per car. */
export function stockExportCsv(cars: readonly StockExportCar[]): string {
  return stringify([
    [...STOCK_EXPORT_COLUMNS],
    ...cars.map((c) =>
      STOCK_EXPORT_COLUMNS.map((col) => {
        switch (col) {
          case "stock_number":
            return cell(c.stockNumber);
          case "days_in_stock":
            return c.days;
          case "views_7d":
            return c.views7;
          case "views_30d":
            return c.views30;
          case "leads_7d":
            return c.leads7;
          case "leads_30d":
            return c.leads30;
          // a hidden car's status is still in stock: this says the website does not show it
          case "shown_on_website":
            return c.showOnDealerWebsite ? "yes" : "no";
          case "featured":
            return c.featured ? "yes" : "no";
          case "photo_count":
            return shownPhotoCount(c);
          default:
            return cell(c[FIELD_OF[col]]);
        }
      }),
    ),
  ]);
}
