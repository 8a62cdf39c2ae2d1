import { describe, expect, test } from "vitest";
import {
  ALERT_DIGEST_EVERY_MS,
  alertMail,
  carNews,
  digestDue,
  digestSubject,
  isEmptyDigest,
  type AlertDigest,
  type WatchedCar,
} from "./alerts";

const car = (over: Partial<WatchedCar>): WatchedCar => ({
  vehicleId: 1,
  title: "2021 Mazda CX-5 Maxx",
  url: "https://example.com/cars/1",
  price: 30_000,
  status: "in_stock",
  alertPrice: 30_000,
  alertStatus: "in_stock",
  ...over,
});

describe("carNews: what a watched car has to tell", () => {
  test.each([
    ["the same price", car({}), []],
    ["a lower price", car({ price: 28_500 }), [{ kind: "price-drop", was: 30_000, now: 28_500 }]],
    ["a higher price", car({ price: 31_000 }), []],
    ["a first price (was enquire for price)", car({ alertPrice: null }), []],
    ["the price taken away", car({ price: null }), []],
    ["a zero price", car({ price: 0 }), []],
    ["sold, not yet told", car({ status: "sold", price: 25_000 }), [{ kind: "sold" }]],
    ["sold and already told", car({ status: "sold", alertStatus: "sold" }), []],
    ["back in stock after a sale fell through", car({ alertStatus: "sold" }), []],
  ] as const)("%s", (_, c, want) => {
    expect(carNews([c])).toEqual(want.map((w) => expect.objectContaining({ ...w, vehicleId: 1, title: c.title, url: c.url })));
  });
});

describe("digestDue: at most one digest a day", () => {
  const now = Date.parse("2026-11-18T09:00:00Z");
  test.each([
    ["never sent", null, true],
    ["sent an hour ago", new Date(now - 3_600_000), false],
    ["sent a minute short of a day ago", new Date(now - ALERT_DIGEST_EVERY_MS + 60_000), false],
    ["sent a day ago", new Date(now - ALERT_DIGEST_EVERY_MS), true],
    ["sent last week", new Date(now - 7 * 86_400_000), true],
  ])("%s → %s", (_, last, due) => expect(digestDue(last, now)).toBe(due));
});

const drop = {
  kind: "price-drop" as const,
  vehicleId: 1,
  title: "2021 Mazda CX-5 Maxx",
  url: "https://x.example/cars/a",
  was: 30_990,
  now: 28_990,
};
const sold = { kind: "sold" as const, vehicleId: 2, title: "2019 Ford Ranger XLT", url: "https://x.example/cars/b" };
const search = (count: number) => ({
  label: "Used Cars: Mazda",
  url: "https://x.example/search/used-cars/mazda",
  count,
  cars: Array.from({ length: Math.min(count, 5) }, (_, i) => ({
    title: `2024 Mazda CX-${i}`,
    url: `https://x.example/cars/n${i}`,
    price: 40_000 + i,
  })),
});

describe("digestSubject", () => {
  test.each<[string, AlertDigest, string]>([
    ["one price drop", { cars: [drop], searches: [] }, "Price drop: the 2021 Mazda CX-5 Maxx is now $28,990 at Parkside"],
    ["one sale", { cars: [sold], searches: [] }, "Sold: the 2019 Ford Ranger XLT at Parkside"],
    ["one search, one match", { cars: [], searches: [search(1)] }, "1 new match for Used Cars: Mazda at Parkside"],
    ["one search, many matches", { cars: [], searches: [search(12)] }, "12 new matches for Used Cars: Mazda at Parkside"],
    ["a drop and a search", { cars: [drop], searches: [search(2)] }, "2 updates on trucks you follow at Parkside"],
    ["a search without news is not counted", { cars: [sold], searches: [search(0)] }, "Sold: the 2019 Ford Ranger XLT at Parkside"],
  ])("%s", (_, d, want) => expect(digestSubject("Parkside", d, "trucks")).toBe(want));

  test("an empty digest is empty", () => {
    expect(isEmptyDigest({ cars: [], searches: [search(0)] })).toBe(true);
    expect(isEmptyDigest({ cars: [sold], searches: [] })).toBe(false);
  });
});

describe("alertMail", () => {
  const input = {
    site: { name: "Parkside <Motors> & Co", colour: "#0b3d91", nouns: "cars" },
    name: "Sam <script>",
    digest: { cars: [drop, sold], searches: [search(7)] },
    manageUrl: "https://x.example/my-garage",
    unsubscribeUrl: "https://x.example/alerts/unsubscribe?token=1.a.b&x=1",
  };
  const mail = alertMail(input);

  test("the text says each piece of news with its link, how often we write, and how to stop", () => {
    expect(mail.text).toContain("- 2021 Mazda CX-5 Maxx: now $28,990, was $30,990 ($2,000 less)\n  https://x.example/cars/a");
    expect(mail.text).toContain("- 2019 Ford Ranger XLT has sold. Similar cars may still be in stock.");
    expect(mail.text).toContain("7 new matches for Used Cars: Mazda");
    expect(mail.text).toContain("and 2 more: https://x.example/search/used-cars/mazda");
    expect(mail.text).toContain("We send at most one email a day.");
    expect(mail.text).toContain("Unsubscribe from every alert: https://x.example/alerts/unsubscribe?token=1.a.b&x=1");
    expect(mail.subject).toBe("3 updates on cars you follow at Parkside <Motors> & Co");
  });

  test("the HTML wears the site's colour with readable text, and escapes every value", () => {
    expect(mail.html).toContain("background:#0b3d91;color:#ffffff");
    expect(mail.html).toContain("Parkside &lt;Motors&gt; &amp; Co");
    expect(mail.html).toContain("Hello Sam &lt;script&gt;,");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://x.example/alerts/unsubscribe?token=1.a.b&amp;x=1"');
    expect(mail.html).toContain("See all 7");
  });

  test("a colour that is not a plain hex colour never reaches the markup", () => {
    const odd = alertMail({ ...input, site: { ...input.site, colour: "red;background:url(x)" } });
    expect(odd.html).not.toContain("url(x)");
    expect(odd.html).toContain("background:#1f2937");
  });
});
