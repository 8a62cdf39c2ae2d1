// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { ICON_SET } from "./icon-set";
import * as icons from "./icons";

const components = Object.entries(icons).filter(([name, v]) => typeof v === "function" && /^[A-Z]/.test(name)) as Array<
  [string, (p: icons.IconProps) => React.ReactNode]
>;

describe("icons from the sprite", () => {
  test.each(components)("%s refers to a symbol the sprite has", (_, Icon) => {
    const { container } = render(<Icon aria-hidden className="size-5" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("class")).toBe("icon size-5");
    const href = svg.querySelector("use")!.getAttribute("href")!;
    expect(href.startsWith(`${icons.ICON_SPRITE}#`)).toBe(true);
    expect(Object.keys(ICON_SET)).toContain(href.split("#")[1]);
  });
});
