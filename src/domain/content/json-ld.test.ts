import { describe, expect, test } from "vitest";
import { hoursEntry } from "../site/hours";
import type { Location, SiteRecord } from "../site/types";
import { articleJsonLd, breadcrumbJsonLd, jsonLdText, locationJsonLd, openingHoursSpecification, siteJsonLd } from "./json-ld";

const site = {
  url: "https://www.parksidemotorgroup.com.au",
  name: "Parkside Motor Group",
  phone: "(03) 9870 1000",
  email: "sales@parksidemotorgroup.com.au",
  socialUrls: { facebook: "https://www.facebook.com/parksidemotorgroup" },
  currency: "AUD",
  country: "AU",
  openingHours: [],
} as unknown as SiteRecord;

const location = (id: number, over: Partial<Location> = {}): Location =>
  ({
    id,
    name: `Location ${id}`,
    slug: `location-${id}`,
    locationType: "sales",
    isPrimary: id === 1,
    averageRating: 4.6,
    reviewCount: 210,
    contactDetail: { phone: "(03) 9870 1001" },
    openingHours: [hoursEntry(0, "Closed"), hoursEntry(1, "Open", "09:00", "17:00"), hoursEntry(6, "By Appointment")],
    address: { street: "1 Maroondah Hwy", city: "Ringwood", state: "VIC", postcode: "3134", lat: -37.81, long: 145.23, full: "" },
    ...over,
  }) as Location;

describe("schema.org data", () => {
  test("opening hours: open days only, Monday first, as schema.org day URLs", () => {
    expect(
      openingHoursSpecification([
        hoursEntry(0, "Open", "10:00", "16:00"),
        hoursEntry(1, "Open", "09:00", "17:00"),
        hoursEntry(2, "Closed"),
      ]),
    ).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "09:00", closes: "17:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Sunday", opens: "10:00", closes: "16:00" },
    ]);
  });

  test("a location: AutoDealer with address, geo, phone, hours and its rating; a service location is an AutoRepair", () => {
    const ld = locationJsonLd(site, location(1), "AU");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Location 1",
      url: "https://www.parksidemotorgroup.com.au/our-location/location-1",
      telephone: "(03) 9870 1001",
      address: { "@type": "PostalAddress", addressLocality: "Ringwood", addressRegion: "VIC", postalCode: "3134", addressCountry: "AU" },
      geo: { "@type": "GeoCoordinates", latitude: -37.81, longitude: 145.23 },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6, reviewCount: 210 },
    });
    expect(locationJsonLd(site, location(2, { locationType: "service", reviewCount: null }), "AU")).not.toHaveProperty("aggregateRating");
    expect(locationJsonLd(site, location(2, { locationType: "service" }), "AU")["@type"]).toBe("AutoRepair");
  });

  test("the home page: the group at its primary location, the others as departments, the reviews summary", () => {
    const ld = siteJsonLd(site, [location(2), location(1)], { count: 1525, average: 4.1 }, "/photos/scene/showroom.svg");
    expect(ld).toMatchObject({
      "@type": "AutoDealer",
      name: "Parkside Motor Group",
      url: "https://www.parksidemotorgroup.com.au",
      image: "https://www.parksidemotorgroup.com.au/photos/scene/showroom.svg",
      address: { addressLocality: "Ringwood" },
      aggregateRating: { ratingValue: 4.1, reviewCount: 1525 },
      sameAs: ["https://www.facebook.com/parksidemotorgroup"],
    });
    expect(ld).toHaveProperty("department", [expect.objectContaining({ "@type": "AutoDealer", name: "Location 2" })]);
    expect(siteJsonLd(site, [], null, null)).not.toHaveProperty("address");
    // the site's own opening_hours, where it has them, over its main location's
    const own = siteJsonLd({ ...site, openingHours: [hoursEntry(2, "Open", "08:00", "18:00")] }, [location(1)], null, null);
    expect(own).toHaveProperty("openingHoursSpecification", [
      expect.objectContaining({ dayOfWeek: "https://schema.org/Tuesday", opens: "08:00" }),
    ]);
  });

  test("breadcrumbs and an article", () => {
    expect(
      breadcrumbJsonLd(site, [
        { label: "Home", href: "/" },
        { label: "Blog", href: "/blog" },
      ]).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.parksidemotorgroup.com.au/" },
      { "@type": "ListItem", position: 2, name: "Blog", item: "https://www.parksidemotorgroup.com.au/blog" },
    ]);
    const post = {
      title: "T",
      summary: "S",
      slug: "t",
      author: null,
      image: null,
      publishedAt: new Date("2026-11-01T00:00:00Z"),
      updatedAt: new Date("2026-11-02T00:00:00Z"),
    } as Parameters<typeof articleJsonLd>[1];
    expect(articleJsonLd(site, post, "/blog/t")).toMatchObject({
      "@type": "Article",
      headline: "T",
      datePublished: "2026-11-01T00:00:00.000Z",
      dateModified: "2026-11-02T00:00:00.000Z",
      author: { "@type": "Organization", name: "Parkside Motor Group" },
    });
  });

  test("stored text cannot close the script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>\u2028" });
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>\u2028" });
  });
});
