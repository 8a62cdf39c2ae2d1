import { describe, expect, test } from "vitest";
import { parsePhotoPath } from "@/server/demo/photos";
import { GET } from "./route";

const get = (path: string) => {
  const url = new URL(path, "http://localhost");
  const parts = url.pathname
    .replace(/^\/photos\//, "")
    .split("/")
    .map(decodeURIComponent);
  return GET(new Request(url), { params: Promise.resolve({ parts }) });
};

describe("GET /photos/{body}/{colour}/{n}.svg", () => {
  test.each([
    ["showroom", "A row of cars"],
    ["motorcycles", "Two motorcycles"],
    ["campers", "A campervan and a caravan"],
    ["trucks", "A prime mover"],
    ["rv", "A motorhome and a fifth wheel"],
  ])("the %s hero scene is drawn, under the same script-free headers", async (name, label) => {
    const res = await get(`/photos/scene/${name}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(await res.text()).toContain(`aria-label="${label}`);
  });
  test.each([
    ["skoda", "Škoda logo"],
    ["mercedes-benz", "Mercedes-Benz logo"],
    ["thor-motor-coach", "Thor Motor Coach logo"],
  ])("the %s emblem is drawn with its name", async (slug, label) => {
    const res = await get(`/photos/brand/${slug}.svg`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`aria-label="${label}"`);
  });

  test("draws a known body and colour, with headers that forbid script", async () => {
    const res = await get("/photos/suv/red/2.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toContain('aria-label="SUV in Red, side"');
  });

  test.each([
    ["/photos/x%22%20onload%3D%22alert(document.domain)/red/1.svg"],
    ["/photos/suv/%3Cscript%3E/1.svg"],
    ["/photos/suv/red/0.svg"],
    ["/photos/suv/red/51.svg"],
    ["/photos/suv/red/1.svg.svg"],
    ["/photos/suv/red/01.svg"],
    ["/photos/__proto__/red/1.svg"],
    ["/photos/suv/constructor/1.svg"],
    ["/photos/suv/red"],
    ["/photos/suv/red/1.svg/extra"],
    ["/photos/scene/nowhere.svg"],
    ["/photos/scene/__proto__.svg"],
    ["/photos/scene/constructor.svg"],
    ["/photos/scene/showroom.jpg"],
    ["/photos/scene/showroom"],
    ["/photos/brand/toString.svg"],
    ["/photos/brand/%3Csvg%20onload%3Dalert(1)%3E.svg"],
    ["/photos/brand/unknown-brand.svg"],
  ])("%s is a 404 with no markup", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).not.toContain("<");
  });

  test("share-image sizes are numbers within bounds, else the default box", async () => {
    expect(await (await get("/photos/sedan/blue/1.svg?w=1200&h=630&fit=crop")).text()).toContain('width="1200" height="630"');
    const odd = await (await get('/photos/sedan/blue/1.svg?w=1200"onload="x&h=630&fit=crop')).text();
    expect(odd).toContain('width="800" height="450"');
    expect(odd).not.toContain("onload");
  });

  test.each([
    // a model's address, and the older one without a model (drawn in the body type's plain look)
    [["suv", "red", "skoda-karoq", "3.jpg"], { body: "SUV", colour: "Red", model: "Skoda Karoq", n: 3, format: "jpg" }],
    [
      ["class-c-motorhome", "white", "thor-motor-coach-four-winds", "14.svg"],
      { body: "class c motorhome", colour: "White", model: "Thor Motor Coach Four Winds", n: 14, format: "svg" },
    ],
    [["class-c-motorhome", "white", "14.svg"], { body: "class c motorhome", colour: "White", model: null, n: 14, format: "svg" }],
    [["suv", "red", "2.jpg"], { body: "SUV", colour: "Red", model: null, n: 2, format: "jpg" }],
    [["suv", "red", "2.png"], null],
    [["toString", "white", "1.svg"], null],
    [["suv", "red", "skoda-yeti", "1.jpg"], null], // not in the catalogue
    [["suv", "red", "toyota-hilux", "1.jpg"], null], // a ute, not an SUV
    [["suv", "red", "__proto__", "1.jpg"], null],
    [["suv", "red", "constructor", "1.jpg"], null],
    [["suv", "red", "skoda-karoq\u0000", "1.jpg"], null],
    [["suv", "red", "skoda%2Dkaroq", "1.jpg"], null],
    [["suv", "red", "skoda-karoq", "51.jpg"], null],
    [["suv", "red", "skoda-karoq", "1.jpg", "x"], null],
  ] as const)("parsePhotoPath(%j) → %j: only the catalogue's bodies, colours and models", (parts, expected) => {
    expect(parsePhotoPath(parts)).toEqual(expected);
  });

  test("a model's drawing answers as SVG; an unknown model is a 404", async () => {
    const res = await get("/photos/suv/red/nissan-x-trail/4.svg");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('aria-label="Nissan X-Trail in Red, dashboard"');
    expect((await get("/photos/suv/red/nissan-skyline/4.svg")).status).toBe(404);
    expect((await get("/photos/suv/red/%00/4.svg")).status).toBe(404);
  });
});

describe("share images are raster", () => {
  test.each([
    ["/photos/travel-trailer/white/1.jpg?w=1200&h=630&fit=crop&q=80", "/images/demo/travel-trailer/white/1.jpg?w=1200&h=630&fit=crop&q=80"],
    ["/photos/suv/red/2.jpg", "/images/demo/suv/red/2.jpg"],
    ["/photos/class-c-motorhome/white/14.jpg?w=640", "/images/demo/class-c-motorhome/white/14.jpg?w=640"],
    // a size or quality the image service does not make: the photo at its default size, never a 400
    ["/photos/suv/red/2.jpg?w=800&q=90", "/images/demo/suv/red/2.jpg"],
    ["/photos/suv/red/2.jpg?utm_source=x", "/images/demo/suv/red/2.jpg"],
    ["/photos/suv/red/subaru-forester/2.jpg?w=640", "/images/demo/suv/red/subaru-forester/2.jpg?w=640"],
  ])("the .jpg of a drawing is the image service's demo photo: %s → %s (308)", async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(location);
    expect(await res.text()).toBe("");
  });

  test.each([
    ["/photos/suv/red/99.jpg"],
    ["/photos/suv/%3Cscript%3E/1.jpg"],
    ["/photos/toString/red/1.jpg"],
    ["/photos/suv/red/__proto__/1.jpg"],
  ])("an unknown photo %s is a 404, not a redirect", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("location")).toBeNull();
  });

  test("a travel trailer is drawn as a caravan, not a motorbike", async () => {
    const { shapeFor } = await import("@/domain/artwork/svg");
    expect(shapeFor("travel trailer")).toBe("caravan");
    expect(shapeFor("fifth wheel")).toBe("caravan");
    expect(shapeFor("trail")).toBe("motorcycle");
    expect(shapeFor("class c motorhome")).toBe("camper");
  });
});
