import type { Metadata } from "next";
import Link from "next/link";
import { SignOutButton } from "@/components/admin/auth-forms";
import { can, groupSiteIds } from "@/domain/staff/roles";
import { requestStaff, staffSites } from "@/server/admin/pages";

export const metadata: Metadata = {
  title: { default: "Dealer back-office", template: "%s | Dealer back-office" },
  robots: { index: false, follow: false },
};

const link = "rounded px-2 py-1 text-sm font-semibold text-white underline-offset-4 hover:underline";

/** The back-office's frame: who is signed in, and the pages their roles allow on each of their sites. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const staff = await requestStaff();
  const sites = staff ? await staffSites(staff) : [];
  return (
    <div data-admin className="min-h-screen bg-neutral-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="bg-neutral-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link href={staff ? "/leads" : "/sign-in"} className="text-lg font-extrabold">
            Dealer back-office
          </Link>
          {staff && (
            <>
              {/* on a phone the menu folds behind a button (a checkbox, so it works without JavaScript): the page's own content comes first */}
              <input type="checkbox" id="admin-menu" className="peer sr-only sm:hidden" />
              <label
                htmlFor="admin-menu"
                className="ml-auto cursor-pointer rounded border border-neutral-500 px-3 py-1.5 text-sm font-semibold peer-focus-visible:outline peer-focus-visible:outline-2 sm:hidden"
              >
                Menu
              </label>
              <nav
                aria-label="Back-office"
                className="hidden flex-1 basis-full flex-col items-start gap-x-2 gap-y-1 peer-checked:flex sm:flex sm:basis-auto sm:flex-row sm:flex-wrap sm:items-center"
              >
                <Link href="/leads" className={link}>
                  Leads
                </Link>
                {/* the group view: several sites' reports side by side */}
                {groupSiteIds(staff).length > 1 && (
                  <Link href="/reports" className={link}>
                    All reports
                  </Link>
                )}
                {/* an operator holds every site: the console lists them, the header would not hold them */}
                {staff.operator && (
                  <>
                    <Link href="/platform" className={link}>
                      Sites
                    </Link>
                    <Link href="/platform/rules" className={link}>
                      Feature rules
                    </Link>
                  </>
                )}
                {!staff.operator &&
                  sites.map((s) => (
                    <span key={s.id} className="flex flex-wrap items-center gap-x-1 border-l border-neutral-600 pl-2">
                      <span className="text-sm text-neutral-300">{s.name}:</span>
                      {can(s.role, "reports.read") && (
                        <Link href={`/sites/${s.id}/reports`} className={link}>
                          Reports
                        </Link>
                      )}
                      <Link href={`/sites/${s.id}/stock`} className={link}>
                        Stock
                      </Link>
                      {can(s.role, "settings.edit") && (
                        <Link href={`/sites/${s.id}/settings`} className={link}>
                          Settings
                        </Link>
                      )}
                      {can(s.role, "settings.edit") && (
                        <Link href={`/sites/${s.id}/content`} className={link}>
                          Content
                        </Link>
                      )}
                      {can(s.role, "staff.manage") && (
                        <Link href={`/sites/${s.id}/team`} className={link}>
                          Team
                        </Link>
                      )}
                      {can(s.role, "audit.read") && (
                        <Link href={`/sites/${s.id}/audit`} className={link}>
                          Audit log
                        </Link>
                      )}
                    </span>
                  ))}
              </nav>
              <div className="hidden items-center gap-2 text-sm peer-checked:flex sm:flex">
                <span data-testid="staff-name">{staff.name}</span>
                <span className="[&_button]:text-white">
                  <SignOutButton />
                </span>
              </div>
            </>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
