import { expect, test } from "vitest";
import { siteLogo } from "./logo";

test.each([
  [
    { url: "/photos/logo/a.svg", thumb: "/photos/logo/a-mark.svg" },
    { full: "/photos/logo/a.svg", small: "/photos/logo/a-mark.svg" },
  ],
  [{ url: "https://cdn.example.com/a.png" }, { full: "https://cdn.example.com/a.png", small: "https://cdn.example.com/a.png" }],
  [{ thumb: "/a-mark.svg" }, { full: "/a-mark.svg", small: "/a-mark.svg" }],
  [
    { url: "javascript:alert(1)", thumb: "//evil.example/x.png" },
    { full: null, small: null },
  ],
  [{ banner: "/photos/scene/showroom.svg" }, { full: null, small: null }],
])("logo %j → %j", (logo, shown) => expect(siteLogo(logo)).toEqual(shown));
