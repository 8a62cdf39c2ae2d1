import { FormPage, type FormPageProps } from "./form-page";
import { LookupForm } from "./lookup-form";

export type LookupSettings = { endpoint: string; carHistory: boolean; valuation: boolean };

/**
 * Trade-in and sell-my-car: the multi-step lookup form where the site has a vehicle lookup (null: the
 * plain enquiry form). The lookup needs script: without it the plain form is offered (<noscript>), and
 * a plain form refused by the server comes back as the plain form with its messages.
 */
export function LookupFormPage({ lookup, ...props }: FormPageProps & { kind: "trade-in" | "sell-my-car"; lookup: LookupSettings | null }) {
  return (
    <FormPage
      {...props}
      form={
        lookup && !props.refused ? (
          <LookupForm
            kind={props.kind}
            formSite={props.formSite}
            endpoint={lookup.endpoint}
            carHistory={lookup.carHistory}
            valuation={lookup.valuation}
            allowFiles
          />
        ) : undefined
      }
    />
  );
}
