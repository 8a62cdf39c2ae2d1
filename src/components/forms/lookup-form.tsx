"use client";

import { useId } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { LeadFormSite } from "@/domain/leads/forms";
import type { RegoStep } from "@/domain/lookups/lookup";
import { ConditionForm, ContactDetails, RegoForm, VehicleCheck } from "./lookup-steps";
import { useLookup } from "./use-lookup";

export type LookupFormProps = {
  kind: "trade-in" | "sell-my-car";
  formSite: LeadFormSite;
  /** the site's lookup route (its flags choose it) */
  endpoint: string;
  /** the lead also goes to the car history provider */
  carHistory: boolean;
  /** the site gives a trade-in range after the odometer and condition */
  valuation: boolean;
  allowFiles: boolean;
  /** the rego step as the page drew it after a lookup without script: what was typed and its messages */
  start?: Pick<RegoStep, "rego" | "state" | "errors">;
};

/**
 * Vehicle-lookup form on trade-in and sell-my-car: rego + state → the vehicle (make, model,
 * year, VIN) → odometer and condition → contact details (the enquiry form, filled in), each step
 * emitting its event (42–46). Not found, or the lookup down, goes on by hand: nothing is lost.
 */
export function LookupForm({ kind, formSite, endpoint, carHistory, valuation, allowFiles, start }: LookupFormProps) {
  const uid = useId();
  const router = useRouter();
  const pathname = usePathname();
  const lookup = useLookup({ kind, formSite, endpoint, valuation, start });
  const { state } = lookup;
  if (state.step === "rego") return <RegoForm uid={uid} lookup={lookup} action={pathname} siteName={formSite.name} />;
  if (state.step === "vehicle") return <VehicleCheck lookup={lookup} state={state} />;
  if (state.step === "condition") return <ConditionForm uid={uid} lookup={lookup} state={state} valuation={valuation} />;
  return (
    <ContactDetails
      kind={kind}
      formSite={formSite}
      carHistory={carHistory}
      allowFiles={allowFiles}
      lookup={lookup}
      state={state}
      onDone={(url) => router.push(url)}
    />
  );
}
