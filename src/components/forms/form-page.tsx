import { FORM_INTRO, FORMS, type FormKind, type LeadFormSite } from "@/domain/leads/forms";
import { FinanceCalculator } from "./finance-calculator";
import { LeadForm } from "./lead-form";
import { LookupForm } from "./lookup-form";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";

export type FormPageProps = {
  kind: FormKind;
  formSite: LeadFormSite;
  vehicle?: { slug: string; name: string; carType: "new" | "demo" | "used" };
  locationId?: number;
  /** the site's own words above the form (stored content, already rendered by the route) */
  intro?: React.ReactNode;
  /** trade-in and sell-my-car on a site with a vehicle lookup: the multi-step lookup form */
  lookup?: { endpoint: string; carHistory: boolean } | null;
  /** what the page offers in place of the form (a site that takes no finance applications online) */
  instead?: React.ReactNode;
};

/** An enquiry form's page (SPEC §2): title, a line on what happens next, the calculator on finance forms, the form. */
export function FormPage({ kind, formSite, vehicle, locationId, intro, lookup, instead }: FormPageProps) {
  return (
    <PageSection width="text">
      <PageTitle>{FORMS[kind].title}</PageTitle>
      {intro}
      {!instead && FORM_INTRO[kind] && <p className="mt-2 text-neutral-700">{FORM_INTRO[kind]}</p>}
      {(kind === "finance" || kind === "finance-pre-approval") && <FinanceCalculator />}
      <Panel className="mt-6">
        {instead ? (
          instead
        ) : lookup && (kind === "trade-in" || kind === "sell-my-car") ? (
          <LookupForm kind={kind} formSite={formSite} endpoint={lookup.endpoint} carHistory={lookup.carHistory} allowFiles />
        ) : (
          <LeadForm
            kind={kind}
            site={formSite}
            vehicle={vehicle}
            defaultLocationId={locationId}
            allowFiles={kind === "sell-my-car" || kind === "trade-in"}
            heading={null}
          />
        )}
      </Panel>
    </PageSection>
  );
}
