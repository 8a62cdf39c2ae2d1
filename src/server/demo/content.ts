import "server-only";
import type { ContentKind } from "@/domain/content/types";
import { privacyPolicyTemplate } from "@/domain/content/privacy-policy";
import data from "./data/content.json" with { type: "json" };
import { sceneForTemplate } from "./scenes";
import type { DemoSite } from "./sites";

/*
 * The demo dealers' words: About Us, the legal pages, blog posts, special offers and the
 * text on brand, model and section pages. Deterministic: the same site and clock give the same rows.
 * Dates are relative to the seed time (and move with the demo clock, like the stock). A site's own
 * rows are data (data/content.json); the pages every site has are filled in from its record here.
 */

export type DemoContent = {
  kind: ContentKind;
  slug: string;
  title: string;
  summary: string;
  body: string;
  image?: string;
  author?: string;
  make?: string;
  publishedAt: Date;
  expiresAt?: Date | null;
  price?: number;
  saving?: number;
  subscriptionWeekly?: number;
  terms?: string;
};

const DAY = 86_400_000;
const scene = (name: string) => `/photos/scene/${name}.svg`;

/** A row as data/content.json has it: its dates as days from the seed time, its body as lines. */
type StoredContent = Omit<DemoContent, "kind" | "body" | "publishedAt" | "expiresAt"> & {
  kind: string;
  body: string[];
  daysAgo: number;
  /** an offer's end, in days from the seed time (negative: already ended); null: no end */
  expiresInDays?: number | null;
};

const TRADE: Record<string, { what: string; since: number; team: number }> = data.trade;
const COUNTRY: Record<DemoSite["country"], { dollars: string; priceTerms: string; consumerLaw: string }> = data.countries;
const OWN: Record<string, StoredContent[]> = data.sites;

function commonPages(site: DemoSite, now: number): DemoContent[] {
  const home = site.locations.find((l) => l.primary) ?? site.locations[0]!;
  const trade = TRADE[site.slug] ?? { what: "vehicles", since: 2000, team: 12 };
  const years = new Date(now).getUTCFullYear() - trade.since;
  const published = new Date(now - 400 * DAY);
  const locations = site.locations.map((l) => `- **${l.name}**, ${l.street}, ${l.city} ${l.state} ${l.postcode}, ${l.phone}`).join("\n");
  return [
    {
      kind: "page",
      slug: "about-us",
      title: "About Us",
      summary: `${site.name} has sold ${trade.what} in ${home.city} since ${trade.since}. Meet the team and find our locations.`,
      image: scene(sceneForTemplate(site.template)),
      publishedAt: published,
      body: `${site.name} has been part of ${home.city} for ${years} years. We sell ${trade.what}, and we look after them once they are yours.

## What we stand for

- **Straight answers.** Every price on this website is the price we will write on the contract, and every vehicle's history is there to read before you visit.
- **People who stay.** Our team of ${trade.team} includes sales consultants, technicians and finance specialists, many of whom have been with us for more than a decade.
- **A local business.** We are family owned, we employ locally and we support the clubs and charities our customers belong to.

## Where to find us

${locations}

Our opening hours are on each location's page, and our team is happy to help on ${site.phone} or at [${site.email}](mailto:${site.email}).

[Contact us](/contact) or [browse our stock](/search/new-used-and-demo-cars).`,
    },
    // the platform's template (the page shows the advertising platforms the site's switches send to after it)
    { kind: "page", slug: "privacy-policy", publishedAt: published, ...privacyPolicyTemplate(site) },
    {
      kind: "page",
      slug: "terms-and-conditions",
      title: "Terms and Conditions",
      summary: `The terms of use of the ${site.name} website: prices, vehicle information, offers and links.`,
      publishedAt: published,
      body: `These terms apply to your use of the ${site.name} website. By using it you agree to them.

## Vehicle information and prices

We take care that every listing is accurate, but specifications, features and photos come from our stock system and the manufacturer and may contain errors. Please confirm anything that matters to your decision with our team before you buy. A vehicle shown on this website may already be sold or reserved.

Prices are in ${COUNTRY[site.country].dollars} dollars. ${COUNTRY[site.country].priceTerms}

## Offers

Special offers are available for the period stated on each offer, while stocks last, and cannot be combined with any other offer unless stated.

## Finance

Any repayment shown is an estimate for illustration only and is not a quote or an offer of credit. Finance is subject to the lender's approval and fees and charges apply.

## Your rights

Nothing in these terms excludes the rights you have under ${COUNTRY[site.country].consumerLaw}.

## Contact

Questions about these terms: [${site.email}](mailto:${site.email}) or ${site.phone}.`,
    },
  ];
}

/** A site's own posts, offers and pages (data/content.json), dated from `now`. */
function ownContent(site: DemoSite, now: number): DemoContent[] {
  return (OWN[site.slug] ?? []).map(({ kind, body, daysAgo, expiresInDays, ...row }) => ({
    ...row,
    kind: kind as ContentKind,
    body: body.join("\n"),
    publishedAt: new Date(now - daysAgo * DAY),
    ...(expiresInDays === undefined ? {} : { expiresAt: expiresInDays === null ? null : new Date(now + expiresInDays * DAY) }),
  }));
}

/** Every demo site's content rows. */
export function demoContent(site: DemoSite, now: number): DemoContent[] {
  return [...commonPages(site, now), ...ownContent(site, now)];
}
