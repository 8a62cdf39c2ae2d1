import { describe, expect, test } from "vitest";
import {
  applyPhotoEdit,
  fieldsOnce,
  mergeFeedPhotos,
  PhotoEditSchema,
  PhotoUploadFieldsSchema,
  PHOTOS_MSG,
  photoCountLine,
  photoView,
  shownPhotos,
  vehicleImageColumns,
  type FeedPhoto,
  type HeldPhoto,
  type VehiclePhoto,
} from "./photos";

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

/*
 * The merge, written short: a held row is "#id" (u = uploaded, f = from the feed at an address),
 * a feed photo is its address and key; the answer lists "#id" for a row kept and "+key" for a photo
 * added, then the rows removed.
 */
const up = (id: number): HeldPhoto => ({ id, key: `k${id}`, sourceUrl: null });
const fed = (id: number, url = `https://feed/${id}.jpg`, key = `k${id}`): HeldPhoto => ({ id, key, sourceUrl: url });
const feedPhoto = (n: number, key = `k${n}`): FeedPhoto => ({ key, sourceUrl: `https://feed/${n}.jpg` });
const merged = (r: ReturnType<typeof mergeFeedPhotos>) => [r.photos.map((p) => ("keep" in p ? `#${p.keep}` : `+${p.add.key}`)), r.removed];

describe("mergeFeedPhotos", () => {
  test.each<[string, HeldPhoto[], FeedPhoto[], boolean, [string[], number[]]]>([
    [
      "a car with nothing takes the feed's photos in its order",
      [],
      [feedPhoto(3), feedPhoto(1), feedPhoto(2)],
      false,
      [["+k3", "+k1", "+k2"], []],
    ],
    [
      "no person's order: the feed's order, then the uploads in theirs",
      [up(7), fed(1), up(8), fed(2)],
      [feedPhoto(2), feedPhoto(1), feedPhoto(3)],
      false,
      [["#2", "#1", "+k3", "#7", "#8"], []],
    ],
    [
      "a person's order: kept photos stay where they were, new feed photos go last",
      [fed(2), up(7), fed(1)],
      [feedPhoto(1), feedPhoto(3), feedPhoto(2)],
      true,
      [["#2", "#7", "#1", "+k3"], []],
    ],
    ["a photo gone from the feed is removed (person's order)", [fed(1), up(7), fed(2)], [feedPhoto(2)], true, [["#7", "#2"], [1]]],
    ["a photo gone from the feed is removed (feed's order)", [fed(1), fed(2), up(7)], [feedPhoto(2)], false, [["#2", "#7"], [1]]],
    ["uploads keep their place when the whole feed changes", [up(7), fed(1), up(8)], [feedPhoto(5)], true, [["#7", "#8", "+k5"], [1]]],
    [
      "the same picture at a new address is the same photo (its row kept)",
      [fed(1, "https://old/1.jpg"), fed(2)],
      [feedPhoto(2), { key: "k1", sourceUrl: "https://new/1.jpg" }],
      true,
      [["#1", "#2"], []],
    ],
    [
      "the same address is the same photo (a feed gives a new picture a new address: docs/features/photos.md)",
      [fed(1, "https://feed/1.jpg", "old")],
      [feedPhoto(1, "new")],
      true,
      [["#1"], []],
    ],
    ["the feed's copy of an uploaded picture is not added twice", [up(7)], [feedPhoto(7), feedPhoto(1)], false, [["+k1", "#7"], []]],
    [
      "a kept photo's picture under another address is not added beside it",
      [fed(1, "https://feed/1.jpg", "k1")],
      [feedPhoto(1, "k9"), feedPhoto(2, "k1")],
      false,
      [["#1"], []],
    ],
    ["a picture listed twice by the feed is added once", [], [feedPhoto(1), feedPhoto(2, "k1")], false, [["+k1"], []]],
    ["an empty feed list removes the feed's photos and keeps the uploads", [fed(1), up(7)], [], false, [["#7"], [1]]],
  ])("%s", (_name, held, feed, ordered, want) => expect(merged(mergeFeedPhotos(held, feed, ordered))).toEqual(want));

  test.each<[string, HeldPhoto[], boolean, string[]]>([
    ["uploads and kept photos come first; the new ones at the end are left out", [up(7), fed(1)], true, ["#7", "#1", "+k2"]],
    ["so too in the feed's order", [up(7), fed(1)], false, ["#1", "+k2", "#7"]],
  ])("at most the maximum: %s", (_name, held, ordered, want) =>
    expect(merged(mergeFeedPhotos(held, [feedPhoto(1), feedPhoto(2), feedPhoto(3)], ordered, 3))[0]).toEqual(want),
  );

  test("a kept row carries the feed's new address (so the next feed finds it without downloading)", () => {
    const r = mergeFeedPhotos([fed(1, "https://old/1.jpg"), up(7)], [{ key: "k1", sourceUrl: "https://new/1.jpg" }], false);
    expect(r.photos).toEqual([
      { keep: 1, sourceUrl: "https://new/1.jpg" },
      { keep: 7, sourceUrl: null },
    ]);
  });
});

describe("shownPhotos", () => {
  test.each<[string, string[], string[], Array<{ key: string; sourceUrl: string; alt: string }>]>([
    [
      "the demo's drawings, with their alt text",
      ["/images/demo/suv/red/1.jpg", "/images/demo/suv/red/2.jpg"],
      ["Front", ""],
      [
        { key: "demo/suv/red/1.jpg", sourceUrl: "/images/demo/suv/red/1.jpg", alt: "Front" },
        { key: "demo/suv/red/2.jpg", sourceUrl: "/images/demo/suv/red/2.jpg", alt: "" },
      ],
    ],
    ["the placeholder is no photo", ["/images/placeholder.jpg"], [], []],
    ["an address the image service does not serve is left", ["https://cdn.example.com/a.jpg", "/photos/x.svg", "/images/"], [], []],
    ["an address with a query is left", ["/images/demo/a.jpg?w=640"], [], []],
    [
      "each once",
      ["/images/demo/a.jpg", "/images/demo/a.jpg"],
      ["One", "Two"],
      [{ key: "demo/a.jpg", sourceUrl: "/images/demo/a.jpg", alt: "One" }],
    ],
  ])("%s", (_name, thumbnails, alts, want) => expect(shownPhotos(thumbnails, alts)).toEqual(want));
});

describe("an upload's form fields", () => {
  test.each<[string, Array<[string, string]>, { replace: boolean } | "refused"]>([
    ["none: add", [], { replace: false }],
    ["replace=1", [["replace", "1"]], { replace: true }],
    ["replace=0", [["replace", "0"]], { replace: false }],
    ["replace=yes is refused", [["replace", "yes"]], "refused"],
    ["a NUL is refused", [["replace", "1\0"]], "refused"],
    ["an unknown field is refused", [["other", "1"]], "refused"],
    ["__proto__ is refused", [["__proto__", "1"]], "refused"],
    [
      "a field given twice is refused",
      [
        ["replace", "1"],
        ["replace", "0"],
      ],
      "refused",
    ],
  ])("%s", (_name, fields, want) => {
    const once = fieldsOnce(fields);
    const r = once === null ? null : PhotoUploadFieldsSchema.safeParse(once);
    expect(r?.success ? r.data : "refused").toEqual(want);
  });
});

test("a photo says whether it came from the feed", () => {
  expect(photoView({ ...photo(1, 0), sourceUrl: "https://feed/1.jpg" }).fromFeed).toBe(true);
  expect(photoView({ ...photo(1, 0), sourceUrl: null }).fromFeed).toBe(false);
  expect(photoView(photo(1, 0)).fromFeed).toBe(false);
});

describe("photoCountLine", () => {
  const of = (...fromFeed: boolean[]) => fromFeed.map((f) => ({ fromFeed: f }));
  test.each<[string, Array<{ fromFeed: boolean }>, number, string]>([
    ["none", [], 0, "No photos yet."],
    ["only shown ones (the demo's)", [], 14, "14 photos from the feed."],
    ["one shown", [], 1, "1 photo from the feed."],
    ["feed and uploads", of(true, true, false), 0, "3 photos: 2 from the feed, 1 uploaded."],
    ["only uploads", of(false), 0, "1 photo: 1 uploaded."],
    ["only the feed's", of(true, true), 0, "2 photos: 2 from the feed."],
  ])("%s", (_name, photos, shown, want) => expect(photoCountLine(photos, shown)).toBe(want));
});
