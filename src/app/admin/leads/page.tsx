import type { Metadata } from "next";
import Link from "next/link";
import { staffTime } from "@/components/admin/format";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, leadFilterOf, leadFilterQuery, sitesFor } from "@/domain/staff/roles";
import { requireStaff, staffSites } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listInboxLeads, listLeadForms } from "@/server/repositories/inbox";
import { listLocations } from "@/server/repositories/sites";

export const metadata: Metadata = { title: "Leads" };

const STATUS_STYLE: Record<string, string> = {
  new: "bg-blue-100 text-blue-900",
  contacted: "bg-amber-100 text-amber-900",
  won: "bg-green-100 text-green-900",
  lost: "bg-neutral-200 text-neutral-800",
};

// GET /leads?site=&location=&form=&status=&from=&to=&before= — the inbox, newest first, 50 a page
export default async function LeadsInbox({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaff();
  const filter = leadFilterOf(await searchParams);
  const siteIds = sitesFor(staff.roles, "leads.read");
  const db = await getDb();
  const sites = (await staffSites(staff)).filter((s) => siteIds.includes(s.id));
  const locationSites = filter.site ? sites.filter((s) => s.id === filter.site) : sites;
  const [page, forms, locations] = await Promise.all([
    listInboxLeads(db, siteIds, filter),
    listLeadForms(db, siteIds),
    Promise.all(locationSites.map(async (s) => (await listLocations(db, s.id)).map((l) => ({ ...l, siteName: s.name })))).then((l) =>
      l.flat(),
    ),
  ]);
  const { before: _before, ...withoutPage } = filter;
  const exportHref = `/api/admin/leads.csv${leadFilterQuery(withoutPage)}`;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Leads</h1>
        <a href={exportHref} className={buttonVariants({ variant: "outline", size: "sm" })} download data-testid="export-csv">
          Export CSV
        </a>
      </div>
      <form
        method="get"
        action="/leads"
        className="mb-5 grid grid-cols-2 gap-3 rounded-lg border border-neutral-200 bg-white p-4 md:grid-cols-4 lg:grid-cols-7"
        aria-label="Filter leads"
      >
        {sites.length > 1 && <Select name="site" label="Site" value={filter.site} options={sites.map((s) => [String(s.id), s.name])} />}
        <Select
          name="location"
          label="Location"
          value={filter.location}
          options={locations.map((l) => [String(l.id), sites.length > 1 ? `${l.name} (${l.siteName})` : l.name])}
        />
        <Select name="form" label="Form" value={filter.form} options={forms.map((f) => [f, f])} />
        <Select name="status" label="Status" value={filter.status} options={LEAD_STATUSES.map((s) => [s, LEAD_STATUS_LABELS[s]])} />
        <DateInput name="from" label="From" value={filter.from} />
        <DateInput name="to" label="To" value={filter.to} />
        <div className="col-span-2 flex items-end gap-2 md:col-span-1">
          <button type="submit" className={buttonVariants({ size: "sm" })}>
            Filter
          </button>
          <Link href="/leads" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Clear
          </Link>
        </div>
      </form>
      {page.leads.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700" data-testid="no-leads">
          {filter.before ? "No older leads." : "No leads match these filters yet."}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" data-testid="lead-list">
          {page.leads.map((l) => (
            <li key={l.id} data-testid="lead-row" data-site={l.siteId}>
              <Link href={`/leads/${l.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 hover:bg-neutral-50">
                <span className="min-w-48 flex-1">
                  <span className="block font-bold">{l.name || "(no name)"}</span>
                  <span className="block text-sm text-neutral-700">
                    {l.category}
                    {l.subcategory ? ` · ${l.subcategory}` : ""} · {l.locationName ?? l.siteName}
                  </span>
                </span>
                <span className="text-sm text-neutral-700">{staffTime(l.createdAt, l.siteTimezone)}</span>
                {l.flagged && (
                  <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900" data-testid="flagged">
                    Not delivered
                  </span>
                )}
                <span className={`rounded px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[l.status]}`} data-testid="lead-status">
                  {LEAD_STATUS_LABELS[l.status]}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.next && (
        <p className="mt-4">
          <Link href={`/leads${leadFilterQuery(filter, { before: page.next })}`} className={buttonVariants({ variant: "outline" })}>
            Older leads
          </Link>
        </p>
      )}
    </>
  );
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: Array<[string, string]>;
}) {
  return (
    <label className="block text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value === undefined ? "" : String(value)} className={inputClass}>
        <option value="">All</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function DateInput({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <label className="block text-sm font-semibold">
      {label}
      <input type="date" name={name} defaultValue={value ?? ""} className={inputClass} />
    </label>
  );
}
