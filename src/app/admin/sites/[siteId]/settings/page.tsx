import type { Metadata } from "next";
import { SpecialHoursEditor, WeekEditor } from "@/components/admin/hours-editors";
import { DeliveryForm, FinanceForm, LeadHandlingForm, SwitchesForm } from "@/components/admin/settings-forms";
import { WidgetsForm } from "@/components/admin/widgets-form";
import { widgetsFormState } from "@/server/admin/widgets-form";
import { getLeadHandling } from "@/server/repositories/settings";
import { financeOf } from "@/domain/site/finance";
import { featuresOf } from "@/server/site-context";
import { switchesOf } from "@/domain/staff/settings";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listSpecialHours } from "@/server/repositories/locations";
import { getLeadDeliveryConfig, getSiteById, listLocations } from "@/server/repositories/sites";

export const metadata: Metadata = { title: "Site settings" };

// GET /sites/{siteId}/settings — holiday hours, switches, finance terms, lead delivery, lead handling, widgets and tracking, and opening hours (managers and owners)
export default async function SettingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ siteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await requireStaffSite((await params).siteId, "settings.edit");
  const db = await getDb();
  const [locations, special, record, delivery, handling] = await Promise.all([
    listLocations(db, site.id),
    listSpecialHours(db, site.id),
    getSiteById(db, site.id),
    getLeadDeliveryConfig(db, site.id),
    getLeadHandling(db, site.id),
  ]);
  const features = record ? await featuresOf(db, record) : null;
  return (
    <>
      <h1 className="mb-1 text-2xl font-extrabold">{site.name}: settings</h1>
      <p className="mb-5 text-neutral-700">Changes show on the website as soon as you save them, and are written to the audit log.</p>
      <section aria-labelledby="holiday" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="holiday" className="mb-3 text-lg font-bold">
          Holiday hours
        </h2>
        <SpecialHoursEditor siteId={site.id} entries={special} locations={locations.map((l) => ({ id: l.id, name: l.name }))} />
      </section>
      <section aria-labelledby="switches" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="switches" className="mb-3 text-lg font-bold">
          Feature switches
        </h2>
        {features && <SwitchesForm siteId={site.id} values={switchesOf(features)} />}
      </section>
      <section aria-labelledby="finance" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="finance" className="mb-3 text-lg font-bold">
          Finance and repayments
        </h2>
        {record && <FinanceForm siteId={site.id} values={financeOf(record)} country={record.country} />}
      </section>
      <section aria-labelledby="delivery" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="delivery" className="mb-3 text-lg font-bold">
          Lead delivery
        </h2>
        <DeliveryForm
          siteId={site.id}
          values={{
            email_to_location: delivery.email_to_location !== false,
            emails: delivery.emails ?? [],
            adf_emails: delivery.adf_emails ?? [],
            // the URLs only: a secret never leaves the server
            webhooks: (delivery.webhooks ?? []).map((w) => w.url),
          }}
        />
      </section>
      <section aria-labelledby="handling" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="handling" className="mb-3 text-lg font-bold">
          Lead handling
        </h2>
        <LeadHandlingForm siteId={site.id} values={handling} />
      </section>
      <section aria-labelledby="widgets-title" id="widgets" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="widgets-title" className="mb-3 text-lg font-bold">
          Widgets and tracking
        </h2>
        {record && features && (
          <WidgetsForm
            siteId={site.id}
            back="settings"
            state={await widgetsFormState(site.id, record.integrations, features, (await searchParams).widgets)}
          />
        )}
      </section>
      <section aria-labelledby="weekly" className="rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="weekly" className="mb-3 text-lg font-bold">
          Opening hours
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          {locations.map((l) => (
            <WeekEditor key={l.id} siteId={site.id} locationId={l.id} name={l.name} hours={l.openingHours} />
          ))}
        </div>
      </section>
    </>
  );
}
