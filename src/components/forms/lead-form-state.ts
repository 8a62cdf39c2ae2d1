"use client";

import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { FieldName } from "@/domain/leads/forms";
import type { LeadFormInput, LeadFormValues } from "@/domain/leads/form-schema";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Values = Partial<Record<FieldName, unknown>>;
export type FieldErrors = Partial<Record<FieldName, { message: string }>>;
/** The form's checks: the parsed values, or each field's first message. */
export type LeadCheck = (values: Values) => Promise<{ values: LeadFormValues } | { errors: Record<string, string> }>;

/** A control's value as the form sends it: a group of boxes with values → the ticked values; one box → ticked or not. */
function valueOf(controls: Control[]): unknown {
  const first = controls[0]!;
  if (first instanceof HTMLInputElement && first.type === "checkbox") {
    const boxes = controls as HTMLInputElement[];
    return first.getAttribute("value") === null ? first.checked : boxes.filter((b) => b.checked).map((b) => b.value);
  }
  return first.value;
}

function write(controls: Control[], value: unknown) {
  for (const c of controls)
    if (c instanceof HTMLInputElement && c.type === "checkbox")
      c.checked = Array.isArray(value) ? value.includes(c.value) : value === true || value === c.value;
    else c.value = value === undefined || value === null ? "" : String(value);
}

/**
 * The enquiry form's state over uncontrolled fields: the values live in the fields (so what was typed
 * before the page's script ran is read as typed), each field is checked when the shopper leaves it
 * and again on each change after that or after a send, and a send checks everything first. The one
 * zod schema the server uses does the checking, loaded on demand (`check`). A few lines of our own
 * instead of a form library: the form is the first thing a form page hydrates.
 */
export function useLeadFormState({ check, defaultValues }: { check: LeadCheck; defaultValues: Partial<LeadFormInput> }) {
  const controls = useRef(new Set<Control>());
  const kept = useRef<Values>({ ...defaultValues });
  const watched = useRef(new Set<FieldName>());
  const touched = useRef(new Set<FieldName>());
  const refs = useRef(new Map<FieldName, (el: Control | null) => void>());
  const runs = useRef(new Map<FieldName, number>());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitCount, setSubmitCount] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const [, redraw] = useState(0);

  const mounted = (name: FieldName) => [...controls.current].filter((c) => c.isConnected && c.name === name);
  // a field no longer drawn keeps its last value, as the shopper left it
  const getValue = (name: FieldName) => {
    const here = mounted(name);
    return here.length > 0 ? valueOf(here) : kept.current[name];
  };
  const getValues = (): Values => {
    const names = new Set([...Object.keys(kept.current), ...[...controls.current].filter((c) => c.isConnected).map((c) => c.name)]);
    return Object.fromEntries([...names].map((n) => [n, getValue(n as FieldName)]));
  };
  const remember = (name: FieldName) => {
    const value = getValue(name);
    const changed = kept.current[name] !== value;
    kept.current[name] = value;
    if (changed && watched.current.has(name)) redraw((n) => n + 1);
  };
  const showError = (name: FieldName, message: string | undefined) =>
    setErrors((e) => {
      if (e[name]?.message === message) return e;
      const next = { ...e };
      if (message === undefined) delete next[name];
      else next[name] = { message };
      return next;
    });
  const checkField = async (name: FieldName) => {
    const run = (runs.current.get(name) ?? 0) + 1;
    runs.current.set(name, run);
    const result = await check(getValues());
    // a later check of the same field has the newer values
    if (runs.current.get(name) === run) showError(name, "errors" in result ? result.errors[name] : undefined);
  };

  // fields filled in before the script ran: what shows beside them follows what they hold
  useEffect(() => {
    for (const name of watched.current) remember(name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form comes alive
  }, []);

  const refFor = (name: FieldName) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (el) => {
        if (!el) return;
        controls.current.add(el);
        // a field drawn without its value (the hidden day, month and year of a test drive) takes the one
        // the form started with; what the shopper typed before the script ran stays
        const start = kept.current[name];
        if (!(el instanceof HTMLInputElement && el.type === "checkbox") && el.value === "" && start !== undefined && start !== null)
          el.value = String(start);
      };
      refs.current.set(name, ref);
    }
    return ref;
  };
  const register = (name: FieldName, options: { onChange?: (e: ChangeEvent<Control>) => void } = {}) => ({
    name,
    ref: refFor(name),
    onChange: (e: ChangeEvent<Control>) => {
      options.onChange?.(e);
      remember(name);
      if (touched.current.has(name) || submitCount > 0) void checkField(name);
    },
    onBlur: () => {
      touched.current.add(name);
      void checkField(name);
    },
  });
  /** The field's value; the form draws again when it changes (a field that shows beside another). */
  const watch = (name: FieldName) => {
    watched.current.add(name);
    return kept.current[name];
  };
  const setValue = (name: FieldName, value: unknown, options: { shouldValidate?: boolean } = {}) => {
    write(mounted(name), value);
    kept.current[name] = value;
    if (watched.current.has(name)) redraw((n) => n + 1);
    if (options.shouldValidate) void checkField(name);
  };
  const setError = (name: FieldName, error: { message: string }) => showError(name, error.message);
  const handleSubmit = (onValid: (values: LeadFormValues) => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setSubmitCount((n) => n + 1);
    setSubmitting(true);
    try {
      const result = await check(getValues());
      if ("errors" in result) {
        setErrors(Object.fromEntries(Object.entries(result.errors).map(([k, message]) => [k, { message }])));
        // the first field with a message, in the page's order, takes the focus
        const first = [...controls.current]
          .filter((c) => c.isConnected && c.name in result.errors)
          .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
        first?.focus();
        return;
      }
      setErrors({});
      await onValid(result.values);
    } finally {
      setSubmitting(false);
    }
  };
  const formState = { errors, submitCount, isSubmitting, isSubmitted: submitCount > 0 };
  return { register, watch, getValues, getValue, setValue, setError, handleSubmit, formState };
}

export type LeadFormMethods = ReturnType<typeof useLeadFormState>;
