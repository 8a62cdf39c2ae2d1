import { SpecialHoursEditor } from "@/components/admin/hours-editors";
import { DeliveryForm, SwitchesForm } from "@/components/admin/settings-forms";
import type { SpecialHoursEntry } from "@/domain/site/types";
import type { DeliveryFormValues, SwitchState } from "@/domain/staff/settings";

/** What the console's copy of the dealer's settings shows: lead delivery, holiday hours, and every switch with where its value comes from. */
export type ConsoleSettingsValues = { delivery: DeliveryFormValues; special: SpecialHoursEntry[]; switches: SwitchState[] };

/** The flags that are not on or off (a list of paths, a slug): set through the platform API, shown here in words. */
function otherFlags(features: Record<string, { value: unknown; source: string }>): Array<[string, string]> {
  const paths = features.chat_hidden_paths?.value;
  const slug = features.fixed_dealership_slug?.value;
  return [
    ["Pages without the chat", Array.isArray(paths) && paths.length ? paths.join(", ") : "none"],
    ["Dealership address fixed to", typeof slug === "string" && slug ? slug : "none: each location's own"],
  ];
}

/**
 * The dealer's own settings in the operators' console, with the back-office settings page's own
 * forms (the same handlers and schemas): where leads go, holiday hours, and the switches, where the
 * operator may also give a switch back to the platform's rules. Saving refreshes the console.
 */
export function ConsoleSettings({
  siteId,
  settings,
  locations,
  features,
  sectionClass,
}: {
  siteId: number;
  settings: ConsoleSettingsValues;
  locations: Array<{ id: number; name: string }>;
  features: Record<string, { value: unknown; source: string }>;
  sectionClass: string;
}) {
  return (
    <>
      <section aria-labelledby="delivery-title" id="delivery" className={sectionClass}>
        <h2 id="delivery-title" className="mb-1 text-lg font-bold">
          Lead delivery
        </h2>
        <p className="mb-3 text-sm text-neutral-700">
          Where the site&apos;s leads go. The site is not published while a lead would reach nobody.
        </p>
        <DeliveryForm siteId={siteId} values={settings.delivery} />
      </section>
      <section aria-labelledby="holidays-title" id="holidays" className={sectionClass}>
        <h2 id="holidays-title" className="mb-3 text-lg font-bold">
          Holiday hours
        </h2>
        <SpecialHoursEditor siteId={siteId} entries={settings.special} locations={locations} />
      </section>
      <section aria-labelledby="switches-title" id="switches" className={sectionClass}>
        <h2 id="switches-title" className="mb-1 text-lg font-bold">
          Switches
        </h2>
        <p className="mb-3 text-sm text-neutral-700">
          Each switch follows the platform&apos;s rules (its default, or a feature rule that fits the site) until it is set for this site.
          Only the switches you change are saved.
        </p>
        <SwitchesForm siteId={siteId} switches={settings.switches} withRules />
        <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="other-flags">
          {otherFlags(features).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-all">{value} (set through the platform API)</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
