// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { DataTable, type Column } from "./data-table";

type Car = { id: number; name: string; views: number };

const columns: Array<Column<Car>> = [
  { header: "Car", rowHeader: true, cell: (c) => c.name },
  { header: "Bar", headerContent: <span className="sr-only">Bar</span>, phoneHidden: true, cell: () => "▇" },
  { header: "Views", numeric: true, cell: (c) => c.views, cellClassName: (c) => (c.views > 10 ? "text-red-800" : undefined) },
];
const cars: Car[] = [
  { id: 1, name: "Corolla", views: 12 },
  { id: 2, name: "Hilux", views: 3 },
];

/** The markup, parsed: the tests ask the document, not the string. */
function table(el: React.ReactElement) {
  const html = renderToStaticMarkup(el);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return { html, doc };
}

describe("DataTable", () => {
  test("headers are column headers, the naming column is a row header", () => {
    const { doc } = table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} caption="Cars" testId="cars" />);
    const heads = [...doc.querySelectorAll("thead th")];
    expect(heads.map((h) => h.textContent)).toEqual(["Car", "Bar", "Views"]);
    expect(heads.every((h) => h.getAttribute("scope") === "col")).toBe(true);
    const rows = [...doc.querySelectorAll("tbody tr")];
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.querySelector("th")?.getAttribute("scope"))).toEqual(["row", "row"]);
    expect(rows.map((r) => r.querySelector("th")?.textContent)).toEqual(["Corolla", "Hilux"]);
    expect(doc.querySelector("table")!.getAttribute("data-testid")).toBe("cars");
    expect(doc.querySelector("table")!.classList.contains("data-table")).toBe(true);
  });

  test("every cell carries its column's header as the label a phone shows", () => {
    const { doc } = table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} />);
    const labels = [...doc.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.getAttribute("data-label")));
    expect(labels).toEqual([
      ["Car", "Bar", "Views"],
      ["Car", "Bar", "Views"],
    ]);
    // the bar (its header and each row's cell) is left out of the phone's card, the other cells stay
    const hidden = [...doc.querySelectorAll("[data-phone=hidden]")].map(
      (c) => `${c.parentElement!.parentElement!.tagName} ${c.textContent}`,
    );
    expect(hidden).toEqual(["THEAD Bar", "TBODY ▇", "TBODY ▇"]);
  });

  test("roles are stated, so a table drawn as cards stays a table to a screen reader", () => {
    const { doc } = table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} foot={["All", null, 15]} />);
    expect(doc.querySelector("table")!.getAttribute("role")).toBe("table");
    expect([...doc.querySelectorAll("thead, tbody, tfoot")].map((g) => g.getAttribute("role"))).toEqual([
      "rowgroup",
      "rowgroup",
      "rowgroup",
    ]);
    expect([...doc.querySelectorAll("tr")].every((r) => r.getAttribute("role") === "row")).toBe(true);
    expect(doc.querySelector("thead th")!.getAttribute("role")).toBe("columnheader");
    expect(doc.querySelector("tbody th")!.getAttribute("role")).toBe("rowheader");
    expect(doc.querySelector("tbody td")!.getAttribute("role")).toBe("cell");
  });

  test("numbers align right; a row's own class is added to its cell", () => {
    const { doc } = table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} />);
    const views = [...doc.querySelectorAll("tbody td:last-child")];
    expect(views.every((c) => c.classList.contains("text-right") && c.classList.contains("tabular-nums"))).toBe(true);
    expect(views.map((c) => c.classList.contains("text-red-800"))).toEqual([true, false]);
    expect(doc.querySelector("thead th:last-child")!.classList.contains("text-right")).toBe(true);
    expect(doc.querySelector("thead th:first-child")!.classList.contains("text-left")).toBe(true);
  });

  test.each([
    [{ caption: "Cars", captionHidden: true }, "sr-only"],
    [{ caption: "Cars" }, "font-bold"],
  ])("a caption %o is shown or visually hidden", (props, cls) => {
    const { doc } = table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} {...props} />);
    const caption = doc.querySelector("caption")!;
    expect(caption.textContent).toBe("Cars");
    expect(caption.classList.contains(cls)).toBe(true);
  });

  test("no caption when none is given", () => {
    expect(table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} />).doc.querySelector("caption")).toBeNull();
  });

  test("a foot row takes one cell per column, its naming cell a row header", () => {
    const { doc } = table(<DataTable columns={columns} rows={cars} rowKey={(c) => c.id} foot={["All cars", null, 15]} />);
    const foot = doc.querySelector("tfoot tr")!;
    expect([...foot.children].map((c) => [c.tagName, c.textContent, c.getAttribute("data-label")])).toEqual([
      ["TH", "All cars", "Car"],
      ["TD", "", "Bar"],
      ["TD", "15", "Views"],
    ]);
  });

  test.each([
    ["a sentence", "Nothing yet.", "P"],
    ["an element", <strong key="x">Nothing yet.</strong>, "DIV"],
  ])("no rows: the empty state (%s) instead of the table", (_, empty, tag) => {
    const { doc } = table(<DataTable columns={columns} rows={[]} rowKey={(c) => c.id} empty={empty} emptyTestId="cars-empty" />);
    expect(doc.querySelector("table")).toBeNull();
    const shown = doc.querySelector("[data-testid=cars-empty]")!;
    expect(shown.tagName).toBe(tag);
    expect(shown.textContent).toBe("Nothing yet.");
  });

  test("no rows and no empty state: the table with its headers and no row", () => {
    const { doc } = table(<DataTable columns={columns} rows={[]} rowKey={(c) => c.id} />);
    expect(doc.querySelectorAll("thead th")).toHaveLength(3);
    expect(doc.querySelectorAll("tbody tr")).toHaveLength(0);
  });
});
