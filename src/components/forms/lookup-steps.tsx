"use client";

import type { RefObject } from "react";
import { Loader2 } from "@/components/ui/icons";
import { sendJson } from "@/client/fetch-json";
import { DEFAULT_CATEGORY, FORMS, STATES, type LeadFormSite } from "@/domain/leads/forms";
import { successUrl } from "@/domain/leads/success";
import { CONDITIONS, lookupTitle, tradeInFromLookup, type TradeInVehicle } from "@/domain/lookups/lookup";
import { valuationRange } from "@/domain/lookups/valuation";
import { CollectionNotice } from "./collection-notice";
import { LeadForm } from "./lead-form";
import type { Lookup, Step } from "./use-lookup";

const input = "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base aria-[invalid=true]:border-red-700";
const button =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand px-5 font-semibold text-brand-contrast hover:brightness-110 disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-neutral-400 px-5 font-semibold hover:bg-neutral-50";

/** A step's heading: it takes focus when the step changes. */
function StepTitle({ heading, children }: { heading: RefObject<HTMLHeadingElement | null>; children: string }) {
  return (
    <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
      {children}
    </h2>
  );
}

/** Rego and state; without script a GET to the page itself (docs/features/vehicle-lookups.md). */
export function RegoForm({ uid, lookup, action, siteName }: { uid: string; lookup: Lookup; action: string; siteName: string }) {
  const { rego, setRego, regState, setRegState, errors, busy, heading, lookUp, setState } = lookup;
  return (
    <form
      // without script the rego and state (no personal data) go to this page, which looks them up and
      // draws the next step (docs/features/vehicle-lookups.md); with script the lookup runs here
      method="get"
      action={action}
      onSubmit={lookUp}
      noValidate
      className="space-y-4"
      aria-label="Find your vehicle"
      data-testid="lookup-rego"
    >
      <StepTitle heading={heading}>{"Find your vehicle"}</StepTitle>
      <p className="text-neutral-700">Enter your rego and we’ll look up the details.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${uid}-rego`} className="block text-sm font-semibold">
            Rego
          </label>
          <input
            id={`${uid}-rego`}
            name="rego"
            value={rego}
            onChange={(e) => setRego(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={12}
            aria-invalid={errors.rego ? true : undefined}
            aria-describedby={errors.rego ? `${uid}-rego-error` : undefined}
            className={input}
          />
          {errors.rego && (
            <p id={`${uid}-rego-error`} className="mt-1 text-sm font-semibold text-red-700">
              {errors.rego}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${uid}-state`} className="block text-sm font-semibold">
            State
          </label>
          <select
            id={`${uid}-state`}
            name="state"
            value={regState}
            onChange={(e) => setRegState(e.target.value)}
            aria-invalid={errors.state ? true : undefined}
            className={input}
          >
            {STATES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          {errors.state && <p className="mt-1 text-sm font-semibold text-red-700">{errors.state}</p>}
        </div>
      </div>
      <CollectionNotice siteName={siteName} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={button} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
          {busy ? "Looking up…" : "Find my vehicle"}
        </button>
        <button
          type="button"
          className={secondary}
          onClick={() => setState({ step: "contact", vehicle: null, provider: "manual", odometer: "", condition: "" })}
        >
          Enter details by hand
        </button>
      </div>
    </form>
  );
}

/** What the lookup found, to confirm. */
export function VehicleCheck({ lookup, state }: { lookup: Lookup; state: Extract<Step, { step: "vehicle" }> }) {
  const { rego, regState, heading, setState } = lookup;
  return (
    <div className="space-y-4" data-testid="lookup-vehicle">
      <StepTitle heading={heading}>{"Is this your vehicle?"}</StepTitle>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-neutral-300 p-4">
        <dt className="font-semibold">Vehicle</dt>
        <dd data-testid="lookup-title">{lookupTitle(state.vehicle)}</dd>
        {state.vehicle.body && (
          <>
            <dt className="font-semibold">Body</dt>
            <dd>{state.vehicle.body}</dd>
          </>
        )}
        {state.vehicle.colour && (
          <>
            <dt className="font-semibold">Colour</dt>
            <dd>{state.vehicle.colour}</dd>
          </>
        )}
        {state.vehicle.vin && (
          <>
            <dt className="font-semibold">VIN</dt>
            <dd className="break-all" data-testid="lookup-vin">
              {state.vehicle.vin}
            </dd>
          </>
        )}
        <dt className="font-semibold">Rego</dt>
        <dd>
          {rego} ({regState.toUpperCase()})
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={button}
          onClick={() => setState({ step: "condition", vehicle: state.vehicle, provider: state.provider })}
        >
          Yes, continue
        </button>
        <button type="button" className={secondary} onClick={() => setState({ step: "rego" })}>
          No, try another rego
        </button>
      </div>
    </div>
  );
}

export function ConditionForm({
  uid,
  lookup,
  state,
  valuation,
}: {
  uid: string;
  lookup: Lookup;
  state: Extract<Step, { step: "condition" }>;
  valuation: boolean;
}) {
  const { odometer, setOdometer, condition, setCondition, errors, busy, heading, setState, submitCondition } = lookup;
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Odometer and condition"
      data-testid="lookup-condition"
      onSubmit={(e) => submitCondition(e, state)}
    >
      <StepTitle heading={heading}>{"Odometer and condition"}</StepTitle>
      <p className="text-neutral-700">{state.vehicle ? lookupTitle(state.vehicle) : null}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${uid}-odo`} className="block text-sm font-semibold">
            Odometer (km)
          </label>
          <input
            id={`${uid}-odo`}
            value={odometer}
            onChange={(e) => setOdometer(e.target.value)}
            inputMode="numeric"
            aria-invalid={errors.odometer ? true : undefined}
            aria-describedby={errors.odometer ? `${uid}-odo-error` : undefined}
            className={input}
          />
          {errors.odometer && (
            <p id={`${uid}-odo-error`} className="mt-1 text-sm font-semibold text-red-700">
              {errors.odometer}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${uid}-cond`} className="block text-sm font-semibold">
            Condition
          </label>
          <select
            id={`${uid}-cond`}
            value={condition}
            onChange={(e) => setCondition(e.target.value)}
            aria-invalid={errors.condition ? true : undefined}
            aria-describedby={errors.condition ? `${uid}-cond-error` : undefined}
            className={input}
          >
            <option value="">Please select</option>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors.condition && (
            <p id={`${uid}-cond-error`} className="mt-1 text-sm font-semibold text-red-700">
              {errors.condition}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={button} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
          {busy ? "Working out a value…" : valuation && state.vehicle ? "See my trade-in value" : "Continue"}
        </button>
        <button type="button" className={secondary} onClick={() => setState({ step: "rego" })}>
          Back
        </button>
      </div>
    </form>
  );
}

/** The trade-in range, or why there is none. */
function TradeInValue({ value }: { value: NonNullable<Extract<Step, { step: "contact" }>["value"]> }) {
  return "none" in value ? (
    <p role="status" className="rounded-md border border-neutral-300 bg-neutral-50 p-3" data-testid="trade-in-none">
      {value.none}
    </p>
  ) : (
    <div role="status" className="rounded-md border border-brand bg-neutral-50 p-4" data-testid="trade-in-value">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-700">Indicative trade-in value</p>
      <p className="mt-1 text-2xl font-extrabold" data-testid="trade-in-range">
        {valuationRange(value)}
      </p>
      <p className="mt-1 text-sm text-neutral-700">
        An estimate from market data for a car like yours. Send your details and we’ll confirm a price once we’ve seen it.
      </p>
    </div>
  );
}

type ContactProps = {
  kind: "trade-in" | "sell-my-car";
  formSite: LeadFormSite;
  carHistory: boolean;
  allowFiles: boolean;
  lookup: Lookup;
  state: Extract<Step, { step: "contact" }>;
  /** goes to the success page once the car history provider has heard of the lead */
  onDone: (url: string) => void;
};

/** The enquiry form, with what the lookup found. */
export function ContactDetails({ kind, formSite, carHistory, allowFiles, lookup, state, onDone }: ContactProps) {
  const { rego, regState, heading } = lookup;
  const v = state.vehicle;
  const tradeIn: TradeInVehicle | undefined = v
    ? {
        ...tradeInFromLookup(state.provider, v, rego, regState as TradeInVehicle["state"]),
        ...(state.odometer ? { odometer: Number(state.odometer) } : {}),
        ...(state.condition ? { condition: state.condition as TradeInVehicle["condition"] } : {}),
      }
    : undefined;
  return (
    <div className="space-y-4" data-testid="lookup-contact">
      <StepTitle heading={heading}>{v ? "Your details" : "Your vehicle and your details"}</StepTitle>
      {state.note && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="lookup-note">
          {state.note}
        </p>
      )}
      {v && (
        <p className="text-neutral-700">
          {lookupTitle(v)}
          {state.odometer ? `, ${Number(state.odometer).toLocaleString("en-AU")} km` : ""}
          {state.condition ? `, ${state.condition.toLowerCase()} condition` : ""}
        </p>
      )}
      {state.value && <TradeInValue value={state.value} />}
      <LeadForm
        kind={kind}
        site={formSite}
        heading={null}
        allowFiles={allowFiles}
        initial={
          v
            ? { trade_vehicle: lookupTitle(v), Rego: rego, state: regState as never, odometer: state.odometer }
            : rego
              ? { Rego: rego, state: regState as never }
              : {}
        }
        extra={tradeIn ? { trade_in_vehicle: tradeIn } : undefined}
        onSent={
          carHistory
            ? async (leadId) => {
                // the car history provider hears of it; the shopper's enquiry is already safe, so a failure only logs
                await sendJson("/api/carClarityCustomer", "POST", { lead: { lead_id: leadId } }).catch((e) =>
                  console.warn("Car history provider not told.", e),
                );
                onDone(successUrl(FORMS[kind].category ?? DEFAULT_CATEGORY));
              }
            : undefined
        }
      />
    </div>
  );
}
