"use client";

/**
 * The leads this visit has sent (sessionStorage, this tab only): a form sent again in the same visit
 * updates its lead instead of creating a second one (lead_id), and the success page can add
 * details to the lead just sent.
 */
import { readJson, writeJson } from "./storage";

const KEY = "submitted_leads";
type Sent = {
  id: string;
  base: "/api" | "/mock";
  message: string;
  /** what the success page says back: the car it was about and the location that will answer */
  about?: string;
  locationId?: number;
  /** the booked test-drive or service slot, as the shopper reads it */
  booked?: string;
};
type Store = { byForm: Record<string, string>; last: Sent | null };

function read(): Store {
  try {
    const v = readJson<Partial<Store> | null>(KEY, null, "session");
    const byForm =
      v && typeof v.byForm === "object" && v.byForm
        ? Object.fromEntries(Object.entries(v.byForm).filter(([, id]) => typeof id === "string"))
        : {};
    const last =
      v?.last && typeof v.last.id === "string" && (v.last.base === "/api" || v.last.base === "/mock")
        ? {
            id: v.last.id,
            base: v.last.base,
            message: String(v.last.message ?? ""),
            ...(typeof v.last.about === "string" ? { about: v.last.about.slice(0, 200) } : {}),
            ...(typeof v.last.booked === "string" ? { booked: v.last.booked.slice(0, 100) } : {}),
            ...(Number.isInteger(v.last.locationId) ? { locationId: v.last.locationId } : {}),
          }
        : null;
    return { byForm, last };
  } catch {
    return { byForm: {}, last: null };
  }
}

// storage blocked: every submission creates its own lead
const write = (s: Store) => writeJson(KEY, s, "session");

/** The lead a form (on this page, for this car) already sent in this visit. */
export const sentLeadId = (formKey: string): string | null => (Object.hasOwn(read().byForm, formKey) ? read().byForm[formKey]! : null);

export function rememberSentLead(formKey: string, sent: Sent) {
  const s = read();
  write({ byForm: { ...s.byForm, [formKey]: sent.id }, last: sent });
}

export const lastSentLead = (): Sent | null => read().last;

/** The success page added to the last lead's message. */
export function updateLastSentMessage(message: string) {
  const s = read();
  if (s.last) write({ ...s, last: { ...s.last, message } });
}

export function forgetSentLead(formKey: string) {
  const s = read();
  const { [formKey]: _gone, ...rest } = s.byForm;
  write({ ...s, byForm: rest });
}
