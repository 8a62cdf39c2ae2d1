import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { CATALOGUE, COLOURS } from "./catalogue";

// the demo's catalogue is data, read from its JSON file: a model needs a body, badges and a price range
const file = JSON.parse(readFileSync(new URL("./data/catalogue.json", import.meta.url), "utf8")) as {
  models: typeof CATALOGUE;
  colours: typeof COLOURS;
};

describe("the demo catalogue", () => {
  test("is the data file's", () => {
    expect(CATALOGUE).toEqual(file.models);
    expect(COLOURS).toEqual(file.colours);
  });

  test.each(Object.entries(CATALOGUE).flatMap(([make, models]) => models.map((m) => [make, m.model, m] as const)))(
    "%s %s: a body, badges, a price range",
    (_, __, m) => {
      expect(m.body).toMatch(/\S/);
      expect(m.badges.length).toBeGreaterThan(0);
      expect(m.price).toHaveLength(2);
      expect(m.price[0]).toBeLessThanOrEqual(m.price[1]);
    },
  );

  test.each(COLOURS.map((c) => [c.name, c.hex]))("%s is a colour (%s)", (_, hex) => {
    expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});
