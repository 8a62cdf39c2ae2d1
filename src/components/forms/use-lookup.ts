"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { track } from "@/client/analytics";
import { ApiError, sendJson } from "@/client/fetch-json";
import { EVENT_IDS } from "@/domain/analytics/events";
import type { LeadFormSite } from "@/domain/leads/forms";
import {
  LOOKUP_MSG,
  LookupRequestSchema,
  type LookupAnswer,
  type LookupVehicle,
  type RegoStep,
  type TradeInVehicle,
} from "@/domain/lookups/lookup";
import { VALUATION_MSG } from "@/domain/lookups/valuation";

export type Step =
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

type Options = {
  kind: "trade-in" | "sell-my-car";
  formSite: LeadFormSite;
  endpoint: string;
  valuation: boolean;
  start?: Pick<RegoStep, "rego" | "state" | "errors">;
};

/** The lookup's steps and what the shopper typed in them, with the two steps that call the server (the rego, the condition). */
export function useLookup({ kind, formSite, endpoint, valuation, start }: Options) {
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

  const lookUp = async (e: FormEvent) => {
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

  /** Odometer and condition: checked here, then (where the site gives values) the car's trade-in range, then the shopper's details. */
  const submitCondition = (e: FormEvent, step: Extract<Step, { step: "condition" }>) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!/^\d{1,7}$/.test(odometer.replace(/[,\s]/g, ""))) errs.odometer = "Please enter the odometer reading in km.";
    if (!condition) errs.condition = "Please choose the vehicle’s condition.";
    setErrors(errs);
    if (Object.keys(errs).length) return;
    track(EVENT_IDS.lookupCondition, { form: kind, condition });
    const km = odometer.replace(/[,\s]/g, "");
    if (!valuation || !step.vehicle) return setState({ ...step, step: "contact", odometer: km, condition });
    // the range for this car; whatever happens the shopper goes on to their details
    const v = step.vehicle;
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
        setState({ ...step, step: "contact", odometer: km, condition, value });
      });
  };

  return {
    state,
    setState,
    rego,
    setRego,
    regState,
    setRegState,
    errors,
    busy,
    odometer,
    setOdometer,
    condition,
    setCondition,
    heading,
    lookUp,
    submitCondition,
  };
}

export type Lookup = ReturnType<typeof useLookup>;
