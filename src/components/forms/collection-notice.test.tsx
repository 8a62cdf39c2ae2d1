// @vitest-environment happy-dom
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { FORMS, type FormKind } from "@/domain/leads/forms";
import { AccountForms } from "@/components/account/account-forms";
import { DetailsForm } from "@/components/account/garage";
import { CheckoutForm } from "@/components/store/checkout-form";
import { LeadForm } from "./lead-form";
import { LookupForm } from "./lookup-form";
import { TEST_FORM_SITE } from "./test-site";

/*
 * Every form that takes personal details carries the collection notice, with a link to the site's
 * privacy policy, right before its Send button, in the server's HTML (so without script too).
 */
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }), usePathname: () => "/contact" }));
vi.mock("@/client/analytics", () => ({ track: vi.fn() }));

const site = TEST_FORM_SITE;
const forms: Array<[string, ReactElement]> = [
  ...(Object.keys(FORMS) as FormKind[]).map((kind): [string, ReactElement] => [
    `enquiry: ${kind}`,
    <LeadForm key={kind} kind={kind} site={site} />,
  ]),
  [
    "trade-in rego lookup",
    <LookupForm key="l" kind="trade-in" formSite={site} endpoint="/api/nevdis" carHistory={false} valuation={false} allowFiles />,
  ],
  ["customer register", <AccountForms key="a" initial="register" redirect="/my-garage" garageName="My Garage" siteName={site.name} />],
  ["garage saved details", <DetailsForm key="d" initial={{}} email="mary@example.com" postcodeLabel="Postcode" siteName={site.name} />],
  ["reserve online", <CheckoutForm key="c" vehicleSlug="a-car" country="AU" deposit="$500" siteName={site.name} />],
];

describe("CollectionNotice", () => {
  test.each(forms)("%s: the notice and its privacy policy link sit by the Send button", (_, element) => {
    document.body.innerHTML = renderToString(element);
    const form = document.querySelector("form")!;
    const notice = form.querySelector('[data-testid="collection-notice"]');
    expect(notice?.textContent).toContain(`${site.name} collects these details`);
    const link = notice!.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("/privacy-policy");
    expect(link.textContent).toBe("privacy policy");
    const send = form.querySelector('button[type="submit"]')!;
    const next = notice!.nextElementSibling!;
    expect(next === send || next.contains(send)).toBe(true);
  });
});
