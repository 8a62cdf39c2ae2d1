import "server-only";
import type { Vehicle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/base/clock";
import { currentOffers } from "@/server/content/service";
import { firstStock } from "@/server/stock/service";
import { reviewsTeaser } from "./directory";
import { requireSite, type SiteParams } from "./site";

const SHELF = 4;
const CANDIDATES = 36;

/**
 * GET /: the home page's two rows of cars (new arrivals, featured), the offers running now and the
 * reviews. Each row is chosen from a page of candidates: a few may be just sold, or in both rows.
 */
export async function loadHome(params: SiteParams) {
  const ctx = await requireSite(params);
  const now = requestNow();
  const [reviews, latest, relevant, offers] = await Promise.all([
    reviewsTeaser(ctx),
    firstStock(ctx, "latest", CANDIDATES, now),
    firstStock(ctx, "relevance", CANDIDATES, now),
    ctx.features.special_offers && ctx.offers > 0 ? currentOffers(ctx, now) : [],
  ]);
  return { ctx, now, reviews, offers, ...homeShelves(latest, relevant) };
}

/**
 * New arrivals: the latest listings; featured: the dealer's featured cars first (the relevance rank
 * brings them to the front), then the best-presented of the rest, dearest first. No sold car, and
 * no car in both rows.
 */
export function homeShelves(latest: Vehicle[], relevant: Vehicle[]) {
  const onSale = (v: Vehicle) => v.status !== "sold";
  const arrivals = latest.filter(onSale).slice(0, SHELF);
  const featured = relevant
    .filter((v) => onSale(v) && (v.featured || v.price !== null) && !arrivals.some((a) => a.id === v.id))
    .sort((a, b) => Number(b.featured) - Number(a.featured) || (b.price ?? 0) - (a.price ?? 0))
    .slice(0, SHELF);
  return { arrivals, featured };
}
