import type { RegoStep } from "@/domain/lookups/lookup";
import { FormPage, type FormPageProps } from "./form-page";
import { LookupForm } from "./lookup-form";

export type LookupSettings = { endpoint: string; carHistory: boolean; valuation: boolean };

/**
 * Trade-in and sell-my-car: the multi-step lookup form where the site has a vehicle lookup (null: the
 * plain enquiry form). Without script the rego step is a GET of this page, which looks the rego up
 * (`looked`) and draws the next step: the plain form with the car and its rego filled in (or a note
 * to go on by hand), or the rego step again with its message. A plain form refused by the server
 * comes back as the plain form with its messages.
 */
export function LookupFormPage({
  lookup,
  looked,
  ...props
}: FormPageProps & { kind: "trade-in" | "sell-my-car"; lookup: LookupSettings | null; looked?: RegoStep | null }) {
  const answered = looked && !looked.errors ? looked : null;
  return (
    <FormPage
      {...props}
      {...(answered
        ? {
            initial: { ...props.initial, Rego: answered.rego, state: answered.state as never, trade_vehicle: answered.title ?? "" },
            intro: (
              <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="lookup-note">
                {answered.title ? `We found ${answered.title} (${answered.rego}, ${answered.state.toUpperCase()}).` : answered.note}
              </p>
            ),
          }
        : {})}
      form={
        lookup && !props.refused && !answered ? (
          <LookupForm
            kind={props.kind}
            formSite={props.formSite}
            endpoint={lookup.endpoint}
            carHistory={lookup.carHistory}
            valuation={lookup.valuation}
            allowFiles
            start={looked ?? undefined}
          />
        ) : undefined
      }
    />
  );
}
