import { describe, expect, test } from "vitest";
import { DEFAULT_FEATURES } from "../site/features";
import { DEALER_SWITCH_KEYS, deliveryConfigFrom, DeliverySettingsSchema, redactedDelivery, switchesOf, SwitchesSchema } from "./settings";

describe("feature switches", () => {
  const all = (on: boolean) => Object.fromEntries(DEALER_SWITCH_KEYS.map((k) => [k, on]));
  test("every switch is a real flag, read from the site's resolved flags", () => {
    for (const k of DEALER_SWITCH_KEYS) expect(typeof DEFAULT_FEATURES[k]).toBe("boolean");
    expect(switchesOf({ ...DEFAULT_FEATURES, blog: true }).blog).toBe(true);
    expect(Object.keys(switchesOf(DEFAULT_FEATURES)).sort()).toEqual([...DEALER_SWITCH_KEYS].sort());
  });
  test.each([
    [all(true), true],
    [all(false), true],
    [{ ...all(true), mock_leads: true }, false],
    [{ ...all(true), blog: "yes" }, false],
    [Object.fromEntries(DEALER_SWITCH_KEYS.slice(1).map((k) => [k, true])), false],
  ])("%j valid: %s", (body, ok) => expect(SwitchesSchema.safeParse(body).success).toBe(ok));
});

describe("lead delivery channels", () => {
  const form = (over: Record<string, unknown> = {}) =>
    DeliverySettingsSchema.parse({ email_to_location: true, emails: "", adf_emails: "", webhooks: [], ...over });

  test("addresses one per line (or comma), lower-cased, blanks dropped", () => {
    expect(form({ emails: " Sales@Dealer.com.au\n\nfleet@dealer.com.au, boss@dealer.com.au " }).emails).toEqual([
      "sales@dealer.com.au",
      "fleet@dealer.com.au",
      "boss@dealer.com.au",
    ]);
    expect(
      DeliverySettingsSchema.safeParse({ email_to_location: true, emails: "not an email", adf_emails: "", webhooks: [] }).success,
    ).toBe(false);
  });

  test("a webhook sent without a secret keeps its URL's own; a new URL needs one; a secret never moves to another URL", () => {
    const current = { webhooks: [{ url: "https://crm.example/hook", secret: "s".repeat(20) }] };
    expect(deliveryConfigFrom(form({ webhooks: [{ url: "https://crm.example/hook", secret: "" }] }), current)).toEqual({
      config: {
        email_to_location: true,
        emails: [],
        adf_emails: [],
        webhooks: [{ url: "https://crm.example/hook", secret: "s".repeat(20) }],
      },
      errors: {},
    });
    expect(deliveryConfigFrom(form({ webhooks: [{ url: "https://other.example/hook", secret: "" }] }), current).errors).toEqual({
      "webhooks.0.secret": "A new webhook needs a secret of at least 16 characters",
    });
    expect(
      deliveryConfigFrom(form({ webhooks: [{ url: "https://crm.example/hook", secret: "n".repeat(16) }] }), current).config.webhooks,
    ).toEqual([{ url: "https://crm.example/hook", secret: "n".repeat(16) }]);
  });

  test.each([[{ url: "javascript:alert(1)", secret: "" }], [{ url: "https://x.example", secret: "short" }]])(
    "a bad webhook %j is refused",
    (hook) => {
      expect(DeliverySettingsSchema.safeParse({ email_to_location: true, emails: "", adf_emails: "", webhooks: [hook] }).success).toBe(
        false,
      );
    },
  );

  test("the audit and the page never see a secret", () => {
    expect(redactedDelivery({ emails: ["a@b.co"], webhooks: [{ url: "https://x.example", secret: "top secret value!" }] })).toEqual({
      emails: ["a@b.co"],
      webhooks: [{ url: "https://x.example", secret: "(secret)" }],
    });
  });
});
