"use client";

import { usePathname, useRouter } from "next/navigation";
import { useRef, useState, type RefObject } from "react";
import { track } from "@/client/analytics";
import { attribution } from "@/client/attribution";
import { ApiError, sendForm, sendJson } from "@/client/fetch-json";
import { uuid } from "@/client/uuid";
import { useFinanceQuote } from "@/client/finance-quote";
import { forgetSentLead, rememberSentLead, sentLeadId } from "@/client/submitted-leads";
import { saveUserDetails } from "@/client/user-details";
import { DEFAULT_CATEGORY, FORMS, HONEYPOT_FIELD, isFieldName, type FormKind, type LeadFormSite } from "@/domain/leads/forms";
import { bookedSlot } from "@/domain/leads/answers";
import type { LeadFormValues } from "@/domain/leads/form-schema";
import type { LeadFormMethods } from "./lead-form-state";
import { formSubmitEventId } from "@/domain/leads/events";
import { formSuccessUrl } from "@/domain/leads/success";
import { EVENT_IDS } from "@/domain/analytics/events";
import { MSG } from "@/domain/leads/messages";

type Sent = { lead: { id: string } };
type Vehicle = { slug: string; name: string; carType: string };

export type LeadSubmitOptions = {
  kind: FormKind;
  site: LeadFormSite;
  vehicle?: Vehicle;
  defaultLocationId?: number;
  extra?: Record<string, unknown>;
  onSent?: (leadId: string) => void | Promise<void>;
  setError: LeadFormMethods["setError"];
  files: RefObject<HTMLInputElement | null>;
  honeypot: RefObject<HTMLInputElement | null>;
};

/** Sends the lead: a new one, or (sent before in this visit) an update of that one, with its files if any were picked. */
function sendLead(site: LeadFormSite, formKey: string, lead: Record<string, unknown>, picked: FileList | null | undefined, key: string) {
  const sentBefore = sentLeadId(formKey);
  const gone = (e: unknown) => {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
    forgetSentLead(formKey);
  };
  if (picked && picked.length > 0) {
    const upload = (leadId: string | null) => {
      const fd = new FormData();
      // sent before in this visit: the files are added to that lead (lead_id)
      fd.set("lead", JSON.stringify({ lead: { ...lead, has_files: true, ...(leadId ? { lead_id: leadId } : {}) } }));
      for (const f of Array.from(picked)) fd.append("files", f);
      // the key (and so a retry) only for a new lead: the server honours it when it creates one,
      // and files added to a lead twice would reach the dealer twice
      return sendForm<Sent>(`${site.leadBase}/leads/with-files`, fd, leadId ? undefined : key);
    };
    return upload(sentBefore).catch(async (e) => {
      if (!sentBefore) throw e;
      gone(e);
      return upload(null);
    });
  }
  if (sentBefore)
    // the same form sent again in this visit: update that lead (docs/features/forms-and-leads.md), unless it is gone
    // sent once (no key): an update the server took twice would reach the dealer twice
    return sendJson<Sent>(`${site.leadBase}/leads/${sentBefore}`, "PUT", { lead }).catch(async (e) => {
      gone(e);
      return sendJson<Sent>(`${site.leadBase}/leads`, "POST", { lead }, key);
    });
  return sendJson<Sent>(`${site.leadBase}/leads`, "POST", { lead }, key);
}

/**
 * The enquiry form's submission: idle → submitting → success (details saved, the submit event, /success
 * or `onSent`) or failure (alert, a form-level message, each field's message from the server).
 */
export function useLeadSubmit({ kind, site, vehicle, defaultLocationId, extra, onSent, setError, files, honeypot }: LeadSubmitOptions) {
  const form = FORMS[kind];
  // a finance form sends the repayment calculator's figures beside it
  const quote = useFinanceQuote();
  const router = useRouter();
  const pathname = usePathname();
  const [formError, setFormError] = useState<string | null>(null);
  const submission = useRef<{ body: string; key: string } | null>(null);

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
    try {
      const formKey = `${kind}|${pathname}|${vehicle?.slug ?? ""}`;
      const result = await sendLead(site, formKey, lead, picked, submission.current.key);
      submission.current = null;
      remember(formKey, result.lead.id, values);
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

  /** After a lead is stored: the visit remembers it, the browser the shopper's details, the data layer the event. */
  const remember = (formKey: string, id: string, values: LeadFormValues) => {
    const booked = bookedSlot(values as Record<string, unknown>);
    const locationId = values.location ?? defaultLocationId ?? (site.locations.length === 1 ? site.locations[0]!.id : undefined);
    rememberSentLead(formKey, {
      id,
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
        category: form.category ?? values.category ?? DEFAULT_CATEGORY,
        lead_id: id,
        form: kind,
        ...(vehicle ? { car_slug: vehicle.slug, car_name: vehicle.name } : {}),
      },
      { email: values.email, phone: values.phone, first_name: values.first_name, last_name: values.last_name, postcode: values.postcode },
    );
  };

  return { onSubmit, formError };
}
