import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TimeChart } from "@/components/admin/charts";
import { BarTable, SeriesTable } from "@/components/admin/report-tables";
import { rangeQuery, ReportRangeForm, Section, Tile } from "@/components/admin/report-frame";
import { formatCount } from "@/domain/format/price";
import type { GroupCsvName } from "@/domain/reports/group";
import { changeLabel, GROUPING_LABELS, periodLabel } from "@/domain/reports/range";
import { percent } from "@/domain/reports/report";
import { groupSiteIds } from "@/domain/staff/roles";
import { durationLabel } from "@/domain/staff/response";
import { requireStaff } from "@/server/admin/pages";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { groupReports } from "@/server/reports/group";
import { reportQuery } from "@/server/reports/reports";

export const metadata: Metadata = { title: "Reports: your sites" };

type SP = Promise<Record<string, string | string[] | undefined>>;

const cell = "py-1.5 pr-3 text-right tabular-nums";

// GET /reports?preset=|from=&to=&by= — the group view: every site where the staff member reads reports, side by side over one period (404 for sales only, and for an operator)
export default async function GroupReportsPage({ searchParams }: { searchParams: SP }) {
  const staff = await requireStaff();
  const ids = groupSiteIds(staff);
  if (!ids.length) notFound();
  const sp = await searchParams;
  const query = reportQuery((k) => (typeof sp[k] === "string" ? (sp[k] as string) : null));
  const db = await getDb();
  let reports = await groupReports(db, ids, query, serverNow());
  const errors = "errors" in reports ? reports.errors : null;
  // a period that cannot be read: its messages, and the last 30 days meanwhile
  if (errors) reports = await groupReports(db, ids, {}, serverNow());
  if ("errors" in reports) return null;
  const { range, group } = reports;
  const q = rangeQuery(range);
  const csv = (name: GroupCsvName) => `/api/admin/reports/${name}.csv?${q}`;
  const { total } = group;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold">Your sites: reports</h1>
        <p className="text-neutral-700" data-testid="report-period">
          {periodLabel(range.from, range.to)}, beside {periodLabel(range.previous.from, range.previous.to)}; each site in its own time zone
        </p>
      </div>

      <ReportRangeForm range={range} errors={errors} reset="/reports" />

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="report-totals">
        <Tile label="Leads, all sites" value={total.leads} before={total.previous} testId="total-leads" />
        <Tile label="Visits, all sites" value={total.visits} before={total.visitsBefore} testId="total-visits" />
        <div className="rounded-lg border border-neutral-200 bg-white p-4">
          <dt className="text-sm font-semibold text-neutral-700">Visits that sent an enquiry</dt>
          <dd className="text-3xl font-extrabold">{percent(total.enquiryVisits, total.visits)}</dd>
          <dd className="text-sm text-neutral-700">{percent(total.enquiryVisitsBefore, total.visitsBefore)} the period before</dd>
        </div>
      </dl>

      <Section title="Site by site" csv={csv("sites")}>
        <p className="mb-2 text-sm text-neutral-700">
          Each site&apos;s leads and visits in this period (the change on the period before), how its team answered, and its stock now.
        </p>
        {/* relative: the screen reader's words (absolutely placed) stay inside the scroller, not beside the page */}
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm" data-testid="group-sites">
            <caption className="sr-only">Each site in this period</caption>
            <thead>
              <tr className="border-b border-neutral-300 text-left">
                <th scope="col" className="py-2 pr-3">
                  Site
                </th>
                {["Leads", "Change", "Visits", "Enquiry rate", "Contacted late", "Median first contact", "Listed cars", "No photos"].map(
                  (h) => (
                    <th key={h} scope="col" className="py-2 pr-3 text-right">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {group.sites.map((s) => (
                <tr key={s.id} className="border-b border-neutral-100">
                  <th scope="row" className="py-1.5 pr-3 text-left font-semibold">
                    <Link href={`/sites/${s.id}/reports?${q}`} className="text-blue-800 underline">
                      {s.name}
                    </Link>
                  </th>
                  <td className={cell}>{formatCount(s.leads)}</td>
                  <td className={cell}>{changeLabel(s.leads, s.leadsBefore)}</td>
                  <td className={cell}>{formatCount(s.visits)}</td>
                  <td className={cell}>{percent(s.enquiryVisits, s.visits)}</td>
                  <td className={`${cell} ${s.late > 0 ? "font-semibold text-red-800" : ""}`}>
                    {formatCount(s.late)}
                    <span className="sr-only"> past {durationLabel(s.target)}</span>
                  </td>
                  <td className={cell}>{s.median === null ? "–" : durationLabel(s.median)}</td>
                  <td className={cell}>{formatCount(s.listed)}</td>
                  <td className={cell}>{formatCount(s.noPhotos)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-neutral-300 font-bold">
                <th scope="row" className="py-1.5 pr-3 text-left">
                  All sites
                </th>
                <td className={cell}>{formatCount(total.leads)}</td>
                <td className={cell}>{changeLabel(total.leads, total.previous)}</td>
                <td className={cell}>{formatCount(total.visits)}</td>
                <td className={cell}>{percent(total.enquiryVisits, total.visits)}</td>
                <td className={cell}>{formatCount(total.late)}</td>
                <td className={cell} />
                <td className={cell}>{formatCount(group.sites.reduce((n, s) => n + s.listed, 0))}</td>
                <td className={cell}>{formatCount(group.sites.reduce((n, s) => n + s.noPhotos, 0))}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="mt-2 text-sm text-neutral-700">
          Contacted late: leads not contacted within the site&apos;s target in opening hours. First contact times are in opening-hour
          minutes.
        </p>
      </Section>

      <div className="grid gap-8 lg:grid-cols-2">
        <Section title="Leads by site" csv={csv("sites")}>
          <BarTable id="by-site" caption="Leads by site" rows={group.bySite} unit="Site" empty="No sites." />
        </Section>
        <Section title="Where leads came from" csv={csv("leads-by-source")}>
          <BarTable
            id="by-source"
            caption="Leads by source, all sites"
            rows={group.bySource}
            unit="Source"
            empty="No leads in this period."
          />
        </Section>
      </div>

      <Section title="Leads over time" csv={csv("leads-over-time")}>
        <TimeChart
          id="leads-time"
          title={`Leads ${GROUPING_LABELS[range.by].toLowerCase()}, all sites`}
          points={group.series}
          unit="leads"
        />
        <SeriesTable caption="Leads in each period, all sites, and in the period before" points={group.series} unit="Leads" />
      </Section>

      <Section title="What they asked about" csv={csv("leads-by-type")}>
        <BarTable
          id="by-type"
          caption="Leads by enquiry type, all sites"
          rows={group.byType}
          unit="Enquiry"
          empty="No leads in this period."
        />
      </Section>
    </div>
  );
}
