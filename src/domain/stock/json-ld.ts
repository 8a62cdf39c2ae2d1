import type { SiteContext } from "../site/context";
import { vehicleHref } from "../site/vehicle";
import { kmToOdometer } from "./search";
import { displayImage, vehicleFacts, vehicleTitle, type Vehicle, type VehicleKind } from "./vehicle";

/** schema.org's type for each kind of vehicle: Car and Motorcycle where they fit, else Vehicle. */
const SCHEMA_TYPE: Record<VehicleKind, string> = {
  car: "Car",
  motorcycle: "Motorcycle",
  towed: "Vehicle",
  motorhome: "Vehicle",
  truck: "Vehicle",
};

/** A vehicle page's schema.org data (Car, Motorcycle or Vehicle with its Offer), for search engines and listing platforms. */
export function vehicleJsonLd(ctx: Pick<SiteContext, "site" | "format">, v: Vehicle, listed: boolean) {
  const url = `${ctx.site.url}${vehicleHref(ctx.site.template, v.slug)}`;
  const images = (v.thumbnails.length ? v.thumbnails : [displayImage(v)]).slice(0, 5).map((s) => `${ctx.site.url}${s}`);
  const availability = !listed || v.status === "sold" ? "SoldOut" : v.status === "coming_soon" ? "PreOrder" : "InStock";
  const facts = vehicleFacts(v);
  return {
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPE[facts.kind],
    name: vehicleTitle(v),
    sku: v.stockNumber,
    url,
    image: images,
    brand: { "@type": "Brand", name: v.make },
    model: v.model,
    vehicleModelDate: String(v.year),
    ...(v.bodyType ? { bodyType: v.bodyType } : {}),
    ...(facts.colour ? { color: facts.colour } : {}),
    ...(facts.badge ? { vehicleConfiguration: facts.badge } : {}),
    ...(facts.fuel ? { fuelType: facts.fuel } : {}),
    ...(facts.transmission ? { vehicleTransmission: facts.transmission } : {}),
    ...(facts.drive ? { driveWheelConfiguration: facts.drive } : {}),
    ...(facts.doors ? { numberOfDoors: facts.doors } : {}),
    ...(facts.seats ? { seatingCapacity: facts.seats } : {}),
    ...(facts.atmKg ? { weightTotal: { "@type": "QuantitativeValue", value: facts.atmKg, unitCode: "KGM" } } : {}),
    ...(v.vin ? { vehicleIdentificationNumber: v.vin } : {}),
    itemCondition: v.carType === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    ...(facts.odometerKm !== null
      ? {
          mileageFromOdometer: {
            "@type": "QuantitativeValue",
            value: kmToOdometer(facts.odometerKm, ctx.site.country),
            unitCode: ctx.format.distanceUnit === "mi" ? "SMI" : "KMT",
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      ...(v.price ? { price: v.price, priceCurrency: ctx.site.currency || ctx.format.currency } : {}),
      availability: `https://schema.org/${availability}`,
      seller: { "@type": "AutoDealer", name: ctx.site.name },
    },
  };
}
