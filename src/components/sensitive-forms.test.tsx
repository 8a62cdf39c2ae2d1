import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test, vi } from "vitest";
import { AccountForms, ResetPasswordForm } from "./account/account-forms";
import { AcceptInviteForm, StaffSignInForm } from "./admin/auth-forms";
import { LeadStatusForm } from "./admin/lead-status-form";
import { ReplyTemplatesForm } from "./admin/reply-templates-form";
import { InviteForm } from "./admin/team-forms";
import { DetailsForm } from "./account/garage";
import { CheckoutForm } from "./store/checkout-form";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, replace: () => undefined, refresh: () => undefined }) }));

/*
 * Forms that carry a password, a note, a name or contact details, as the server's HTML has them (what
 * a browser submits before the page's script has run, or without it): never a GET, which would put
 * what was typed in the address. Each posts to a route that answers a plain form, or cannot be sent
 * (its controls disabled) until the script can send it.
 */
const account = { redirect: "/account", garageName: "My garage", siteName: "Parkside" };
test.each<[string, ReactElement]>([
  ["shopper sign-in", <AccountForms key="a" initial="sign-in" {...account} />],
  ["shopper register", <AccountForms key="b" initial="register" {...account} />],
  ["shopper sign-in link", <AccountForms key="c" initial="link" {...account} />],
  ["shopper forgotten password", <AccountForms key="d" initial="forgot" {...account} />],
  ["shopper reset", <ResetPasswordForm key="e" token="t0k3n" />],
  ["staff sign-in", <StaffSignInForm key="f" email="" errors={{}} />],
  ["staff accept-invite (new)", <AcceptInviteForm key="g" token="t0k3n" email="new@example.com" existing={false} />],
  ["staff accept-invite (existing)", <AcceptInviteForm key="h" token="t0k3n" email="old@example.com" existing />],
  ["lead note", <LeadStatusForm key="i" leadId="00000000-0000-4000-8000-000000000000" status="new" />],
  ["reply templates", <ReplyTemplatesForm key="j" siteId={1001} values={{ sms: "", email_subject: "", email_body: "" }} />],
  ["team invite", <InviteForm key="k" siteId={1001} />],
  ["shopper's saved details", <DetailsForm key="l" initial={{}} email="mary@example.com" postcodeLabel="Postcode" siteName="Parkside" />],
  ["reserve online", <CheckoutForm key="m" vehicleSlug="2024-mazda-cx-5" country="AU" deposit="$500" siteName="Parkside" />],
])("%s: the server's HTML posts, never GETs", (_, form) => {
  const html = renderToString(form);
  const tags = html.match(/<form\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) {
    expect(tag).toMatch(/\bmethod="post"/);
    // an action the server answers as a plain form, or nothing to press until the script runs
    if (!/\baction="\/api\//.test(tag)) expect(html).toMatch(/<fieldset[^>]*\bdisabled=""/);
  }
});
