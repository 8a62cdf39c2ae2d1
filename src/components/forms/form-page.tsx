import { FORMS, type FormKind, type LeadFormSite } from "@/domain/leads/forms";
import { FinanceCalculator } from "./finance-calculator";
import { LeadForm } from "./lead-form";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";

const INTRO: Partial<Record<FormKind, string>> = {
  "test-drive": "Choose a day and we’ll have the vehicle ready for you.",
  service: "Tell us about your vehicle and a preferred day; we’ll confirm a time.",
  parts: "Tell us what you need and our parts team will check availability.",
  finance: "Talk to our finance team about a loan that suits you.",
  "finance-pre-approval": "Know your budget before you shop.",
  "trade-in": "Tell us about your current vehicle for a trade-in valuation.",
  "sell-my-car": "Tell us about your vehicle and we’ll make you an offer.",
  fleet: "Vehicles for your business, with fleet pricing and support.",
  careers: "Join our team: tell us about yourself.",
  contact: "Send us a message and the right person will get back to you.",
};

export type FormPageProps = {
  kind: FormKind;
  formSite: LeadFormSite;
  vehicle?: { slug: string; name: string; carType: "new" | "demo" | "used" };
  locationId?: number;
  /** the site's own words above the form (stored content, already rendered by the route) */
  intro?: React.ReactNode;
};

/** An enquiry form's page (SPEC §2): title, a line on what happens next, the calculator on finance forms, the form. */
export function FormPage({ kind, formSite, vehicle, locationId, intro }: FormPageProps) {
  return (
    <PageSection width="text">
      <PageTitle>{FORMS[kind].title}</PageTitle>
      {intro}
      {INTRO[kind] && <p className="mt-2 text-neutral-700">{INTRO[kind]}</p>}
      {(kind === "finance" || kind === "finance-pre-approval") && <FinanceCalculator />}
      <Panel className="mt-6">
        <LeadForm
          kind={kind}
          site={formSite}
          vehicle={vehicle}
          defaultLocationId={locationId}
          allowFiles={kind === "sell-my-car" || kind === "trade-in"}
          heading={null}
        />
      </Panel>
    </PageSection>
  );
}
