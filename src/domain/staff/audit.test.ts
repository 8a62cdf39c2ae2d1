import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { AUDIT_ACTIONS, auditAction, auditSubject } from "./audit";

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

describe("what an audit entry did, in words", () => {
  test.each([
    ["site.publish", undefined, "Published the site"],
    ["site.unpublish", undefined, "Took the site offline"],
    ["vehicle.update", { price: 1 }, "Edited a car"],
    ["vehicle.update", { bulk: "sold" }, "Marked a car sold"],
    ["vehicle.update", { bulk: "price" }, "Changed a car's price"],
    ["vehicle.update", { bulk: "__proto__" }, "Edited a car"],
    ["vehicle.hand_back", null, "Handed a car back to the stock feed"],
    ["vehicle.photos.replace", null, "Replaced a car's photos"],
    ["stock.import", null, "Imported stock"],
    ["widget.colour_change", null, "Changed: widget colour change"],
    ["__proto__", null, "Changed: proto"],
    ["", null, "Changed"],
  ])("%s (%j) → %s", (action, after, words) => expect(auditAction(action, "vehicle:PMG1", after)).toBe(words));

  test.each([
    ["content.update", "offer:summer-service-special", "Edited an offer"],
    ["content.create", "page:about-us", "Added a page"],
    ["content.delete", "post:news", "Deleted a post"],
    ["content.delete", "__proto__:x", "Deleted content (a page, post or offer)"],
    ["site.publish", "site", "Published the site"],
  ])("%s about %s → %s", (action, entity, words) => expect(auditAction(action, entity)).toBe(words));

  // the server's sources that write audit entries, and every "a.b" action string in them
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.includes(".test.") ? [join(dir, e.name)] : [],
    );
  const written = [
    ...new Set(
      files("src/server")
        .map((f) => readFileSync(f, "utf8"))
        .filter((src) => /writeAudit\(tx/.test(src))
        .flatMap((src) => [...src.matchAll(/"([a-z_]+(?:\.[a-z_-]+)+)"/g)].map((m) => m[1]!)),
    ),
  ].sort();

  test("the scan finds the actions the server writes", () => {
    expect(written).toEqual(
      expect.arrayContaining(["site.publish", "vehicle.update", "stock.import", "vehicle.hand_back", "vehicle.photos.replace"]),
    );
    expect(written.length).toBeGreaterThanOrEqual(25);
  });
  test("every action the server writes has words of its own", () => {
    expect(written.filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a))).toEqual([]);
  });
  test("no words are a code", () => {
    for (const words of Object.values(AUDIT_ACTIONS)) expect(words).not.toMatch(/[a-z]\.[a-z]|_/);
  });
});
