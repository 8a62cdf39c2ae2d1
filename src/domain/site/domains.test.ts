import { describe, expect, test } from "vitest";
import { certificateAllowed, suffixProblem } from "./domains";

describe("names a dealer can own, by the Public Suffix List", () => {
  test.each([
    ["smithmotors.com.au", null],
    ["shop.smithmotors.com.au", null],
    ["tasmancampers.co.nz", null],
    ["lakesiderv.com", null],
    ["google.com", null],
    ["dealer.github.io", null],
    ["xn--mnchen-3ya.de", null],
    ["com.au", "public suffix"],
    ["co.nz", "public suffix"],
    ["com", "public suffix"],
    ["act.edu.au", "public suffix"],
    ["github.io", "public suffix"],
    ["blogspot.com", "public suffix"],
    ["city.kawasaki.jp", null],
    ["kawasaki.jp", "public suffix"],
    ["thatdomain.test", "unknown suffix"],
    ["printer.lan", "unknown suffix"],
    ["smith.localhost", "unknown suffix"],
  ])("%s → %s", (name, want) => expect(suffixProblem(name)).toBe(want));
});

describe("a certificate on demand: a published site's own names only", () => {
  const site = { published: true, domainName: "smithmotors.com.au", domains: ["smithmotors.net.au", "com.au"] };
  test.each([
    [site, "smithmotors.com.au", true],
    [site, "www.smithmotors.com.au", true],
    [site, "www.smithmotors.net.au", true],
    [site, "shop.smithmotors.com.au", false],
    [site, "com.au", false], // an operator typed a public suffix into the record: never a certificate
    [site, "www.com.au", false],
    [{ ...site, published: false }, "smithmotors.com.au", false], // a draft
    [{ ...site, published: false }, "www.smithmotors.net.au", false],
    [{ published: true, domainName: "thatdomain.test" }, "www.thatdomain.test", false],
  ])("%#: %s", (s, name, want) => expect(certificateAllowed(s, name)).toBe(want));
});
