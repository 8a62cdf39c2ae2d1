// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { specsHtml } from "./specs-html";

const parse = (html: string) => {
  const el = document.createElement("div");
  el.innerHTML = html;
  return el;
};

test("each group: its heading, then each label with its value", () => {
  const el = parse(
    specsHtml([
      {
        title: "Overview",
        rows: [
          ["Odometer", "12,000 km"],
          ["Transmission", "Automatic"],
        ],
      },
      { title: "Engine", rows: [["Fuel", "Diesel"]] },
    ]),
  );
  expect([...el.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["Overview", "Engine"]);
  expect([...el.querySelectorAll("dl > div")].map((d) => [d.querySelector("dt")!.textContent, d.querySelector("dd")!.textContent])).toEqual(
    [
      ["Odometer", "12,000 km"],
      ["Transmission", "Automatic"],
      ["Fuel", "Diesel"],
    ],
  );
});

// a feed's values are a stranger's: they stay text
test.each(["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</dd></dl><h1>x</h1>"])("%j stays text", (bad) => {
  const el = parse(specsHtml([{ title: bad, rows: [[bad, bad]] }]));
  expect(el.querySelector("script, img, h1")).toBeNull();
  expect(el.querySelector("h3")!.textContent).toBe(bad);
  expect(el.querySelector("dd")!.textContent).toBe(bad);
});
