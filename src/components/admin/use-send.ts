"use client";

import { useState } from "react";
import type { z } from "zod";
import { errorFromResponse } from "@/client/fetch-json";
import { fieldErrors } from "@/domain/http/field-errors";

export type SendState = { kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string } | { kind: "done"; message: string };

/**
 * One back-office request: JSON (or a CSV body) to our API, the server's field messages kept by
 * field name, and one sentence for the rest. `onDone` gets the answer's body.
 */
export function useSend() {
  const [state, setState] = useState<SendState>({ kind: "idle" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = async <T = Record<string, unknown>>(
    url: string,
    init: { method: "POST" | "PUT" | "DELETE"; json?: unknown; csv?: string; errorBody?: boolean },
    doneMessage = "Saved.",
  ): Promise<T | null> => {
    setState({ kind: "busy" });
    setErrors({});
    try {
      const res = await fetch(url, {
        method: init.method,
        headers:
          init.csv !== undefined ? { "content-type": "text/csv" } : init.json !== undefined ? { "content-type": "application/json" } : {},
        body: init.csv ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
      });
      if (!res.ok) {
        const copy = res.clone();
        const err = await errorFromResponse(res);
        setErrors(err.errors);
        setState({ kind: "error", message: err.message });
        // a refused import still carries its report (asked for by errorBody)
        if (init.errorBody && res.status === 422) return (await copy.json().catch(() => null)) as T | null;
        return null;
      }
      const body = (await res.json()) as T & { message?: string };
      setState({ kind: "done", message: body.message ?? doneMessage });
      return body;
    } catch {
      setState({ kind: "error", message: "The back-office could not be reached. Check your connection and try again." });
      return null;
    }
  };
  /** The form's data checked with the server's schema: the data, or null with the field messages shown. */
  const check = <S extends z.ZodType>(
    schema: S,
    data: unknown,
    message = "Please check the highlighted fields.",
    prefix = "form",
  ): z.infer<S> | null => {
    const r = schema.safeParse(data);
    if (r.success) return r.data;
    setErrors(fieldErrors(r.error, prefix));
    setState({ kind: "error", message });
    return null;
  };
  return { state, errors, setErrors, setState, send, check };
}
