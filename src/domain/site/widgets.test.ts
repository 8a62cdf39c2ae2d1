import { describe, expect, test } from "vitest";
import { FORM_PATHS } from "./routes";
import { FORM_PAGE_PATHS, isFormPage } from "./widgets";

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
