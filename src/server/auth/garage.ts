import "server-only";
import { parseSavedSearch } from "@/domain/stock/saved-search";
import type { CardView } from "@/domain/stock/card-view";
import { getDb } from "@/server/db";
import { alertSwitches } from "@/server/repositories/alerts";
import { getCustomerDetails, listCustomerEnquiries, listSavedSearches, markSearchesSeen } from "@/server/repositories/customers";
import type { CustomerEnquiry } from "@/domain/accounts/enquiry";
import type { SiteContext } from "@/server/site/context";
import { getVehicleSearch } from "@/server/stock/service";
import { watchlistCards } from "./account-api";

export type GarageSearch = { id: string; href: string; label: string; total: number; fresh: number; alerts: boolean };
export type Garage = {
  cards: CardView[];
  /** the watched cars whose email alert is on */
  carAlerts: number[];
  enquiries: CustomerEnquiry[];
  searches: GarageSearch[];
  details: Record<string, string>;
};

/**
 * Everything /my-garage shows for one customer on one site. Saved searches are counted against the
 * stock now: how many cars each finds, and how many were listed since the customer last looked
 * (this visit then becomes the last one).
 */
export async function loadGarage(ctx: SiteContext, customerId: string, now: number): Promise<Garage> {
  const db = await getDb();
  const [cards, enquiries, saved, details, alerts] = await Promise.all([
    watchlistCards(ctx, customerId),
    listCustomerEnquiries(db, customerId, ctx.site.id),
    listSavedSearches(db, customerId, ctx.site.id),
    getCustomerDetails(db, customerId),
    alertSwitches(db, customerId, ctx.site.id),
  ]);
  const search = await getVehicleSearch();
  const stock = ctx.landing;
  const searches = await Promise.all(
    saved.map(async (s) => {
      const parsed = parseSavedSearch(s.href, stock, ctx.site.defaultSort);
      // a search whose make the site no longer sells still shows, with nothing found
      const counts = parsed ? await search.counts(ctx.site, ctx.locations, parsed.query, s.lastSeenAt, now) : { total: 0, fresh: 0 };
      return { id: s.id, href: s.href, label: s.label, ...counts, alerts: alerts.searches.has(s.id) };
    }),
  );
  if (saved.length) await markSearchesSeen(db, customerId, ctx.site.id, new Date(now));
  return { cards, carAlerts: cards.filter((c) => alerts.cars.has(c.id)).map((c) => c.id), enquiries, searches, details };
}
