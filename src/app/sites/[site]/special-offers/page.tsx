import type { Metadata } from "next";
import { ContactCallout, ContentFrame, OfferList } from "@/components/content/content-views";
import { requestNow } from "@/server/base/clock";
import { currentOffers } from "@/server/content/service";
import { contentMetadata } from "../_routes/content";
import { requireSite, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const ctx = await requireSite(params, "/special-offers");
  return contentMetadata(ctx, {
    title: "Special Offers",
    description: `This month's special offers at ${ctx.site.name}: drive-away prices, bonus accessories and servicing deals.`,
    path: "/special-offers",
  });
}

// GET /special-offers — the offers running now (an ended offer is no longer listed); 404 where the site has none
export default async function SpecialOffersPage({ params }: Props) {
  const ctx = await requireSite(params, "/special-offers");
  const now = requestNow();
  const offers = await currentOffers(ctx, now);
  return (
    <ContentFrame ctx={ctx} crumbs={[{ label: "Special Offers", href: "/special-offers" }]} title="Special Offers" width="wide">
      {offers.length === 0 ? (
        <p className="mt-6 text-neutral-700">There are no special offers running right now. Please check back soon, or ask our team.</p>
      ) : (
        <OfferList ctx={ctx} offers={offers} now={now} headingLevel={2} priority />
      )}
      <ContactCallout ctx={ctx} title="Ask us about an offer" />
    </ContentFrame>
  );
}
