import "server-only";
import { auditSubject } from "@/domain/staff/audit";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listAudit } from "@/server/repositories/audit";
import { listDealerships, listLocations } from "@/server/repositories/sites";
import type { SiteParams } from "./params";

/** A site's latest 100 changes, each with what it changed in words (managers and owners). */
export async function loadAudit(params: SiteParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/audit");
  const db = await getDb();
  const [entries, locations, dealerships] = await Promise.all([
    listAudit(db, site.id),
    listLocations(db, site.id),
    listDealerships(db, site.id, true),
  ]);
  return {
    site: { name: site.name, timezone: site.timezone },
    entries: entries.map((e) => ({
      id: e.id,
      action: e.action,
      entity: e.entity,
      subject: auditSubject(e.entity, { locations, dealerships }),
      staffEmail: e.staffEmail,
      at: e.at,
      before: e.before,
      after: e.after,
    })),
  };
}
