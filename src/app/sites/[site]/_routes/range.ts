import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatPrice } from "@/domain/format/price";
import { safeDecode } from "@/domain/http/request";
import type { ContentEntry } from "@/domain/content/types";
import type { SiteContext } from "@/domain/site/context";
import { brandSlug } from "@/domain/site/brands";
import { requestNow } from "@/server/base/clock";
import { contentEntry, currentOffers, electrifiedFuels, modelRange, stockMakesOf, stockShelf } from "@/server/content/service";
import { EV_TITLE } from "@/components/content/range-pages";
import { contentMetadata, requireEntry } from "./content";
import { requireSite, type SiteParams, type SlugParams } from "./site";

/*
 * The pages of the range: a franchise (/brands/{slug}), the models (/models, /models/{slug}), the
 * electric vehicles (/electric-vehicles), each with the site's own words where it has them, and the
 * special offers (/special-offers, /special-offers/{slug}).
 */

async function brandOf(params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `/brands/${slug}`);
  const brand = ctx.brands.find((b) => b.slug === slug) ?? notFound();
  return { ctx, brand, words: await contentEntry(ctx, "brand", brand.slug, requestNow()) };
}

export async function brandMetadata(params: SlugParams): Promise<Metadata> {
  const { ctx, brand, words } = await brandOf(params);
  return contentMetadata(ctx, {
    title: `${brand.name} at ${ctx.site.name}`,
    description: words?.summary || `New, demo and used ${brand.name} vehicles, service and parts at ${ctx.site.name}.`,
    path: `/brands/${brand.slug}`,
    image: brand.logo,
  });
}

/** GET /brands/{slug}: the brand's words, a row of its cars in stock, its models, its offers and the locations that sell it. */
export async function loadBrand(params: SlugParams) {
  const { ctx, brand, words } = await brandOf(params);
  const now = requestNow();
  const makes = stockMakesOf(ctx, brand.slug);
  const [shelf, range, offers] = await Promise.all([
    makes.length ? stockShelf(ctx, { make: makes }, now) : null,
    modelRange(ctx, now),
    currentOffers(ctx, now),
  ]);
  return {
    ctx,
    now,
    brand,
    words,
    shelf,
    models: range.find((b) => b.slug === brand.slug)?.models ?? [],
    offers: offers.filter((o) => o.make && brandSlug(o.make) === brand.slug),
    locations: ctx.locations.filter((l) => l.manufacturers.some((m) => brandSlug(m) === brand.slug)),
  };
}

export async function modelsMetadata(params: SiteParams): Promise<Metadata> {
  const ctx = await requireSite(params, "/models");
  return contentMetadata(ctx, {
    title: "Models",
    description: `Every model in stock at ${ctx.site.name}, by brand, with the lowest price we are asking for each.`,
    path: "/models",
  });
}

/** GET /models: the range per brand. */
export async function loadModels(params: SiteParams) {
  const ctx = await requireSite(params, "/models");
  return { ctx, range: await modelRange(ctx, requestNow()) };
}

async function modelOf(params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `/models/${slug}`);
  const wanted = safeDecode(slug);
  const now = requestNow();
  const model = (await modelRange(ctx, now)).flatMap((b) => b.models).find((m) => m.slug === wanted) ?? notFound();
  return { ctx, model, now, words: await contentEntry(ctx, "model", model.slug, now) };
}

export async function modelMetadata(params: SlugParams): Promise<Metadata> {
  const { ctx, model, words } = await modelOf(params);
  const name = `${model.brand} ${model.model}`;
  return contentMetadata(ctx, {
    title: name,
    description:
      words?.summary ||
      `${model.count} ${name} in stock at ${ctx.site.name}${model.fromPrice !== null ? `, from ${formatPrice(model.fromPrice)}` : ""}.`,
    path: `/models/${model.slug}`,
  });
}

/** GET /models/{slug}: the model, its words and its cars in stock (under the stock's spellings of the brand's make). */
export async function loadModel(params: SlugParams) {
  const { ctx, model, now, words } = await modelOf(params);
  const brand = ctx.brands.find((b) => b.name === model.brand);
  const makes = brand ? stockMakesOf(ctx, brand.slug) : [model.brand];
  const shelf = await stockShelf(ctx, { make: makes.length ? makes : [model.brand], model: [model.model] }, now);
  return { ctx, now, model, words, shelf };
}

export async function electricVehiclesMetadata(params: SiteParams): Promise<Metadata> {
  const ctx = await requireSite(params, "/electric-vehicles");
  const words = await contentEntry(ctx, "section", "electric-vehicles", requestNow());
  return contentMetadata(ctx, {
    title: EV_TITLE,
    description: words?.summary || `Electric and plug-in hybrid vehicles in stock at ${ctx.site.name}.`,
    path: "/electric-vehicles",
  });
}

/** GET /electric-vehicles: the electrified models and the stock of electrified fuel types. */
export async function loadElectricVehicles(params: SiteParams) {
  const ctx = await requireSite(params, "/electric-vehicles");
  const now = requestNow();
  const [words, fuels, range] = await Promise.all([
    contentEntry(ctx, "section", "electric-vehicles", now),
    electrifiedFuels(ctx, now),
    modelRange(ctx, now),
  ]);
  const models = range.flatMap((b) => b.models).filter((m) => m.electrified);
  const shelf = fuels.length ? await stockShelf(ctx, { fuel: fuels }, now) : null;
  return { ctx, now, words, models, shelf };
}

export async function offersMetadata(params: SiteParams): Promise<Metadata> {
  const ctx = await requireSite(params, "/special-offers");
  return contentMetadata(ctx, {
    title: "Special Offers",
    description: `This month's special offers at ${ctx.site.name}: drive-away prices, bonus accessories and servicing deals.`,
    path: "/special-offers",
  });
}

/** GET /special-offers: the offers running now (an ended offer is no longer listed). */
export async function loadOffers(params: SiteParams) {
  const ctx = await requireSite(params, "/special-offers");
  const now = requestNow();
  return { ctx, now, offers: await currentOffers(ctx, now) };
}

async function offerOf(params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `/special-offers/${slug}`);
  return { ctx, offer: await requireEntry(ctx, "offer", slug) };
}

export async function offerMetadata(params: SlugParams): Promise<Metadata> {
  const { ctx, offer } = await offerOf(params);
  return contentMetadata(ctx, {
    title: offer.title,
    description: offer.summary,
    path: `/special-offers/${offer.slug}`,
    image: offer.image,
  });
}

/** GET /special-offers/{slug}: one offer (an ended one says so), and where "Enquire about this offer" goes. */
export async function loadOffer(params: SlugParams) {
  const { ctx, offer } = await offerOf(params);
  return { ctx, offer, now: requestNow(), enquireHref: enquireHref(ctx, offer) };
}

/** Where "Enquire about this offer" goes: the contact form of the brand's sales location, else the site's. */
export function enquireHref(ctx: Pick<SiteContext, "locations">, offer: Pick<ContentEntry, "make">): string {
  const location = offer.make
    ? ctx.locations.find((l) => l.locationType === "sales" && l.manufacturers.some((m) => brandSlug(m) === brandSlug(offer.make!)))
    : undefined;
  return location ? `/contact-us/${location.slug}` : "/contact";
}
