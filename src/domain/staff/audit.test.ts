import { describe, expect, test } from "vitest";
import { auditSubject } from "./audit";

const names = { locations: [{ id: 10012, name: "Parkside Mazda" }], dealerships: [{ id: 10011, name: "Parkside Toyota" }] };

describe("what an audit entry is about (no more “location:10012”)", () => {
  test.each([
    ["location:10012", "Parkside Mazda"],
    ["dealership:10011", "Parkside Toyota"],
    ["location:999", "Location 999"],
    ["vehicle:PMG10350", "Vehicle PMG10350"],
    ["offer:winter-sale", "Offer winter-sale"],
    ["staff:42", "Staff member 42"],
    ["site", "Site settings"],
    ["__proto__:x", "__proto__ x"],
    ["odd", "odd"],
  ])("%s → %s", (entity, label) => expect(auditSubject(entity, names)).toBe(label));
});
