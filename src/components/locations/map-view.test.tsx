// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true } }
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { MAP_TEXT, MapView } from "./map-view";

let intersect: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private cb: (e: Array<{ isIntersecting: boolean }>) => void) {}
      observe() {
        intersect = () => this.cb([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.google;
  document.head.querySelectorAll("script[data-maps]").forEach((s) => s.remove());
});

const props = {
  lat: -37.81,
  long: 145.23,
  title: "Parkside Mazda",
  address: "132 Maroondah Highway, Ringwood VIC 3134",
  directions: "https://www.google.com/maps/dir/?api=1&destination=-37.81,145.23",
};

describe("MapView (map loader)", () => {
  test("the placeholders are the spec's texts", () => {
    expect(MAP_TEXT).toEqual({ idle: "Google Maps is on idle", loading: "Google Maps is loading", error: "Google Maps is on error" });
  });

  test("no map key: the error state with the address and a directions link", () => {
    render(<MapView {...props} />);
    expect(screen.getByText("Google Maps is on error")).toBeTruthy();
    expect(screen.getByText(props.address)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Get Directions" }).getAttribute("href")).toBe(props.directions);
  });

  test("idle → loading → ready, a map at zoom 10 with a marker", async () => {
    const maps = { Map: vi.fn(), Marker: vi.fn() };
    render(<MapView {...props} scriptUrl="/fake-maps.js" />);
    expect(screen.getByText("Google Maps is on idle")).toBeTruthy();
    act(() => intersect());
    expect(screen.getByText("Google Maps is loading")).toBeTruthy();
    const script = document.head.querySelector<HTMLScriptElement>('script[data-maps="/fake-maps.js"]')!;
    expect(script).toBeTruthy();
    window.google = { maps: maps as never };
    await act(async () => script.dispatchEvent(new Event("load")));
    expect(screen.queryByRole("status")).toBeNull();
    expect(maps.Map).toHaveBeenCalledWith(expect.anything(), { center: { lat: -37.81, lng: 145.23 }, zoom: 10 });
    expect(maps.Marker).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("region", { name: "Map of Parkside Mazda" })).toBeTruthy();
  });

  test("a script that fails to load ends in the error state", async () => {
    render(<MapView {...props} mapKey="abc" />);
    act(() => intersect());
    const script = document.head.querySelector<HTMLScriptElement>("script[data-maps]")!;
    expect(script.src).toContain("key=abc");
    await act(async () => script.dispatchEvent(new Event("error")));
    expect(screen.getByText("Google Maps is on error")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Get Directions" })).toBeTruthy();
  });
});
