import { beforeEach, describe, expect, test, vi } from "vitest";

/*
 * The platform's own artwork (body outlines, brand emblems, the placeholder) is drawn for every
 * dealer without the demo code; the demo code is loaded only for a path shaped like a demo drawing.
 */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/server/demo", async (original) => {
  loads.count++;
  return original();
});

const { GET } = await import("./route");
const get = (path: string) => {
  const url = new URL(path, "http://localhost");
  const parts = url.pathname.replace(/^\/photos\//, "").split("/");
  return GET(new Request(url), { params: Promise.resolve({ parts }) });
};

describe("the /photos route and the demo seam", { timeout: 20_000 }, () => {
  beforeEach(() => {
    loads.count = 0;
    vi.resetModules();
  });

  test.each([
    "/photos/placeholder.svg",
    "/photos/body/suv.svg",
    "/photos/brand/mazda.svg",
    "/photos/x/y/z",
    "/photos/suv/red/1.png",
    "/photos/scene/%00.svg",
  ])("%s does not load the demo code", async (path) => {
    await get(path);
    expect(loads.count).toBe(0);
  });

  test("a demo drawing loads it", async () => {
    const res = await get("/photos/suv/red/1.svg");
    expect(res.status).toBe(200);
    expect(loads.count).toBe(1);
  });
});
