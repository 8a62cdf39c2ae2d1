"use client";

import { useId } from "react";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base aria-[invalid=true]:border-red-700";

/** A labelled text input with its hint and its error, each tied to it for screen readers. */
export function TextField(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  required?: boolean;
}) {
  const id = `${useId()}-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        required={props.required}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-700">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
