import { describe, expect, test } from "vitest";
import { fieldErrors } from "../http/field-errors";
import {
  applyIntegrations,
  integrationsFromForm,
  IntegrationsPatchSchema,
  widgetFormField,
  widgetFormValues,
  type IntegrationsPatch,
} from "./integrations";
import { siteWidgets } from "./widgets";

const parse = (patch: unknown) => {
  const r = IntegrationsPatchSchema.safeParse(patch);
  return r.success ? { ok: true as const, data: r.data } : { ok: false as const, errors: fieldErrors(r.error, "integrations") };
};

describe("the widget ids: each vendor's own id shape", () => {
  test.each([
    ["tag_manager_id", "GTM-K7Q2XRM"],
    ["tag_manager_id", "GTM-ABCD"],
    ["analytics_id", "G-3HQ8ZP4T1B"],
    ["analytics_id", "G-ABC123XYZ"],
    ["facebook_pixel_id", "100000000000001"],
    ["facebook_pixel_id", "1234567890123456"],
    ["dealercell_id", "parkside-mg"],
    ["voice_text_id", "a4e2b7c9-5f1d-4e8a-9c3b-2d6f8e1a7b40"],
    ["call_tracking_id", "408173265/3c9e1f7a2b5d4e60"],
    ["support_chat_id", "q7x2m9ka"],
    ["dealer_tools_id", "lakeside-rv"],
    ["spin_customer_id", "tasman_campers"],
  ])("%s %s is accepted", (key, id) => {
    expect(parse({ [key]: id })).toEqual({ ok: true, data: { [key]: id } });
  });

  test("an id is trimmed", () =>
    expect(parse({ tag_manager_id: "  GTM-K7Q2XRM " })).toEqual({ ok: true, data: { tag_manager_id: "GTM-K7Q2XRM" } }));

  test.each([
    ["tag_manager_id", "K7Q2XRM", "Google Tag Manager"],
    ["tag_manager_id", "gtm-k7q2xrm", "Google Tag Manager"],
    ["tag_manager_id", "GTM-K7Q2XRM<script>", "Google Tag Manager"],
    ["analytics_id", "UA-12345-1", "Google Analytics"],
    ["analytics_id", "G-12", "Google Analytics"],
    ["facebook_pixel_id", "12345", "Meta pixel"],
    ["facebook_pixel_id", "12345678901234567", "Meta pixel"],
    ["facebook_pixel_id", "10000000000000a", "Meta pixel"],
    ["dealercell_id", "-x", "DealerCell"],
    ["dealercell_id", 'x"><script>', "DealerCell"],
    ["voice_text_id", "org_1", "Podium"],
    ["call_tracking_id", "../../x", "CallRail"],
    ["call_tracking_id", "408173265", "CallRail"],
    ["support_chat_id", "app1", "Intercom"],
    ["support_chat_id", "Q7X2M9KA", "Intercom"],
    ["dealer_tools_id", "a\u0000b", "DealerStudio"],
    ["spin_customer_id", "Tasman Campers", "Impel"],
    ["spin_customer_id", "", "Impel"],
    ["tag_manager_id", 1234567, "Google Tag Manager"],
  ])("%s %j is refused, naming the vendor", (key, id, vendor) => {
    const r = parse({ [key]: id });
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.errors[key]).toContain(vendor);
  });

  test.each([
    [{ live_chat: { provider: "local" } }, null],
    [{ live_chat: { provider: "livechat", license: "12345678" } }, null],
    [{ live_chat: { provider: "livechat" } }, ["live_chat.license", "LiveChat licence"]],
    [{ live_chat: { provider: "livechat", license: "12ab" } }, ["live_chat.license", "LiveChat licence"]],
    [{ live_chat: { provider: "zendesk" } }, ["live_chat.provider", "local"]],
    [{ chatbot: { website_id: "site-9a", settings: { greeting: "G'day", delay: 3, open: false } } }, null],
    [{ chatbot: { website_id: "s" } }, ["chatbot.website_id", "website id"]],
    [
      { chatbot: { website_id: "site-9a", settings: { greeting: "<img src=x onerror=alert(1)>" } } },
      ["chatbot.settings.greeting", "< or >"],
    ],
    [{ chatbot: { website_id: "site-9a", settings: { greeting: "hi\u0000" } } }, ["chatbot.settings.greeting", "control"]],
    [{ chatbot: { website_id: "site-9a", settings: JSON.parse('{"__proto__": "x"}') } }, ["chatbot.settings.__proto__", "name"]],
    [{ chatbot: { website_id: "site-9a", settings: { colour: { nested: 1 } } } }, ["chatbot.settings.colour", "text, a number"]],
    [{ facebook_mode: "test" }, ["facebook_mode", "local or live"]],
    [{ facebook_capi_token: "secret" }, ["facebook_capi_token", "Unknown field"]],
  ])("%j → %j", (patch, error) => {
    const r = parse(patch);
    if (!error) return expect(r.ok).toBe(true);
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.errors[error[0]!]).toContain(error[1]);
  });

  test("more than 20 chat settings are refused", () => {
    const settings = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`s${i}`, i]));
    expect(parse({ chatbot: { website_id: "site-9a", settings } }).ok).toBe(false);
  });
});

describe("a change of the ids", () => {
  const current = { tag_manager_id: "GTM-K7Q2XRM", facebook_pixel_id: "100000000000001", car_history: "local" as const };
  test.each<[string, IntegrationsPatch, object]>([
    ["a field left out stays", { analytics_id: "G-3HQ8ZP4T1B" }, { ...current, analytics_id: "G-3HQ8ZP4T1B" }],
    ["null removes", { tag_manager_id: null }, { facebook_pixel_id: "100000000000001", car_history: "local" }],
    ["a value replaces", { facebook_pixel_id: "200000000000002" }, { ...current, facebook_pixel_id: "200000000000002" }],
    ["nothing given: nothing changes", {}, current],
  ])("%s", (_, patch, out) => expect(applyIntegrations(current, patch)).toEqual(out));
});

describe("the widgets form", () => {
  const form = (fields: Record<string, string>) => integrationsFromForm((n) => fields[n] ?? null);

  test("the stored ids read back as the same change (a round trip through the form changes nothing)", () => {
    const stored = {
      tag_manager_id: "GTM-K7Q2XRM",
      facebook_pixel_id: "100000000000001",
      facebook_mode: "local" as const,
      live_chat: { provider: "livechat" as const, license: "12345678" },
      chatbot: { website_id: "site-9a", settings: { greeting: "Hi there", delay: 3, open: true } },
      car_history: "local" as const,
    };
    const { patch, errors } = form(widgetFormValues(stored));
    expect(errors).toEqual({});
    const r = parse(patch);
    expect(r.ok && applyIntegrations(stored, r.data)).toEqual(stored);
  });

  test("an empty field removes its id; a bad one is the schema's message under the form's field", () => {
    const { patch } = form({ tag_manager_id: "", support_chat_id: "nope" });
    expect(patch.tag_manager_id).toBeNull();
    const r = parse(patch);
    expect(r.ok).toBe(false);
    expect(Object.keys(r.ok ? {} : r.errors).map(widgetFormField)).toEqual(["support_chat_id"]);
  });

  test.each([
    ["chatbot_settings", { chatbot_website_id: "site-9a", chatbot_settings: "greeting" }],
    ["chatbot_website_id", { chatbot_settings: "greeting=Hi" }],
  ])("unreadable chatbot lines name %s", (field, fields) => {
    expect(Object.keys(form(fields).errors).map(widgetFormField)).toEqual([field]);
  });
});

describe("every widget kind can be switched on with ids the schema accepts", () => {
  test("the registry loads each widget from ids that pass the schema", () => {
    const integrations = {
      tag_manager_id: "GTM-K7Q2XRM",
      analytics_id: "G-3HQ8ZP4T1B",
      facebook_pixel_id: "100000000000001",
      live_chat: { provider: "livechat" as const, license: "12345678" },
      dealercell_id: "parkside-mg",
      voice_text_id: "a4e2b7c9-5f1d-4e8a-9c3b-2d6f8e1a7b40",
      call_tracking_id: "408173265/3c9e1f7a2b5d4e60",
      support_chat_id: "q7x2m9ka",
      chatbot: { website_id: "site-9a" },
      dealer_tools_id: "lakeside-rv",
      spin_customer_id: "tasman_campers",
    };
    expect(parse(integrations).ok).toBe(true);
    const features = { autobot: true, dealercell: true, dealerstudio: true, impel: true, live_chat: true };
    expect(siteWidgets({ features, integrations })).toHaveLength(11);
  });
});
