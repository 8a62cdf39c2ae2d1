import { deliveryTargets, leadDeliveryConfig, type DeliveryTarget } from "../leads/delivery";

/*
 * Where a site's leads go, and whether any would reach nobody. A lead goes to its location's email
 * (else the site's) unless the site turned that off, and to every extra address, CRM (ADF) address
 * and webhook of the site's settings (../leads/delivery.ts). A site whose leads could reach nobody is
 * not published: a shopper would be told "sent" while no one hears of them. Pure.
 */

/** The marker of a lead's delivery row when it had nowhere to go (stored, counted, shown; never sent). */
export const NO_DESTINATION_CHANNEL = "none";
/** What the outbox records for such a row. */
export const NO_DESTINATION_DETAIL = "no destination";

export type LeadDestinations = {
  /** every address and webhook the site's leads reach (each once) */
  targets: DeliveryTarget[];
  /** why some leads would reach nobody, in the words the console and the API show; null when every lead reaches someone */
  problem: string | null;
};

const FIX = "add a lead email to the site or the location, or an ADF address or a webhook on the site's settings page";

export function leadDestinations(
  site: { email: string | null; leadDelivery: unknown },
  locations: ReadonlyArray<{ name: string; isPrimary?: boolean; contactDetail: { email?: string | null } }>,
): LeadDestinations {
  const config = leadDeliveryConfig(site.leadDelivery);
  // a lead that names no location: the site has none, or several and no primary one to fall back on
  const unplaced = locations.length === 0 || (locations.length > 1 && !locations.some((l) => l.isPrimary));
  const siteWide = deliveryTargets(config, { location: null, site: site.email });
  const perLocation = locations.map((l) => ({
    name: l.name,
    targets: deliveryTargets(config, { location: l.contactDetail.email ?? null, site: site.email }),
  }));
  const targets: DeliveryTarget[] = [];
  for (const t of [...siteWide, ...perLocation.flatMap((l) => l.targets)])
    if (!targets.some((d) => d.channel === t.channel && d.target === t.target)) targets.push(t);
  const stranded = perLocation.filter((l) => l.targets.length === 0).map((l) => l.name);
  const problem =
    targets.length === 0
      ? `Leads would reach nobody: ${FIX}.`
      : stranded.length > 0
        ? `Leads for ${stranded.join(", ")} would reach nobody: ${FIX}.`
        : unplaced && siteWide.length === 0
          ? `A lead that names no location would reach nobody: add a lead email to the site, or an ADF address or a webhook on the site's settings page.`
          : null;
  return { targets, problem };
}

/** Where a lead's salesperson email goes: its location's address (when it has one), else the site's. */
export function deliveryAddresses(
  ctx: { site: { email: string | null }; locations: ReadonlyArray<{ id: number; contactDetail: { email?: string | null } }> },
  locationId: number | null | undefined,
) {
  const location = locationId != null ? ctx.locations.find((l) => l.id === locationId) : undefined;
  return { location: location?.contactDetail.email ?? null, site: ctx.site.email };
}
