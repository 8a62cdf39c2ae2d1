import { describe, expect, test } from "vitest";
import { isPrimaryAction, overlaps, readOn, stepsAside, teaserDue, toolsFor, type Box, type Control, type OverlayScene } from "./overlays";
import { CHAT_TEASER_MS } from "../analytics/timings";

const box = (top: number, left: number, bottom: number, right: number): Box => ({ top, left, bottom, right });
/** a phone, scrolled a screen down, a bar along the bottom; nothing else on the page */
const scene = (over: Partial<OverlayScene>): OverlayScene => ({
  kind: "bar",
  box: box(780, 0, 844, 390),
  viewport: { width: 390, height: 844 },
  scrollY: 900,
  phone: true,
  editing: false,
  forms: [],
  controls: [],
  cards: [],
  ...over,
});
const launcher = box(780, 326, 828, 374);
const enquire = box(790, 16, 834, 374);
const card = box(300, 16, 900, 374);
const form = box(500, 16, 1400, 374);

describe("overlaps", () => {
  test.each([
    [box(0, 0, 10, 10), box(5, 5, 15, 15), true],
    [box(0, 0, 10, 10), box(10, 0, 20, 10), false],
    [box(0, 0, 10, 10), box(9, 0, 20, 10), false],
    [box(0, 0, 10, 10), box(0, 20, 10, 30), false],
  ])("%o and %o: %s", (a, b, want) => expect(overlaps(a, b)).toBe(want));
});

describe("when a fixed thing steps aside", () => {
  test.each<[string, Partial<OverlayScene>, boolean]>([
    ["a bar scrolled down on a phone, nothing under it", {}, false],
    ["a bar on a phone's first screen", { scrollY: 0 }, true],
    ["a bar on a phone, scrolled less than half a screen", { scrollY: 421 }, true],
    ["a bar on a phone, scrolled half a screen", { scrollY: 422 }, false],
    [
      "the desktop's side tab on the first screen",
      { phone: false, scrollY: 0, box: box(300, 1270, 560, 1366), viewport: { width: 1366, height: 900 } },
      false,
    ],
    ["a bar over a form", { forms: [form] }, true],
    ["a bar over a form that is off the screen", { forms: [box(900, 16, 1400, 374)] }, false],
    ["a bar while a field has focus", { editing: true }, true],
    ["a bar over a card's Enquire as the page scrolls (no blinking)", { controls: [enquire], cards: [card] }, false],
    ["the launcher over nothing", { kind: "chat", box: launcher, scrollY: 0 }, false],
    ["the launcher over Enquire", { kind: "chat", box: launcher, scrollY: 0, controls: [enquire] }, true],
    ["the launcher over a card, clear of its buttons", { kind: "chat", box: launcher, cards: [card] }, false],
    ["the launcher over a form", { kind: "chat", box: launcher, forms: [form] }, true],
    ["the teaser over a card", { kind: "teaser", box: box(780, 100, 824, 316), cards: [card] }, true],
    ["the teaser beside the cards", { kind: "teaser", box: box(780, 100, 824, 316), cards: [box(0, 16, 700, 374)] }, false],
    ["the teaser while a field has focus", { kind: "teaser", box: launcher, editing: true }, true],
  ])("%s: %s", (_, s, want) => expect(stepsAside(scene(s))).toBe(want));
});

describe("the shopper has read on (the teaser's engagement)", () => {
  test.each([
    [0, 844, 3000, false],
    [280, 844, 3000, false],
    [282, 844, 3000, true],
    [120, 844, 120, true], // a short page read to its end
    [0, 844, 0, false], // a page that does not scroll
  ])("scrolled %i of a %i px screen, %i px to scroll: %s", (y, h, max, want) => expect(readOn(y, h, max)).toBe(want));
});

describe("the chat's teaser: the spec's 3 s after load; on a phone, once the shopper has read on too", () => {
  test("the spec's 3000 ms", () => expect(CHAT_TEASER_MS).toBe(3000));
  test.each([
    ["a desktop at 3 s, not scrolled", 3000, 1366, false, true],
    ["a desktop before 3 s", 2999, 1366, false, false],
    ["a tablet (768 px) at 3 s", 3000, 768, false, true],
    ["a phone at 3 s, not scrolled: it would cover the first screen's actions", 3000, 390, false, false],
    ["a phone at 3 s, read on", 3000, 390, true, true],
    ["a phone read on before 3 s", 1000, 390, true, false],
  ])("%s → %s", (_, sinceLoadMs, viewportWidth, read, due) =>
    expect(teaserDue({ sinceLoadMs, teaserMs: CHAT_TEASER_MS, viewportWidth, readOn: read })).toBe(due),
  );
});

describe("no tool links to the page it is on", () => {
  const tools = [
    { href: "/book-test-drive" },
    { href: "/trade-in" },
    { href: "/finance-pre-approval" },
    { href: "https://example.com/trade-in" },
  ];
  test.each([
    ["/", 4],
    ["/trade-in", 3],
    ["/trade-in/", 3],
    ["/Trade-In", 3],
    ["/trade-in/thanks", 4],
    ["/book-test-drive", 3],
  ])("on %s: %i tools", (path, n) => {
    const left = toolsFor(tools, path);
    expect(left).toHaveLength(n);
    expect(left.map((t) => t.href)).not.toContain(path.toLowerCase().replace(/\/$/, ""));
  });
  test("the query of a tool's address does not hide a match", () => expect(toolsFor([{ href: "/finance?x=1" }], "/finance")).toEqual([]));
});

describe("the primary actions nothing may cover", () => {
  const c = (over: Partial<Control>): Control => ({ label: "", href: null, submit: false, heart: false, ...over });
  test.each<[string, Control, boolean]>([
    ["the heart", c({ heart: true, label: "Save 2024 Mazda CX-5" }), true],
    ["a Submit", c({ submit: true, label: "Send enquiry" }), true],
    ["a phone number", c({ href: "tel:+61398701000", label: "(03) 9870 1000" }), true],
    ["Call", c({ href: "#", label: "Call" }), true],
    ["a card's Enquire Now", c({ href: "/cars/x#enquiry-form", label: "Enquire Now: 2024 Mazda CX-5" }), true],
    ["an offer's Enquire", c({ href: "/contact?offer=1", label: "Enquire about this offer" }), true],
    ["Message Now", c({ label: "  Message Now" }), true],
    ["Send", c({ label: "Send message" }), true],
    ["a menu link", c({ href: "/finance", label: "Finance" }), false],
    ["a word that only starts alike", c({ label: "Callout" }), false],
    ["Sender", c({ label: "Sender details" }), false],
  ])("%s: %s", (_, control, want) => expect(isPrimaryAction(control)).toBe(want));
});
