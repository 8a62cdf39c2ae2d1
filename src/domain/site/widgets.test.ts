import { describe, expect, test } from "vitest";
import { FORM_PATHS } from "./routes";
import { advertisingPlatforms, FORM_PAGE_PATHS, isFormPage, type WidgetSite } from "./widgets";

describe("the pages a shopper fills a form in on: no chat teaser there", () => {
  test("every enquiry form's page is one", () => {
    for (const path of Object.values(FORM_PATHS)) if (path) expect(FORM_PAGE_PATHS, path).toContain(path);
  });
  test.each([
    ["/contact", true],
    ["/contact/", true],
    ["/contact-us/parkside-mazda", true],
    ["/finance", true],
    ["/personalised/finance", true],
    ["/cars/2026-kgm-rexton-elx-pmg10205/checkout", true],
    ["/", false],
    ["/search/new-used-and-demo-cars", false],
    ["/cars/2026-kgm-rexton-elx-pmg10205", false],
    ["/contacts", false],
  ])("%s → %s", (path, yes) => expect(isFormPage(path)).toBe(yes));
});

describe("the advertising and analytics platforms a site's switches send events to (named in its privacy policy)", () => {
  const site = (integrations: WidgetSite["integrations"]): WidgetSite => ({
    features: { autobot: false, dealercell: false, dealerstudio: false, impel: false, live_chat: true },
    integrations,
  });
  test.each([
    ["none switched on", {}, []],
    [
      "chat, call tracking and tools are not advertising",
      { live_chat: { provider: "local" as const }, call_tracking_id: "408173265/3c9e1f7a2b5d4e60" },
      [],
    ],
    ["Google Analytics", { analytics_id: "G-ABC123XYZ" }, ["Google Analytics"]],
    ["Google Tag Manager", { tag_manager_id: "GTM-ABC1234" }, ["Google Tag Manager"]],
    ["the Meta pixel", { facebook_pixel_id: "100000000000001" }, ["Meta (Facebook and Instagram)"]],
    ["an id not in its vendor's shape loads nothing, so is not named", { analytics_id: "not-an-id" }, []],
    [
      "all three",
      { tag_manager_id: "GTM-ABC1234", analytics_id: "G-ABC123XYZ", facebook_pixel_id: "100000000000001" },
      ["Google Tag Manager", "Google Analytics", "Meta (Facebook and Instagram)"],
    ],
  ])("%s", (_why, integrations, names) => expect(advertisingPlatforms(site(integrations)).map((p) => p.name)).toEqual(names));
});
