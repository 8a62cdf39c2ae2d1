import "server-only";
import { localTime } from "@/domain/locations/hours";
import { followUpDue } from "@/domain/leads/follow-up";
import { leadHandlingOf, leadHours, responseState } from "@/domain/staff/response";
import { leadFilterOf, sitesFor } from "@/domain/staff/roles";
import { requireStaff, staffSites } from "@/server/admin/pages";
import { requestWallNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { listInboxLeads, listLeadForms } from "@/server/repositories/inbox";
import { listSpecialHours } from "@/server/repositories/locations";
import { listLocations } from "@/server/repositories/sites";
import type { SearchParams } from "./params";

/** The leads inbox: a page of the leads the staff member reads (the query's filter), each with its response timer, and the filter's choices. */
export async function loadLeads(searchParams: SearchParams) {
  const staff = await requireStaff();
  const filter = leadFilterOf(await searchParams);
  const siteIds = sitesFor(staff.roles, "leads.read");
  const db = await getDb();
  const sites = (await staffSites(staff)).filter((s) => siteIds.includes(s.id));
  const locationSites = filter.site ? sites.filter((s) => s.id === filter.site) : sites;
  const [page, forms, locations] = await Promise.all([
    listInboxLeads(db, siteIds, filter, { me: staff.id }),
    listLeadForms(db, siteIds),
    Promise.all(locationSites.map(async (s) => (await listLocations(db, s.id)).map((l) => ({ ...l, siteName: s.name })))).then((l) =>
      l.flat(),
    ),
  ]);
  // the response timer: open minutes of the lead's location, against its site's target;
  // leads are stamped by the database's clock, so the timer runs on the wall clock too
  const now = requestWallNow();
  const specials = new Map(
    await Promise.all([...new Set(page.leads.map((l) => l.siteId))].map(async (id) => [id, await listSpecialHours(db, id)] as const)),
  );
  const timer = (l: (typeof page.leads)[number]) => {
    const target = leadHandlingOf(l.leadHandling).response_minutes;
    return responseState(l.createdAt, l.firstContactAt, now, target, leadHours(l, specials.get(l.siteId) ?? []));
  };
  return {
    filter,
    sites: sites.map((s) => ({ id: s.id, name: s.name })),
    locations: locations.map((l) => ({ id: l.id, name: l.name, siteName: l.siteName })),
    forms,
    // a follow-up is due on its day in the site's own calendar, while the lead is open
    leads: page.leads.map((l) => ({
      ...l,
      response: timer(l),
      followUpDue: followUpDue(l.status, l.followUpOn, localTime(now, l.siteTimezone).date),
    })),
    next: page.next,
    // every lead's export is a manager's or owner's; a salesperson's link exports their own
    exportAll: sitesFor(staff.roles, "leads.export").length > 0,
  };
}
