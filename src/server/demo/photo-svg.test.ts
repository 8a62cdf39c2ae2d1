import { createHash } from "node:crypto";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, test } from "vitest";
import { familyOf, lookFor, type Family } from "@/domain/artwork/look";
import { viewNames } from "@/domain/artwork/views";
import { CATALOGUE, COLOURS } from "./catalogue";
import { MOST_DEMO_PHOTOS } from "./generate";
import { vehicleSvg } from "./photo-svg";

const MODELS = Object.entries(CATALOGUE).flatMap(([make, models]) => models.map((m) => ({ name: `${make} ${m.model}`, body: m.body })));
const hash = (s: string) => createHash("sha256").update(s).digest("hex");
/** The drawing without its backdrop and label: what is left when the tint and the words are set aside. */
const drawing = (svg: string) =>
  svg
    .replace(/aria-label="[^"]*"/, "")
    .replace(/<rect width="400" height="225" fill="#[0-9a-f]{6}"\/><rect y="\d+" width="400" height="105" fill="#[0-9a-f]{6}"\/>/, "");

describe("a demo car's gallery", () => {
  test.each(MODELS.map((m) => [m.name, m.body] as const))(
    "%s (%s): every photo up to the largest gallery is its own drawing, well-formed",
    (name, body) => {
      const colour = COLOURS[hashIndex(name)]!.name;
      const svgs = Array.from({ length: MOST_DEMO_PHOTOS }, (_, i) => vehicleSvg(body, colour, i + 1, undefined, name));
      for (const svg of svgs) expect(XMLValidator.validate(svg)).toBe(true);
      expect(new Set(svgs.map((s) => hash(drawing(s)))).size).toBe(MOST_DEMO_PHOTOS);
      expect(svgs[0]).toContain(`aria-label="${name.replace(/&/g, "&#38;")} in ${colour}, front three-quarter"`);
    },
  );

  test.each<[Family, string[]]>([
    ["suv", ["front three-quarter", "side", "rear three-quarter", "dashboard", "seats", "boot"]],
    ["hatch", ["front three-quarter", "side", "rear three-quarter", "dashboard", "seats", "boot"]],
    ["utility", ["front three-quarter", "side", "rear three-quarter", "dashboard", "seats", "tray"]],
    ["van", ["front three-quarter", "side", "rear three-quarter", "dashboard", "seats", "cargo area"]],
    ["bus", ["front three-quarter", "side", "rear three-quarter", "dashboard", "seats", "passenger seats"]],
    ["truck", ["front three-quarter", "side", "rear three-quarter", "cab", "seats", "body"]],
    ["camper", ["front three-quarter", "side", "rear three-quarter", "dashboard", "living area", "bed"]],
    ["caravan", ["front three-quarter", "side", "rear three-quarter", "living area", "bed", "kitchen"]],
    ["motorcycle", ["front three-quarter", "side", "rear three-quarter", "other side", "cockpit", "engine"]],
  ])("%s: photos 1 to 6 are the named views", (family, names) => {
    expect(viewNames(family, 6)).toEqual(names);
  });

  test("every catalogue body type is drawn as one of the galleries' kinds", () => {
    expect(new Set(MODELS.map((m) => familyOf(m.body)))).toEqual(
      new Set(["hatch", "suv", "utility", "convertible", "sedan", "van", "wagon", "bus", "motorcycle", "camper", "caravan", "truck"]),
    );
  });
});

describe("makes and models read differently", () => {
  const SUVS = ["Skoda Karoq", "Subaru Forester", "Nissan X-Trail"];

  test.each(SUVS.flatMap((a, i) => SUVS.slice(i + 1).map((b) => [a, b] as const)))(
    "%s and %s: other proportions and another face",
    (a, b) => {
      const [la, lb] = [lookFor("SUV", a), lookFor("SUV", b)];
      const shape = (l: typeof la) => [l.length, l.height, l.wheelbase, l.ride];
      expect(shape(la)).not.toEqual(shape(lb));
      expect([la.grille, la.headlight]).not.toEqual([lb.grille, lb.headlight]);
      // in the same colour, their front three-quarter views are different drawings
      expect(drawing(vehicleSvg("SUV", "Red", 1, undefined, a))).not.toBe(drawing(vehicleSvg("SUV", "Red", 1, undefined, b)));
    },
  );

  test("a model's look is the same every time, and an old address without a model draws the body's plain look", () => {
    expect(lookFor("SUV", "Skoda Karoq")).toEqual(lookFor("SUV", "Skoda Karoq"));
    expect(vehicleSvg("SUV", "Red", 1)).toBe(vehicleSvg("SUV", "Red", 1));
    expect(vehicleSvg("SUV", "Red", 1)).not.toBe(vehicleSvg("SUV", "Red", 1, undefined, "Skoda Karoq"));
    expect(vehicleSvg("SUV", "Red", 1)).toContain('aria-label="SUV in Red, front three-quarter"');
  });
});

describe("the drawing's markup", () => {
  test.each([
    ["colour", () => vehicleSvg("SUV", '"><script>alert(1)</script>', 1)],
    ["model", () => vehicleSvg("SUV", "Red", 1, undefined, 'Skoda "Karoq" <b>&')],
    ["body", () => vehicleSvg('<svg onload="x">', "Red", 2)],
  ])("what it embeds (%s) is escaped, and it stays well-formed", (_, draw) => {
    const svg = draw();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toMatch(/<script|<b>|onload="/);
  });

  test("a size asked for fills the box; a photo number out of range draws photo 1", () => {
    expect(vehicleSvg("SUV", "Red", 1, { width: 1600, height: 1067 }, "Skoda Karoq")).toContain(
      'width="1600" height="1067" preserveAspectRatio="xMidYMid slice"',
    );
    expect(vehicleSvg("SUV", "Red", 0, undefined, "Skoda Karoq")).toBe(vehicleSvg("SUV", "Red", 1, undefined, "Skoda Karoq"));
  });
});

function hashIndex(s: string): number {
  return [...s].reduce((a, c) => a + c.charCodeAt(0), 0) % COLOURS.length;
}
