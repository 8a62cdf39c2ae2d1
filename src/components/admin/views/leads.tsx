import Link from "next/link";
import { FilterSelect } from "@/components/admin/filter-select";
import { staffDay, staffTime } from "@/components/admin/format";
import { buttonVariants } from "@/components/ui/button";
import { FixedPhoto } from "@/components/ui/photo";
import { inputClass } from "@/components/ui/input-class";
import { durationLabel, type ResponseState } from "@/domain/staff/response";
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_VIEW_LABELS,
  LEAD_VIEWS,
  leadFilterQuery,
  type LeadFilter,
  type LeadStatus,
} from "@/domain/staff/roles";

/** A lead in the inbox: who, what about, where, when, its delivery and its response timer. */
export type InboxRow = {
  id: string;
  siteId: number;
  siteName: string;
  siteTimezone: string;
  name: string | null;
  phone: string | null;
  category: string;
  subcategory: string | null;
  locationName: string | null;
  vehicleName: string | null;
  vehiclePhoto: string | null;
  assigneeName: string | null;
  createdAt: Date;
  flagged: boolean;
  status: LeadStatus;
  response: ResponseState;
  /** the follow-up day of the latest logged call ("YYYY-MM-DD"), and whether it has come */
  followUpOn: string | null;
  followUpDue: boolean;
};

export type LeadsProps = {
  filter: LeadFilter;
  sites: Array<{ id: number; name: string }>;
  locations: Array<{ id: number; name: string; siteName: string }>;
  forms: string[];
  leads: InboxRow[];
  /** where the next (older) page starts, when there is one */
  next: string | null;
  /** may export every lead (a manager or owner); else the export is their own leads */
  exportAll: boolean;
};

const STATUS_STYLE: Record<string, string> = {
  new: "bg-blue-100 text-blue-900",
  contacted: "bg-amber-100 text-amber-900",
  won: "bg-green-100 text-green-900",
  lost: "bg-neutral-200 text-neutral-800",
};

/** The leads inbox, newest first, 50 a page: quick views, a filter, each lead's timer and status, and the CSV export. */
export function LeadsView({ filter, sites, locations, forms, leads, next, exportAll }: LeadsProps) {
  const { before: _before, ...withoutPage } = filter;
  const exportHref = `/api/admin/leads.csv${leadFilterQuery(withoutPage, exportAll ? {} : { view: "mine" })}`;
  const active = [filter.site, filter.location, filter.form, filter.status, filter.from, filter.to].filter((v) => v !== undefined).length;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Leads</h1>
        <a href={exportHref} className={buttonVariants({ variant: "outline", size: "sm" })} download data-testid="export-csv">
          {exportAll ? "Export CSV" : "Export my leads"}
        </a>
      </div>
      <nav aria-label="Quick views" className="mb-3 flex flex-wrap gap-2">
        {[undefined, ...LEAD_VIEWS].map((v) => (
          <Link
            key={v ?? "all"}
            href={`/leads${leadFilterQuery({ ...withoutPage, view: v })}`}
            aria-current={filter.view === v ? "page" : undefined}
            className={buttonVariants({ variant: filter.view === v ? "primary" : "outline", size: "sm" })}
          >
            {v ? LEAD_VIEW_LABELS[v] : "All"}
          </Link>
        ))}
      </nav>
      {/* on a phone the filter folds behind a toggle (a checkbox: no JavaScript needed), so the leads come first */}
      <input type="checkbox" id="lead-filters" className="peer sr-only sm:hidden" />
      <label
        htmlFor="lead-filters"
        className={`${buttonVariants({ variant: "outline", size: "sm" })} mb-3 cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-2 sm:hidden`}
      >
        Filters{active ? ` (${active})` : ""}
      </label>
      <form
        method="get"
        action="/leads"
        className="mb-5 hidden grid-cols-2 gap-3 rounded-lg border border-neutral-200 bg-white p-4 peer-checked:grid sm:grid md:grid-cols-4 lg:grid-cols-7"
        aria-label="Filter leads"
      >
        {sites.length > 1 && (
          <FilterSelect any="All" name="site" label="Site" value={filter.site} options={sites.map((s) => [String(s.id), s.name])} />
        )}
        <FilterSelect
          any="All"
          name="location"
          label="Location"
          value={filter.location}
          options={locations.map((l) => [String(l.id), sites.length > 1 ? `${l.name} (${l.siteName})` : l.name])}
        />
        <FilterSelect any="All" name="form" label="Form" value={filter.form} options={forms.map((f) => [f, f])} />
        <FilterSelect
          any="All"
          name="status"
          label="Status"
          value={filter.status}
          options={LEAD_STATUSES.map((s) => [s, LEAD_STATUS_LABELS[s]])}
        />
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
      {leads.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700" data-testid="no-leads">
          {filter.before ? "No older leads." : "No leads match these filters yet."}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" data-testid="lead-list">
          {leads.map((l) => (
            <LeadRow key={l.id} lead={l} />
          ))}
        </ul>
      )}
      {next && (
        <p className="mt-4">
          <Link href={`/leads${leadFilterQuery(filter, { before: next })}`} className={buttonVariants({ variant: "outline" })}>
            Older leads
          </Link>
        </p>
      )}
    </>
  );
}

/** One lead in the inbox: who, what, when, whose, and its flags, timer and status. */
function LeadRow({ lead: l }: { lead: LeadsProps["leads"][number] }) {
  const r = l.response;
  return (
    <li data-testid="lead-row" data-site={l.siteId}>
      <Link href={`/leads/${l.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4 hover:bg-neutral-50">
        {l.vehiclePhoto ? (
          <FixedPhoto src={l.vehiclePhoto} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" />
        ) : (
          <span aria-hidden className="hidden h-12 w-16 shrink-0 rounded bg-neutral-100 sm:block" />
        )}
        <span className="min-w-48 flex-1">
          <span className="block font-bold">{l.name || "(no name)"}</span>
          {l.phone && <span className="block text-sm">{l.phone}</span>}
          <span className="block text-sm text-neutral-700">
            {l.category}
            {l.subcategory ? ` · ${l.subcategory}` : ""} · {l.locationName ?? l.siteName}
            {l.vehicleName ? ` · ${l.vehicleName}` : ""}
          </span>
        </span>
        <span className="text-sm text-neutral-700">
          <span className="block">{staffTime(l.createdAt, l.siteTimezone)}</span>
          <span className="block" data-testid="assignee">
            {l.assigneeName ? `Assigned to ${l.assigneeName}` : "Unassigned"}
          </span>
        </span>
        {l.flagged && (
          <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900" data-testid="flagged">
            Not delivered
          </span>
        )}
        {l.followUpOn && (
          <span
            className={`rounded px-2 py-0.5 text-xs font-bold ${l.followUpDue ? "bg-red-700 text-white" : "bg-neutral-100 text-neutral-900"}`}
            data-testid="follow-up"
          >
            Follow up {staffDay(l.followUpOn)}
            {l.followUpDue && <span className="sr-only"> (due)</span>}
          </span>
        )}
        <ResponseBadge contacted={r.contacted} minutes={r.minutes} late={r.late} />
        <span className={`rounded px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[l.status]}`} data-testid="lead-status">
          {LEAD_STATUS_LABELS[l.status]}
        </span>
      </Link>
    </li>
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

/** The response timer: not contacted yet (how long so far), or answered (how long it took); red past the site's target. */
function ResponseBadge({ contacted, minutes, late }: { contacted: boolean; minutes: number; late: boolean }) {
  const text = contacted ? `Answered in ${durationLabel(minutes)}` : `Not contacted · ${durationLabel(minutes)}`;
  const style = late ? "bg-red-700 text-white" : contacted ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-bold ${style}`} data-testid="response-timer" data-late={late}>
      {text}
      {late && <span className="sr-only"> (late)</span>}
    </span>
  );
}
