import "server-only";
import type { ContentKind } from "@/domain/content/types";
import { privacyPolicyTemplate } from "@/domain/content/privacy-policy";
import { sceneForTemplate } from "./scenes";
import type { DemoSite } from "./sites";

/*
 * The demo dealers' words: About Us, the legal pages, blog posts, special offers and the
 * text on brand, model and section pages. Deterministic: the same site and clock give the same rows.
 * Dates are relative to the seed time (and move with the demo clock, like the stock).
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

const CONSUMER_LAW: Record<DemoSite["country"], string> = {
  AU: "the Australian Consumer Law",
  NZ: "the Consumer Guarantees Act 1993 and the Fair Trading Act 1986",
  US: "applicable federal and state consumer protection law",
};

const TRADE: Record<string, { what: string; since: number; team: number }> = {
  "parkside-motor-group": { what: "new, demo and used cars from five franchise brands", since: 1987, team: 140 },
  "ridgeline-motorcycles": { what: "Yamaha motorcycles, scooters and quality used bikes", since: 1994, team: 18 },
  "tasman-campers": { what: "campervans, motorhomes and caravans", since: 2006, team: 22 },
  "outback-truck-centre": { what: "trucks, utes and commercial vehicles", since: 1979, team: 45 },
  "harbour-city-pre-owned": { what: "quality pre-owned cars, every one inspected and photographed", since: 2011, team: 26 },
  "lakeside-rv": { what: "motorhomes, travel trailers and fifth wheels", since: 1998, team: 15 },
  "demo-motors": { what: "new, demo and used cars", since: 2020, team: 10 },
};

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

Prices are in ${site.country === "NZ" ? "New Zealand" : site.country === "US" ? "US" : "Australian"} dollars. ${
        site.country === "US"
          ? "Prices exclude taxes, title and registration fees unless stated."
          : 'A "Drive Away" price includes registration, stamp duty and dealer delivery. A price marked "Excl. Govt. Charges" does not include registration, stamp duty or CTP insurance.'
      }

## Offers

Special offers are available for the period stated on each offer, while stocks last, and cannot be combined with any other offer unless stated.

## Finance

Any repayment shown is an estimate for illustration only and is not a quote or an offer of credit. Finance is subject to the lender's approval and fees and charges apply.

## Your rights

Nothing in these terms excludes the rights you have under ${CONSUMER_LAW[site.country]}.

## Contact

Questions about these terms: [${site.email}](mailto:${site.email}) or ${site.phone}.`,
    },
  ];
}

function parksideContent(now: number): DemoContent[] {
  const ago = (d: number) => new Date(now - d * DAY);
  const ahead = (d: number) => new Date(now + d * DAY);
  const posts: Array<Omit<DemoContent, "kind" | "publishedAt"> & { daysAgo: number }> = [
    {
      slug: "winter-car-care-checklist",
      title: "Your winter car-care checklist",
      summary: "Tyres, battery, wipers and lights: the five checks our service team recommends before the cold sets in.",
      author: "Daniel Nguyen, Service Manager",
      image: scene("country"),
      daysAgo: 3,
      body: `Melbourne's winter is hard on cars. Cold mornings find tired batteries, and wet roads find worn tyres. Before the season turns, our technicians suggest five quick checks.

1. **Tyres.** The legal minimum tread is 1.5 mm, but grip in the wet falls away well before that. Check the tread-wear indicators, and the pressures when the tyres are cold.
2. **Battery.** Most batteries last three to five years. If your engine turns over slowly on a cold morning, have it tested — it takes five minutes at our [Tyre & Battery Centre](/pages/tyre-and-battery-centre).
3. **Wipers and washers.** Replace blades that smear, and top up the washer bottle.
4. **Lights.** Walk around the car with the headlights, indicators and brake lights on.
5. **Coolant.** Your coolant protects against corrosion all year round; check the level with the engine cold.

[Book a service](/service) and we will check all of this for you.`,
    },
    {
      slug: "new-mazda-cx-5-arrives-in-ringwood",
      title: "The new Mazda CX-5 arrives in Ringwood",
      summary: "Our first shipment of the updated CX-5 is here, with demonstrators ready to drive at Parkside Mazda.",
      author: "Sophie Walker, Parkside Mazda",
      image: scene("city"),
      daysAgo: 12,
      body: `The updated Mazda CX-5 has landed at Parkside Mazda, and demonstrators in Maxx, Touring and Akera grades are ready for test drives this week.

The CX-5 remains one of Australia's favourite medium SUVs, and the update brings a quieter cabin, a larger touchscreen and more standard safety equipment across the range.

Come and drive one back to back with the CX-30 and CX-60, and our team will take you through the differences. [Book a test drive](/book-test-drive) or [see the CX-5s in stock](/search/new-and-demo-cars?make=Mazda&model=CX-5).`,
    },
    {
      slug: "how-we-value-your-trade-in",
      title: "How we value your trade-in",
      summary: "What our used-car managers look at when they value a car, and how to get the best price for yours.",
      author: "Mark Ellis, Used Car Manager",
      image: scene("showroom"),
      daysAgo: 23,
      body: `A trade-in valuation is not a mystery. Our used-car managers look at four things:

- **The market.** What similar cars have sold for across Victoria in the last 90 days.
- **Condition.** Panel damage, tyres, interior wear and the smell of the cabin all count.
- **History.** A full service book is worth real money. Bring it with you.
- **Demand.** Utes, small SUVs and hybrids are in demand; we pay accordingly.

You can start online: [value your trade-in](/trade-in) with a few photos and we will come back to you with a price, usually the same day.`,
    },
    {
      slug: "electric-or-plug-in-hybrid",
      title: "Electric or plug-in hybrid: which suits you?",
      summary: "The Mercedes-Benz EQA and the Mazda CX-60 PHEV take two different routes to lower running costs. Here is how to choose.",
      author: "Priya Raman, Parkside Mercedes-Benz",
      image: scene("city"),
      daysAgo: 34,
      body: `If most of your driving is around Melbourne, an electric vehicle like the Mercedes-Benz EQA covers a week of commuting on one charge, and home charging overnight costs a fraction of petrol.

If you regularly drive to the country, a plug-in hybrid like the Mazda CX-60 PHEV gives you around 60 km of electric driving for the daily run, with a petrol engine for long trips.

| | Electric (EQA 250) | Plug-in hybrid (CX-60 PHEV) |
|---|---|---|
| Daily commute | Electric | Electric |
| Long trips | Plan charging stops | Petrol engine |
| Home charger | Recommended | Optional |

See our [electric and plug-in hybrid vehicles](/electric-vehicles), or talk to our team about which fits the way you drive.`,
    },
    {
      slug: "parkside-supports-ringwood-junior-football",
      title: "Parkside backs Ringwood junior football for another season",
      summary: "We are proud to sponsor the Ringwood Junior Football Club again, with new jumpers for all twelve teams.",
      author: "Parkside Motor Group",
      image: scene("country"),
      daysAgo: 47,
      body: `For the ninth year running, Parkside Motor Group is the major sponsor of the Ringwood Junior Football Club. This season that means new jumpers for all twelve teams, and a minibus for away games.

Read about the other clubs and charities we support on our [community partners page](/pages/community-partners-sponsorships).`,
    },
    {
      slug: "skoda-octavia-wagon-family-review",
      title: "A week with the Škoda Octavia wagon",
      summary: "Our sales consultant took an Octavia wagon on the school run, the weekly shop and a weekend in the Yarra Valley.",
      author: "James O'Connor, Parkside Škoda",
      image: scene("coast"),
      daysAgo: 61,
      body: `Family cars get judged on the boring things: how much fits in the boot, whether the kids fight in the back seat and what it costs to run. The Octavia wagon does well on all three.

The boot swallowed a pram, a week's shopping and two scooters without folding a seat. Rear legroom is generous, and the 110TSI engine averaged 6.4 L/100 km over the week.

[See the Octavias in stock](/search/new-used-and-demo-cars?make=Skoda&model=Octavia).`,
    },
    {
      slug: "understanding-drive-away-pricing",
      title: "Drive away or excluding government charges?",
      summary: "What the words beside a car's price mean, and what you will actually pay.",
      author: "Mark Ellis, Used Car Manager",
      image: scene("showroom"),
      daysAgo: 76,
      body: `Every price on our website carries a label, and it matters.

- **Drive Away** means the price includes registration, stamp duty, CTP insurance and dealer delivery. It is the amount you pay.
- **Excl. Govt. Charges** means registration, stamp duty and CTP are added on top. On a $40,000 new car in Victoria that is typically $3,000 to $4,000.
- A car with no price shows *Enquire for price.* — usually a car that has just arrived and is still being prepared.

Ask us for a written drive-away figure on any car before you visit.`,
    },
    {
      slug: "kgm-musso-tow-test",
      title: "KGM Musso: the ute that tows 3.5 tonnes",
      summary: "We hitched a 2.8-tonne caravan to a KGM Musso Ultimate and drove it to Lakes Entrance.",
      author: "Tom Hughes, Parkside KGM",
      image: scene("country"),
      daysAgo: 92,
      body: `The Musso is the value pick among dual-cab utes, and with a 3,500 kg braked towing capacity it is not just a city ute.

Over 320 km with a 2.8-tonne caravan behind it, the Musso Ultimate averaged 13.9 L/100 km and never felt short of pulling power on the hills past Bairnsdale.

[Book a test drive](/book-test-drive) of a Musso at Parkside KGM.`,
    },
  ];
  const offers: Array<Omit<DemoContent, "kind" | "publishedAt"> & { start: number; end: number | null }> = [
    {
      slug: "mazda-cx-5-maxx-sport-drive-away",
      title: "Mazda CX-5 Maxx Sport from $42,990 drive away",
      summary: "Run-out pricing on the CX-5 Maxx Sport petrol, with a five-year unlimited-kilometre warranty.",
      make: "Mazda",
      image: scene("city"),
      price: 42990,
      subscriptionWeekly: 189,
      start: 14,
      end: 9,
      terms:
        "Offer applies to new CX-5 Maxx Sport 2.5 petrol automatic vehicles sold and delivered by the end date, while stocks last. Metallic paint $695 extra. Not available to fleet, government or rental buyers.",
      body: "Our best price of the year on the CX-5 Maxx Sport, Australia's favourite medium SUV. Every car comes with Mazda's five-year unlimited-kilometre warranty and five years of roadside assistance.\n\nPrefer not to buy? Subscribe from $189 a week, with insurance, registration and servicing included.",
    },
    {
      slug: "suzuki-swift-hybrid-bonus-accessories",
      title: "Swift Hybrid: $1,500 of accessories on us",
      summary: "Choose $1,500 of genuine Suzuki accessories with any new Swift Hybrid.",
      make: "Suzuki",
      image: scene("coast"),
      saving: 1500,
      start: 20,
      end: 24,
      terms:
        "Bonus accessories to the value of $1,500 (including fitting) with any new Swift Hybrid purchased and delivered by the end date. Accessories are not exchangeable for cash.",
      body: "Roof racks, a cargo tray, floor mats and a dash camera — choose any genuine Suzuki accessories to the value of $1,500 and we will fit them before you pick up your new Swift Hybrid.",
    },
    {
      slug: "mercedes-benz-eqa-complimentary-charger",
      title: "Mercedes-Benz EQA with a complimentary home charger",
      summary: "A Mercedes-Benz wallbox, installed at your home, with every new EQA 250.",
      make: "Mercedes-Benz",
      image: scene("city"),
      saving: 2800,
      subscriptionWeekly: 329,
      start: 10,
      end: 38,
      terms:
        "A Mercedes-Benz wallbox and standard installation (up to 10 m of cable run from the switchboard) with any new EQA 250 ordered by the end date. Non-standard installations are quoted separately.",
      body: "Charge overnight at home from the first day. Order a new EQA 250 and we include a Mercedes-Benz wallbox and its standard installation, worth $2,800.\n\nOr subscribe to an EQA from $329 a week, with insurance and servicing included.",
    },
    {
      slug: "skoda-kodiaq-5-years-free-servicing",
      title: "Škoda Kodiaq with five years' servicing included",
      summary: "Five years or 75,000 km of scheduled servicing with every new Kodiaq.",
      make: "Skoda",
      image: scene("coast"),
      saving: 2300,
      start: 5,
      end: 55,
      terms: "Five years or 75,000 km of scheduled servicing, whichever comes first, with any new Kodiaq delivered by the end date.",
      body: "Seven seats, a huge boot and five years of servicing included. Every new Kodiaq ordered this month comes with a five-year service pack worth $2,300.",
    },
    {
      slug: "kgm-musso-ultimate-drive-away",
      title: "KGM Musso Ultimate from $44,990 drive away",
      summary: "The dual-cab ute that tows 3.5 tonnes, at a sharp drive-away price.",
      make: "KGM",
      image: scene("country"),
      price: 44990,
      start: 8,
      end: null,
      terms:
        "Drive-away price for a new Musso Ultimate automatic in Grand White, including registration, stamp duty and dealer delivery. Other colours $690 extra.",
      body: "Leather seats, a 3,500 kg towing capacity and KGM's seven-year unlimited-kilometre warranty, at a drive-away price.",
    },
    {
      slug: "end-of-winter-service-special",
      title: "End-of-winter service special",
      summary: "A logbook service with a free tyre rotation and battery test.",
      image: scene("showroom"),
      saving: 89,
      start: 60,
      end: -6,
      terms: "Free tyre rotation and battery test with any logbook service booked and completed in the offer period.",
      body: "Book any logbook service and we include a tyre rotation and a battery health test, worth $89.",
    },
  ];
  const brands: DemoContent[] = [
    [
      "Suzuki",
      "suzuki",
      "Parkside Suzuki sells the full Suzuki range — Swift, Vitara, Jimny and S-Cross — with five years' warranty and capped-price servicing.",
    ],
    ["Mazda", "mazda", "Parkside Mazda is Ringwood's Mazda dealer: the CX-5, CX-30, CX-60, Mazda3, BT-50 and MX-5, new, demo and used."],
    [
      "Mercedes-Benz",
      "mercedes-benz",
      "Parkside Mercedes-Benz: A-Class to GLC, the all-electric EQA and the Sprinter van, with the service our customers expect.",
    ],
    ["Skoda", "skoda", "Parkside Škoda: the Fabia, Octavia, Karoq and Kodiaq, European engineering with seven years' warranty."],
    [
      "KGM",
      "kgm",
      "Parkside KGM (formerly SsangYong): the Musso ute and the Rexton, Torres and Korando SUVs, with a seven-year unlimited-kilometre warranty.",
    ],
  ].map(([make, slug, summary]) => ({
    kind: "brand" as const,
    slug: slug!,
    title: make === "Skoda" ? "Škoda" : make!,
    make: make!,
    summary: summary!,
    publishedAt: ago(300),
    body: `${summary}\n\nOur factory-trained technicians service every model we sell, and our finance team can arrange a loan or a novated lease. Drop in to drive one, or send us an enquiry and we will be in touch the same day.`,
  }));
  const models: DemoContent[] = [
    ["mazda-cx-5", "Mazda", "Mazda CX-5", "Australia's favourite medium SUV: a quiet cabin, sharp handling and a five-star safety rating."],
    ["suzuki-swift", "Suzuki", "Suzuki Swift", "The light car that is fun to drive, now with a frugal mild-hybrid engine."],
    [
      "mercedes-benz-eqa",
      "Mercedes-Benz",
      "Mercedes-Benz EQA",
      "The all-electric compact SUV, with around 420 km of range and fast DC charging.",
    ],
    ["skoda-octavia", "Skoda", "Škoda Octavia", "A family wagon with a boot to rival an SUV's, and the RS for those who like to drive."],
    ["kgm-musso", "KGM", "KGM Musso", "A dual-cab ute with a 3.5-tonne towing capacity and a seven-year warranty."],
  ].map(([slug, make, title, summary]) => ({
    kind: "model" as const,
    slug: slug!,
    title: title!,
    make: make!,
    summary: summary!,
    publishedAt: ago(200),
    body: `${summary}\n\nEvery ${title} we sell comes with a full pre-delivery inspection, and our team is happy to arrange a test drive at a time that suits you.`,
  }));
  return [
    ...posts.map(({ daysAgo, ...p }) => ({ ...p, kind: "post" as const, publishedAt: ago(daysAgo) })),
    ...offers.map(({ start, end, ...o }) => ({
      ...o,
      kind: "offer" as const,
      publishedAt: ago(start),
      expiresAt: end === null ? null : ahead(end),
    })),
    ...brands,
    ...models,
    {
      kind: "page",
      slug: "tyre-and-battery-centre",
      title: "Tyre & Battery Centre",
      summary: "Tyres, wheel alignments and batteries for every make, fitted while you wait at Parkside Service Centre in Ringwood.",
      image: scene("country"),
      publishedAt: ago(500),
      body: `Our Tyre & Battery Centre at Parkside Service Centre fits tyres and batteries for every make and model — not just the brands we sell.

## Tyres

- Leading brands including Bridgestone, Michelin, Continental and Yokohama
- Fitting, balancing and a tyre rotation while you wait
- Four-wheel alignments on our laser alignment machine
- Puncture repairs from $35

## Batteries

- A free battery health test with any service
- Replacement batteries with a three-year warranty, fitted in 20 minutes
- Hybrid and EV 12-volt batteries

## Opening hours

Monday to Friday 7:30 am to 5:30 pm, and Saturday by appointment. Walk in, or [book a service](/service) and tell us what you need in the comments.`,
    },
    {
      kind: "page",
      slug: "community-partners-sponsorships",
      title: "Community Partners & Sponsorships",
      summary: "The clubs, schools and charities Parkside Motor Group supports in Ringwood and the eastern suburbs.",
      image: scene("country"),
      publishedAt: ago(450),
      body: `Parkside Motor Group has been part of Ringwood since 1987, and we believe a local business should give back to the community that supports it.

## Our partners

- **Ringwood Junior Football Club** — major sponsor for nine seasons, with jumpers for all twelve teams and a minibus for away games.
- **Eastern Emergency Relief** — a van on permanent loan to deliver food parcels across the eastern suburbs.
- **Maroondah Hospital Auxiliary** — our staff raise funds through the annual charity car wash.
- **Ringwood Secondary College** — work experience for students interested in automotive careers.

## Apply for sponsorship

Local clubs and charities can write to [sales@parksidemotorgroup.com.au](mailto:sales@parksidemotorgroup.com.au) with a little about your organisation and what you need.`,
    },
    {
      kind: "section",
      slug: "fleet",
      title: "Fleet and business vehicles",
      summary: "Fleet pricing, a dedicated fleet manager and priority servicing for businesses of every size.",
      publishedAt: ago(500),
      body: `From one ute for a tradie to fifty cars for a sales team, Parkside's fleet department supplies businesses across Melbourne's east.

- **Five brands, one contact.** Suzuki, Mazda, Mercedes-Benz, Škoda and KGM from one dedicated fleet manager.
- **Fleet pricing** for ABN holders, government and not-for-profit organisations.
- **Priority servicing** with courtesy cars at Parkside Service Centre.
- **Novated leasing** for your employees through our finance team.

Tell us what you need below and our fleet manager will call you within one business day.`,
    },
    {
      kind: "section",
      slug: "careers",
      title: "Work at Parkside",
      summary: "Careers in sales, service, parts and administration at Parkside Motor Group in Ringwood.",
      publishedAt: ago(500),
      body: `We are always glad to hear from people who like cars and like helping people. Our team of 140 works across sales, service, parts, finance and administration.

## Why work with us

- Manufacturer training for every brand we represent, and apprenticeships for technicians
- A family-owned business where good work is noticed
- Staff discounts on vehicles, servicing and accessories

Send us your details and a short note about the role you are interested in. If you have a résumé, mention it and we will reply with where to send it.`,
    },
    {
      kind: "section",
      slug: "electric-vehicles",
      title: "Electric and plug-in hybrid vehicles",
      summary: "Electric and plug-in hybrid cars in stock at Parkside Motor Group, with home-charging advice from our team.",
      publishedAt: ago(300),
      body: `Thinking about going electric? Our team can explain range, charging at home and on the road, and the running costs of each model.

All of our electric and plug-in hybrid vehicles are listed below, straight from our stock.`,
    },
  ];
}

function ridgelineContent(now: number): DemoContent[] {
  const ago = (d: number) => new Date(now - d * DAY);
  const posts: Array<[string, string, string, string, number]> = [
    [
      "first-service-on-your-new-bike",
      "Your new bike's first service: why it matters",
      "The 1,000 km service sets your engine up for life. Here is what our workshop checks.",
      "Your new bike's first service, at about 1,000 km, is the most important one it will have. Our technicians change the oil and filter, check chain tension and the valve clearances where the manual calls for it, and go over every fastener.\n\n[Book your first service](/service) with our workshop.",
      4,
    ],
    [
      "yamaha-tenere-700-great-ocean-road",
      "Ténéré 700 on the Great Ocean Road",
      "Two days, 600 km and a lot of gravel: our sales team's ride report on the Ténéré 700.",
      "We took two Ténéré 700s from Geelong to Apollo Bay and back through the Otways, mixing the Great Ocean Road with forest tracks. The Ténéré's 689 cc twin pulls cleanly from low revs and the long-travel suspension soaked up everything the tracks threw at it.\n\n[See the Ténérés in stock](/search/new-used-and-demo-cars?model=Tenere+700).",
      15,
    ],
    [
      "learner-approved-bikes-explained",
      "LAMS bikes explained",
      "What a learner-approved motorcycle is in Victoria, and our favourite bikes to start on.",
      "In Victoria, learner and restricted riders must ride a motorcycle on the Learner Approved Motorcycle Scheme (LAMS) list. Yamaha's MT-07 LA and YZF-R3 and Kawasaki's Ninja 400 are all approved and make great first bikes.\n\nAsk our team about LAMS-approved bikes and our learner packages.",
      29,
    ],
    [
      "winter-riding-gear-guide",
      "Stay warm: a winter riding gear guide",
      "Layers, heated grips and the right gloves for riding through a Geelong winter.",
      "Cold hands make for slow reactions. A good pair of winter gloves, a thermal base layer and a windproof mid-layer make the biggest difference, and heated grips are the best-value accessory you can fit.\n\nOur parts team stocks all of it — [ask about parts and accessories](/vehicle-parts-and-accessories).",
      44,
    ],
    [
      "ridgeline-charity-ride-2026",
      "Our charity ride raised $18,400",
      "Thank you to the 160 riders who joined our annual toy run to the Geelong hospital.",
      "Our annual charity ride to University Hospital Geelong raised $18,400 and a ute-load of toys for the children's ward. Thank you to every rider who joined us.",
      70,
    ],
  ];
  return posts.map(([slug, title, summary, body, daysAgo]) => ({
    kind: "post" as const,
    slug,
    title,
    summary,
    body,
    author: "Ridgeline Motorcycles",
    image: scene("motorcycles"),
    publishedAt: ago(daysAgo),
  }));
}

function outbackContent(now: number): DemoContent[] {
  return [
    {
      kind: "section",
      slug: "fleet",
      title: "Fleet sales for transport and agriculture",
      summary: "Fleet pricing on trucks and commercial vehicles, with workshop support in Toowoomba and Dalby.",
      publishedAt: new Date(now - 400 * DAY),
      body: `Outback Truck Centre supplies trucks, utes and vans to transport operators, farms and councils across the Darling Downs.

- Fleet pricing and finance for ABN holders
- Body builds arranged through our local builders: tippers, tray backs and service bodies
- Workshop support in Toowoomba and Dalby, with after-hours breakdown help for fleet customers

Tell us about your fleet below and our fleet manager will be in touch.`,
    },
  ];
}

/** Every demo site's content rows. */
export function demoContent(site: DemoSite, now: number): DemoContent[] {
  const own =
    site.slug === "parkside-motor-group"
      ? parksideContent(now)
      : site.slug === "ridgeline-motorcycles"
        ? ridgelineContent(now)
        : site.slug === "outback-truck-centre"
          ? outbackContent(now)
          : [];
  return [...commonPages(site, now), ...own];
}
