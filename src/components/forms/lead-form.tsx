"use client";

import { clsx } from "clsx";
import { usePathname } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { track } from "@/client/analytics";
import { useHydrated } from "@/client/use-hydrated";
import { loadUserDetails, type StoredUserDetails } from "@/client/user-details";
import {
  FORMS,
  formRulesOf,
  slotsFor,
  visibleFields,
  type LeadFormSite,
  type FormDef,
  type FormRules,
  type FieldName,
  type FormKind,
} from "@/domain/leads/forms";
import type { LeadFormInput } from "@/domain/leads/form-schema";
import { leadFormStartValues } from "@/domain/leads/form-start";
import { EVENT_IDS } from "@/domain/analytics/events";
import { MSG } from "@/domain/leads/messages";
import { POSTED } from "@/domain/leads/posted-form";
import { testDriveChoices } from "@/domain/leads/test-drive";
import { CollectionNotice } from "./collection-notice";
import { input, useFieldKit, type FieldKit } from "./lead-form-fields";
import {
  AdditionalServices,
  ContactFields,
  FilesField,
  FormAlert,
  Honeypot,
  MoreDetails,
  OptIn,
  PreferredDate,
  SubmitButton,
  BookingWhen,
} from "./lead-form-parts";
import { useLeadFormState, type LeadCheck, type LeadFormMethods } from "./lead-form-state";
import { useLeadSubmit } from "./use-lead-submit";

type Props = {
  kind: FormKind;
  site: LeadFormSite;
  vehicle?: { slug: string; name: string; carType: string };
  defaultLocationId?: number;
  allowFiles?: boolean;
  heading?: string | null;
  /** the form is for one location (its card's EMAIL US, /contact-us/{slug}): no dealership or location to choose */
  fixedLocation?: boolean;
  /** details that fill the form in before the browser's stored ones (a signed-in customer's saved details) */
  prefill?: StoredUserDetails;
  /** one column whatever the screen (the chat panel) */
  compact?: boolean;
  /** called with the lead's id instead of going to the success page (the chat panel says thanks itself) */
  onSent?: (leadId: string) => void | Promise<void>;
  /** extra lead fields the page adds (the lookup form's vehicle) */
  extra?: Record<string, unknown>;
  /** values the form starts with (the lookup form's rego, state, vehicle and odometer) */
  initial?: Partial<LeadFormInput>;
  /** the form posted without JavaScript and refused: what was typed and each field's message (read back by the page) */
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
  /** the page's submission token, posted without JavaScript: the same form sent twice makes one lead */
  submissionToken?: string;
};

/** The form's checks: the same zod schema as the server's, loaded with zod on the shopper's first change (zod is ~20 KB of script a form page need not load first). */
const loadCheck = () => import("./lead-check");

function lazyLeadCheck(form: FormDef, rules: FormRules): LeadCheck {
  let ready: Promise<LeadCheck> | null = null;
  return (values) => {
    ready ??= loadCheck().then((m) => m.leadCheck(form, rules));
    return ready.then((check) => check(values));
  };
}

/** Events 21 (and 27 on the pre-approval form) when the shopper first changes a field; the checks start loading then too. */
function useFirstChange(kind: FormKind) {
  const started = useRef(false);
  return () => {
    if (started.current) return;
    started.current = true;
    void loadCheck(); // the checks are ready by the time the shopper leaves the field
    track(EVENT_IDS.formStart, { form: kind });
    if (kind === "finance-pre-approval") track(EVENT_IDS.preApprovalStart, { form: kind });
  };
}

/** Fills empty fields from the details stored after the last enquiry (a signed-in customer's saved details come first). */
function useStoredDetails(
  prefill: StoredUserDetails | undefined,
  getValue: LeadFormMethods["getValue"],
  setValue: LeadFormMethods["setValue"],
) {
  useEffect(() => {
    const given = Object.fromEntries(Object.entries(prefill ?? {}).filter(([, v]) => v)) as StoredUserDetails;
    const d = { ...loadUserDetails(), ...given };
    const values: Array<[FieldName, string | undefined]> = [
      ["first_name", d.name],
      ["last_name", d.last_name],
      ["email", d.email],
      ["phone", d.phone],
      ["postcode", d.postcode],
    ];
    for (const [name, value] of values) if (value && !getValue(name)) setValue(name, value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form comes alive (and for a new prefill)
  }, [prefill]);
}

/** The hidden fields a form posts without script: which form, where to come back to, the vehicle, the submission. */
function PostedFields({ kind, vehicle, submissionToken, kit }: Pick<Props, "kind" | "vehicle" | "submissionToken"> & { kit: FieldKit }) {
  const pathname = usePathname();
  const { getValue } = kit.methods;
  return (
    <>
      <input type="hidden" name={POSTED.form} value={kind} />
      <input type="hidden" name={POSTED.returnTo} value={`${pathname}${vehicle ? `?vehicle=${encodeURIComponent(vehicle.slug)}` : ""}`} />
      {vehicle && <input type="hidden" name={POSTED.vehicle} value={vehicle.slug} />}
      {vehicle && <input type="hidden" name={POSTED.carType} value={vehicle.carType} />}
      {submissionToken && <input type="hidden" name={POSTED.submission} value={submissionToken} />}
      {/* the one location this form is for (not asked), posted as the enhanced form sends it */}
      {(["location", "dealership_slug"] as const)
        .filter((n) => kit.asks(n) && !kit.shown(n) && getValue(n))
        .map((n) => (
          <input key={n} type="hidden" name={n} value={String(getValue(n))} />
        ))}
    </>
  );
}

/**
 * Every enquiry form: one zod schema (with the validation messages) validates here and on the server. States:
 * idle → submitting (button disabled, spinner) → success (details saved, event 22/51, /success) or
 * failure (alert, form-level message, every typed value kept).
 */
export function LeadForm({
  kind,
  site,
  vehicle,
  defaultLocationId,
  allowFiles = false,
  heading,
  fixedLocation = false,
  prefill,
  compact = false,
  onSent,
  extra,
  initial,
  refused,
  submissionToken,
}: Props) {
  const form = FORMS[kind];
  const files = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const onFirstChange = useFirstChange(kind);
  const rules = useMemo(() => formRulesOf(site), [site]);
  const fields = useMemo(() => visibleFields(form, rules), [form, rules]);
  const check = useMemo(() => lazyLeadCheck(form, rules), [form, rules]);
  // the values the form starts with, written into the server's HTML (a refused post's values must show without script)
  const [startValues] = useState(() => leadFormStartValues(site, { defaultLocationId, fixedLocation, initial, refused: refused?.values }));
  const methods = useLeadFormState({ check, defaultValues: startValues });
  const { handleSubmit, formState, getValue, setValue, setError } = methods;
  // before the page's script runs the form is a plain form post (docs/features/forms-and-leads.md)
  const scripted = useHydrated();
  const kit = useFieldKit({ kind, form, rules, site, fields, fixedLocation, defaultLocationId, scripted, refused, startValues, methods });
  useStoredDetails(prefill, getValue, setValue);
  const { onSubmit, formError } = useLeadSubmit({ kind, site, vehicle, defaultLocationId, extra, onSent, setError, files, honeypot });

  // test drives and service bookings: the chosen location's bookable days and times
  const slots = slotsFor(kind, rules);
  const location = methods.watch("location");
  const [slotDate, setSlotDate] = useState("");
  const choices = testDriveChoices({
    slots,
    locationIds: rules.locationIds,
    location: Number(location) || undefined,
    scripted,
    date: slotDate || refused?.values[POSTED.slotDate],
  });
  // a refused post's form-level message (a field the form does not show, or the whole form)
  const refusedNote = refused && Object.keys(refused.errors).length > 0 && formState.submitCount === 0 ? MSG.submitFailed : null;
  const { shown } = kit;
  return (
    <form
      // without script (off, failed, not yet run) the browser posts the form itself: the server runs the
      // same checks and sends the shopper to /success or back here, nothing typed in the address
      method="post"
      action={`${site.leadBase}/leads/form`}
      encType={allowFiles ? "multipart/form-data" : undefined}
      onSubmit={handleSubmit(onSubmit)}
      onChange={onFirstChange}
      noValidate
      className="space-y-4"
      aria-label={heading ?? form.title}
      data-testid={`lead-form-${kind}`}
      data-lead-form=""
    >
      <PostedFields kind={kind} vehicle={vehicle} submissionToken={submissionToken} kit={kit} />
      {heading !== null && <h2 className="text-xl font-bold">{heading ?? form.title}</h2>}
      {vehicle && <p className="text-sm text-neutral-700">About: {vehicle.name}</p>}
      <FormAlert kit={kit} formError={formError} refusedErrors={refused?.errors ?? {}} refusedNote={refusedNote} />
      <ContactFields
        kit={kit}
        site={site}
        compact={compact}
        // a service is booked at a workshop: only those are offered where the site takes service bookings
        locations={kind === "service" && slots ? site.locations.filter((l) => l.id in slots) : site.locations}
      />
      {shown("day") && slots && <BookingWhen kit={kit} choices={choices} onDay={setSlotDate} />}
      {shown("day") && !slots && <PreferredDate kit={kit} today={site.today} />}
      {shown("additional_services") && <AdditionalServices kit={kit} />}
      {shown("message") &&
        kit.field(
          "message",
          <textarea
            {...methods.register("message")}
            {...kit.a11y("message")}
            defaultValue={kit.startValue("message")}
            rows={4}
            className={clsx(input, "py-2")}
          />,
        )}
      <MoreDetails kit={kit} refusedValues={refused?.values} />
      {allowFiles && <FilesField id={kit.id("files")} files={files} />}
      {shown("opt_in") && <OptIn kit={kit} ticked={startValues.opt_in === true} />}
      <Honeypot honeypot={honeypot} />
      <CollectionNotice siteName={site.name} />
      <SubmitButton submitting={formState.isSubmitting} label={form.submit} />
    </form>
  );
}
