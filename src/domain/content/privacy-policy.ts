import type { Country } from "../site/types";
import type { AdPlatform } from "../site/widgets";

/*
 * Every site's privacy policy: the template a site starts with (the demo stores it as its page; a site
 * with no page of its own shows it), and the section that names the advertising and analytics
 * platforms the site's switches send events to, added to whichever page the site shows, so it always
 * says what the site really loads. Pure.
 */

export const PRIVACY_LAW: Record<Country, string> = {
  AU: "the Privacy Act 1988 (Cth) and the Australian Privacy Principles",
  NZ: "the Privacy Act 2020 and its Information Privacy Principles",
  US: "the privacy laws of the states we trade in, including the California Consumer Privacy Act where it applies",
};

export const REGULATOR: Record<Country, string> = {
  AU: "the Office of the Australian Information Commissioner (www.oaic.gov.au)",
  NZ: "the Office of the Privacy Commissioner (www.privacy.org.nz)",
  US: "your state's consumer protection office",
};

export type PolicySite = { name: string; email: string | null; phone: string | null; country: Country };

/** The policy's words for a site, without the platforms (which follow the site's switches as they are now). */
export function privacyPolicyTemplate(site: PolicySite): { title: string; summary: string; body: string } {
  const ask = [site.email ? `writing to [${site.email}](mailto:${site.email})` : null, site.phone ? `calling ${site.phone}` : null];
  return {
    title: "Privacy Policy",
    summary: `How ${site.name} collects, uses and protects your personal information, and how to contact us about it.`,
    body: `${site.name} respects your privacy. This policy explains how we handle personal information under ${PRIVACY_LAW[site.country]}.

## What we collect

When you send an enquiry, book a test drive or a service, apply for finance or value your trade-in, we collect the details you give us: your name, email address, phone number, postcode and your message, and details of the vehicle you are interested in or want to sell. We also record which pages of this website you visited before you enquired, so that our team can answer you properly.

## How we use it

We use your information to answer your enquiry, to arrange the test drive, service or appraisal you asked for, and — where you agreed to it — to tell you about offers. We do not sell your personal information.

## Who we share it with

We share your details only with the people who need them to help you: our own staff, the manufacturer of a vehicle you enquired about, and a finance provider if you apply for finance. Our website and email providers store information for us under contract.

## Cookies and saved vehicles

Vehicles you save on this website are kept in your own browser, not on our servers. We use cookies to keep the site working and, where enabled, to understand how the site is used.

## Access and correction

You may ask for a copy of the personal information we hold about you, or ask us to correct it, by ${ask.filter(Boolean).join(" or ") || "using [our contact form](/contact)"}. If you are not satisfied with our answer you may contact ${REGULATOR[site.country]}.`,
  };
}

/** The section naming each platform the site sends events to and what it sends; says so plainly when there is none. */
export function advertisingSection(platforms: readonly AdPlatform[]): string {
  const intro = "## Advertising and analytics\n\n";
  if (!platforms.length) return `${intro}No advertising or analytics platform receives information from this website.`;
  return `${intro}This website sends information about your visit to these advertising and analytics platforms:\n\n${platforms
    .map((p) => `- **${p.name}**: ${p.sends}.`)
    .join("\n")}\n\nEach platform handles what it receives under its own privacy policy, and may store it overseas.`;
}

/** A site's policy: its own page's words (else the template's), then the platforms it sends events to. */
export function privacyPolicy(site: PolicySite, platforms: readonly AdPlatform[], own?: { title: string; summary: string; body: string }) {
  const page = own ?? privacyPolicyTemplate(site);
  return { ...page, body: `${page.body.trimEnd()}\n\n${advertisingSection(platforms)}` };
}
