// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { TimeChart, type Point } from "./charts";

const parse = (el: React.ReactElement) => new DOMParser().parseFromString(`<body>${renderToStaticMarkup(el)}</body>`, "text/html");
const yLabels = (doc: Document) => [...doc.querySelectorAll("text[text-anchor=end]")].map((t) => t.textContent);
const days = (values: number[]): Point[] => values.map((now, i) => ({ label: `${i + 1} Mar`, now, before: 0 }));

describe("the time chart's y-axis", () => {
  test.each([
    [[0, 0, 0], [], true],
    [[0, 1, 0], ["0", "1"], false],
    [[3, 1, 2], ["0", "1", "2", "3"], false],
    [[7, 0, 0], ["0", "2", "4", "6", "8"], false],
  ])("values %j → labels %j (empty note: %s)", (values, labels, empty) => {
    const doc = parse(<TimeChart id="visits" title="Visits" unit="visits" points={days(values)} />);
    expect(yLabels(doc)).toEqual(labels);
    expect(doc.querySelector("[data-testid=visits-empty]")?.textContent ?? null).toBe(empty ? "No data yet" : null);
  });
});
