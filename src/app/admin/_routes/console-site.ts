import "server-only";
import { notFound } from "next/navigation";
import { parseSiteId } from "@/domain/platform/contract";
import type { SiteFeatureFlags } from "@/domain/site/types";
import { deliveryFormValues, switchStates } from "@/domain/staff/settings";
import { getDb } from "@/server/db";
import { listSpecialHours } from "@/server/repositories/locations";
import { getLeadDeliveryConfig } from "@/server/repositories/sites";
import { requireOperator } from "@/server/admin/pages";
import { widgetsFormState } from "@/server/admin/widgets-form";
import { checkSiteDomain } from "@/server/platform/domain-check";
import { siteRecordAnswer } from "@/server/platform/site-records";
import type { SearchParams, SiteParams } from "./params";

/** One site in the operators' console: its record as the platform API answers it, its widgets, lead delivery, holiday hours and switches, and, when asked, its domain's check; a 404 for an unknown site. */
export async function loadConsoleSite(params: SiteParams, searchParams: SearchParams) {
  const operator = await requireOperator();
  const id = parseSiteId((await params).siteId);
  const site = id === null ? null : await siteRecordAnswer(id);
  if (!site) notFound();
  const flags = Object.fromEntries(Object.entries(site.features).map(([k, f]) => [k, f.value])) as SiteFeatureFlags;
  const db = await getDb();
  const [widgets, delivery, special] = await Promise.all([
    widgetsFormState(site.id, site.integrations, flags, (await searchParams).widgets),
    getLeadDeliveryConfig(db, site.id),
    listSpecialHours(db, site.id),
  ]);
  // the back-office settings page's own forms, fed the same way: lead delivery, holiday hours, every switch with its source
  const settings = { delivery: deliveryFormValues(delivery), special, switches: switchStates(site.features, "all") };
  // the custom domain's DNS and certificate: only when the operator asks (it may take a few seconds)
  const domainCheck = (await searchParams).check === "domain" ? await checkSiteDomain(operator.id, site) : null;
  return { site, widgets, settings, domainCheck };
}
