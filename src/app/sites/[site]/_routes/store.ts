import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isUuid } from "@/domain/ids";
import { safeDecode } from "@/domain/http/request";
import { oneNounInText } from "@/domain/site/vehicle";
import { canReserve } from "@/domain/store/checkout";
import { requestNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { getOrder } from "@/server/repositories/orders";
import { listVisibleVehiclesByIds } from "@/server/repositories/vehicles";
import { getVehiclePage } from "@/server/stock/service";
import { confirmOrder, depositLabel, storeProvider } from "@/server/store/checkout-service";
import { contentMetadata } from "./content";
import { oneParam, requireSite, type SearchParams, type SiteParams, type SlugParams } from "./site";

/*
 * The store (reserve a car online with a refundable deposit, on sites with enable_store): how it
 * works, the checkout, the page the payment provider sends the buyer back to, and the local test
 * provider's payment page.
 */

export async function buyOnlineMetadata(params: SiteParams): Promise<Metadata> {
  const ctx = await requireSite(params, "/buy-online");
  return contentMetadata(ctx, {
    title: "Buy Online",
    description: `Reserve a ${oneNounInText(ctx.noun)} online at ${ctx.site.name} with a refundable ${depositLabel()} deposit.`,
    path: "/buy-online",
  });
}

/** GET /buy-online: the site and the deposit. */
export async function loadBuyOnline(params: SiteParams) {
  return { ctx: await requireSite(params, "/buy-online"), deposit: depositLabel() };
}

/**
 * GET /cars/{slug}/checkout (always under /cars, whatever the site's vehicle base): the car, and
 * whether it can be reserved now (listed, in stock, priced, not reserved, and the site has a
 * payment provider); 404 on a site without the store or for a car not on show.
 */
export async function loadCheckout(params: SlugParams) {
  const ctx = await requireSite(params);
  if (!ctx.features.enable_store) notFound();
  const slug = safeDecode((await params).slug);
  const found = slug === null ? null : await getVehiclePage(ctx, slug, requestNow());
  if (!found) notFound();
  const v = found.vehicle;
  const open = canReserve({ status: v.status, price: v.price, listed: found.listed }) && !found.reserved && storeProvider(ctx) !== null;
  return { ctx, vehicle: v, deposit: depositLabel(), open, reserved: found.reserved };
}

/** GET /checkout/confirmed?order=…: the order as the payment provider says it is now, and its car while on show; 404 for an order not this site's. */
export async function loadConfirmed(params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, "/checkout/confirmed");
  const order = await confirmOrder(ctx, oneParam((await searchParams).order) ?? "");
  if (!order) notFound();
  const [car] = order.vehicleId ? await listVisibleVehiclesByIds(await getDb(), ctx.site, [order.vehicleId], requestNow()) : [];
  return { ctx, order, car };
}

/** GET /checkout/pay?order=…: the test provider's order; 404 unless the site pays through the test provider and the order is its. */
export async function loadTestPay(params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, "/checkout/pay");
  if (storeProvider(ctx)?.name !== "test") notFound();
  const id = oneParam((await searchParams).order) ?? "";
  const order = isUuid(id) ? await getOrder(await getDb(), ctx.site.id, id) : null;
  if (!order || order.provider !== "test") notFound();
  return {
    siteName: ctx.site.name,
    order: { id: order.id, status: order.status, amountCents: order.amountCents, currency: order.currency },
  };
}
