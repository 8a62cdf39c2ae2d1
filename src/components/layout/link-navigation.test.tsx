// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, expect, test, vi } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const router = { push: vi.fn(), prefetch: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router }));
const { LinkNavigation, NAVIGATION_WATCHDOG_MS, PREFETCH_AFTER_MS } = await import("./link-navigation");

/*
 * The island that gives plain links client-side navigation: a click the router drops still gets
 * there (the browser is sent), and a prefetch waits for the pointer to rest on a link.
 */

let root: Root;
let link: HTMLAnchorElement;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let assignSpy: { mockRestore(): void };
beforeEach(async () => {
  vi.useFakeTimers();
  router.push.mockReset();
  router.prefetch.mockReset();
  history.replaceState(null, "", "/cars/a-car#repayments");
  assign = vi.fn<(url: string | URL) => void>();
  assignSpy = vi.spyOn(window.location, "assign").mockImplementation(assign);
  document.body.innerHTML = '<a href="/finance?vehicle=7&amp;deposit=5000">Apply for finance</a><div id="root"></div>';
  link = document.querySelector("a")!;
  root = createRoot(document.getElementById("root")!);
  await act(async () => root.render(<LinkNavigation />));
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
  assignSpy.mockRestore();
});

const click = () => link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
const pointer = (pointerType: string) => link.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType }));

test("a click the router drops is sent by the browser after the watchdog's time; one it shows is left alone", () => {
  click();
  expect(router.push).toHaveBeenCalledWith("/finance?vehicle=7&deposit=5000", { scroll: true });
  vi.advanceTimersByTime(NAVIGATION_WATCHDOG_MS - 1);
  expect(assign).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(assign).toHaveBeenCalledWith(link.href);

  assign.mockClear();
  click();
  history.pushState(null, "", "/finance?vehicle=7&deposit=5000"); // the router showed it
  vi.advanceTimersByTime(NAVIGATION_WATCHDOG_MS);
  expect(assign).not.toHaveBeenCalled();
});

test("a link to the page already shown arms no watchdog (nothing would change to see)", () => {
  history.replaceState(null, "", "/finance?vehicle=7&deposit=5000");
  click();
  expect(router.push).toHaveBeenCalled();
  vi.advanceTimersByTime(NAVIGATION_WATCHDOG_MS * 2);
  expect(assign).not.toHaveBeenCalled();
});

test("a prefetch waits for the pointer to rest on the link; a touch, or a click first, asks for none", () => {
  pointer("touch");
  vi.advanceTimersByTime(PREFETCH_AFTER_MS * 2);
  expect(router.prefetch).not.toHaveBeenCalled();
  pointer("mouse");
  click();
  vi.advanceTimersByTime(PREFETCH_AFTER_MS * 2);
  expect(router.prefetch).not.toHaveBeenCalled();
  pointer("mouse");
  vi.advanceTimersByTime(PREFETCH_AFTER_MS - 1);
  expect(router.prefetch).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(router.prefetch).toHaveBeenCalledWith("/finance?vehicle=7&deposit=5000");
});
