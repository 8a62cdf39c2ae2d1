"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { formFields } from "@/domain/http/form-flash";
import { STATES } from "@/domain/leads/forms";
import { COLUMN_LABELS } from "@/domain/stock/import-columns";
import { BODY_TYPES, DRIVES, FUELS, PRICE_TYPES, TRANSMISSIONS, choicesOf } from "@/domain/stock/stock-fields";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { vehicleCreateSchema, vehicleEditSchema, type VehicleFormField, type VehicleFormValues } from "@/domain/stock/vehicle-form";
import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextArea, TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend, type SendState } from "./use-send";

export const FIELD_LABELS: Record<VehicleFormField, string> = {
  ...(({ photos: _photos, location_id: _location, ...rest }) => rest)(COLUMN_LABELS),
  location_id: "Location",
  price: "Price (whole dollars)",
  features: "Features",
  show_on_dealer_website: "Show on the website",
  featured: "Featured",
  special: "On special",
};

export type VehicleFormProps = {
  siteId: number;
  /** the car edited; null for a new car */
  vehicleId: number | null;
  thisYear: number;
  values: VehicleFormValues;
  /** the messages of a form posted without JavaScript and refused */
  errors: Record<string, string>;
  /** a sentence to show first (saved, handed back, refused) */
  notice: SendState;
  locations: Array<{ id: number; name: string }>;
  /** fields a person edited here (the feed leaves them alone): the form's name → the car's edited-field name */
  edited: Partial<Record<VehicleFormField, string>>;
  /** the site has a rego lookup */
  lookup: boolean;
  /** the state the lookup's rego starts in: the dealer's own */
  regoState: string;
  /** the car a new one copies (duplicate) */
  from: number | null;
};

type Errors = Record<string, string>;
type MarkProps = { name: string; handBack: string; as: string | null };

/**
 * The rego lookup (a site that has one, on a new car): the rego and state typed, the details found
 * filled into the form's fields, or why not.
 */
function useRegoLookup(base: string, form: RefObject<HTMLFormElement | null>) {
  const [looked, setLooked] = useState<SendState>({ kind: "idle" });
  const lookUp = async () => {
    const f = form.current!;
    const get = (n: string) => (f.elements.namedItem(n) as HTMLInputElement | null)?.value ?? "";
    setLooked({ kind: "busy" });
    try {
      const res = await fetch(`${base}/lookup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rego: get("rego"), state: get("rego_state") }),
      });
      const body = (await res.json().catch(() => ({}))) as { found?: boolean; fill?: Record<string, string | number>; error?: string };
      if (!res.ok) return setLooked({ kind: "error", message: body.error ?? "The lookup failed. Enter the details by hand." });
      if (!body.found || !body.fill) return setLooked({ kind: "error", message: "That rego was not found. Enter the details by hand." });
      for (const [name, value] of Object.entries(body.fill)) {
        const el = f.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
        // a list that lacks the lookup's word (its body type) offers it, as it offers a feed's
        if (el instanceof HTMLSelectElement && ![...el.options].some((o) => o.value === String(value)))
          el.add(new Option(String(value), String(value)));
        if (el) el.value = String(value);
      }
      setLooked({ kind: "done", message: `Found: ${body.fill.year} ${body.fill.make} ${body.fill.model}. Check the details below.` });
    } catch {
      setLooked({ kind: "error", message: "The back-office could not be reached. Check your connection and try again." });
    }
  };
  return { looked, lookUp };
}

/** The form's fields, each with its label, the car's value, its message and its "Edited here" mark. */
function fieldsOf(v: VehicleFormValues, errors: Errors, mark: (name: VehicleFormField) => MarkProps) {
  /** A text field with its "Edited here" mark; `inputMode` numeric brings up a phone's number keypad. */
  const text = (name: VehicleFormField, extra: { hint?: string; inputMode?: "numeric" } = {}) => (
    <Marked {...mark(name)}>
      <TextField
        name={name}
        label={FIELD_LABELS[name]}
        defaultValue={v[name]}
        error={errors[name]}
        hint={extra.hint}
        inputMode={extra.inputMode}
      />
    </Marked>
  );
  const number = (name: VehicleFormField, hint?: string) => text(name, { hint, inputMode: "numeric" });
  /** A field chosen from a list: "Not said" first, and the car's own value where the list lacks it (a feed's word). */
  const pick = (name: VehicleFormField, list: readonly string[], label: (v: string) => string = (x) => x) =>
    select(
      name,
      choicesOf(list, v[name]).map((c) => [c, c ? label(c) : "Not said"] as const),
    );
  const select = (name: VehicleFormField, options: ReadonlyArray<readonly [string, string]>) => (
    <Marked {...mark(name)}>
      <SelectField name={name} label={FIELD_LABELS[name]} defaultValue={v[name]} error={errors[name]} options={options} />
    </Marked>
  );
  const box = (name: "show_on_dealer_website" | "featured" | "special", hint: string) => (
    <div>
      <input type="hidden" name={name} value="false" />
      <label className="flex items-start gap-2">
        <input type="checkbox" name={name} defaultChecked={v[name] === "on"} className="mt-1 size-5" />
        <span>
          <span className="font-semibold">{FIELD_LABELS[name]}</span>
          <span className="block text-sm text-neutral-700">{hint}</span>
        </span>
      </label>
      {errors[name] && <p className="mt-1 text-sm font-semibold text-red-700">{errors[name]}</p>}
    </div>
  );
  const area = (name: "features" | "description", label: string, hint?: string) => (
    <Marked {...mark(name)}>
      <TextArea name={name} label={label} rows={6} defaultValue={v[name]} error={errors[name]} hint={hint} />
    </Marked>
  );
  return { text, number, pick, select, box, area };
}
type Fields = ReturnType<typeof fieldsOf>;

/**
 * A car's every field, grouped as a used-car manager thinks of them. A plain form post (it works
 * without JavaScript); with JavaScript it is checked here with the server's schema and sent as JSON.
 * Each field edited here says so, with a button that hands it back to the feed.
 */
export function VehicleForm(p: VehicleFormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const { state, errors: sentErrors, send, check } = useSend();
  // a feature's message is keyed by its line ("features.2"): the text area shows the first
  const errors = Object.fromEntries(
    Object.entries(state.kind === "idle" ? p.errors : sentErrors)
      .map(([k, m]) => [k.split(".")[0]!, m] as const)
      .reverse(),
  );
  const shown = state.kind === "idle" ? p.notice : state;
  const base = `/api/admin/sites/${p.siteId}/vehicles`;
  const { looked, lookUp } = useRegoLookup(base, form);
  const action = p.vehicleId === null ? base : `${base}/${p.vehicleId}`;
  const handBack = `${base}/${p.vehicleId}/hand-back`;
  const edited: VehicleFormProps["edited"] = p.vehicleId === null ? {} : p.edited;
  const f = fieldsOf(p.values, errors, (name) => ({ name, handBack, as: edited[name] ?? null }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === "field") {
      const fields = submitter.value === "all" ? "all" : [submitter.value];
      if (await send(handBack, { method: "POST", json: { fields } })) router.refresh();
      return;
    }
    const raw = formFields(new FormData(e.currentTarget)); // as the server reads a plain post: the last value wins
    delete raw.from;
    delete raw.rego_state;
    if (p.vehicleId === null) {
      const valid = check(vehicleCreateSchema(p.thisYear), raw);
      if (!valid) return;
      const r = await send<{ vehicle: { id: number } }>(base, { method: "POST", json: valid });
      if (r) router.push(`/sites/${p.siteId}/stock/${r.vehicle.id}?added=1`);
    } else {
      const valid = check(vehicleEditSchema(p.thisYear), raw);
      if (!valid) return;
      if (await send(action, { method: "PUT", json: valid })) router.refresh();
    }
  };

  return (
    <form
      ref={form}
      method="post"
      action={action}
      noValidate
      onSubmit={submit}
      className="space-y-6"
      aria-label={p.vehicleId === null ? "Add a car" : "Edit the car"}
      data-testid="vehicle-form"
    >
      <StatusLine state={shown} testId="vehicle" />
      <ErrorSummary errors={errors} />
      {p.from !== null && <input type="hidden" name="from" value={p.from} />}
      <EditedNotice count={Object.keys(edited).length} handBack={handBack} />
      <Group title="Identity">
        {f.text("stock_number", {
          hint:
            p.vehicleId === null
              ? "Suggested from your stock numbers; change it if you like."
              : "Stock files and feeds find the car by this number: change it here only when your dealer system changes it too.",
        })}
        {f.text("vin", { hint: "17 letters and digits (no I, O or Q)." })}
        {f.text("rego")}
        {p.lookup && p.vehicleId === null && (
          <div className="space-y-2 sm:col-span-2" data-testid="rego-lookup">
            <SelectField name="rego_state" label="Registered in" defaultValue={p.regoState} options={STATES} />
            <button type="button" className={buttonVariants({ variant: "outline" })} onClick={lookUp} disabled={looked.kind === "busy"}>
              Look up the rego
            </button>
            <StatusLine state={looked} testId="lookup" />
          </div>
        )}
      </Group>
      <CarGroups f={f} />
      <ListingGroup f={f} locationId={p.values.location_id} locations={p.locations} />
      <Group title="Features and description">
        <div className="space-y-4 sm:col-span-2">
          {f.area("features", "Features", "One per line, for example Reversing camera.")}
          {f.area("description", "Description")}
        </div>
      </Group>
      <button type="submit" className={buttonVariants({ size: "lg" })} disabled={state.kind === "busy"}>
        {p.vehicleId === null ? "Add the car" : "Save"}
      </button>
    </form>
  );
}

/** Every message of a refused form, by its field's label. */
function ErrorSummary({ errors }: { errors: Errors }) {
  const listed = Object.entries(errors).filter(([k]) => k in FIELD_LABELS);
  if (listed.length === 0) return null;
  return (
    <ul className="list-disc rounded-md border border-red-700 bg-white p-3 pl-8 text-sm" data-testid="vehicle-error-summary">
      {listed.map(([k, m]) => (
        <li key={k}>
          {FIELD_LABELS[k as VehicleFormField]}: {m}
        </li>
      ))}
    </ul>
  );
}

/** How many fields were edited here (the feed leaves them alone), with the button that hands them all back. */
function EditedNotice({ count, handBack }: { count: number; handBack: string }) {
  if (count === 0) return null;
  return (
    <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-sm" data-testid="edited-summary">
      {count} field{count === 1 ? " was" : "s were"} edited here: the stock feed leaves {count === 1 ? "it" : "them"} as you set{" "}
      {count === 1 ? "it" : "them"}.{" "}
      <button type="submit" name="field" value="all" formAction={handBack} formNoValidate className="font-semibold underline">
        Hand all back to the feed
      </button>
    </p>
  );
}

/** What the car is, and its price. */
function CarGroups({ f }: { f: Fields }) {
  return (
    <>
      <Group title="The car">
        {f.text("make")}
        {f.text("model")}
        {f.text("badge")}
        {f.text("series")}
        {f.number("year")}
        {f.pick("body_type", BODY_TYPES, (b) => bodyTypeLabel(b, false))}
        {f.text("colour")}
        {f.pick("fuel", FUELS)}
        {f.pick("transmission", TRANSMISSIONS)}
        {f.pick("drive", DRIVES)}
        {f.number("seats")}
        {f.number("doors")}
        {f.number("odometer")}
      </Group>
      <Group title="Price">
        {f.number("price", "Whole dollars. Leave empty for “Enquire for price”.")}
        {f.pick("price_type", PRICE_TYPES)}
        {f.number("subscription_weekly", "Whole dollars a week, where the car is offered on subscription.")}
      </Group>
    </>
  );
}

/** How the car is listed: condition, status, location, and where it shows. */
function ListingGroup({ f, locationId, locations }: { f: Fields; locationId: string; locations: VehicleFormProps["locations"] }) {
  return (
    <Group title="Listing">
      {f.select("car_type", [
        ["used", "Used"],
        ["new", "New"],
        ["demo", "Demo"],
      ])}
      {f.select("status", [
        ["in_stock", "In stock"],
        ["coming_soon", "Coming soon"],
        ["sold", "Sold"],
      ])}
      {f.select(
        "location_id",
        // a car without a location keeps none unless one is chosen
        [...(locationId === "" ? [["", "No location"] as const] : []), ...locations.map((l) => [String(l.id), l.name] as const)],
      )}
      <div className="space-y-3 sm:col-span-2">
        {f.box("show_on_dealer_website", "Shoppers see it in search and on its page.")}
        {f.box("featured", "Shown first where the website shows a selection of stock.")}
        {f.box("special", "Marked “Special” on its card and page.")}
      </div>
    </Group>
  );
}

/** A field, and under it "Edited here" with a button that hands it back to the feed (`as`: its edited-field name). */
function Marked({ name, handBack, as, children }: { name: string; handBack: string; as: string | null; children: ReactNode }) {
  return (
    <div data-testid={`field-${name}`}>
      {children}
      {as && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid={`edited-${name}`}>
          <span className="rounded bg-amber-100 px-2 font-semibold text-amber-900">Edited here</span>
          <button type="submit" name="field" value={as} formAction={handBack} formNoValidate className="font-semibold text-brand underline">
            Hand back to feed
          </button>
        </p>
      )}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-neutral-200 bg-white p-4">
      <legend className="px-1 text-lg font-bold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
