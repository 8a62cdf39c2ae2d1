import { describe, expect, test } from "vitest";
import { DEFAULT_FEATURES } from "@/domain/site/features";
import { IntegrationsPatchSchema } from "@/domain/site/integrations";
import { siteWidgets, WIDGET_REGISTRY } from "@/domain/site/widgets";
import { DEMO_SITES } from "./sites";

/* Every widget kind runs on at least one demo tenant, from ids the settings forms and the platform API would accept. */
describe("the demo's widgets", () => {
  const loaded = (s: (typeof DEMO_SITES)[number]) =>
    siteWidgets({ features: { ...DEFAULT_FEATURES, ...s.features }, integrations: s.integrations ?? {} }).map((w) => w.key);

  test.each(DEMO_SITES.map((s) => [s.slug, s] as const))("%s's ids pass the schema", (_, s) => {
    expect(IntegrationsPatchSchema.safeParse(s.integrations ?? {}).error?.issues ?? []).toEqual([]);
  });

  test.each(WIDGET_REGISTRY.map((e) => [e.key]))("%s runs on a demo site", (key) => {
    expect(DEMO_SITES.filter((s) => loaded(s).includes(key)).map((s) => s.slug)).not.toEqual([]);
  });

  test("which site shows which (docs/features/analytics-chat-widgets.md)", () => {
    expect(Object.fromEntries(DEMO_SITES.map((s) => [s.slug, loaded(s)]))).toEqual({
      "parkside-motor-group": ["social-pixel", "live-chat"],
      "ridgeline-motorcycles": [],
      "tasman-campers": ["chatbot", "spin-viewer"],
      "outback-truck-centre": ["call-tracking", "support-chat"],
      "harbour-city-pre-owned": ["tag-manager", "analytics", "voice-text"],
      "lakeside-rv": ["text-chat", "dealer-tools"],
      "demo-motors": [],
    });
  });
});
