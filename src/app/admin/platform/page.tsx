import type { Metadata } from "next";
import Link from "next/link";
import { NewSiteForm } from "@/components/admin/console";
import { SiteStatus } from "@/components/admin/site-status";
import { requireOperator } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listSites } from "@/server/repositories/sites";

export const metadata: Metadata = { title: "Sites" };

// GET /platform — operators: every site, draft or published, and a new site from a name, a slug, a template and a domain
export default async function ConsolePage() {
  await requireOperator();
  const sites = await listSites(await getDb());
  return (
    <>
      <h1 className="mb-1 text-2xl font-extrabold">Sites</h1>
      <p className="mb-5 text-neutral-700">
        Every dealer on the platform. A new site is a draft: the public sees &ldquo;coming soon&rdquo; until you publish it.
      </p>
      <section aria-labelledby="new-site" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="new-site" className="mb-3 text-lg font-bold">
          New site
        </h2>
        <NewSiteForm />
      </section>
      <section aria-labelledby="all-sites" className="rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="all-sites" className="mb-3 text-lg font-bold">
          All sites ({sites.length})
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="console-sites">
            <thead>
              <tr className="border-b border-neutral-300">
                <th scope="col" className="py-2 pr-3">
                  Site
                </th>
                <th scope="col" className="py-2 pr-3">
                  Domain
                </th>
                <th scope="col" className="py-2 pr-3">
                  Template
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {sites.map((s) => (
                <tr key={s.id} className="border-b border-neutral-200">
                  <td className="py-2 pr-3">
                    <Link href={`/platform/sites/${s.id}`} className="font-semibold text-blue-800 underline">
                      {s.name}
                    </Link>
                    <span className="block text-neutral-600">
                      {s.slug} · #{s.id}
                    </span>
                  </td>
                  <td className="py-2 pr-3">{s.domainName}</td>
                  <td className="py-2 pr-3">{s.template}</td>
                  <td className="py-2 pr-3">
                    <SiteStatus published={s.published} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
