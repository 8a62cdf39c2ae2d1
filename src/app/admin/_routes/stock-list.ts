import "server-only";
import { storedImageSrc, thumbnailUrl } from "@/domain/format/image";
import { ownPhoto, shownPhotoCount, vehicleTitle } from "@/domain/stock/vehicle";
import { bulkOutcome, parseStockListQuery, selectedIds, STOCK_PAGE_SIZE } from "@/domain/stock/stock-list";
import { can } from "@/domain/staff/roles";
import { requireStaffSite } from "@/server/admin/pages";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { listLocations } from "@/server/repositories/sites";
import { listStockView } from "@/server/reports/stock-list";
import { stockNumbersOf } from "@/server/repositories/stock-list";
import { reservedAmong } from "@/server/repositories/orders";
import { depositText } from "@/domain/store/reservation";
import { oneParam, type SearchParams, type SiteParams } from "./params";

/** "Reserved · $500 · Rhea": a car's online reservation in its row, or null. */
const reservedText = (r: { firstName: string; amountCents: number; currency: string } | undefined) =>
  r ? `Reserved · ${depositText(r.amountCents, r.currency)} · ${r.firstName}` : null;

/**
 * The stock list (docs/features/back-office.md, "The stock list"): a page of the site's cars as the
 * address filters, sorts and searches them, with each car's photo, days in stock, views and leads
 * (everyone on the site; managers and owners edit, duplicate and act on a selection).
 */
export async function loadStock(params: SiteParams, searchParams: SearchParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/stock");
  const sp = await searchParams;
  const get = (k: string) => oneParam(sp, k);
  const query = parseStockListQuery(get);
  const db = await getDb();
  const edit = can(site.role, "stock.edit");
  const selected = edit ? selectedIds(get("selected")) : [];
  const outcome = edit ? bulkOutcome(get) : null;
  const [{ rows, total }, locations, asked] = await Promise.all([
    listStockView(db, site, query, serverNow(), { offset: (query.page - 1) * STOCK_PAGE_SIZE, limit: STOCK_PAGE_SIZE }),
    listLocations(db, site.id),
    outcome?.kind === "confirm" ? stockNumbersOf(db, site.id, selected) : Promise.resolve([]),
  ]);
  const reserved = await reservedAmong(
    db,
    site.id,
    rows.map((v) => v.id),
    new Date(serverNow()),
  );
  return {
    site: { id: site.id, name: site.name, currency: site.currency },
    edit,
    query,
    pages: Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE)),
    total,
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
    selected,
    outcome,
    // "Mark 2 cars sold?": the cars it would sell, by stock number
    confirm: asked.map((c) => ({ id: c.id, label: `${c.stockNumber} · ${vehicleTitle(c)}` })),
    rows: rows.map((v) => {
      // the photo the storefront shows (a car whose main photo is the placeholder shows its first thumbnail)
      const own = ownPhoto(v);
      const photo = own ? storedImageSrc(own) : null;
      return {
        id: v.id,
        stockNumber: v.stockNumber,
        name: vehicleTitle(v),
        thumbnail: photo ? thumbnailUrl(photo) : null,
        photos: shownPhotoCount(v),
        days: v.days,
        views7: v.views7,
        views30: v.views30,
        leads7: v.leads7,
        leads30: v.leads30,
        price: v.price,
        priceType: v.priceType,
        condition: v.carType,
        location: v.locationName,
        status: v.status,
        showOnDealerWebsite: v.showOnDealerWebsite,
        reserved: reservedText(reserved.get(v.id)),
        missingFeeds: v.missingFeeds,
        edited: v.editedFields.length > 0,
      };
    }),
  };
}
