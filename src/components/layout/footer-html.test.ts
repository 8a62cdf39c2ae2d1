// @vitest-environment happy-dom
import { describe, expect, test } from "vitest";
import type { SiteContext } from "@/domain/site/context";
import { footerViewHtml, safeHref } from "./footer-html";
import { cachedFooterView, footerView } from "./footer-view";

/** The footer as the page draws it: the site's view through the template. */
const footerHtml = (c: SiteContext, year: number) => footerViewHtml(footerView(c, year));

const ctx = (change: { name?: string; footer?: SiteContext["footer"]; social?: Record<string, string>; email?: string } = {}) =>
  ({
    site: {
      name: change.name ?? "Parkside Motor Group",
      phone: "(03) 9870 1000",
      email: change.email ?? "sales@parkside.example",
      country: "AU",
      socialUrls: change.social ?? { facebook: "https://facebook.com/parkside" },
      openingHours: [
        { weekday: 0, status: "Closed", open: null, close: null },
        { weekday: 1, status: "Open", open: "08:30", close: "17:30" },
      ],
    },
    locations: [{ address: { full: "1 Main St, Ringwood VIC 3134" } }],
    footer: change.footer ?? [{ title: "Our Dealerships", links: [{ label: "All Dealerships", href: "/dealerships/all" }] }],
  }) as unknown as SiteContext;

const parse = (html: string) => {
  const el = document.createElement("footer");
  el.innerHTML = html;
  return el;
};

describe("the footer as HTML text", () => {
  test("find us, hours Monday first, menus, contact and social links", () => {
    const f = parse(footerHtml(ctx(), 2026));
    expect(f.querySelector("#find-us")!.textContent).toBe(" Find Us");
    expect(f.querySelector("p.text-sm")!.textContent).toBe("1 Main St, Ringwood VIC 3134");
    expect([...f.querySelectorAll("[data-testid=site-hours] tr")].map((tr) => tr.textContent)).toEqual([
      "Monday8:30 am - 5:30 pm",
      "SundayClosed",
    ]);
    const menu = f.querySelector("nav[aria-label='Our Dealerships'] a")!;
    expect([menu.textContent, menu.getAttribute("href"), menu.getAttribute("target")]).toEqual([
      "All Dealerships",
      "/dealerships/all",
      null,
    ]);
    expect(f.textContent).toContain("© 2026 Parkside Motor Group");
    expect(f.querySelector("a[href^='tel:']")!.getAttribute("href")).toBe("tel:+61398701000");
    const social = f.querySelector("[aria-label='Social media'] a")!;
    expect([social.getAttribute("target"), social.getAttribute("rel"), social.getAttribute("data-track")]).toEqual([
      "_blank",
      "noopener noreferrer",
      "34",
    ]);
  });

  // the site record, its menus and social links are the dealer's (and the platform API's) to write
  test.each(["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'])("%j stays text", (bad) => {
    const f = parse(
      footerHtml(
        ctx({
          name: bad,
          email: bad,
          footer: [{ title: bad, links: [{ label: bad, href: `/${bad}` }] }],
          social: { [bad]: "https://x.example" },
        }),
        2026,
      ),
    );
    expect(f.querySelectorAll("script, img, [onerror]").length).toBe(0);
    expect(f.querySelector("nav")!.getAttribute("aria-label")).toBe(bad);
    expect(f.textContent).toContain(`© 2026 ${bad}`);
  });

  test.each([
    ["/contact", "/contact"],
    ["https://facebook.com/x", "https://facebook.com/x"],
    ["tel:+61398701000", "tel:+61398701000"],
    ["mailto:a@b.example", "mailto:a@b.example"],
    ["javascript:alert(1)", "#"],
    [" javascript:alert(1)", "#"],
    ["data:text/html,x", "#"],
    ["//evil.example", "#"],
  ])("the address %j becomes %j", (href, want) => expect(safeHref(href)).toBe(want));

  test("made once per site record and year", () => {
    const c = ctx();
    const first = cachedFooterView(c, 2026);
    expect(cachedFooterView(c, 2026)).toBe(first);
    expect(cachedFooterView(c, 2027).year).toBe(2027);
  });
});
