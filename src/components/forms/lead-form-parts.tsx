"use client";

import { Loader2 } from "@/components/ui/icons";
import type { RefObject } from "react";
import { clsx } from "clsx";
import {
  ADDITIONAL_SERVICES,
  ENQUIRY_TYPES,
  FIELD_LABELS,
  HONEYPOT_FIELD,
  LEAD_SOURCES,
  STATES,
  isFieldName,
  type LeadFormSite,
} from "@/domain/leads/forms";
import { maskPhone } from "@/domain/leads/phone";
import { POSTED } from "@/domain/leads/posted-form";
import { slotLabel, type SlotChoices } from "@/domain/leads/test-drive";
import { input, type FieldKit } from "./lead-form-fields";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The form-level message: the server's or a refused post's, with the messages of fields the form does not show. */
export function FormAlert({
  kit,
  formError,
  refusedErrors,
  refusedNote,
}: {
  kit: FieldKit;
  formError: string | null;
  refusedErrors: Record<string, string>;
  refusedNote: string | null;
}) {
  const shownError = formError ?? refusedNote;
  if (!shownError) return null;
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800" data-testid="form-error">
      {shownError}
      {!formError &&
        Object.entries(refusedErrors)
          .filter(([k]) => !isFieldName(k) || !kit.shown(k))
          .map(([k, m]) => (
            <p key={k} className="mt-1 font-normal">
              {m}
            </p>
          ))}
    </div>
  );
}

/** Who the shopper is and what the enquiry is about: the form's grid of text boxes and selects. */
export function ContactFields({
  kit,
  site,
  compact,
  locations,
}: {
  kit: FieldKit;
  site: LeadFormSite;
  compact: boolean;
  locations: LeadFormSite["locations"];
}) {
  const { text, select, shown, field, a11y, startValue, methods } = kit;
  return (
    <div className={clsx("grid gap-4", !compact && "sm:grid-cols-2")}>
      {text("first_name", { autoComplete: "given-name" })}
      {text("last_name", { autoComplete: "family-name" })}
      {text("email", { type: "email", autoComplete: "email", inputMode: "email" })}
      {shown("phone") &&
        field(
          "phone",
          <input
            {...methods.register("phone", { onChange: (e) => methods.setValue("phone", maskPhone(e.target.value, site.market)) })}
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
        locations.map((l) => [String(l.id), l.name]),
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
  );
}

/** A booking's day and time (a test drive's, a service's), from the location's bookable slots; the day fills the hidden day, month and year. */
export function BookingWhen({ kit, choices, onDay }: { kit: FieldKit; choices: SlotChoices | null; onDay: (date: string) => void }) {
  const { id, err, select, methods } = kit;
  const { register, setValue, formState } = methods;
  const dayChoices = choices?.days ?? null;
  const timeChoices = choices?.times ?? [];
  return (
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
            value={choices?.day?.date ?? ""}
            disabled={dayChoices === null}
            aria-invalid={err("day") ? true : undefined}
            aria-describedby={err("day") ? `${id("day")}-error` : dayChoices === null ? `${id("date")}-hint` : undefined}
            onChange={(e) => {
              const [y, m, d] = e.target.value.split("-");
              onDay(e.target.value);
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
  );
}

/** A preferred date as day, month and year, where the site takes no test-drive bookings. */
export function PreferredDate({ kit, today }: { kit: FieldKit; today: LeadFormSite["today"] }) {
  const { select } = kit;
  return (
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
          [0, 1].map((k) => String((today ? Number(today.site.slice(0, 4)) : new Date().getFullYear()) + k)).map((y) => [y, y]),
          "Year",
        )}
      </div>
    </fieldset>
  );
}

export function AdditionalServices({ kit }: { kit: FieldKit }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{kit.label("additional_services")}</legend>
      <div className="mt-1 grid grid-cols-2 gap-1">
        {ADDITIONAL_SERVICES.map((s) => (
          <label key={s} className="flex min-h-9 items-center gap-2 text-sm">
            <input type="checkbox" value={s} {...kit.methods.register("additional_services")} className="size-4" /> {s}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The optional fields folded away, still sent under their own names; a <details> opens without script. */
export function MoreDetails({ kit, refusedValues }: { kit: FieldKit; refusedValues: Record<string, string> | undefined }) {
  const more = (["middle_name", "where_did_you_hear"] as const).filter((n) => kit.shown(n));
  if (more.length === 0) return null;
  return (
    <details open={more.some((n) => kit.err(n) || refusedValues?.[n]) || undefined} className="rounded-md border border-neutral-300 p-3">
      <summary className="min-h-6 cursor-pointer font-semibold">Add more details</summary>
      <div className="mt-3 grid gap-4">
        {kit.text("middle_name", { autoComplete: "additional-name" })}
        {kit.select(
          "where_did_you_hear",
          LEAD_SOURCES.map((s) => [s, s]),
          "Please select",
        )}
      </div>
    </details>
  );
}

export function FilesField({ id, files }: { id: string; files: RefObject<HTMLInputElement | null> }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Photos or documents (optional; images or PDF, up to 10 MB each)
      </label>
      <input
        ref={files}
        id={id}
        name="files"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
        className="mt-1 block text-sm"
      />
    </div>
  );
}

export function OptIn({ kit, ticked }: { kit: FieldKit; ticked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      {/* posted without script: an unticked box sends this "false", a ticked one its own value after it */}
      <input type="hidden" name="opt_in" value="false" />
      <input type="checkbox" defaultChecked={ticked} {...kit.methods.register("opt_in")} className="size-4" /> {FIELD_LABELS.opt_in}
    </label>
  );
}

/** A field people never see and bots fill in. */
export function Honeypot({ honeypot }: { honeypot: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input ref={honeypot} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

export function SubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={submitting}
      className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand px-6 font-semibold text-brand-contrast hover:bg-brand-dark disabled:opacity-60 sm:w-auto"
    >
      {submitting && <Loader2 aria-hidden className="size-5 animate-spin" />}
      {submitting ? "Sending…" : label}
    </button>
  );
}
