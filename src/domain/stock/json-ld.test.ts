import { describe, expect, test } from "vitest";
import { countryFormat } from "../format/country";
import type { SiteContext } from "../site/context";
import { vehicleJsonLd } from "./json-ld";
import { testVehicle } from "./fixtures";
import type { Vehicle } from "./vehicle";

const car: Vehicle = testVehicle({ rego: null, photosCount: 0, locationId: null, priceType: "drive_away" });
const site = (country: "AU" | "US"): Pick<SiteContext, "site" | "format"> => ({
  site: {
    url: "https://www.example.com.au",
    template: "default",
    country,
    currency: country === "US" ? "USD" : "AUD",
    name: "Example Motors",
  } as SiteContext["site"],
  format: countryFormat(country),
});

describe("vehicleJsonLd: a vehicle page's schema.org data", () => {
  test("a used car on an Australian site: Car, km, AUD, in stock", () => {
    expect(vehicleJsonLd(site("AU"), car, true)).toMatchObject({
      "@type": "Car",
      name: expect.stringContaining("Mazda CX-5"),
      sku: "ABC123",
      url: "https://www.example.com.au/cars/2022-mazda-cx-5-maxx-abc123",
      image: ["https://www.example.com.au/photos/suv/red/1.svg"],
      itemCondition: "https://schema.org/UsedCondition",
      mileageFromOdometer: { value: 16093, unitCode: "KMT" },
      offers: { price: 34990, priceCurrency: "AUD", availability: "https://schema.org/InStock", seller: { name: "Example Motors" } },
    });
  });

  test.each([
    ["sold", { status: "sold" as const }, true, "SoldOut"],
    ["no longer listed", {}, false, "SoldOut"],
    ["coming soon", { status: "coming_soon" as const }, true, "PreOrder"],
  ])("%s → %s", (_, change, listed, availability) => {
    expect(vehicleJsonLd(site("AU"), { ...car, ...change }, listed).offers.availability).toBe(`https://schema.org/${availability}`);
  });

  test("a US site reports miles (SMI) and dollars; a motorcycle is a Motorcycle; no price, no price in the offer", () => {
    const us = vehicleJsonLd(site("US"), car, true);
    expect(us).toMatchObject({ mileageFromOdometer: { value: 10000, unitCode: "SMI" }, offers: { priceCurrency: "USD" } });
    expect(vehicleJsonLd(site("AU"), { ...car, bodyType: "motorcycle" }, true)["@type"]).toBe("Motorcycle");
    expect(vehicleJsonLd(site("AU"), { ...car, price: null }, true).offers).not.toHaveProperty("price");
  });
});
