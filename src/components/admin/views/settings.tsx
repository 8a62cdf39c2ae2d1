import { SpecialHoursEditor, WeekEditor } from "@/components/admin/hours-editors";
import { DeliveryForm, FinanceForm, LeadHandlingForm, SwitchesForm } from "@/components/admin/settings-forms";
import { ReplyTemplatesForm } from "@/components/admin/reply-templates-form";
import { WidgetsForm } from "@/components/admin/widgets-form";
import type { ReplyTemplates } from "@/domain/leads/follow-up";
import type { FinanceSettings } from "@/domain/site/finance";
import type { WidgetsFormState } from "@/domain/site/integrations";
import type { Country, OpeningHourEntry, SpecialHoursEntry } from "@/domain/site/types";
import type { DeliveryFormValues, SwitchState } from "@/domain/staff/settings";

export type SettingsProps = {
  site: { id: number; name: string };
  locations: Array<{ id: number; name: string; openingHours: OpeningHourEntry[] }>;
  special: SpecialHoursEntry[];
  /** null when the site's record could not be read (as for the finance terms and the widgets) */
  switches: SwitchState[] | null;
  finance: { values: FinanceSettings; country: Country } | null;
  delivery: DeliveryFormValues;
  handling: { response_minutes: number; round_robin: boolean };
  /** what the lead page's SMS and Email buttons start with */
  replies: ReplyTemplates;
  /** the reply-templates form's last plain post: saved, or refused with what was typed and the messages */
  repliesPost?: { saved: boolean; refused: { errors: Record<string, string>; values: Record<string, string> } | null };
  widgets: WidgetsFormState | null;
};

/** A site's holiday hours, switches, finance terms, lead delivery, lead handling and reply templates, widgets and tracking, and opening hours. */
export function SettingsView({
  site,
  locations,
  special,
  switches,
  finance,
  delivery,
  handling,
  replies,
  repliesPost,
  widgets,
}: SettingsProps) {
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
        {switches && <SwitchesForm siteId={site.id} switches={switches} />}
      </section>
      <section aria-labelledby="finance" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="finance" className="mb-3 text-lg font-bold">
          Finance and repayments
        </h2>
        {finance && <FinanceForm siteId={site.id} values={finance.values} country={finance.country} />}
      </section>
      <section aria-labelledby="delivery" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="delivery" className="mb-3 text-lg font-bold">
          Lead delivery
        </h2>
        <DeliveryForm siteId={site.id} values={delivery} />
      </section>
      <section aria-labelledby="handling" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="handling" className="mb-3 text-lg font-bold">
          Lead handling
        </h2>
        <LeadHandlingForm siteId={site.id} values={handling} />
      </section>
      <section aria-labelledby="replies" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="replies" className="mb-3 text-lg font-bold">
          Reply templates
        </h2>
        <ReplyTemplatesForm siteId={site.id} values={replies} saved={repliesPost?.saved} refused={repliesPost?.refused} />
      </section>
      <section aria-labelledby="widgets-title" id="widgets" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="widgets-title" className="mb-3 text-lg font-bold">
          Widgets and tracking
        </h2>
        {widgets && <WidgetsForm siteId={site.id} back="settings" state={widgets} />}
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
