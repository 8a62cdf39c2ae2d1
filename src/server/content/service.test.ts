import { describe, expect, test } from "vitest";
import { setupAppDatabase } from "@/server/testing/app-database";
import { getSiteContext } from "@/server/site/context";
import { privacyPolicyPage } from "./service";

/* The privacy policy a site shows: its own words (or the template) and the platforms its switches send events to now. */
setupAppDatabase();

const section = (body: string) => body.slice(body.indexOf("## Advertising and analytics"));

describe("privacyPolicyPage", () => {
  test.each([
    ["parkside-motor-group", ["Meta (Facebook and Instagram)"], ["Google"]],
    ["harbour-city-pre-owned", ["Google Tag Manager", "Google Analytics"], ["Meta"]],
    ["tasman-campers", ["No advertising or analytics platform"], ["Google", "Meta"]],
  ])("%s names %j and not %j", async (slug, named, notNamed) => {
    const ctx = (await getSiteContext(slug))!;
    const page = await privacyPolicyPage(ctx, Date.now());
    expect(page.body).toContain(`${ctx.site.name} respects your privacy`);
    for (const n of named) expect(section(page.body)).toContain(n);
    for (const n of notNamed) expect(section(page.body)).not.toContain(n);
  });

  test("a site without a page of its own shows the template, and switching the pixel on names Meta", async () => {
    const ctx = (await getSiteContext("tasman-campers"))!;
    const bare = { ...ctx, site: { ...ctx.site, id: 987_654, integrations: { facebook_pixel_id: "100000000000001" } } };
    const page = await privacyPolicyPage(bare, Date.now());
    expect(page).toMatchObject({ title: "Privacy Policy", slug: "privacy-policy" });
    expect(page.body).toContain(
      "Tasman Campers respects your privacy. This policy explains how we handle personal information under the Privacy Act 2020",
    );
    expect(section(page.body)).toContain("Meta (Facebook and Instagram)");
  });
});
