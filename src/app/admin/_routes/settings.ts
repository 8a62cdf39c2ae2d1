import "server-only";
import { financeOf } from "@/domain/site/finance";
import { switchesOf } from "@/domain/staff/settings";
import { requireStaffSite } from "@/server/admin/pages";
import { widgetsFormState } from "@/server/admin/widgets-form";
import { getDb } from "@/server/db";
import { listSpecialHours } from "@/server/repositories/locations";
import { getLeadHandling } from "@/server/repositories/settings";
import { getLeadDeliveryConfig, getSiteById, listLocations } from "@/server/repositories/sites";
import { featuresOf } from "@/server/site-context";
import type { SearchParams, SiteParams } from "./params";

/** What a site's settings page edits: hours, switches, finance terms, lead delivery and handling, widgets and tracking (managers and owners). */
export async function loadSettings(params: SiteParams, searchParams: SearchParams) {
  const { site } = await requireStaffSite((await params).siteId, "settings.edit");
  const db = await getDb();
  const [locations, special, record, delivery, handling] = await Promise.all([
    listLocations(db, site.id),
    listSpecialHours(db, site.id),
    getSiteById(db, site.id),
    getLeadDeliveryConfig(db, site.id),
    getLeadHandling(db, site.id),
  ]);
  const features = record ? await featuresOf(db, record) : null;
  return {
    site: { id: site.id, name: site.name },
    locations: locations.map((l) => ({ id: l.id, name: l.name, openingHours: l.openingHours })),
    special,
    switches: features && switchesOf(features),
    finance: record && { values: financeOf(record), country: record.country },
    delivery: {
      email_to_location: delivery.email_to_location !== false,
      emails: delivery.emails ?? [],
      adf_emails: delivery.adf_emails ?? [],
      // the URLs only: a secret never leaves the server
      webhooks: (delivery.webhooks ?? []).map((w) => w.url),
    },
    handling,
    widgets: record && features ? await widgetsFormState(site.id, record.integrations, features, (await searchParams).widgets) : null,
  };
}
