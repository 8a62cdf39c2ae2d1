import { describe, expect, test } from "vitest";
import { DEFAULT_FEATURES } from "./features";
import { buildFooter, buildHeaderMenu, offersService, siteNavigation, stockOffer, type NavContext } from "./navigation";
import { resolveSiteRoute } from "./routes";

const parksideLike: NavContext = {
  features: {
    ...DEFAULT_FEATURES,
    special_offers: true,
    finance_pre_approval: true,
    fleet: true,
    careers: true,
    blog: true,
    reviews: true,
  },
  noun: "Car",
  usedWord: "used",
  brands: [
    { name: "Suzuki", slug: "suzuki" },
    { name: "Škoda", slug: "skoda" },
  ],
  locations: [
    { name: "Parkside Suzuki", slug: "parkside-suzuki", type: "sales" },
    { name: "Parkside Service Centre", slug: "parkside-service-centre", type: "service" },
  ],
  carTypes: { new: 1, demo: 1, used: 1 },
  phone: "03 9870 1000",
  pages: ["about-us", "tyre-and-battery-centre", "community-partners-sponsorships", "privacy-policy", "terms-and-conditions"],
  offers: 5,
};

const truckLike: NavContext = {
  ...parksideLike,
  features: { ...DEFAULT_FEATURES, sell_my_car: true, enquire_button_message_now: true },
  noun: "Trucks",
  brands: [],
  locations: [{ name: "Toowoomba", slug: "toowoomba", type: "sales" }],
  pages: ["about-us", "privacy-policy", "terms-and-conditions"],
};

const yamahaLike: NavContext = {
  ...truckLike,
  features: { ...DEFAULT_FEATURES, blog: true, blog_path_news: true },
  noun: "Motorcycle",
  usedWord: "pre-owned",
  carTypes: { new: 3, demo: 0, used: 2 },
};

describe("header menu", () => {
  test("the example site shows the spec's menu, in order", () => {
    expect(buildHeaderMenu(parksideLike).map((i) => i.label)).toEqual([
      "Our Stock",
      "Brands",
      "Offers",
      "Sell My Car",
      "Service & Parts",
      "Tyre & Battery",
      "Finance",
      "More",
    ]);
  });

  test("Offers is shown while offers run: the count follows the data", () => {
    expect(buildHeaderMenu({ ...parksideLike, offers: 0 }).map((i) => i.label)).not.toContain("Offers");
    expect(buildHeaderMenu({ ...parksideLike, offers: 1 }).map((i) => i.label)).toContain("Offers");
  });

  test("entries are shown only where the site has them", () => {
    const labels = buildHeaderMenu(truckLike).map((i) => i.label);
    expect(labels).toEqual(["Our Stock", "Sell My Car", "Finance", "More"]);
    expect(buildHeaderMenu(truckLike).find((i) => i.label === "Sell My Car")!.href).toBe("/sell-my-car");
    expect(buildHeaderMenu(parksideLike).find((i) => i.label === "Sell My Car")!.href).toBe("/trade-in");
  });

  test("stock links use the noun, the used wording, and only types in stock", () => {
    const stock = buildHeaderMenu(yamahaLike)[0]!.children!.map((l) => l.label);
    expect(stock).toEqual(["All Motorcycles", "New Motorcycles", "Pre-owned Motorcycles", "Models"]);
  });

  test("blog is linked as /news where the site rewrites it", () => {
    const more = buildHeaderMenu(yamahaLike).find((i) => i.label === "More")!.children!;
    expect(more.find((l) => l.label === "News")!.href).toBe("/news");
  });

  test("the /pages prefix is dropped in links", () => {
    const tyre = buildHeaderMenu(parksideLike).find((i) => i.label === "Tyre & Battery")!;
    expect(tyre.href).toBe("/tyre-and-battery-centre");
  });
});

describe("a site with no stock (a new dealer's): no 0-car entries, no trade-in towards nothing", () => {
  const empty: NavContext = { ...parksideLike, carTypes: { new: 0, demo: 0, used: 0 } };
  const links = (ctx: NavContext) => [
    ...buildHeaderMenu(ctx).flatMap((i) => [i, ...(i.children ?? [])]),
    ...buildFooter(ctx).flatMap((g) => g.links),
  ];

  test("no menu entry lists a kind of car it has none of, and Our Stock has nothing under it", () => {
    const labels = links(empty).map((l) => l.label);
    expect(labels.filter((l) => /Cars$/.test(l))).toEqual([]);
    expect(buildHeaderMenu(empty)[0]).toEqual({ label: "Our Stock", href: "/search/new-used-and-demo-cars" });
  });

  test.each([
    ["no stock, trade-in site", { new: 0, demo: 0, used: 0 }, false, null],
    ["no stock, a site that buys cars", { new: 0, demo: 0, used: 0 }, true, "/sell-my-car"],
    ["stock, trade-in site", { new: 0, demo: 0, used: 1 }, false, "/trade-in"],
    ["stock, a site that buys cars", { new: 2, demo: 0, used: 0 }, true, "/sell-my-car"],
  ])("%s: the sell/trade entry → %s", (_, carTypes, sells, href) => {
    const ctx: NavContext = { ...parksideLike, carTypes, features: { ...parksideLike.features, sell_my_car: sells } };
    expect(stockOffer(ctx).sell?.href ?? null).toBe(href);
    expect(buildHeaderMenu(ctx).find((i) => i.label === "Sell My Car")?.href ?? null).toBe(href);
    expect(links(ctx).filter((l) => l.href === "/trade-in" || l.href === "/sell-my-car").length > 0).toBe(href !== null);
  });

  test.each([
    [{ new: 0, demo: 0, used: 0 }, null],
    [
      { new: 214, demo: 87, used: 112 },
      { count: 413, label: "413 Cars" },
    ],
  ])("the browse-all call to action for %j: %j", (carTypes, all) => expect(stockOffer({ ...parksideLike, carTypes }).all).toEqual(all));
});

describe("Book a Service only where the site has a service location", () => {
  const partsOnly: NavContext = { ...truckLike, locations: [{ name: "Toowoomba Parts", slug: "toowoomba-parts", type: "parts" }] };
  const labels = (ctx: NavContext) => [
    ...buildHeaderMenu(ctx).flatMap((i) => [i, ...(i.children ?? [])]),
    ...buildFooter(ctx).flatMap((g) => g.links),
  ];
  test.each([
    ["a sales and a service location", parksideLike, true],
    ["sales only", truckLike, false],
    ["a parts location, no service", partsOnly, false],
  ])("%s: offered %s", (_why, ctx, offered) => {
    expect(offersService(ctx.locations)).toBe(offered);
    expect(labels(ctx).some((l) => l.href === "/service")).toBe(offered);
    // parts are still offered wherever the site has them
    expect(labels(ctx).some((l) => l.label === "Parts & Accessories")).toBe(true);
  });
});

describe("footer", () => {
  test("groups in the spec's order", () => {
    expect(buildFooter(parksideLike).map((g) => g.title)).toEqual([
      "Our Dealerships",
      "Our Brands",
      "Buyer Tools",
      "Servicing & Parts",
      "Company",
    ]);
    expect(buildFooter(truckLike).map((g) => g.title)).not.toContain("Our Brands");
  });

  test("the privacy policy is linked on every site, with a page of its own or not", () => {
    for (const pages of [["privacy-policy"], []]) {
      const company = buildFooter({ ...truckLike, pages }).find((g) => g.title === "Company")!;
      expect(company.links).toContainEqual(expect.objectContaining({ label: "Privacy Policy", href: "/privacy-policy" }));
    }
  });
});

describe("no broken links", () => {
  test.each([
    ["parkside-like", parksideLike],
    ["truck-like", truckLike],
    ["yamaha-like", yamahaLike],
  ])("every header and footer link of a %s site resolves to a page", (_name, ctx) => {
    const links = [...buildHeaderMenu(ctx).flatMap((i) => [i, ...(i.children ?? [])]), ...buildFooter(ctx).flatMap((g) => g.links)];
    const route = {
      features: ctx.features,
      brandSlugs: ctx.brands.map((b) => b.slug),
      locationSlugs: ctx.locations.map((l) => l.slug),
      pageSlugs: ctx.pages,
      noun: ctx.noun,
      accounts: false,
    };
    for (const l of links) {
      const path = l.href.split("?")[0]!;
      expect(resolveSiteRoute(path, route), l.href).toMatchObject({ kind: "page" });
    }
  });
});

describe("resolveSiteRoute", () => {
  const ctx = {
    features: parksideLike.features,
    brandSlugs: ["suzuki"],
    locationSlugs: ["parkside-suzuki"],
    pageSlugs: parksideLike.pages,
    noun: "Car",
    accounts: true,
  };
  const trucks = { ...ctx, features: truckLike.features, pageSlugs: truckLike.pages, accounts: false };
  test.each([
    ["/finance-pre-approval", ctx, { kind: "page" }],
    ["/finance-pre-approval", trucks, { kind: "redirect", to: "/finance" }],
    ["/trade-in", trucks, { kind: "redirect", to: "/sell-my-car" }],
    ["/sell-my-car", ctx, { kind: "redirect", to: "/trade-in" }],
    ["/search/new-used-and-demo-cars/", ctx, { kind: "page", area: "stock" }],
    ["/brands/suzuki", ctx, { kind: "page" }],
    ["/brands/ford", ctx, { kind: "not-found" }],
    ["/our-location/parkside-suzuki", ctx, { kind: "page" }],
    ["/our-location/nowhere", ctx, { kind: "not-found" }],
    ["/pages/about-us", ctx, { kind: "page" }],
    ["/about-us", ctx, { kind: "page" }],
    ["/tyre-and-battery-centre", trucks, { kind: "not-found" }],
    ["/my-garage", trucks, { kind: "not-found" }],
    ["/wp-admin/x/y", ctx, { kind: "not-found" }],
    ["/pages/community-partners-sponsorships", ctx, { kind: "page", area: "content" }],
    ["/pages/nowhere", ctx, { kind: "not-found" }],
    ["/privacy-policy", ctx, { kind: "page" }],
    // a site without a page of its own shows the platform's template: every form's notice links to it
    ["/privacy-policy", { ...ctx, pageSlugs: [] as string[] }, { kind: "page" }],
    ["/special-offers/any-offer", ctx, { kind: "page" }],
    ["/special-offers/any-offer", trucks, { kind: "not-found" }],
    ["/special-offers", trucks, { kind: "not-found" }],
    ["/blog/a-post", ctx, { kind: "page" }],
    ["/blog", trucks, { kind: "not-found" }],
    ["/models/mazda-cx-5", ctx, { kind: "page" }],
    ["/special-offers", ctx, { kind: "page" }],
    ["/blog/a-post", { ...ctx, features: yamahaLike.features }, { kind: "redirect", to: "/news/a-post" }],
    ["/news/a-post", ctx, { kind: "not-found" }],
    ["/fleet", trucks, { kind: "not-found" }],
  ] as const)("%s → %o", (path, c, expected) => {
    expect(resolveSiteRoute(path, c)).toMatchObject(expected);
  });
});

describe("siteNavigation: the site record's own menus (navigation)", () => {
  const header = [{ label: "Cars for sale", href: "/search/new-used-and-demo-cars" }];
  const footer = [{ title: "Us", links: [{ label: "Call", href: "tel:0398701000" }] }];
  test.each([
    ["none of its own: both built", {}, buildHeaderMenu(parksideLike), buildFooter(parksideLike)],
    ["its own header; the footer built", { header }, header, buildFooter(parksideLike)],
    ["its own footer; the header built", { footer }, buildHeaderMenu(parksideLike), footer],
    ["empty lists give the built ones back", { header: [], footer: [] }, buildHeaderMenu(parksideLike), buildFooter(parksideLike)],
  ])("%s", (_, own, wantHeader, wantFooter) => {
    expect(siteNavigation(parksideLike, own)).toEqual({ header: wantHeader, footer: wantFooter });
  });
});
