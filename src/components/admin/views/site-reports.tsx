import Link from "next/link";
import { TimeChart } from "@/components/admin/charts";
import { rangeQuery, ReportRangeForm, Section, Tile } from "@/components/admin/report-frame";
import {
  BarTable,
  CarList,
  CarTable,
  DaysTable,
  FunnelBySourceTable,
  FunnelTable,
  PriceChangeTable,
  ResponseTable,
  SeriesTable,
  type DaysRow,
  type ResponseRow,
} from "@/components/admin/report-tables";
import { WeeklyReportSwitch } from "@/components/admin/weekly-switch";
import { formatCount } from "@/domain/format/price";
import { GROUPING_LABELS, periodLabel, type ReportRange } from "@/domain/reports/range";
import {
  percent,
  type Count,
  type FunnelReport,
  type LeadsReport,
  type PriceChange,
  type ReportCsvName,
  type StockCar,
} from "@/domain/reports/report";
import { durationLabel } from "@/domain/staff/response";

export type SiteReportsProps = {
  site: { id: number; name: string };
  /** the messages of a period that could not be read (the last 30 days are shown meanwhile) */
  errors: Record<string, string> | null;
  range: ReportRange;
  leads: LeadsReport;
  funnel: FunnelReport;
  team: {
    target: number;
    total: number;
    late: number;
    byStatus: Count[];
    byPerson: ResponseRow[];
    byLocation: ResponseRow[];
    waiting: Array<{ id: string; name: string; category: string; minutes: number }>;
  };
  stock: {
    listed: number;
    top: StockCar[];
    bottom: StockCar[];
    daysByCondition: DaysRow[];
    daysByMake: DaysRow[];
    priceChanges: PriceChange[];
    noPhotos: Array<{ id: number; title: string }>;
    noPrice: Array<{ id: number; title: string }>;
  };
  /** the staff member's weekly report email is on */
  weeklyOn: boolean;
  /** they read the reports of more than one site: a link to the group view */
  groupLink: boolean;
};

/** A report's CSV address by its name, for the period shown. */
type Csv = (name: ReportCsvName) => string;

/** What a site brings in: leads over time and by source, type, location and car, the team's response, the stock and the funnel. */
export function SiteReportsView({ site, errors, range, leads, funnel, team, stock, weeklyOn, groupLink }: SiteReportsProps) {
  const q = rangeQuery(range);
  const csv: Csv = (name) => `/api/admin/sites/${site.id}/reports/${name}.csv?${q}`;
  const visits = funnel.steps[0]!;
  const enquiries = funnel.steps.find((s) => s.key === "enquiry")!;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold">{site.name}: reports</h1>
        <p className="text-neutral-700" data-testid="report-period">
          {periodLabel(range.from, range.to)}, beside {periodLabel(range.previous.from, range.previous.to)}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
          <WeeklyReportSwitch initial={weeklyOn} />
          {groupLink && (
            <Link href={`/reports?${q}`} className="text-sm font-semibold text-blue-800 underline">
              All your sites side by side
            </Link>
          )}
        </div>
      </div>

      <ReportRangeForm range={range} errors={errors} reset={`/sites/${site.id}/reports`} />

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="report-totals">
        <Tile label="Leads" value={leads.total} before={leads.previous} testId="total-leads" />
        <Tile label="Visits" value={visits.now} before={visits.before} testId="total-visits" />
        <div className="rounded-lg border border-neutral-200 bg-white p-4">
          <dt className="text-sm font-semibold text-neutral-700">Visits that sent an enquiry</dt>
          <dd className="text-3xl font-extrabold">{percent(enquiries.now, visits.now)}</dd>
          <dd className="text-sm text-neutral-700">{percent(enquiries.before, visits.before)} the period before</dd>
        </div>
      </dl>

      <Section title="Leads over time" csv={csv("leads-over-time")}>
        <TimeChart id="leads-time" title={`Leads ${GROUPING_LABELS[range.by].toLowerCase()}`} points={leads.series} unit="leads" />
        <SeriesTable caption="Leads in each period, and in the period before" points={leads.series} unit="Leads" />
      </Section>

      <LeadBreakdowns leads={leads} csv={csv} />

      <TeamSection team={team} csv={csv} />

      <StockSection stock={stock} siteId={site.id} csv={csv} />

      <FunnelSection funnel={funnel} csv={csv} />
    </div>
  );
}

/** Leads by source, campaign, enquiry type, location, condition and make, side by side. */
function LeadBreakdowns({ leads, csv }: { leads: LeadsReport; csv: Csv }) {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <Section title="Where leads came from" csv={csv("leads-by-source")}>
        <BarTable id="by-source" caption="Leads by source" rows={leads.bySource} unit="Source" empty="No leads in this period." />
      </Section>
      <Section title="Campaigns" csv={csv("leads-by-campaign")}>
        <BarTable
          id="by-campaign"
          caption="Leads by campaign (utm_source / utm_medium / utm_campaign)"
          rows={leads.byCampaign}
          unit="Campaign"
          empty="No leads from tagged campaigns or ads in this period."
        />
      </Section>
      <Section title="What they asked about" csv={csv("leads-by-type")}>
        <BarTable id="by-type" caption="Leads by enquiry type" rows={leads.byType} unit="Enquiry" empty="No leads in this period." />
      </Section>
      <Section title="Which location" csv={csv("leads-by-location")}>
        <BarTable id="by-location" caption="Leads by location" rows={leads.byLocation} unit="Location" empty="No leads in this period." />
      </Section>
      <Section title="New, demo or used" csv={csv("leads-by-condition")}>
        <BarTable
          id="by-condition"
          caption="Leads by the car's condition"
          rows={leads.byCondition}
          unit="Car"
          empty="No leads in this period."
        />
      </Section>
      <Section title="Which makes" csv={csv("leads-by-make")}>
        <BarTable
          id="by-make"
          caption="Leads about a car, by make"
          rows={leads.byMake}
          unit="Make"
          empty="No leads about a car in this period."
        />
      </Section>
    </div>
  );
}

/** The team's response: the leads not contacted in time, time to first contact by salesperson and location, and who is waiting longest. */
function TeamSection({ team, csv }: { team: SiteReportsProps["team"]; csv: Csv }) {
  return (
    <Section title="The team" csv={csv("team-response")}>
      <p className="text-sm text-neutral-700" data-testid="team-late">
        {team.total === 0
          ? "No leads in this period."
          : `${formatCount(team.late)} of ${formatCount(team.total)} leads (${percent(team.late, team.total)}) were not contacted within ${durationLabel(team.target)} of opening hours.`}
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        <BarTable id="by-status" caption="Leads by status" rows={team.byStatus} unit="Status" empty="No leads in this period." />
        <ResponseTable id="by-person" caption="Time to first contact by salesperson" unit="Salesperson" rows={team.byPerson} />
        <ResponseTable id="by-team-location" caption="Time to first contact by location" unit="Location" rows={team.byLocation} />
      </div>
      {team.waiting.length > 0 && (
        <div className="mt-6">
          <h3 className="font-bold">Waiting longest for a first contact</h3>
          <ul className="mt-2 divide-y divide-neutral-100 text-sm" data-testid="team-waiting">
            {team.waiting.map((w) => (
              <li key={w.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                <Link href={`/leads/${w.id}`} className="font-semibold text-blue-800 underline">
                  {w.name}
                </Link>
                <span>
                  {w.category} · waiting {durationLabel(w.minutes)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

/** The cars listed now: most and least viewed, days in stock, price changes, and the cars without a photo or a price. */
function StockSection({ stock, siteId, csv }: { stock: SiteReportsProps["stock"]; siteId: number; csv: Csv }) {
  return (
    <Section title="Stock" csv={csv("stock")}>
      <p className="text-sm text-neutral-700">
        The {formatCount(stock.listed)} cars listed now: their vehicle page views and enquiries in this period, and how long they have been
        in stock.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <CarTable id="top-viewed" caption="Most viewed" cars={stock.top} siteId={siteId} />
        <CarTable id="least-viewed" caption="Least viewed" cars={stock.bottom} siteId={siteId} />
        <DaysTable id="days-condition" caption="Days in stock by condition" unit="Condition" rows={stock.daysByCondition} />
        <DaysTable id="days-make" caption="Days in stock by make" unit="Make" rows={stock.daysByMake} />
      </div>
      <div className="mt-6">
        <PriceChangeTable changes={stock.priceChanges} siteId={siteId} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <CarList
          id="no-photos"
          title={`No photos (${formatCount(stock.noPhotos.length)})`}
          cars={stock.noPhotos}
          siteId={siteId}
          empty="Every listed car has a photo."
        />
        <CarList
          id="no-price"
          title={`No price (${formatCount(stock.noPrice.length)})`}
          cars={stock.noPrice}
          siteId={siteId}
          empty="Every listed car has a price."
        />
      </div>
    </Section>
  );
}

/** From visit to enquiry: the funnel, and by source where the visits had one. */
function FunnelSection({ funnel, csv }: { funnel: FunnelReport; csv: Csv }) {
  return (
    <Section title="From visit to enquiry" csv={csv("funnel")}>
      <p className="text-sm text-neutral-700">
        Visits are browser sessions counted from the site&apos;s analytics events, a minute behind at most.
      </p>
      <FunnelTable steps={funnel.steps} />
      {funnel.byChannel.length > 0 && (
        <div className="mt-6">
          <FunnelBySourceTable steps={funnel.steps} channels={funnel.byChannel} />
          <p className="mt-2">
            <a href={csv("funnel-by-source")} download className="text-sm font-semibold text-blue-800 underline">
              Download the funnel by source (CSV)
            </a>
          </p>
        </div>
      )}
    </Section>
  );
}
