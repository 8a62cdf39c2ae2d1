import { describe, expect, test } from "vitest";
import {
  certificateVerdict,
  dnsVerdict,
  namesToCheck,
  nameCheck,
  normalAddress,
  type CertificateProbe,
  type NameLookup,
} from "./domain-check";

const door = { addresses: ["203.0.113.10", "2001:db8::10"], hosts: ["edge.dealerplatform.com.au"] };
const found = (addresses: string[], cname: string | null = null): NameLookup => ({ kind: "found", addresses, cname });

test.each([
  ["2001:DB8:0:0::1", "2001:db8::1"],
  ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
  ["::FFFF:1.2.3.4", "1.2.3.4"],
  [" 203.0.113.10 ", "203.0.113.10"],
  ["not:an:address:[", "not:an:address:["],
])("normalAddress(%s) → %s", (a, want) => expect(normalAddress(a)).toBe(want));

describe("namesToCheck", () => {
  test.each([
    ["smithmotors.com.au", ["smithmotors.com.au", "www.smithmotors.com.au"]],
    ["www.SmithMotors.com.au.", ["smithmotors.com.au", "www.smithmotors.com.au"]],
    [null, []],
    ["", []],
  ])("%j → %j", (domain, names) => expect(namesToCheck(domain)).toEqual(names));
});

describe("dnsVerdict", () => {
  test.each<[string, NameLookup, string, string]>([
    ["our IPv4", found(["203.0.113.10"]), "ours", "Points to us."],
    ["our IPv6, spelt in capitals", found(["2001:DB8::10"]), "ours", "Points to us."],
    ["IPv4-mapped", found(["::ffff:203.0.113.10"]), "ours", "Points to us."],
    ["our IPv6, spelt long", found(["2001:0db8:0:0:0:0:0:10"]), "ours", "Points to us."],
    ["a CNAME to our name, with its dot", found(["198.51.100.7"], "Edge.DealerPlatform.com.au."), "ours", "Points to us."],
    [
      "somewhere else",
      found(["1.2.3.4"]),
      "elsewhere",
      "Points elsewhere: 1.2.3.4. Point it at 203.0.113.10, 2001:db8::10 or a CNAME to edge.dealerplatform.com.au.",
    ],
    [
      "half ours",
      found(["203.0.113.10", "1.2.3.4"]),
      "elsewhere",
      "Points elsewhere: 1.2.3.4. Point it at 203.0.113.10, 2001:db8::10 or a CNAME to edge.dealerplatform.com.au.",
    ],
    [
      "a CNAME elsewhere that resolves to nothing",
      found([], "old-host.example.net"),
      "elsewhere",
      "Points elsewhere: old-host.example.net. Point it at 203.0.113.10, 2001:db8::10 or a CNAME to edge.dealerplatform.com.au.",
    ],
    [
      "no record",
      { kind: "missing" },
      "missing",
      "No DNS record: point it at 203.0.113.10, 2001:db8::10 or a CNAME to edge.dealerplatform.com.au.",
    ],
    [
      "an empty answer",
      found([]),
      "missing",
      "No DNS record: point it at 203.0.113.10, 2001:db8::10 or a CNAME to edge.dealerplatform.com.au.",
    ],
    ["a timeout", { kind: "timeout" }, "unknown", "The DNS look-up did not answer in time: check again in a minute."],
    ["a failure", { kind: "failed" }, "unknown", "The DNS look-up failed: check again in a minute."],
  ])("%s", (_, lookup, state, text) => expect(dnsVerdict(lookup, door)).toEqual({ state, text }));

  test("a front door of addresses only says so", () =>
    expect(dnsVerdict({ kind: "missing" }, { addresses: ["127.0.0.1"], hosts: [] }).text).toBe("No DNS record: point it at 127.0.0.1."));
});

describe("certificateVerdict", () => {
  const issued: CertificateProbe = { kind: "issued", issuer: "Let's Encrypt", validTo: "2026-09-30T12:00:00.000Z", validFor: true };
  test.each<[string, CertificateProbe | null, "ours" | "elsewhere", boolean, string, string]>([
    ["issued", issued, "ours", true, "issued", "Certificate issued by Let's Encrypt until 30 September 2026."],
    ["one for another name", { ...issued, validFor: false }, "ours", true, "none", "No certificate yet: it is issued on the first visit."],
    ["none on a draft", { kind: "none" }, "ours", false, "none", "No certificate yet: it is issued on the first visit once published."],
    ["none, published", { kind: "none" }, "ours", true, "none", "No certificate yet: it is issued on the first visit."],
    ["the front door silent", { kind: "unreachable" }, "ours", true, "not-checked", "Not checked: the front door did not answer."],
    ["the name not ours", null, "elsewhere", true, "not-checked", "Not checked: the name does not point to us yet."],
    ["not ours even with an answer", issued, "elsewhere", true, "not-checked", "Not checked: the name does not point to us yet."],
  ])("%s", (_, probe, dns, published, state, text) => expect(certificateVerdict(probe, dns, published)).toEqual({ state, text }));
});

test("nameCheck puts the two together", () =>
  expect(nameCheck("www.smithmotors.com.au", found(["1.2.3.4"]), null, door, false)).toMatchObject({
    name: "www.smithmotors.com.au",
    dns: { state: "elsewhere" },
    certificate: { state: "not-checked" },
  }));
