import "server-only";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { COLUMN_OF, FORM_FIELD_OF, formValuesOf, type VehicleFormValues } from "@/domain/stock/vehicle-form";
import { VEHICLE_FLASH_COOKIE } from "@/server/admin/api/vehicles";
import { serverNow } from "@/server/base/clock";
import { listLocations } from "@/server/repositories/sites";
import { siteHasLookup } from "@/server/stock/editing";
import { parseSiteId } from "@/domain/platform/contract";
import { vehicleHref } from "@/domain/site/vehicle";
import { dealerState } from "@/domain/site/region";
import { DEFAULT_STATE } from "@/domain/leads/forms";
import { photoView } from "@/domain/stock/photos";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listImports } from "@/server/repositories/imports";
import { importPhotoReports } from "@/server/repositories/photo-fetches";
import { getStaffVehicle, suggestStockNumber } from "@/server/repositories/stock-admin";
import { listVehiclePhotos } from "@/server/repositories/vehicle-photos";
import { reservationOf } from "@/server/store/reservations";
import { oneParam, type SearchParams, type SiteParams } from "./params";

/** A form refused without JavaScript, read back from its cookie for this attempt (what was typed and the messages). */
async function flashOf(siteId: number, sp: Record<string, string | string[] | undefined>) {
  const f = decodeFormFlash(
    (await cookies()).get(VEHICLE_FLASH_COOKIE)?.value,
    siteId,
    oneParam(sp, "attempt"),
    (k) => Object.hasOwn(COLUMN_OF, k) || k === "form",
  );
  return f && { errors: f.errors, values: f.values as Partial<VehicleFormValues> };
}
const refused = { kind: "error", message: "Please check the highlighted fields. Nothing was saved." } as const;
const RESERVATION_ENDED = {
  released: "Reservation released: the car is on sale again, and the buyer has been emailed that the deposit is refunded.",
  converted: "Sold to the buyer who reserved it.",
} as const;
const siteLocations = async (site: { id: number; country: string }) => {
  const all = await listLocations(await getDb(), site.id);
  return {
    locations: all.map((l) => ({ id: l.id, name: l.name, primary: l.isPrimary })),
    // a rego looked up starts on the dealer's own state
    regoState: dealerState(site.country, all)?.toLowerCase() ?? DEFAULT_STATE,
  };
};

/** One car's every field, what was edited here, its photos and its page on the website (managers and owners); a 404 for another site's. */
export async function loadVehicle(params: Promise<{ siteId: string; id: string }>, searchParams: SearchParams) {
  const p = await params;
  const sp = await searchParams;
  const { site } = await requireStaffSite(p.siteId, "sites/[siteId]/stock/[id]");
  const id = parseSiteId(p.id);
  const db = await getDb();
  const v = id === null ? null : await getStaffVehicle(db, site.id, id);
  if (!v) notFound();
  const [photos, locations, flash, reservation] = await Promise.all([
    listVehiclePhotos(db, site.id, v.id),
    siteLocations(site),
    flashOf(site.id, sp),
    reservationOf(site.id, v.id, site.timezone),
  ]);
  const handed = oneParam(sp, "handed");
  const ended = oneParam(sp, "reservation");
  const notice = flash
    ? refused
    : oneParam(sp, "added") === "1"
      ? ({ kind: "done", message: `Added ${v.stockNumber}. It is on the website now: add its photos below.` } as const)
      : oneParam(sp, "saved") === "1"
        ? ({ kind: "done", message: "Saved. The website shows the change now." } as const)
        : handed !== undefined
          ? ({ kind: "done", message: "Handed back: the next stock file or feed sets these fields again." } as const)
          : ended === "released" || ended === "converted"
            ? ({ kind: "done", message: RESERVATION_ENDED[ended] } as const)
            : ({ kind: "idle" } as const);
  return {
    siteId: site.id,
    vehicle: {
      id: v.id,
      title: `${v.year} ${v.make} ${v.model} ${v.badge ?? ""}`,
      stockNumber: v.stockNumber,
      vin: v.vin,
      carType: v.carType,
      websiteHref: new URL(vehicleHref(site.template, v.slug), site.url).toString(),
    },
    form: {
      siteId: site.id,
      vehicleId: v.id,
      thisYear: new Date(serverNow()).getUTCFullYear(),
      values: { ...formValuesOf(v), ...flash?.values },
      errors: flash?.errors ?? {},
      notice,
      ...locations,
      edited: Object.fromEntries(
        v.editedFields.flatMap((f) => (f in FORM_FIELD_OF ? [[FORM_FIELD_OF[f as keyof typeof FORM_FIELD_OF], f]] : [])),
      ),
      lookup: false,
      from: null,
    },
    photos: photos.map(photoView),
    otherPhotos: photos.length ? 0 : v.thumbnails.length,
    feedReplaced: v.editedFields.includes("photos"),
    reservation,
  };
}

/**
 * The "Add a car" form (managers and owners): the stock number suggested from the site's own; with
 * ?from={id} the fields of that car (a second unit of the same model: no stock number of its own, VIN,
 * rego or photos, and in stock).
 */
export async function loadNewVehicle(params: SiteParams, searchParams: SearchParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/stock/new");
  const sp = await searchParams;
  const db = await getDb();
  const fromRaw = oneParam(sp, "from");
  const fromId = fromRaw === undefined ? null : parseSiteId(fromRaw);
  const [stockNumber, located, flash, lookup, from] = await Promise.all([
    suggestStockNumber(db, site.id),
    siteLocations(site),
    flashOf(site.id, sp),
    siteHasLookup(site.id),
    fromId === null ? null : getStaffVehicle(db, site.id, fromId),
  ]);
  const primary = (located.locations.find((l) => l.primary) ?? located.locations[0])?.id;
  const blank = formValuesOf({ carType: "used", status: "in_stock", showOnDealerWebsite: true, locationId: primary ?? null });
  const copied = from ? { ...formValuesOf(from), vin: "", rego: "", status: "in_stock", featured: "" } : blank;
  return {
    site: { id: site.id, name: site.name },
    copiedFrom: from ? { id: from.id, stockNumber: from.stockNumber, title: `${from.year} ${from.make} ${from.model}` } : null,
    form: {
      siteId: site.id,
      vehicleId: null,
      thisYear: new Date(serverNow()).getUTCFullYear(),
      values: { ...copied, stock_number: stockNumber, ...flash?.values },
      errors: flash?.errors ?? {},
      notice: flash ? refused : ({ kind: "idle" } as const),
      ...located,
      edited: {},
      lookup,
      from: from?.id ?? null,
    },
  };
}

/** The site's recent imports with what became of their photos, and the latest held for confirmation (managers and owners). */
export async function loadStockImport(params: SiteParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/stock/import");
  const db = await getDb();
  const recent = await listImports(db, site.id);
  const photos = await importPhotoReports(
    db,
    site.id,
    recent.map((r) => r.id),
  );
  return {
    site: { id: site.id, name: site.name, timezone: site.timezone },
    recent: recent.map((r) => ({
      id: r.id,
      source: r.source,
      full: r.full,
      status: r.status,
      report: r.report,
      createdAt: r.createdAt,
      photos: photos.get(r.id),
    })),
  };
}
