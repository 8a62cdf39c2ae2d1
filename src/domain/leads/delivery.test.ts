import { describe, expect, test } from "vitest";
import { attemptText, deliveryTargets, leadDeliveryConfig, retryDelayMs } from "./delivery";

describe("lead delivery settings, made safe", () => {
  test.each([
    [null, { email_to_location: true, emails: [], adf_emails: [], webhooks: [] }],
    ["nonsense", { email_to_location: true, emails: [], adf_emails: [], webhooks: [] }],
    [
      { adf_emails: ["crm@dms.example", "not an address", 42], emails: ["a@b.co"], email_to_location: false, extra: 1 },
      { email_to_location: false, emails: ["a@b.co"], adf_emails: ["crm@dms.example"], webhooks: [] },
    ],
    [
      {
        webhooks: [
          { url: "https://crm.example/hook", secret: "0123456789abcdef" },
          { url: "javascript:alert(1)", secret: "0123456789abcdef" },
          { url: "https://crm.example/short", secret: "short" },
          null,
        ],
      },
      { email_to_location: true, emails: [], adf_emails: [], webhooks: [{ url: "https://crm.example/hook", secret: "0123456789abcdef" }] },
    ],
    [JSON.parse('{"__proto__": {"emails": ["x@y.z"]}}'), { email_to_location: true, emails: [], adf_emails: [], webhooks: [] }],
  ])("%j → %j", (raw, config) => expect(leadDeliveryConfig(raw)).toEqual(config));
});

describe("where a lead goes", () => {
  const hook = { url: "https://crm.example/hook", secret: "0123456789abcdef" };
  test.each([
    ["the location's address", {}, { location: "mazda@dealer.example", site: "sales@dealer.example" }, [["email", "mazda@dealer.example"]]],
    ["the site's when the location has none", {}, { location: null, site: "sales@dealer.example" }, [["email", "sales@dealer.example"]]],
    ["nobody when neither has one", {}, { location: null, site: null }, []],
    ["not the location when switched off", { email_to_location: false }, { location: "m@d.example", site: null }, []],
    [
      "every channel, each target once (addresses compared without case)",
      { emails: ["Mazda@Dealer.example", "boss@dealer.example"], adf_emails: ["crm@dms.example"], webhooks: [hook, hook] },
      { location: "mazda@dealer.example", site: null },
      [
        ["email", "mazda@dealer.example"],
        ["email", "boss@dealer.example"],
        ["adf_email", "crm@dms.example"],
        ["webhook", "https://crm.example/hook"],
      ],
    ],
  ])("%s", (_, config, addresses, targets) => {
    expect(deliveryTargets(leadDeliveryConfig(config), addresses).map((d) => [d.channel, d.target])).toEqual(targets);
  });
});

describe("retries back off", () => {
  test.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [6, 160_000],
    [10, 1_800_000],
    [40, 1_800_000],
  ])("after %i failed attempts: wait %i ms", (attempts, ms) => expect(retryDelayMs(attempts)).toBe(ms));
});

describe("attempts as the dealer reads them", () => {
  test.each([
    [true, "status 204", "delivered"],
    [true, "sent <a@b>", "delivered"],
    [false, "status 503", "refused by the receiver (HTTP 503)"],
    [false, "smtp 550", "refused by the mail server (550)"],
    [false, "TypeError ECONNREFUSED", "could not connect"],
    [false, "Error connect ECONNREFUSED 127.0.0.1:22", "could not connect"],
    [false, "address refused", "refused: not a public address"],
    [false, null, "could not connect"],
  ])("ok %s, %j → %j", (ok, detail, text) => expect(attemptText(ok, detail)).toBe(text));
});
