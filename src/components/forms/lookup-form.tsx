"use client";

import { useEffect, useId, useRef, useState } from "react";
import { track } from "@/client/analytics";
import { ApiError, sendJson } from "@/client/fetch-json";
import { Loader2 } from "@/components/ui/icons";
import { EVENT_IDS } from "@/domain/analytics/events";
import { DEFAULT_CATEGORY, FORMS, STATES, type LeadFormSite } from "@/domain/leads/forms";
import { successUrl } from "@/domain/leads/success";
import { usePathname, useRouter } from "next/navigation";
import {
  CONDITIONS,
  LOOKUP_MSG,
  LookupRequestSchema,
  lookupTitle,
  tradeInFromLookup,
  type LookupAnswer,
  type LookupVehicle,
  type RegoStep,
  type TradeInVehicle,
} from "@/domain/lookups/lookup";
import { LeadForm } from "./lead-form";
import { CollectionNotice } from "./collection-notice";
import { VALUATION_MSG, valuationRange } from "@/domain/lookups/valuation";

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

type Step =
  | { step: "rego"; note?: string }
  | { step: "vehicle"; vehicle: LookupVehicle; provider: TradeInVehicle["source"] }
  | { step: "condition"; vehicle: LookupVehicle | null; provider: TradeInVehicle["source"] }
  | {
      step: "contact";
      vehicle: LookupVehicle | null;
      provider: TradeInVehicle["source"];
      odometer: string;
      condition: string;
      note?: string;
      /** the trade-in range, or why there is none */
      value?: { low: number; high: number } | { none: string };
    };

const input = "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base aria-[invalid=true]:border-red-700";
const button =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand px-5 font-semibold text-brand-contrast hover:brightness-110 disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-neutral-400 px-5 font-semibold hover:bg-neutral-50";

/**
 * Vehicle-lookup form on trade-in and sell-my-car: rego + state → the vehicle (make, model,
 * year, VIN) → odometer and condition → contact details (the enquiry form, filled in), each step
 * emitting its event (42–46). Not found, or the lookup down, goes on by hand: nothing is lost.
 */
export function LookupForm({ kind, formSite, endpoint, carHistory, valuation, allowFiles, start }: LookupFormProps) {
  const uid = useId();
  const router = useRouter();
  const pathname = usePathname();
  const [state, setState] = useState<Step>({ step: "rego" });
  const [rego, setRego] = useState(start?.rego ?? "");
  const [regState, setRegState] = useState<string>(start?.state || formSite.state);
  const [errors, setErrors] = useState<Record<string, string>>(start?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [odometer, setOdometer] = useState("");
  const [condition, setCondition] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  // each step's heading takes focus, so that a screen reader hears where the form is now
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
    if (state.step === "contact") track(EVENT_IDS.lookupContact, { form: kind });
  }, [state.step, kind]);

  const lookUp = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = LookupRequestSchema.safeParse({ rego, state: regState });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    track(EVENT_IDS.lookupRego, { form: kind, state: parsed.data.state });
    try {
      const answer = await sendJson<LookupAnswer>(endpoint, "POST", parsed.data);
      setRego(parsed.data.rego);
      if (answer.found) {
        track(EVENT_IDS.lookupFound, { form: kind, provider: answer.provider, label: `${answer.vehicle.year} ${answer.vehicle.make}` });
        setState({ step: "vehicle", vehicle: answer.vehicle, provider: answer.provider });
      } else {
        track(EVENT_IDS.lookupNotFound, { form: kind, provider: answer.provider, label: "not found" });
        setState({ step: "contact", vehicle: null, provider: "manual", odometer: "", condition: "", note: LOOKUP_MSG.notFound });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, m])));
      } else {
        track(EVENT_IDS.lookupNotFound, { form: kind, label: "unavailable" });
        setState({ step: "contact", vehicle: null, provider: "manual", odometer: "", condition: "", note: LOOKUP_MSG.unavailable });
      }
    } finally {
      setBusy(false);
    }
  };

  const title = (text: string) => (
    <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
      {text}
    </h2>
  );

  if (state.step === "rego")
    return (
      <form
        // without script the rego and state (no personal data) go to this page, which looks them up and
        // draws the next step (docs/features/vehicle-lookups.md); with script the lookup runs here
        method="get"
        action={pathname}
        onSubmit={lookUp}
        noValidate
        className="space-y-4"
        aria-label="Find your vehicle"
        data-testid="lookup-rego"
      >
        {title("Find your vehicle")}
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
        <CollectionNotice siteName={formSite.name} />
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

  if (state.step === "vehicle")
    return (
      <div className="space-y-4" data-testid="lookup-vehicle">
        {title("Is this your vehicle?")}
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

  if (state.step === "condition")
    return (
      <form
        noValidate
        className="space-y-4"
        aria-label="Odometer and condition"
        data-testid="lookup-condition"
        onSubmit={(e) => {
          e.preventDefault();
          const errs: Record<string, string> = {};
          if (!/^\d{1,7}$/.test(odometer.replace(/[,\s]/g, ""))) errs.odometer = "Please enter the odometer reading in km.";
          if (!condition) errs.condition = "Please choose the vehicle’s condition.";
          setErrors(errs);
          if (Object.keys(errs).length) return;
          track(EVENT_IDS.lookupCondition, { form: kind, condition });
          const km = odometer.replace(/[,\s]/g, "");
          if (!valuation || !state.vehicle) return setState({ ...state, step: "contact", odometer: km, condition });
          // the range for this car; whatever happens the shopper goes on to their details
          const v = state.vehicle;
          setBusy(true);
          void sendJson<{ found: boolean; low?: number; high?: number }>("/api/trade-in-valuation", "POST", {
            make: v.make,
            model: v.model,
            year: v.year,
            ...(v.badge ? { badge: v.badge } : {}),
            odometer: Number(km),
            condition,
          })
            .then((a) => (a.found && a.low && a.high ? { low: a.low, high: a.high } : { none: VALUATION_MSG.none }))
            .catch(() => ({ none: VALUATION_MSG.unavailable }))
            .then((value) => {
              setBusy(false);
              setState({ ...state, step: "contact", odometer: km, condition, value });
            });
        }}
      >
        {title("Odometer and condition")}
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

  // contact: the enquiry form, with what the lookup found
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
      {title(v ? "Your details" : "Your vehicle and your details")}
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
      {state.value &&
        ("none" in state.value ? (
          <p role="status" className="rounded-md border border-neutral-300 bg-neutral-50 p-3" data-testid="trade-in-none">
            {state.value.none}
          </p>
        ) : (
          <div role="status" className="rounded-md border border-brand bg-neutral-50 p-4" data-testid="trade-in-value">
            <p className="text-sm font-semibold uppercase tracking-wide text-neutral-700">Indicative trade-in value</p>
            <p className="mt-1 text-2xl font-extrabold" data-testid="trade-in-range">
              {valuationRange(state.value)}
            </p>
            <p className="mt-1 text-sm text-neutral-700">
              An estimate from market data for a car like yours. Send your details and we’ll confirm a price once we’ve seen it.
            </p>
          </div>
        ))}
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
                router.push(successUrl(FORMS[kind].category ?? DEFAULT_CATEGORY));
              }
            : undefined
        }
      />
    </div>
  );
}
