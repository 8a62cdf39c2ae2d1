import type { Metadata } from "next";
import { OfferArticle } from "@/components/content/content-views";
import { brandSlug } from "@/domain/site/brands";
import { requestNow } from "@/server/base/clock";
import type { SiteContext } from "@/server/site/context";
import type { ContentEntry } from "@/domain/content/types";
import { contentMetadata, requireEntry } from "../../_routes/content";
import { requireSite, type SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

async function load(params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `/special-offers/${slug}`);
  return { ctx, offer: await requireEntry(ctx, "offer", slug) };
}

/** Where "Enquire about this offer" goes: the contact form of the brand's location, else the site's. */
function enquireHref(ctx: SiteContext, offer: ContentEntry): string {
  const location = offer.make
    ? ctx.locations.find((l) => l.locationType === "sales" && l.manufacturers.some((m) => brandSlug(m) === brandSlug(offer.make!)))
    : undefined;
  return location ? `/contact-us/${location.slug}` : "/contact";
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx, offer } = await load(params);
  return contentMetadata(ctx, {
    title: offer.title,
    description: offer.summary,
    path: `/special-offers/${offer.slug}`,
    image: offer.image,
  });
}

// GET /special-offers/{slug} — one offer: price or saving, terms and expiry; an ended offer's page says it has ended
export default async function SpecialOfferPage({ params }: Props) {
  const { ctx, offer } = await load(params);
  return <OfferArticle ctx={ctx} offer={offer} now={requestNow()} enquireHref={enquireHref(ctx, offer)} />;
}
