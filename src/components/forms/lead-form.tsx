"use client";

import { Loader2 } from "@/components/ui/icons";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { track } from "@/client/analytics";
import { attribution } from "@/client/attribution";
import { ApiError, sendForm, sendJson } from "@/client/fetch-json";
import { uuid } from "@/client/uuid";
import { useHydrated } from "@/client/use-hydrated";
import { useFinanceQuote } from "@/client/finance-quote";
import { forgetSentLead, rememberSentLead, sentLeadId } from "@/client/submitted-leads";
import { loadUserDetails, saveUserDetails, type StoredUserDetails } from "@/client/user-details";
import {
  ADDITIONAL_SERVICES,
  DEFAULT_CATEGORY,
  DEPENDS_ON,
  ENQUIRY_TYPES,
  FIELD_LABELS,
  FORMS,
  HONEYPOT_FIELD,
  LEAD_SOURCES,
  STATES,
  fieldLabel,
  isFieldName,
  formRulesOf,
  visibleFields,
  type LeadFormSite,
  type FormDef,
  type FormRules,
  type FieldName,
  type FormKind,
} from "@/domain/leads/forms";
import { bookedSlot } from "@/domain/leads/answers";
import type { LeadFormInput, LeadFormValues } from "@/domain/leads/form-schema";
import { formSubmitEventId } from "@/domain/leads/events";
import { formSuccessUrl } from "@/domain/leads/success";
import { EVENT_IDS } from "@/domain/analytics/events";
import { slotLabel } from "@/domain/leads/test-drive";
import { MSG } from "@/domain/leads/messages";
import { maskPhone } from "@/domain/leads/phone";
import { POSTED } from "@/domain/leads/posted-form";
import type { SlotDay } from "@/domain/leads/test-drive";
import { clsx } from "clsx";
import { CollectionNotice } from "./collection-notice";

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

/** Every day (and every time on it) any of the site's locations takes test drives: the choice before the page's script runs. */
function everyDay(slots: Record<number, SlotDay[]>): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const list of Object.values(slots))
    for (const d of list) {
      const seen = days.get(d.date);
      days.set(d.date, seen ? { ...seen, times: [...new Set([...seen.times, ...d.times])].sort() } : d);
    }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** A refused post's values as the form's own (the opt-in box as a box). */
const refusedValues = (values: Record<string, string> = {}): Partial<LeadFormInput> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => isFieldName(k))
      .map(([k, v]) => [k, k === "opt_in" ? v === "true" : v]),
  ) as Partial<LeadFormInput>;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const input = "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base aria-[invalid=true]:border-red-700";

/** The form's checks: the same zod schema as the server's, loaded with zod on the shopper's first change (zod is ~20 KB of script a form page need not load first). */
const loadResolver = () => import("./lead-resolver");

function lazyLeadResolver(form: FormDef, rules: FormRules): Resolver<LeadFormInput, unknown, LeadFormValues> {
  let ready: Promise<Resolver<LeadFormInput, unknown, LeadFormValues>> | null = null;
  return (values, context, options) => {
    ready ??= loadResolver().then((m) => m.leadResolver(form, rules));
    return ready.then((resolve) => resolve(values, context, options));
  };
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
  // a finance form sends the repayment calculator's figures beside it
  const quote = useFinanceQuote();
  const router = useRouter();
  const pathname = usePathname();
  const uid = useId();
  const files = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // events 21 (and 27 on the pre-approval form) when the shopper first changes a field
  const started = useRef(false);
  const onFirstChange = () => {
    if (started.current) return;
    started.current = true;
    void loadResolver(); // the checks are ready by the time the shopper leaves the field
    track(EVENT_IDS.formStart, { form: kind });
    if (kind === "finance-pre-approval") track(EVENT_IDS.preApprovalStart, { form: kind });
  };
  const [formError, setFormError] = useState<string | null>(null);
  const submission = useRef<{ body: string; key: string } | null>(null);
  const rules = useMemo(() => formRulesOf(site), [site]);
  const fields = useMemo(() => visibleFields(form, rules), [form, rules]);
  const resolver = useMemo(() => lazyLeadResolver(form, rules), [form, rules]);
  // the values the form starts with, also written into the server's HTML (react-hook-form fills its
  // fields only once the page's script runs, and a refused post's values must show without it)
  const [startValues] = useState<Partial<LeadFormInput>>(() => ({
    category: DEFAULT_CATEGORY,
    state: site.state,
    // the spec's default is ticked; the site's setting decides (a new site's box starts unticked)
    opt_in: site.optInTicked,
    additional_services: [],
    location: defaultLocationId ? String(defaultLocationId) : site.locations.length > 1 ? "" : String(site.locations[0]?.id ?? ""),
    ...(fixedLocation && defaultLocationId
      ? { dealership_slug: site.locations.find((l) => l.id === defaultLocationId)?.dealershipSlug ?? "" }
      : {}),
    ...initial,
    ...refusedValues(refused?.values),
  }));
  const startValue = (name: FieldName): string | undefined => {
    const v = startValues[name];
    return typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  };
  const { register, handleSubmit, formState, setValue, setError, watch, getValues } = useForm<LeadFormInput, unknown, LeadFormValues>({
    resolver,
    mode: "onTouched",
    defaultValues: startValues,
  });
  // before the page's script runs the form is a plain form post (docs/features/forms-and-leads.md)
  const scripted = useHydrated();
  const errors = formState.errors;

  // test drives: the chosen location's bookable days and times (null until a location is chosen)
  const [slotDate, setSlotDate] = useState("");
  const slotLocation = Number(watch("location")) || (rules.locationIds.length === 1 ? rules.locationIds[0] : undefined);
  const slotDays = rules.testDriveSlots && slotLocation !== undefined ? (rules.testDriveSlots[slotLocation] ?? []) : null;
  // a day chosen for another location is no choice here
  // without script every open day and time is offered (the server refuses a slot the location does not have)
  const dayChoices = scripted ? slotDays : rules.testDriveSlots ? (slotDays ?? everyDay(rules.testDriveSlots)) : null;
  const chosenDay = dayChoices?.find((d) => d.date === (slotDate || refused?.values[POSTED.slotDate]));
  const timeChoices = scripted
    ? (chosenDay?.times ?? [])
    : (chosenDay ?? { times: [...new Set(dayChoices?.flatMap((d) => d.times))].sort() }).times;

  useEffect(() => {
    // prefill from the details stored after the last enquiry (stored user details)
    // (a signed-in customer's saved details, given by the page, come first)
    const given = Object.fromEntries(Object.entries(prefill ?? {}).filter(([, v]) => v)) as StoredUserDetails;
    const d = { ...loadUserDetails(), ...given };
    const values: Array<[FieldName, string | undefined]> = [
      ["first_name", d.name],
      ["last_name", d.last_name],
      ["email", d.email],
      ["phone", d.phone],
      ["postcode", d.postcode],
    ];
    for (const [name, value] of values) if (value && !getValues(name)) setValue(name, value);
  }, [getValues, setValue, prefill]);

  const id = (name: string) => `${uid}-${name}`;
  // a refused post's messages show until the shopper sends the form again
  const refusedError = (name: string) => (formState.submitCount === 0 ? refused?.errors[name] : undefined);
  const err = (name: FieldName) => errors[name]?.message ?? refusedError(name);
  const a11y = (name: FieldName) => ({
    id: id(name),
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": err(name) ? `${id(name)}-error` : undefined,
  });
  const label = (name: FieldName) =>
    `${fieldLabel(form, name, rules)}${form.optional.includes(name) || (name === "message" && site.messageOptional && kind === "contact") ? " (optional)" : ""}`;
  const shown = (name: FieldName) => {
    if (!fields.includes(name)) return false;
    if (fixedLocation && defaultLocationId && (name === "location" || name === "dealership_slug")) return false;
    const parent = DEPENDS_ON[name];
    // without script nothing can appear as the shopper types: the field is there (and ignored by the server when its parent is empty)
    return !parent || !scripted || (Boolean(watch(parent)) && !errors[parent]);
  };

  // a label, the control, and the field's message below it (docs/features/forms-and-leads.md); plain calls, not components,
  // so that inputs keep their identity (and focus) across renders
  const field = (name: FieldName, control: ReactNode) => (
    <div key={name}>
      <label htmlFor={id(name)} className="block text-sm font-semibold">
        {label(name)}
      </label>
      {control}
      {err(name) && (
        <p id={`${id(name)}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {err(name)}
        </p>
      )}
    </div>
  );
  const text = (name: FieldName, props: InputHTMLAttributes<HTMLInputElement> = {}) =>
    shown(name) && field(name, <input {...register(name)} {...a11y(name)} defaultValue={startValue(name)} className={input} {...props} />);
  const select = (name: FieldName, options: Array<[string, string]>, placeholder?: string) =>
    shown(name) &&
    field(
      name,
      <select {...register(name)} {...a11y(name)} defaultValue={startValue(name)} className={input}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>,
    );

  const category = (values: LeadFormValues) => form.category ?? values.category ?? DEFAULT_CATEGORY;

  const onSubmit = async (values: LeadFormValues) => {
    setFormError(null);
    const lead = {
      ...values,
      ...extra,
      ...(quote && form.fields.includes("loan_amount") ? { finance_quote: quote } : {}),
      form: kind,
      ...(vehicle ? { vehicle: vehicle.slug } : {}),
      url: window.location.href,
      page_id: pathname,
      ...attribution(),
      ...(honeypot.current?.value ? { [HONEYPOT_FIELD]: honeypot.current.value } : {}),
    };
    const picked = files.current?.files;
    // one Idempotency-Key per submission: the same values sent again (a retry after an error) are the
    // same submission, so the server answers with the lead it already has instead of storing another
    const attempt = JSON.stringify([lead, Array.from(picked ?? [], (f) => [f.name, f.size])]);
    if (submission.current?.body !== attempt) submission.current = { body: attempt, key: uuid() };
    const key = submission.current.key;
    try {
      const formKey = `${kind}|${pathname}|${vehicle?.slug ?? ""}`;
      const sentBefore = sentLeadId(formKey);
      let result: { lead: { id: string } };
      if (picked && picked.length > 0) {
        const upload = (leadId: string | null) => {
          const fd = new FormData();
          // sent before in this visit: the files are added to that lead (lead_id)
          fd.set("lead", JSON.stringify({ lead: { ...lead, has_files: true, ...(leadId ? { lead_id: leadId } : {}) } }));
          for (const f of Array.from(picked)) fd.append("files", f);
          // the key (and so a retry) only for a new lead: the server honours it when it creates one,
          // and files added to a lead twice would reach the dealer twice
          return sendForm<{ lead: { id: string } }>(`${site.leadBase}/leads/with-files`, fd, leadId ? undefined : key);
        };
        result = await upload(sentBefore).catch(async (e) => {
          if (!sentBefore || !(e instanceof ApiError) || e.status !== 404) throw e;
          forgetSentLead(formKey);
          return upload(null);
        });
      } else if (sentBefore) {
        // the same form sent again in this visit: update that lead (docs/features/forms-and-leads.md), unless it is gone
        // sent once (no key): an update the server took twice would reach the dealer twice
        result = await sendJson<{ lead: { id: string } }>(`${site.leadBase}/leads/${sentBefore}`, "PUT", { lead }).catch(async (e) => {
          if (!(e instanceof ApiError) || e.status !== 404) throw e;
          forgetSentLead(formKey);
          return sendJson<{ lead: { id: string } }>(`${site.leadBase}/leads`, "POST", { lead }, key);
        });
      } else {
        result = await sendJson(`${site.leadBase}/leads`, "POST", { lead }, key);
      }
      submission.current = null;
      const booked = bookedSlot(values as Record<string, unknown>);
      const locationId = values.location ?? defaultLocationId ?? (site.locations.length === 1 ? site.locations[0]!.id : undefined);
      rememberSentLead(formKey, {
        id: result.lead.id,
        base: site.leadBase,
        message: values.message ?? "",
        ...(vehicle ? { about: vehicle.name } : {}),
        ...(locationId !== undefined ? { locationId } : {}),
        ...(booked ? { booked } : {}),
      });
      saveUserDetails({
        name: values.first_name ?? "",
        last_name: values.last_name ?? "",
        email: values.email ?? "",
        phone: values.phone ?? "",
        postcode: values.postcode ?? "",
      });
      // the ad platform gets what the shopper typed, hashed on our server (never the data layer)
      track(
        formSubmitEventId(kind),
        {
          category: category(values),
          lead_id: result.lead.id,
          form: kind,
          ...(vehicle ? { car_slug: vehicle.slug, car_name: vehicle.name } : {}),
        },
        { email: values.email, phone: values.phone, first_name: values.first_name, last_name: values.last_name, postcode: values.postcode },
      );
      if (onSent) await onSent(result.lead.id);
      else router.push(formSuccessUrl(form.category, values.category ?? DEFAULT_CATEGORY, vehicle?.carType));
    } catch (e) {
      track(EVENT_IDS.formError, {
        form: kind,
        error_message: e instanceof ApiError ? `${e.status}: ${Object.keys(e.errors).join(",") || e.message}` : "network",
      });
      window.alert(MSG.submitFailed);
      setFormError(e instanceof ApiError ? e.message : MSG.submitFailed);
      if (e instanceof ApiError) for (const [k, m] of Object.entries(e.errors)) if (isFieldName(k)) setError(k, { message: m });
    }
  };

  const submitting = formState.isSubmitting;
  // a refused post's form-level message (a field the form does not show, or the whole form)
  const refusedNote = refused && Object.keys(refused.errors).length > 0 && formState.submitCount === 0 ? MSG.submitFailed : null;
  const shownError = formError ?? refusedNote;
  const more = (["middle_name", "where_did_you_hear"] as const).filter((n) => shown(n));
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
      <input type="hidden" name={POSTED.form} value={kind} />
      <input type="hidden" name={POSTED.returnTo} value={`${pathname}${vehicle ? `?vehicle=${encodeURIComponent(vehicle.slug)}` : ""}`} />
      {vehicle && <input type="hidden" name={POSTED.vehicle} value={vehicle.slug} />}
      {vehicle && <input type="hidden" name={POSTED.carType} value={vehicle.carType} />}
      {submissionToken && <input type="hidden" name={POSTED.submission} value={submissionToken} />}
      {/* the one location this form is for (not asked), posted as the enhanced form sends it */}
      {(["location", "dealership_slug"] as const)
        .filter((n) => fields.includes(n) && !shown(n) && getValues(n))
        .map((n) => (
          <input key={n} type="hidden" name={n} value={String(getValues(n))} />
        ))}
      {heading !== null && <h2 className="text-xl font-bold">{heading ?? form.title}</h2>}
      {vehicle && <p className="text-sm text-neutral-700">About: {vehicle.name}</p>}
      {shownError && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800" data-testid="form-error">
          {shownError}
          {!formError &&
            Object.entries(refused?.errors ?? {})
              .filter(([k]) => !isFieldName(k) || !shown(k))
              .map(([k, m]) => (
                <p key={k} className="mt-1 font-normal">
                  {m}
                </p>
              ))}
        </div>
      )}
      <div className={clsx("grid gap-4", !compact && "sm:grid-cols-2")}>
        {text("first_name", { autoComplete: "given-name" })}
        {text("last_name", { autoComplete: "family-name" })}
        {text("email", { type: "email", autoComplete: "email", inputMode: "email" })}
        {shown("phone") &&
          field(
            "phone",
            <input
              {...register("phone", { onChange: (e) => setValue("phone", maskPhone(e.target.value, site.market)) })}
              {...a11y("phone")}
              defaultValue={startValue("phone")}
              type="tel"
              autoComplete="tel"
              className={input}
            />,
          )}
        {text("postcode", { inputMode: "numeric", autoComplete: "postal-code", maxLength: site.zip ? 5 : 4 })}
        {select(
          "category",
          ENQUIRY_TYPES.map((c) => [c, c]),
        )}
        {select(
          "dealership_slug",
          site.dealerships.map((d) => [d.slug, d.name]),
          "Please select",
        )}
        {select(
          "location",
          site.locations.map((l) => [String(l.id), l.name]),
          "Please select",
        )}
        {text("trade_vehicle")}
        {text("odometer", { inputMode: "numeric" })}
        {text("loan_amount", { inputMode: "numeric" })}
        {text("company", { autoComplete: "organization" })}
        {text("position")}
        {text("Rego", { autoCapitalize: "characters" })}
        {select(
          "state",
          STATES.map(([v, l]) => [v, l]),
        )}
      </div>
      {shown("day") && rules.testDriveSlots && (
        <fieldset data-testid="test-drive-when">
          <legend className="text-sm font-semibold">When would you like to come in?</legend>
          <input type="hidden" {...register("day")} />
          <input type="hidden" {...register("month")} />
          <input type="hidden" {...register("year")} />
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={id("date")} className="block text-sm font-semibold">
                Day
              </label>
              <select
                id={id("date")}
                name={POSTED.slotDate}
                value={chosenDay?.date ?? ""}
                disabled={dayChoices === null}
                aria-invalid={err("day") ? true : undefined}
                aria-describedby={err("day") ? `${id("day")}-error` : dayChoices === null ? `${id("date")}-hint` : undefined}
                onChange={(e) => {
                  const [y, m, d] = e.target.value.split("-");
                  setSlotDate(e.target.value);
                  const validate = { shouldValidate: formState.isSubmitted };
                  setValue("day", d ? String(Number(d)) : "", validate);
                  setValue("month", m ? String(Number(m)) : "", validate);
                  setValue("year", y ?? "", validate);
                  setValue("time", "", validate);
                }}
                className={input}
              >
                <option value="">Choose a day</option>
                {(dayChoices ?? []).map((d) => (
                  <option key={d.date} value={d.date}>
                    {d.label}
                  </option>
                ))}
              </select>
              {dayChoices === null && (
                <p id={`${id("date")}-hint`} className="mt-1 text-sm text-neutral-700">
                  Choose a location first: the days and times follow its opening hours.
                </p>
              )}
              {err("day") && (
                <p id={`${id("day")}-error`} className="mt-1 text-sm font-semibold text-red-700">
                  {err("day")}
                </p>
              )}
            </div>
            {select(
              "time",
              timeChoices.map((t) => [t, slotLabel(t)]),
              timeChoices.length ? "Choose a time" : "Choose a day first",
            )}
          </div>
        </fieldset>
      )}
      {shown("day") && !rules.testDriveSlots && (
        <fieldset>
          <legend className="text-sm font-semibold">Preferred date</legend>
          <div className="grid grid-cols-3 gap-3">
            {select(
              "day",
              Array.from({ length: 31 }, (_, i) => [String(i + 1), String(i + 1)]),
              "Day",
            )}
            {select(
              "month",
              MONTHS.map((m, i) => [String(i + 1), m]),
              "Month",
            )}
            {select(
              "year",
              // this year and next at the site (the page's clock, as the server counts), else the browser's
              [0, 1]
                .map((k) => String((site.today ? Number(site.today.site.slice(0, 4)) : new Date().getFullYear()) + k))
                .map((y) => [y, y]),
              "Year",
            )}
          </div>
        </fieldset>
      )}
      {shown("additional_services") && (
        <fieldset>
          <legend className="text-sm font-semibold">{label("additional_services")}</legend>
          <div className="mt-1 grid grid-cols-2 gap-1">
            {ADDITIONAL_SERVICES.map((s) => (
              <label key={s} className="flex min-h-9 items-center gap-2 text-sm">
                <input type="checkbox" value={s} {...register("additional_services")} className="size-4" /> {s}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {shown("message") &&
        field(
          "message",
          <textarea
            {...register("message")}
            {...a11y("message")}
            defaultValue={startValue("message")}
            rows={4}
            className={clsx(input, "py-2")}
          />,
        )}
      {more.length > 0 && (
        // the optional fields folded away, still sent under their own names; a <details> opens without script
        <details open={more.some((n) => err(n) || refused?.values[n]) || undefined} className="rounded-md border border-neutral-300 p-3">
          <summary className="min-h-6 cursor-pointer font-semibold">Add more details</summary>
          <div className="mt-3 grid gap-4">
            {text("middle_name", { autoComplete: "additional-name" })}
            {select(
              "where_did_you_hear",
              LEAD_SOURCES.map((s) => [s, s]),
              "Please select",
            )}
          </div>
        </details>
      )}
      {allowFiles && (
        <div>
          <label htmlFor={id("files")} className="block text-sm font-semibold">
            Photos or documents (optional; images or PDF, up to 10 MB each)
          </label>
          <input
            ref={files}
            id={id("files")}
            name="files"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
            className="mt-1 block text-sm"
          />
        </div>
      )}
      {shown("opt_in") && (
        <label className="flex items-center gap-2 text-sm">
          {/* posted without script: an unticked box sends this "false", a ticked one its own value after it */}
          <input type="hidden" name="opt_in" value="false" />
          <input type="checkbox" defaultChecked={startValues.opt_in === true} {...register("opt_in")} className="size-4" />{" "}
          {FIELD_LABELS.opt_in}
        </label>
      )}
      <div className="hidden" aria-hidden="true">
        <label>
          Leave this field empty
          <input ref={honeypot} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <CollectionNotice siteName={site.name} />
      <button
        type="submit"
        disabled={submitting}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand px-6 font-semibold text-brand-contrast hover:bg-brand-dark disabled:opacity-60 sm:w-auto"
      >
        {submitting && <Loader2 aria-hidden className="size-5 animate-spin" />}
        {submitting ? "Sending…" : form.submit}
      </button>
    </form>
  );
}
