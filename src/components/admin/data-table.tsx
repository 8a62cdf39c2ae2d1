import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/*
 * The back-office's one table: typed columns, semantic markup (a caption, `<th scope="col">` for
 * the headers, `<th scope="row">` for the column that names each row), numbers aligned right. On a
 * phone (640 px and below) each row becomes a card and each cell shows its column's header beside
 * it, from the cell's data-label (the `.data-table` rules in src/app/globals.css: CSS only, no
 * script). A table drawn as blocks loses its table semantics in some browsers, so every element also
 * states its role.
 */

export type Column<T> = {
  /** The column's header: also each cell's label on a phone. */
  header: string;
  /** What the header shows instead of its text (e.g. a visually hidden word); the text still labels the cells. */
  headerContent?: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Numbers: aligned right, with figures of one width. */
  numeric?: boolean;
  /** The column that names each row (a row header). */
  rowHeader?: boolean;
  /** Left out of a phone's card (a bar beside the numbers it draws). */
  phoneHidden?: boolean;
  /** Classes for the column's header and cells (a width, a font). */
  className?: string;
  /** Classes for one row's cell (a figure past its target in red). */
  cellClassName?: (row: T) => string | undefined;
};

export type DataTableProps<T> = {
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** What the table shows; read by screen readers, and shown as a title unless `captionHidden`. */
  caption?: string;
  captionHidden?: boolean;
  /** Shown instead of the table when there are no rows (a string is set as a short paragraph). */
  empty?: ReactNode;
  emptyTestId?: string;
  /** A last row under the others (totals), one cell per column. */
  foot?: readonly ReactNode[];
  testId?: string;
  /** Each body row's data-testid (browser tests find a row by it). */
  rowTestId?: string;
  className?: string;
};

const align = <T,>(c: Column<T>) => (c.numeric ? "text-right tabular-nums" : "text-left");

/** A table of rows with typed columns; on a phone, a card per row with each cell labelled. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden,
  empty,
  emptyTestId,
  foot,
  testId,
  rowTestId,
  className,
}: DataTableProps<T>) {
  if (!rows.length && empty !== undefined)
    return typeof empty === "string" ? (
      <p className="text-neutral-700" data-testid={emptyTestId}>
        {empty}
      </p>
    ) : (
      <div data-testid={emptyTestId}>{empty}</div>
    );
  const last = columns.length - 1;
  const phone = (c: Column<T>) => (c.phoneHidden ? "hidden" : undefined);
  const cells = (values: (c: Column<T>, i: number) => ReactNode, rowClass: (c: Column<T>) => string | undefined) =>
    columns.map((c, i) => {
      const props = {
        className: cn("py-1.5", i !== last && "pr-3", align(c), c.rowHeader && "font-medium", c.className, rowClass(c)),
        "data-label": c.header,
        "data-phone": phone(c),
      };
      return c.rowHeader ? (
        <th key={i} scope="row" role="rowheader" {...props}>
          {values(c, i)}
        </th>
      ) : (
        <td key={i} role="cell" {...props}>
          {values(c, i)}
        </td>
      );
    });
  return (
    // relative: a visually hidden word (absolutely placed) stays inside the scroller, not beside the page
    <div className="relative overflow-x-auto">
      <table role="table" className={cn("data-table w-full text-sm", className)} data-testid={testId}>
        {caption && <caption className={captionHidden ? "sr-only" : "mb-2 text-left font-bold"}>{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row" className="border-b border-neutral-300">
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                role="columnheader"
                className={cn("py-2", i !== last && "pr-3", align(c), c.className)}
                data-phone={phone(c)}
              >
                {c.headerContent ?? c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, r) => (
            <tr key={rowKey(row, r)} role="row" className="border-b border-neutral-100" data-testid={rowTestId}>
              {cells(
                (c) => c.cell(row, r),
                (c) => c.cellClassName?.(row),
              )}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot role="rowgroup">
            <tr role="row" className="border-t border-neutral-300 font-bold">
              {cells(
                (_, i) => foot[i],
                () => "font-bold",
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
