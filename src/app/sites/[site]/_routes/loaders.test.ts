import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { loadGarageView, loadPersonalisedFinance, loadSignIn, loadUnsubscribe } from "./account";
import { loadAllDealerships, loadLocation } from "./directory";
import { loadFinancePage, loadFormPage, loadSuccess } from "./form";
import { homeShelves, loadHome } from "./home";
import { enquireHref, loadBrand, loadModel, loadModels } from "./range";
import { brandSlug } from "@/domain/site/brands";
import { loadCheckout, loadConfirmed, loadTestPay } from "./store";
import type { Vehicle } from "@/domain/stock/vehicle";

/*
 * The storefront's loaders on the demo's database: what the query asks for, who is sent elsewhere
 * (a redirect to sign in, a 404 for what is not this site's), and the data their view is given.
 * The request carries no cookie: the shopper is signed out.
 */
vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

const NOT_FOUND = /NEXT_HTTP_ERROR_FALLBACK;404/;
const redirectTo = (to: string) => ({ digest: expect.stringContaining(`NEXT_REDIRECT;replace;${to};`) });
const site = (slug: string) => Promise.resolve({ site: slug });
const slugged = (slug: string, s: string) => Promise.resolve({ site: slug, slug: s });
const query = (q: Record<string, string> = {}) => Promise.resolve(q);
const PARKSIDE = "parkside-motor-group";

const db = setupAppDatabase();

describe("the home page", () => {
  test("two rows of four cars on sale, none in both; featured cars lead the featured row", async () => {
    const { arrivals, featured } = await loadHome(site(PARKSIDE));
    expect([arrivals.length, featured.length]).toEqual([4, 4]);
    for (const v of [...arrivals, ...featured]) expect(v.status).not.toBe("sold");
    expect(featured.some((f) => arrivals.some((a) => a.id === f.id))).toBe(false);
    const flags = featured.map((v) => v.featured);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  const car = (id: number, v: Partial<Vehicle> = {}) => ({ id, status: "in_stock", featured: false, price: 10_000, ...v }) as Vehicle;
  test.each([
    ["a sold car is in neither row", [car(1, { status: "sold" }), car(2)], [car(1, { status: "sold" }), car(3)], [2], [3]],
    ["a new arrival is not featured too", [car(1)], [car(1), car(2)], [1], [2]],
    [
      "featured first, then the dearest",
      [],
      [car(1, { price: 50_000 }), car(2, { featured: true, price: 1 }), car(3, { price: null })],
      [],
      [2, 1],
    ],
  ])("%s", (_, latest, relevant, arrivals, featured) => {
    const rows = homeShelves(latest, relevant);
    expect([rows.arrivals.map((v) => v.id), rows.featured.map((v) => v.id)]).toEqual([arrivals, featured]);
  });
});

describe("locations", () => {
  test("/dealerships/all: each location once, under its dealership; no empty dealership", async () => {
    const { ctx, groups } = await loadAllDealerships(site(PARKSIDE));
    expect(groups.every((g) => g.locations.length > 0)).toBe(true);
    expect(groups.flatMap((g) => g.locations.map((l) => l.id)).sort()).toEqual(ctx.locations.map((l) => l.id).sort());
  });

  test("/our-location/{slug}: the other locations, nearest first; an unknown one is a 404", async () => {
    const { location, others } = await loadLocation(slugged(PARKSIDE, "parkside-suzuki"));
    expect(others.some((o) => o.location.id === location.id)).toBe(false);
    expect(others.map((o) => o.km)).toEqual(others.map((o) => o.km).sort((a, b) => a - b));
    await expect(loadLocation(slugged(PARKSIDE, "nowhere"))).rejects.toThrow(NOT_FOUND);
  });
});

describe("the range", () => {
  test("/brands/{slug}: the brand's offers and the locations that sell it only; an unknown brand is a 404", async () => {
    const { ctx } = await loadHome(site(PARKSIDE));
    const slug = ctx.brands[0]!.slug;
    const brand = await loadBrand(slugged(PARKSIDE, slug));
    expect(brand.locations.length).toBeGreaterThan(0);
    expect(brand.locations.length).toBeLessThan(ctx.locations.length);
    expect(brand.offers.every((o) => o.make !== null && brandSlug(o.make) === slug)).toBe(true);
    await expect(loadBrand(slugged(PARKSIDE, "no-such-brand"))).rejects.toThrow(NOT_FOUND);
  });

  test("/models/{slug}: the model's own cars; an unknown model is a 404", async () => {
    const { range } = await loadModels(site(PARKSIDE));
    const model = range[0]!.models[0]!;
    const page = await loadModel(slugged(PARKSIDE, model.slug));
    expect(page.shelf.total).toBe(model.count);
    expect(page.shelf.vehicles.every((v) => v.model === model.model)).toBe(true);
    await expect(loadModel(slugged(PARKSIDE, "no-such-model"))).rejects.toThrow(NOT_FOUND);
  });

  const sales = (id: number, slug: string, manufacturers: string[]) => ({ id, slug, locationType: "sales", manufacturers });
  const locations = [
    { ...sales(1, "city-service", ["Mazda"]), locationType: "service" },
    sales(2, "city-mazda", ["Mazda"]),
    sales(3, "city-suzuki", ["Suzuki Australia"]),
  ] as never;
  test.each([
    [{ make: "Mazda" }, "/contact-us/city-mazda"],
    [{ make: "mazda" }, "/contact-us/city-mazda"],
    [{ make: "Kia" }, "/contact"],
    [{ make: null }, "/contact"],
  ])("an offer on %j is enquired about at %s", (offer, href) => {
    expect(enquireHref({ locations }, offer)).toBe(href);
  });
});

describe("forms", () => {
  test("a dated form is given today and the test-drive booking unless it says not; an undated one neither", async () => {
    const drive = await loadFormPage(site(PARKSIDE), query(), { path: "/book-test-drive", kind: "test-drive", dated: { testDrive: true } });
    const service = await loadFormPage(site(PARKSIDE), query(), { path: "/service", kind: "service", dated: { testDrive: false } });
    const fleet = await loadFormPage(site(PARKSIDE), query(), { path: "/fleet", kind: "fleet" });
    expect([drive.formSite.today, drive.formSite.testDrive].map(Boolean)).toEqual([true, true]);
    expect([service.formSite.today, service.formSite.testDrive].map(Boolean)).toEqual([true, false]);
    expect([fleet.formSite.today, fleet.formSite.testDrive].map(Boolean)).toEqual([false, false]);
    expect([drive.kind, typeof drive.submissionToken]).toEqual(["test-drive", "string"]);
  });

  test("the service form is given the workshop's hours, chosen for the shopper where it is the site's one, and its full times", async () => {
    const page = await loadFormPage(site(PARKSIDE), query({ location: "parkside-mazda" }), {
      path: "/service",
      kind: "service",
      dated: { testDrive: false },
    });
    expect(page.formSite.service!.locations.map((l) => l.id)).toEqual([10016]);
    expect(page.locationId).toBe(10016);
    expect(page.formSite.service!.full).toEqual([{ location: 10016, times: expect.any(Array) }]);
    const none = await loadFormPage(site("outback-truck-centre"), query(), {
      path: "/service",
      kind: "service",
      dated: { testDrive: false },
    });
    expect(none.formSite.service).toBeUndefined();
  });

  test("/finance: a vehicle page's calculator figures become the quote and the loan amount; no figures, none", async () => {
    const q = { price: "30000", deposit: "5000", balloon: "0", term: "60", frequency: "monthly" };
    const page = await loadFinancePage(site(PARKSIDE), query(q));
    expect(page.quote).toMatchObject({ price: 30_000, deposit: 5_000, term_months: 60 });
    expect(page.initial).toEqual({ loan_amount: "25000" });
    expect(page.noApplications).toBe(false);
    const plain = await loadFinancePage(site(PARKSIDE), query());
    expect([plain.quote, plain.initial]).toEqual([undefined, undefined]);
  });

  test.each([
    ["test-drive", "Thanks"],
    [undefined, "Thanks"],
  ])("/success?category=%s: the thanks for it", async (category, title) => {
    const { words } = await loadSuccess(site(PARKSIDE), query(category ? { category } : {}));
    expect(words.title).toContain(title);
  });
});

describe("accounts, signed out", () => {
  test("/my-garage and /personalised/finance send to sign in (saying a link failed after ?error=)", async () => {
    await expect(loadGarageView(site(PARKSIDE), query())).rejects.toMatchObject(redirectTo("/sign-in?redirect=/my-garage"));
    await expect(loadGarageView(site(PARKSIDE), query({ error: "x" }))).rejects.toMatchObject(
      redirectTo("/sign-in?redirect=/my-garage&error=link"),
    );
    await expect(loadPersonalisedFinance(site(PARKSIDE))).rejects.toMatchObject(
      redirectTo("/sign-in?type=finance&redirect=/personalised/finance"),
    );
  });

  test.each([
    [{}, { finance: false, target: "/my-garage", mode: "sign-in", notice: undefined }],
    [{ type: "finance" }, { finance: true, target: "/personalised/finance" }],
    [{ redirect: "https://evil.example/" }, { target: "/my-garage" }],
    [
      { redirect: "/search/used-cars", mode: "register" },
      { target: "/search/used-cars", mode: "register" },
    ],
    [{ error: "1" }, { notice: expect.stringContaining("expired") }],
  ])("/sign-in with %j", async (q, props) => {
    expect(await loadSignIn(site(PARKSIDE), query(q))).toMatchObject({ ...props, siteName: "Parkside Motor Group" });
  });

  test("/alerts/unsubscribe: a token not this site's is not valid; ?done=1 reads none", async () => {
    expect(await loadUnsubscribe(site(PARKSIDE), query({ token: "forged" }))).toMatchObject({ done: false, valid: false, token: "forged" });
    expect(await loadUnsubscribe(site(PARKSIDE), query({ done: "1", token: "forged" }))).toMatchObject({ done: true, valid: false });
  });
});

describe("the store", () => {
  const carOf = async (siteId: number) =>
    (
      await db
        .select({ slug: t.vehicles.slug })
        .from(t.vehicles)
        .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.status, "in_stock"), eq(t.vehicles.showOnDealerWebsite, true)))
        .limit(1)
    )[0]!.slug;

  test("/cars/{slug}/checkout: a car in stock can be reserved; a site without the store, or an unknown car, is a 404", async () => {
    const page = await loadCheckout(slugged(PARKSIDE, await carOf(1001)));
    expect(page.open).toBe(page.vehicle.price !== null && page.vehicle.price > 0 && !page.reserved);
    expect(page.deposit).toMatch(/\$/);
    await expect(loadCheckout(slugged(PARKSIDE, "no-such-car"))).rejects.toThrow(NOT_FOUND);
    await expect(loadCheckout(slugged("ridgeline-motorcycles", "any"))).rejects.toThrow(NOT_FOUND);
  });

  test("/checkout/confirmed and /checkout/pay: an order not this site's is a 404", async () => {
    await expect(loadConfirmed(site(PARKSIDE), query({ order: "not-an-order" }))).rejects.toThrow(NOT_FOUND);
    await expect(loadTestPay(site(PARKSIDE), query({ order: crypto.randomUUID() }))).rejects.toThrow(NOT_FOUND);
    await expect(loadTestPay(site("ridgeline-motorcycles"), query({ order: crypto.randomUUID() }))).rejects.toThrow(NOT_FOUND);
  });
});
