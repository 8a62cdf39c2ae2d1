// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Heart } from "lucide";
import { describe, expect, test } from "vitest";
import type { CardView } from "@/domain/stock/card-view";
import { cardBodyHtml, cardHtml, heartHtml } from "./card-html";

const view: CardView = {
  id: 206,
  href: "/cars/2026-kgm-rexton-elx-pmg10205",
  title: "2026 KGM Rexton ELX",
  image: "/images/demo/suv/grey/1.jpg",
  imageQuality: 75,
  condition: "New",
  price: "$57,990",
  priceType: "Excl. Govt. Charges",
  subscription: "Or subscribe from $394 a week",
  repayment: "$129/wk*",
  distance: null,
  facts: ["14 km", "Automatic", "Diesel"],
  location: "Parkside KGM",
  tags: ["New Arrival"],
  sold: false,
  enquireText: "Enquire Now",
  slug: "2026-kgm-rexton-elx-pmg10205",
  make: "KGM",
  model: "Rexton",
};

/** The card as the browser reads it. */
const parse = (html: string) => {
  const el = document.createElement("div");
  el.innerHTML = html;
  return el;
};

describe("a card as HTML text", () => {
  test("what a shopper sees and a screen reader hears", () => {
    const card = parse(cardHtml(view, { priority: false, saved: false }));
    expect(card.querySelector("[data-testid=vehicle-card] h3 a")!.getAttribute("href")).toBe(view.href);
    expect(card.querySelector("h3")!.textContent).toBe(view.title);
    expect(card.querySelector(".vc-p")!.textContent).toBe("$57,990Excl. Govt. Charges");
    expect(card.querySelector(".vc-s")!.textContent).toBe(view.subscription);
    expect(card.querySelector(".vc-r")!.textContent).toBe("$129/wk*"); // "Repayments from" is the CSS's alternative text
    expect([...card.querySelectorAll(".vc-f li")].map((li) => li.textContent)).toEqual(view.facts);
    expect(card.querySelector(".vc-l")!.textContent).toBe("Parkside KGM");
    // where the shopper said where they are, how far
    expect(
      parse(cardHtml({ ...view, distance: "12 km away" }, { priority: false, saved: false })).querySelector(".vc-l")!.textContent,
    ).toBe("Parkside KGM · 12 km away");
    expect(card.querySelector(".tag")!.textContent).toBe("New Arrival");
    const enquire = card.querySelector(".btn-enquire")!;
    expect([enquire.getAttribute("href"), enquire.getAttribute("aria-label")]).toEqual([
      `${view.href}#enquiry-form`,
      "Enquire Now: 2026 KGM Rexton ELX",
    ]);
    const img = card.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe(view.title);
    expect(
      img
        .getAttribute("srcset")!
        .split(", ")
        .map((c) => c.split(" ")[1]),
    ).toEqual(["640w", "828w", "1080w", "1200w"]);
    expect(img.getAttribute("loading")).toBe("lazy");
    const heart = card.querySelector("button[data-fav]")!;
    expect([heart.getAttribute("data-fav"), heart.getAttribute("aria-pressed"), heart.getAttribute("aria-label")]).toEqual([
      "206",
      "false",
      "Save 2026 KGM Rexton ELX",
    ]);
  });

  test.each([
    ["the first row", true, ["eager", "high"]],
    ["further down", false, ["lazy", null]],
  ])("%s: the photo's loading", (_, priority, [loading, fetchpriority]) => {
    const img = parse(cardBodyHtml(view, priority)).querySelector("img")!;
    expect([img.getAttribute("loading"), img.getAttribute("fetchpriority")]).toEqual([loading, fetchpriority]);
  });

  test.each([
    [
      "no price type, subscription, facts, location or tags",
      { priceType: null, subscription: null, repayment: null, facts: [], location: null, tags: [] },
      0,
    ],
    ["sold", { tags: ["JUST SOLD"], sold: true }, 1],
  ])("%s", (_, change, tags) => {
    const card = parse(cardHtml({ ...view, ...change }, { priority: false, saved: false }));
    expect(card.querySelectorAll(".tag").length).toBe(tags);
    if (tags) expect(card.querySelector(".tag")!.className).toBe("tag tag-sold");
    else expect(card.querySelectorAll(".vc-s, .vc-r, .vc-f, .vc-l, .vc-p span").length).toBe(0);
  });

  test("a saved car's heart is pressed", () =>
    expect(parse(heartHtml(view, true)).querySelector("button")!.getAttribute("aria-pressed")).toBe("true"));

  // a dealer's feed writes the titles, facts and locations: nothing in them may become markup
  test.each(["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "' onmouseover='alert(1)", "&lt;b&gt;"])(
    "%j stays text",
    (bad) => {
      const hostile: CardView = {
        ...view,
        title: bad,
        condition: bad,
        price: bad,
        priceType: bad,
        subscription: bad,
        repayment: bad,
        distance: bad,
        facts: [bad],
        location: bad,
        tags: [bad],
        enquireText: bad,
        href: `/cars/${bad}`,
        image: `/images/${bad}`,
      };
      const card = parse(cardHtml(hostile, { priority: false, saved: false }));
      expect(card.querySelectorAll("script, [onerror], [onmouseover], b").length).toBe(0);
      expect(card.querySelector("h3")!.textContent).toBe(bad);
      expect(card.querySelector("img")!.getAttribute("alt")).toBe(bad);
      expect(card.querySelector("button")!.getAttribute("aria-label")).toBe(`Save ${bad}`);
      expect(card.querySelector("h3 a")!.getAttribute("href")).toBe(`/cars/${bad}`);
    },
  );
});

describe("a text-drawn card's heart", () => {
  test("is an empty button, so the CSS draws it (`.fav:empty`), outlined and filled once saved", () => {
    for (const saved of [false, true]) expect(parse(heartHtml(view, saved)).querySelector("button")!.childNodes.length).toBe(0);
    const css = readFileSync(join(__dirname, "../../app/globals.css"), "utf8");
    const rules = [...css.matchAll(/\.fav(\[aria-pressed="true"\])?:empty::before \{([^}]*)\}/g)];
    expect(rules.map((r) => Boolean(r[1]))).toEqual([false, true, false]); // drawn, saved, forced colours
    const fills = rules.slice(0, 2).map((r) => /fill='([^']*)'/.exec(r[2]!)?.[1]);
    expect(fills).toEqual(["none", "%23000"]);
    // the sprite's own heart (Lucide's, icon-set.ts), so a Lucide upgrade cannot leave two shapes
    const lucide = (Heart as unknown as Array<[string, { d?: string }]>).filter(([tag]) => tag === "path").map(([, a]) => a.d);
    for (const r of rules.slice(0, 2)) expect([/ d='([^']*)'/.exec(r[2]!)?.[1]]).toEqual(lucide);
  });
});
