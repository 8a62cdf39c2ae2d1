import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { forbidden, notFound, redirect } from "next/navigation";
import { parseSiteId } from "@/domain/platform/contract";
import { can, roleOn, type StaffRole } from "@/domain/staff/roles";
import { ADMIN_PAGES, type AdminPage } from "@/domain/staff/pages";
import { getDb } from "@/server/db";
import { listSiteLabels } from "@/server/repositories/sites";
import { isAdminHost } from "@/server/http/admin-host";
import { currentStaff, type Staff } from "./staff-auth";

/*
 * What every back-office page starts with (routes own their data loading; these are the checks):
 * the back-office host (else 404), a signed-in staff member (else the sign-in page), and for a
 * site's pages a role there (else 404: a site not theirs is not shown to exist) that opens the page
 * (else 403: the back-office's forbidden page says which roles can).
 */

/** The signed-in staff member of this request, or null: read once per request, shared by the layout and the page. */
export const requestStaff = cache(async (): Promise<Staff | null> => {
  const h = await headers();
  if (!isAdminHost(h.get("host"))) notFound();
  return currentStaff(h);
});

export async function requireStaff(): Promise<Staff> {
  const staff = await requestStaff();
  if (!staff) redirect("/sign-in");
  return staff;
}

export type StaffSite = {
  id: number;
  name: string;
  slug: string;
  timezone: string;
  country: string;
  url: string;
  currency: string;
  template: string;
  role: StaffRole;
};

/** The staff member's sites, with names, in id order (once per request). */
export const staffSites = cache(async (staff: Staff): Promise<StaffSite[]> => {
  if (!staff.roles.length) return [];
  const rows = await listSiteLabels(
    await getDb(),
    staff.roles.map((r) => r.siteId),
  );
  return rows.map((r) => ({ ...r, role: roleOn(staff.roles, r.id)! })).sort((a, b) => a.id - b.id);
});

/**
 * The site in a page's path, when the staff member may open this page there: a site not theirs is
 * a 404 (not shown to exist); a page of their own site their role does not open, a 403 that says who can.
 */
export async function requireStaffSite(raw: string, page: AdminPage): Promise<{ staff: Staff; site: StaffSite; sites: StaffSite[] }> {
  const staff = await requireStaff();
  const id = parseSiteId(raw);
  const role = id === null ? null : roleOn(staff.roles, id);
  if (!role) notFound();
  if (!can(role, ADMIN_PAGES[page].action)) forbidden();
  const sites = await staffSites(staff);
  const site = sites.find((s) => s.id === id);
  if (!site) notFound();
  return { staff, site, sites };
}

/** A console page: a platform operator, else 404 (dealer staff are not shown it exists). */
export async function requireOperator(): Promise<Staff> {
  const staff = await requireStaff();
  if (!staff.operator) notFound();
  return staff;
}
