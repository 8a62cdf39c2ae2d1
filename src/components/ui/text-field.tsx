"use client";

import { useId } from "react";

import { inputClass } from "./input-class";

type FrameProps = { name: string; label: string; error?: string; hint?: string };

/** A control's label, hint and error, each tied to it for screen readers (the control gets id and aria props). */
function Field(
  props: FrameProps & { control: (a: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode },
) {
  const id = `${useId()}-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {props.label}
      </label>
      {props.control({ id, "aria-invalid": props.error ? true : undefined, "aria-describedby": describedBy })}
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

/** A labelled text input with its hint and its error. */
export function TextField(
  props: FrameProps & {
    type?: string;
    autoComplete?: string;
    defaultValue?: string;
    required?: boolean;
    /** a number's step (type="number") */
    step?: string;
    /** the phone's keypad for the field ("numeric": digits) */
    inputMode?: "numeric" | "decimal" | "email" | "tel";
    /** controlled: the value shown, and what is typed */
    value?: string;
    onInput?: (value: string) => void;
  },
) {
  return (
    <Field
      {...props}
      control={(a) => (
        <input
          {...a}
          name={props.name}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          defaultValue={props.value === undefined ? props.defaultValue : undefined}
          value={props.value}
          onChange={props.onInput ? (e) => props.onInput!(e.currentTarget.value) : undefined}
          className={inputClass}
          required={props.required}
          step={props.step}
          inputMode={props.inputMode}
        />
      )}
    />
  );
}

/** A labelled multi-line input with its hint and its error. */
export function TextArea(props: FrameProps & { rows?: number; defaultValue?: string; className?: string }) {
  return (
    <Field
      {...props}
      control={(a) => (
        <textarea
          {...a}
          name={props.name}
          rows={props.rows ?? 3}
          defaultValue={props.defaultValue}
          className={`${inputClass} py-2 ${props.className ?? ""}`}
        />
      )}
    />
  );
}

/** A labelled select with its hint and its error. */
export function SelectField(
  props: FrameProps & { options: ReadonlyArray<readonly [value: string, label: string]>; defaultValue?: string },
) {
  return (
    <Field
      {...props}
      control={(a) => (
        <select {...a} name={props.name} defaultValue={props.defaultValue} className={inputClass}>
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
