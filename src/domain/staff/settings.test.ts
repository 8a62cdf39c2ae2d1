import { describe, expect, test } from "vitest";
import { BOOLEAN_FLAGS, DEFAULT_FEATURES } from "../site/features";
import {
  DEALER_SWITCH_KEYS,
  DEALER_SWITCHES,
  deliveryConfigFrom,
  DeliverySettingsSchema,
  PLATFORM_SWITCHES,
  platformOnlySwitches,
  redactedDelivery,
  switchChanges,
  type SwitchChoice,
  SwitchesSchema,
  switchStates,
  switchWords,
} from "./settings";

describe("feature switches", () => {
  test("every switch is a real on/off flag, and every on/off flag has words", () => {
    for (const [k, label] of [...DEALER_SWITCHES, ...PLATFORM_SWITCHES]) {
      expect(typeof DEFAULT_FEATURES[k]).toBe("boolean");
      expect(label).not.toMatch(/_/);
    }
    expect(
      switchWords()
        .map(([k]) => k)
        .sort(),
    ).toEqual([...BOOLEAN_FLAGS].sort());
    // a flag not named yet still reads as words, not its code
    for (const [, label] of switchWords()) expect(label).not.toMatch(/_/);
  });
  test.each([
    [{ blog: true }, true],
    [{ blog: null }, true],
    [{ blog: false, analytics_events: true }, true],
    [{}, false],
    [{ blog: "yes" }, false],
    [{ no_such_flag: true }, false],
    [{ chat_hidden_paths: true }, false],
    [JSON.parse('{"__proto__": {"blog": true}}') as object, false],
  ])("%j valid: %s", (body, ok) => expect(SwitchesSchema.safeParse(body).success).toBe(ok));
  test.each([
    [{ blog: true, careers: null }, {}],
    [{ blog: true, garage_enabled: true }, { garage_enabled: "Only the platform's operators change this switch" }],
  ])("only operators change the platform's switches: %j", (body, errors) => expect(platformOnlySwitches(body)).toEqual(errors));

  const shown = [
    { key: "blog", value: false, source: "default" },
    { key: "careers", value: true, source: "this site" },
    { key: "reviews", value: true, source: "rule: the group's sites" },
  ] as const;
  test.each<[string, Record<string, SwitchChoice>, boolean, Record<string, boolean | null>]>([
    ["nothing touched: nothing sent (the rules keep deciding)", { blog: "off", careers: "on", reviews: "on" }, false, {}],
    ["a checkbox ticked: that switch only", { blog: "on", careers: "on", reviews: "on" }, false, { blog: true }],
    ["unticked, the site's own", { blog: "off", careers: "off", reviews: "on" }, false, { careers: false }],
    ["console, nothing touched", { blog: "rules", careers: "on", reviews: "rules" }, true, {}],
    ["console: on where the default says off", { blog: "on", careers: "on", reviews: "rules" }, true, { blog: true }],
    ["console: pinned to what the rule says is still a change", { blog: "rules", careers: "on", reviews: "on" }, true, { reviews: true }],
    ["console: the site's own given back", { blog: "rules", careers: "rules", reviews: "rules" }, true, { careers: null }],
  ])("%s", (_, chosen, withRules, sent) => expect(switchChanges([...shown], (k) => chosen[k]!, withRules)).toEqual(sent));

  test("the forms' lists: the dealer's switches, or every on/off flag, with their sources", () => {
    const sources = Object.fromEntries(Object.entries(DEFAULT_FEATURES).map(([k, value]) => [k, { value, source: "default" }]));
    expect(switchStates(sources, "dealer").map((s) => s.key)).toEqual([...DEALER_SWITCH_KEYS]);
    expect(switchStates(sources, "all")).toHaveLength(BOOLEAN_FLAGS.length);
    expect(switchStates({ ...sources, blog: { value: true, source: "this site" } }, "dealer")).toContainEqual(
      expect.objectContaining({ key: "blog", label: "Blog", value: true, source: "this site" }),
    );
  });
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
