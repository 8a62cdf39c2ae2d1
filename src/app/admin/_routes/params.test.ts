import { expect, test } from "vitest";
import { oneParam } from "./params";

test.each([
  [{ q: "corolla" }, "corolla"],
  [{ q: "" }, ""],
  [{ q: ["a", "b"] }, undefined],
  [{}, undefined],
  [{ q: undefined }, undefined],
])("oneParam(%o, 'q') is %o", (sp, expected) => {
  expect(oneParam(sp, "q")).toBe(expected);
});
