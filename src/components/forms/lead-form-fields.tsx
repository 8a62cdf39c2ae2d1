"use client";

import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import {
  DEPENDS_ON,
  fieldLabel,
  type FieldName,
  type FormDef,
  type FormKind,
  type FormRules,
  type LeadFormSite,
} from "@/domain/leads/forms";
import type { LeadFormInput } from "@/domain/leads/form-schema";
import type { LeadFormMethods } from "./lead-form-state";

export const input =
  "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base aria-[invalid=true]:border-red-700";

type KitOptions = {
  kind: FormKind;
  form: FormDef;
  rules: FormRules;
  site: LeadFormSite;
  fields: FieldName[];
  /** the form is for one location: its location and dealership are not asked */
  fixedLocation: boolean;
  defaultLocationId?: number;
  /** the page's script has run: fields can appear as the shopper types */
  scripted: boolean;
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
  startValues: Partial<LeadFormInput>;
  methods: LeadFormMethods;
};

/**
 * The enquiry form's field helpers: each field's id, label, message, whether it shows, and the label +
 * control + message of a text box or a select. Plain calls, not components, so that inputs keep their
 * identity (and focus) across renders.
 */
export function useFieldKit(o: KitOptions) {
  const { form, rules, site, methods } = o;
  const { register, watch, formState } = methods;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const startValue = (name: FieldName): string | undefined => {
    const v = o.startValues[name];
    return typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  };
  // a refused post's messages show until the shopper sends the form again
  const refusedError = (name: string) => (formState.submitCount === 0 ? o.refused?.errors[name] : undefined);
  const err = (name: FieldName) => formState.errors[name]?.message ?? refusedError(name);
  const a11y = (name: FieldName) => ({
    id: id(name),
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": err(name) ? `${id(name)}-error` : undefined,
  });
  const label = (name: FieldName) =>
    `${fieldLabel(form, name, rules)}${form.optional.includes(name) || (name === "message" && site.messageOptional && o.kind === "contact") ? " (optional)" : ""}`;
  /** the form has the field (whether or not it shows now) */
  const asks = (name: FieldName) => o.fields.includes(name);
  const shown = (name: FieldName) => {
    if (!asks(name)) return false;
    if (o.fixedLocation && o.defaultLocationId && (name === "location" || name === "dealership_slug")) return false;
    const parent = DEPENDS_ON[name];
    // without script nothing can appear as the shopper types: the field is there (and ignored by the server when its parent is empty)
    return !parent || !o.scripted || (Boolean(watch(parent)) && !formState.errors[parent]);
  };
  // a label, the control, and the field's message below it (docs/features/forms-and-leads.md)
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
  return { id, startValue, err, a11y, label, asks, shown, field, text, select, methods };
}

export type FieldKit = ReturnType<typeof useFieldKit>;
