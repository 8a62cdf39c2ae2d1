import { TimeChart } from "@/components/admin/charts";
import { rangeQuery, ReportRangeForm, Section, Tile } from "@/components/admin/report-frame";
import { BarTable, GroupSitesTable, SeriesTable } from "@/components/admin/report-tables";
import type { GroupCsvName, GroupReport } from "@/domain/reports/group";
import { GROUPING_LABELS, periodLabel, type ReportRange } from "@/domain/reports/range";
import { percent } from "@/domain/reports/report";

export type GroupReportsProps = {
  /** the messages of a period that could not be read (the last 30 days are shown meanwhile) */
  errors: Record<string, string> | null;
  range: ReportRange;
  group: GroupReport;
};

/** The group view: every site where the staff member reads reports, side by side over one period. */
export function GroupReportsView({ errors, range, group }: GroupReportsProps) {
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
        <GroupSitesTable sites={group.sites} total={total} query={q.toString()} />
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
