import { describe, expect, test } from "vitest";
import { decodeFormFlash, encodeFormFlash, formFields } from "./form-flash";

describe("a refused form's flash cookie", () => {
  const flash = { site: 1001, attempt: "ab12cd34", errors: { vin: "Bad VIN" }, values: { vin: "NOPE", description: "x".repeat(5000) } };
  test.each([
    ["the same site and attempt", 1001, "ab12cd34", true],
    ["another attempt", 1001, "zz", false],
    ["another site", 1002, "ab12cd34", false],
  ])("is read back for %s: %s", (_, site, attempt, read) => {
    expect(decodeFormFlash(encodeFormFlash(flash), site, attempt, () => true) !== null).toBe(read);
  });

  test("stays under a cookie's size: the longest value is left out first, the messages kept", () => {
    const raw = encodeFormFlash(flash);
    expect(raw.length).toBeLessThanOrEqual(3500);
    expect(decodeFormFlash(raw, 1001, "ab12cd34", () => true)).toEqual({ ...flash, values: { vin: "NOPE" } });
  });

  test("10,000 posted fields: built in linear time and still under a cookie's size, the messages first", () => {
    const many = (n: number, v: (i: number) => string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, v(i)]));
    const huge = {
      site: 1001,
      attempt: "ab12cd34",
      errors: many(10_000, () => "Bad value"),
      values: many(10_000, (i) => "v".repeat(i % 50)),
    };
    const started = performance.now();
    const raw = encodeFormFlash(huge);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(raw.length).toBeLessThanOrEqual(3500);
    const back = decodeFormFlash(raw, 1001, "ab12cd34", () => true)!;
    expect(back.errors.f0).toBe("Bad value");
    // one message longer than the whole cookie is cut, never the cookie left over its size
    const long = encodeFormFlash({ ...flash, errors: { form: "x".repeat(10_000) } });
    expect(long.length).toBeLessThanOrEqual(3500);
    expect(decodeFormFlash(long, 1001, "ab12cd34", () => true)!.errors.form).toMatch(/^x+…$/);
  });

  test.each([["%E0%A4%A"], ["not json"], [encodeURIComponent("[1]")], [""]])("a bad cookie %j is nothing", (raw) => {
    expect(decodeFormFlash(raw, 1001, "ab12cd34", () => true)).toBeNull();
  });

  test("only the known fields come back", () => {
    const raw = encodeFormFlash({ ...flash, values: { vin: "NOPE", evil: "x" } });
    expect(decodeFormFlash(raw, 1001, "ab12cd34", (k) => k === "vin")!.values).toEqual({ vin: "NOPE" });
  });
});

test.each([
  [
    [
      ["a", "1"],
      ["a", "2"],
    ],
    { a: "2" },
  ],
  [
    [
      ["featured", "false"],
      ["featured", "on"],
    ],
    { featured: "on" },
  ],
  [[["description", "One\r\nTwo\rThree"]], { description: "One\nTwo\nThree" }],
  [
    [
      ["__proto__", "x"],
      ["b", "y"],
    ],
    { b: "y" },
  ],
] as Array<[Array<[string, string]>, Record<string, string>]>)("form fields %j read as %j", (entries, out) => {
  expect(formFields(entries)).toEqual(out);
});
