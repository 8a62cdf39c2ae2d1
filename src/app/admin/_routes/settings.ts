import "server-only";
import { financeOf } from "@/domain/site/finance";
import { deliveryFormValues, switchStates } from "@/domain/staff/settings";
import { requireStaffSite } from "@/server/admin/pages";
import { widgetsFormState } from "@/server/admin/widgets-form";
import { getDb } from "@/server/db";
import { listSpecialHours } from "@/server/repositories/locations";
import { getLeadHandling, getReplyTemplates } from "@/server/repositories/settings";
import { getLeadDeliveryConfig, getSiteById, listLocations } from "@/server/repositories/sites";
import { featureSourcesOf, featuresOf } from "@/server/site-context";
import type { SearchParams, SiteParams } from "./params";

/** What a site's settings page edits: hours, switches, finance terms, lead delivery and handling, widgets and tracking (managers and owners). */
export async function loadSettings(params: SiteParams, searchParams: SearchParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/settings");
  const db = await getDb();
  const [locations, special, record, delivery, handling, replies] = await Promise.all([
    listLocations(db, site.id),
    listSpecialHours(db, site.id),
    getSiteById(db, site.id),
    getLeadDeliveryConfig(db, site.id),
    getLeadHandling(db, site.id),
    getReplyTemplates(db, site.id),
  ]);
  const [features, sources] = record ? await Promise.all([featuresOf(db, record), featureSourcesOf(db, record)]) : [null, null];
  return {
    site: { id: site.id, name: site.name },
    locations: locations.map((l) => ({ id: l.id, name: l.name, openingHours: l.openingHours })),
    special,
    switches: sources && switchStates(sources, "dealer"),
    finance: record && { values: financeOf(record), country: record.country },
    delivery: deliveryFormValues(delivery),
    handling,
    replies,
    widgets: record && features ? await widgetsFormState(site.id, record.integrations, features, (await searchParams).widgets) : null,
  };
}
