import Link from "next/link";
import { NewSiteForm } from "@/components/admin/console";
import { DataTable, type Column } from "@/components/admin/data-table";
import { SiteStatus } from "@/components/admin/site-status";

export type ConsoleSiteRow = { id: number; name: string; slug: string; domainName: string; template: string; published: boolean };

const COLUMNS: Array<Column<ConsoleSiteRow>> = [
  {
    header: "Site",
    rowHeader: true,
    cell: (s) => (
      <>
        <Link href={`/platform/sites/${s.id}`} className="font-semibold text-blue-800 underline">
          {s.name}
        </Link>
        <span className="block text-neutral-600">
          {s.slug} · #{s.id}
        </span>
      </>
    ),
  },
  { header: "Domain", cell: (s) => s.domainName },
  { header: "Template", cell: (s) => s.template },
  { header: "Status", cell: (s) => <SiteStatus published={s.published} /> },
];

/** The operators' console: every site, draft or published, and a new site from a name, a slug, a template and a domain. */
export function ConsoleView({ sites }: { sites: ConsoleSiteRow[] }) {
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
        <DataTable columns={COLUMNS} rows={sites} rowKey={(s) => s.id} caption="All sites" captionHidden testId="console-sites" />
      </section>
    </>
  );
}
