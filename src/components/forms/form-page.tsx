import { FORM_INTRO, FORMS, type FormKind, type LeadFormSite } from "@/domain/leads/forms";
import { LeadForm } from "./lead-form";
import type { LeadFormInput } from "@/domain/leads/form-schema";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";

export type FormPageProps = {
  kind: FormKind;
  formSite: LeadFormSite;
  vehicle?: { slug: string; name: string; carType: "new" | "demo" | "used" };
  locationId?: number;
  /** the site's own words above the form (stored content, already rendered by the route) */
  intro?: React.ReactNode;
  /**
   * a form in place of the enquiry form (trade-in and sell-my-car's lookup form, LookupFormPage) and
   * a calculator above it (the finance pages): passed in by the pages that have them, so that no
   * other form page loads their script
   */
  form?: React.ReactNode;
  calculator?: React.ReactNode;
  /** what the page offers in place of the form (a site that takes no finance applications online) */
  instead?: React.ReactNode;
  /** values the form starts with (the loan amount a car's calculator worked out) */
  initial?: Partial<LeadFormInput>;
  /** the form posted without JavaScript and refused a moment ago: its values and messages */
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
  /** the page's submission token (a form posted twice without JavaScript makes one lead) */
  submissionToken?: string;
};

/** An enquiry form's page (docs/features/forms-and-leads.md): title, a line on what happens next, the calculator on finance forms, the form. */
export function FormPage({
  kind,
  formSite,
  vehicle,
  locationId,
  intro,
  form,
  calculator,
  instead,
  initial,
  refused,
  submissionToken,
}: FormPageProps) {
  return (
    <PageSection width="text">
      <PageTitle>{FORMS[kind].title}</PageTitle>
      {intro}
      {!instead && FORM_INTRO[kind] && <p className="mt-2 text-neutral-700">{FORM_INTRO[kind]}</p>}
      {calculator}
      <Panel className="mt-6">
        {instead ? (
          instead
        ) : form ? (
          form
        ) : (
          <LeadForm
            kind={kind}
            site={formSite}
            vehicle={vehicle}
            defaultLocationId={locationId}
            allowFiles={kind === "sell-my-car" || kind === "trade-in"}
            heading={null}
            initial={initial}
            refused={refused}
            submissionToken={submissionToken}
          />
        )}
      </Panel>
    </PageSection>
  );
}
