import { describe, expect, test } from "vitest";
import { applyPhotoEdit, PhotoEditSchema, PHOTOS_MSG, vehicleImageColumns, type VehiclePhoto } from "./photos";

const photo = (id: number, position: number, alt = ""): VehiclePhoto => ({
  id,
  key: `${"a".repeat(63)}${id}.jpg`,
  alt,
  position,
  width: 1600,
  height: 1067,
});
const three = [photo(11, 0, "Front"), photo(12, 1), photo(13, 2)];
const ids = (r: ReturnType<typeof applyPhotoEdit>) => (r.ok ? r.photos.map((p) => [p.id, p.position, p.alt]) : [r.field, r.message]);

describe("applyPhotoEdit", () => {
  test.each([
    [
      "nothing",
      {},
      [
        [11, 0, "Front"],
        [12, 1, ""],
        [13, 2, ""],
      ],
    ],
    [
      "a new order",
      { order: [13, 11, 12] },
      [
        [13, 0, ""],
        [11, 1, "Front"],
        [12, 2, ""],
      ],
    ],
    [
      "a main photo moves first, the rest keep their order",
      { main: 12 },
      [
        [12, 0, ""],
        [11, 1, "Front"],
        [13, 2, ""],
      ],
    ],
    [
      "order then main",
      { order: [13, 12, 11], main: 11 },
      [
        [11, 0, "Front"],
        [13, 1, ""],
        [12, 2, ""],
      ],
    ],
    [
      "alt text",
      {
        alt: [
          { id: 13, text: "Boot" },
          { id: 11, text: "" },
        ],
      },
      [
        [11, 0, ""],
        [12, 1, ""],
        [13, 2, "Boot"],
      ],
    ],
    ["an order missing a photo", { order: [11, 12] }, ["order", PHOTOS_MSG.order]],
    ["an order naming one twice", { order: [11, 12, 12] }, ["order", PHOTOS_MSG.order]],
    ["an order naming another car's photo", { order: [11, 12, 99] }, ["order", PHOTOS_MSG.order]],
    ["a main photo of another car", { main: 99 }, ["main", PHOTOS_MSG.main]],
    ["alt text for another car's photo", { alt: [{ id: 99, text: "x" }] }, ["alt", PHOTOS_MSG.alt]],
  ] as const)("%s", (_name, edit, expected) => expect(ids(applyPhotoEdit(three, edit as never))).toEqual(expected));

  test("positions out of step (a gap after a delete) come back as 0…n-1", () => {
    expect(ids(applyPhotoEdit([photo(1, 5), photo(2, 2)], {}))).toEqual([
      [2, 0, ""],
      [1, 1, ""],
    ]);
  });
});

describe("PhotoEditSchema", () => {
  test.each([
    [{ order: [1, 2] }, true],
    [{ main: 3, alt: [{ id: 3, text: "  Front three-quarter  " }] }, true],
    [{ order: ["1"] }, false],
    [{ order: [0] }, false],
    [{ main: -1 }, false],
    [{ alt: [{ id: 1, text: "x".repeat(201) }] }, false],
    [{ order: Array.from({ length: 51 }, (_, i) => i + 1) }, false],
    [{ __proto__: { main: 1 } }, true], // an inherited key is not a field
    [{ unknown: 1 }, false],
  ])("%j valid: %s", (body, ok) => expect(PhotoEditSchema.safeParse(body).success).toBe(ok));

  test("alt text is trimmed", () => expect(PhotoEditSchema.parse({ alt: [{ id: 1, text: "  Front  " }] }).alt![0]!.text).toBe("Front"));
});

describe("vehicleImageColumns", () => {
  test("the main photo is primary_image_url; thumbnails list every photo main first; photos_count counts them", () => {
    expect(vehicleImageColumns([photo(2, 1, "Side"), photo(1, 0, "Front")])).toEqual({
      primaryImageUrl: `/images/${"a".repeat(63)}1.jpg`,
      thumbnails: [`/images/${"a".repeat(63)}1.jpg`, `/images/${"a".repeat(63)}2.jpg`],
      photoAlts: ["Front", "Side"],
      photosCount: 2,
    });
  });
  test("no photos: the placeholder, which the spec's rule replaces with the first thumbnail once there is one", () =>
    expect(vehicleImageColumns([])).toEqual({ primaryImageUrl: "/images/placeholder.jpg", thumbnails: [], photoAlts: [], photosCount: 0 }));
});
