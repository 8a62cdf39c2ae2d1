"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import {
  choiceOf,
  DeliverySettingsSchema,
  LeadHandlingSchema,
  switchChanges,
  type DeliveryFormValues,
  type SwitchChoice,
  SwitchesSchema,
  type SwitchState,
} from "@/domain/staff/settings";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { SelectField, TextArea, TextField } from "@/components/ui/text-field";
import { FREQUENCIES, FREQUENCY_LABELS, termText } from "@/domain/leads/finance";
import { cardRepayment, FINANCE_LIMITS, siteComparisonRate, TERM_MONTHS, type FinanceSettings } from "@/domain/site/finance";
import { FinanceSettingsSchema } from "@/domain/staff/finance-settings";
import { FinanceRatesFields, readRates, useOfferRows } from "./finance-rates-fields";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** Where a switch's value comes from, in words. */
function sourceWords({ value, source }: Pick<SwitchState, "value" | "source">): string {
  const now = value ? "On" : "Off";
  if (source === "this site") return `${now}: set for this site.`;
  if (source === "default") return `${now}: the platform's default.`;
  if (source.startsWith("rule: ")) return `${now}: a feature rule (${source.slice(6)}).`;
  return `${now}: ${source}.`;
}

/**
 * The site's feature switches, saved together; only those changed are sent, so the others keep
 * following the platform's rules. The dealer's settings page ticks the dealer's switches on or
 * off; the console (`withRules`) chooses on, off or the rules for every switch and shows where
 * each value comes from.
 */
export function SwitchesForm({ siteId, switches, withRules = false }: { siteId: number; switches: SwitchState[]; withRules?: boolean }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const chosen = (k: string): SwitchChoice => (withRules ? (String(f.get(k)) as SwitchChoice) : f.get(k) === "on" ? "on" : "off");
    const changes = switchChanges(switches, chosen, withRules);
    const empty = Object.keys(changes).length === 0;
    const valid = check(SwitchesSchema, changes, empty ? "Nothing changed: change a switch first." : undefined);
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/switches`, { method: "PUT", json: valid })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Feature switches" className="space-y-3" data-testid="switches">
      <StatusLine state={state} testId="switches" />
      <ul className="grid gap-3 md:grid-cols-2">
        {switches.map((s) => (
          <li key={s.key} data-switch={s.key}>
            {withRules ? (
              <label className="block">
                <span className="font-semibold">{s.label}</span>
                {s.hint && <span className="block text-sm text-neutral-700">{s.hint}</span>}
                <select
                  name={s.key}
                  defaultValue={choiceOf(s, true)}
                  className={inputClass}
                  aria-invalid={errors[s.key] ? true : undefined}
                >
                  <option value="rules">As the platform&apos;s rules say</option>
                  <option value="on">On for this site</option>
                  <option value="off">Off for this site</option>
                </select>
                <span className="block text-sm text-neutral-700" data-testid={`switch-source-${s.key}`}>
                  {sourceWords(s)}
                </span>
              </label>
            ) : (
              <label className="flex items-start gap-2">
                <input type="checkbox" name={s.key} defaultChecked={s.value} className="mt-1 size-5 shrink-0" />
                <span>
                  <span className="font-semibold">{s.label}</span>
                  <span className="block text-sm text-neutral-700">{s.hint}</span>
                </span>
              </label>
            )}
            {errors[s.key] && <span className="block text-sm text-red-700">{errors[s.key]}</span>}
          </li>
        ))}
      </ul>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Save switches
      </button>
    </form>
  );
}

type Hook = { key: number; url: string; hasSecret: boolean };

/** Where leads go: the location's address or not, more addresses, CRM (ADF) addresses and webhooks. */
export function DeliveryForm({ siteId, values }: { siteId: number; values: DeliveryFormValues }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const [hooks, setHooks] = useState<Hook[]>(() => values.webhooks.map((url, i) => ({ key: i, url, hasSecret: true })));
  const [next, setNext] = useState(values.webhooks.length);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const valid = check(DeliverySettingsSchema, {
      email_to_location: f.get("email_to_location") === "on",
      emails: String(f.get("emails") ?? ""),
      adf_emails: String(f.get("adf_emails") ?? ""),
      webhooks: hooks.map((h) => ({ url: String(f.get(`url-${h.key}`) ?? ""), secret: String(f.get(`secret-${h.key}`) ?? "") })),
    });
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/lead-delivery`, { method: "PUT", json: valid })) router.refresh();
  };
  // one message per list: the first bad address's
  const firstError = (name: string) => Object.entries(errors).find(([k]) => k === name || k.startsWith(`${name}.`))?.[1];
  const area = (name: "emails" | "adf_emails", label: string, hint: string, value: string[]) => (
    <TextArea name={name} label={label} hint={hint} defaultValue={value.join("\n")} error={firstError(name)} />
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Lead delivery" className="space-y-4" data-testid="lead-delivery">
      <StatusLine state={state} testId="lead-delivery" />
      <label className="flex items-start gap-2">
        <input type="checkbox" name="email_to_location" defaultChecked={values.email_to_location} className="mt-1 size-5 shrink-0" />
        <span>
          <span className="font-semibold">Email each lead to its location</span>
          <span className="block text-sm text-neutral-700">
            The location&apos;s email address (else the site&apos;s) gets the salesperson&apos;s message.
          </span>
        </span>
      </label>
      {area(
        "emails",
        "Also email every lead to",
        "One address per line: the salesperson's message with the ADF XML attached.",
        values.emails,
      )}
      {area(
        "adf_emails",
        "CRM import addresses (ADF XML)",
        "One address per line: the lead as ADF XML 1.0, for a CRM to import.",
        values.adf_emails,
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">
          Webhooks (each lead sent as JSON, signed with the secret so the receiver knows it came from us)
        </legend>
        {hooks.map((h, i) => (
          <div key={h.key} className="grid gap-2 rounded-md border border-neutral-200 p-3 md:grid-cols-[2fr_1fr_auto]">
            <label className="text-sm font-semibold">
              URL
              <input
                name={`url-${h.key}`}
                type="url"
                defaultValue={h.url}
                className={inputClass}
                aria-invalid={errors[`webhooks.${i}.url`] ? true : undefined}
              />
              {errors[`webhooks.${i}.url`] && <span className="block text-sm text-red-700">{errors[`webhooks.${i}.url`]}</span>}
            </label>
            <label className="text-sm font-semibold">
              Secret
              <input
                name={`secret-${h.key}`}
                type="password"
                autoComplete="off"
                placeholder={h.hasSecret ? "(kept: type to replace)" : "16 characters or more"}
                className={inputClass}
                aria-invalid={errors[`webhooks.${i}.secret`] ? true : undefined}
              />
              {errors[`webhooks.${i}.secret`] && <span className="block text-sm text-red-700">{errors[`webhooks.${i}.secret`]}</span>}
            </label>
            <button
              type="button"
              className={`${buttonVariants({ variant: "ghost", size: "sm" })} self-end`}
              onClick={() => setHooks((hs) => hs.filter((x) => x.key !== h.key))}
            >
              Remove
            </button>
          </div>
        ))}
        {hooks.length < 5 && (
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "sm" })}
            onClick={() => {
              setHooks((hs) => [...hs, { key: next, url: "", hasSecret: false }]);
              setNext((n) => n + 1);
            }}
          >
            Add a webhook
          </button>
        )}
      </fieldset>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Save lead delivery
      </button>
    </form>
  );
}

/** A number typed in a form (blank or not a number: NaN, which the schema names). */
const numberOf = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : NaN);

/**
 * The terms of the site's indicative repayments: whether cards show them, the rate, term,
 * deposit and balloon, how often, and the fees the comparison rate takes in. A line under the
 * fields shows what a $30,000 car would say with the figures as typed.
 */
export function FinanceForm({ siteId, values, country }: { siteId: number; values: FinanceSettings; country: "AU" | "NZ" | "US" }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const [draft, setDraft] = useState<FinanceSettings>(values);
  const offers = useOfferRows(values.offers);
  const read = (form: HTMLFormElement): FinanceSettings => {
    const f = new FormData(form);
    return {
      show_repayments: f.get("show_repayments") === "on",
      rate: numberOf(f.get("rate")),
      term_months: numberOf(f.get("term_months")) as FinanceSettings["term_months"],
      deposit_percent: numberOf(f.get("deposit_percent")),
      balloon_percent: numberOf(f.get("balloon_percent")),
      frequency: String(f.get("frequency")) as FinanceSettings["frequency"],
      establishment_fee: numberOf(f.get("establishment_fee")),
      monthly_fee: numberOf(f.get("monthly_fee")),
      ...readRates(
        f,
        offers.rows.map((r) => r.key),
      ),
      delivery_charge: numberOf(f.get("delivery_charge")),
    };
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const valid = check(FinanceSettingsSchema, read(e.currentTarget));
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/finance`, { method: "PUT", json: valid })) router.refresh();
  };
  const example = Object.values(draft).some((v) => typeof v === "number" && Number.isNaN(v))
    ? null
    : cardRepayment(30_000, false, { ...draft, show_repayments: true });
  const comparison = Number.isNaN(draft.rate) ? null : siteComparisonRate(draft);
  const num = (name: keyof typeof FINANCE_LIMITS, label: string, hint: string, step: string) => (
    <TextField name={name} label={label} hint={hint} type="number" defaultValue={String(values[name])} error={errors[name]} step={step} />
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      onChange={(e) => setDraft(read(e.currentTarget))}
      aria-label="Finance settings"
      className="space-y-4"
      data-testid="finance-settings"
    >
      <StatusLine state={state} testId="finance-settings" />
      <label className="flex items-start gap-2">
        <input type="checkbox" name="show_repayments" defaultChecked={values.show_repayments} className="mt-1 size-5 shrink-0" />
        <span>
          <span className="font-semibold">Show repayments on cars</span>
          <span className="block text-sm text-neutral-700">
            An indicative repayment on every priced car and vehicle page, with the note its market&apos;s rules ask for. The calculators
            stay either way.
          </span>
        </span>
      </label>
      <div className="grid gap-4 md:grid-cols-2">
        {num("rate", "Interest rate (% a year)", "The platform's default is 10.", "0.01")}
        <SelectField
          name="term_months"
          label="Term"
          defaultValue={String(values.term_months)}
          error={errors.term_months}
          options={TERM_MONTHS.map((m) => [String(m), `${termText(m)} (${m} months)`])}
        />
        {num("deposit_percent", "Deposit (% of the price)", "Paid up front; 0 for none.", "1")}
        {num("balloon_percent", "Balloon (% of the price)", "The final lump sum; 0 for none.", "1")}
        <SelectField
          name="frequency"
          label="Repayment frequency"
          defaultValue={values.frequency}
          error={errors.frequency}
          options={FREQUENCIES.map((f) => [f, FREQUENCY_LABELS[f]])}
        />
        {num("establishment_fee", "Establishment fee ($)", "Added to the loan.", "0.01")}
        {num("monthly_fee", "Monthly account fee ($)", "Charged with each month's repayments.", "0.01")}
        {country === "AU" ? (
          num(
            "delivery_charge",
            "Dealer delivery charge ($)",
            "Part of the estimated drive-away price of a car priced Excl. Govt. Charges.",
            "0.01",
          )
        ) : (
          // only Australian sites show a drive-away estimate; the stored figure is kept as it is
          <input type="hidden" name="delivery_charge" value={String(values.delivery_charge)} />
        )}
      </div>
      <p className="rounded-md bg-neutral-50 p-3 text-sm" aria-live="polite" data-testid="finance-example">
        A $30,000 car shows <strong>{example ?? "—"}</strong>
        {country === "AU" && comparison !== null ? ` (comparison rate ${comparison}% p.a.)` : ""}
        {country === "US" && comparison !== null ? ` (${comparison}% APR)` : ""}
      </p>
      <FinanceRatesFields values={values.condition_rates} rows={offers.rows} errors={errors} onAdd={offers.add} onRemove={offers.remove} />
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Save finance settings
      </button>
    </form>
  );
}

/** How the team works leads: the response target (open minutes) and assignment in turn. */
export function LeadHandlingForm({ siteId, values }: { siteId: number; values: { response_minutes: number; round_robin: boolean } }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const valid = check(LeadHandlingSchema, {
      response_minutes: Number(f.get("response_minutes")),
      round_robin: f.get("round_robin") === "on",
    });
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/lead-handling`, { method: "PUT", json: valid })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Lead handling" className="max-w-xl space-y-3">
      <StatusLine state={state} testId="lead-handling" />
      <TextField
        name="response_minutes"
        label="Answer each lead within (minutes the location is open)"
        hint="A lead not contacted by then is marked late in the inbox and counted on the reports."
        type="number"
        defaultValue={String(values.response_minutes)}
        error={errors.response_minutes}
      />
      <label className="flex items-start gap-2">
        <input type="checkbox" name="round_robin" defaultChecked={values.round_robin} className="mt-1 size-5 shrink-0" />
        <span>
          <span className="font-semibold">Assign new leads in turn</span>
          <span className="block text-sm text-neutral-700">
            Each location&apos;s new leads go to the site&apos;s salespeople one after another; each gets an email.
          </span>
        </span>
      </label>
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Save lead handling
      </button>
    </form>
  );
}
