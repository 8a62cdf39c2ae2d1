import { describe, expect, test } from "vitest";
import { advertisingSection, privacyPolicy } from "./privacy-policy";

const site = { name: "Smith Motors", email: "hello@smithmotors.com.au", phone: "03 9000 0000", country: "AU" as const };
const GA = { name: "Google Analytics", sends: "the pages and cars you view" };
const META = { name: "Meta (Facebook and Instagram)", sends: "the enquiries you send" };

describe("the privacy policy names the advertising platforms a site's switches send events to, and only those", () => {
  test.each([
    [[], ["No advertising or analytics platform"], ["Google", "Meta"]],
    [[GA], ["**Google Analytics**: the pages and cars you view"], ["Meta", "No advertising"]],
    [[GA, META], ["**Google Analytics**", "**Meta (Facebook and Instagram)**: the enquiries you send"], ["No advertising"]],
  ])("%j", (platforms, has, hasNot) => {
    const section = advertisingSection(platforms);
    expect(section).toMatch(/^## Advertising and analytics/);
    for (const s of has) expect(section).toContain(s);
    for (const s of hasNot) expect(section).not.toContain(s);
  });

  test.each([
    ["AU", "the Privacy Act 1988 (Cth)", "www.oaic.gov.au"],
    ["NZ", "the Privacy Act 2020", "www.privacy.org.nz"],
  ] as const)("the template for a %s site: its law, its regulator, its contact details and the platforms", (country, law, regulator) => {
    const page = privacyPolicy({ ...site, country }, [META]);
    expect(page.title).toBe("Privacy Policy");
    expect(page.body).toContain(`Smith Motors respects your privacy. This policy explains how we handle personal information under ${law}`);
    expect(page.body).toContain(regulator);
    expect(page.body).toContain("[hello@smithmotors.com.au](mailto:hello@smithmotors.com.au)");
    expect(page.body).toContain("**Meta (Facebook and Instagram)**");
    expect(page.body).not.toContain("Google");
  });

  test.each([
    [{ email: null, phone: "03 9000 0000" }, "by calling 03 9000 0000."],
    [{ email: null, phone: null }, "by using [our contact form](/contact)."],
  ])("a site without an email or phone is asked another way: %j", (contact, words) =>
    expect(privacyPolicy({ ...site, ...contact }, []).body).toContain(words),
  );

  test("a site's own page keeps its words, and the platforms follow them", () => {
    const own = { title: "Our privacy", summary: "s", body: "We keep it short.\n" };
    expect(privacyPolicy(site, [GA], own)).toEqual({ ...own, body: `We keep it short.\n\n${advertisingSection([GA])}` });
  });
});
