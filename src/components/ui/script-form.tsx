"use client";

import type { FormHTMLAttributes, ReactNode, Ref } from "react";
import { useHydrated } from "@/client/use-hydrated";

/**
 * A form only its script can send (as JSON), for forms that carry a password, a note, a name or contact
 * details. A browser submits a form before its script has run (or without it) by its method, and a
 * form without one is a GET: what was typed would go into the address, the history and the logs. So it
 * posts, and its controls are disabled until the page can send it; without JavaScript it says why.
 */
export function ScriptForm({
  children,
  className,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, "method"> & { children: ReactNode; ref?: Ref<HTMLFormElement> }) {
  const ready = useHydrated();
  return (
    <form method="post" {...form}>
      <noscript>
        <p className="mb-3 rounded-md border border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900">
          This form needs JavaScript. Please turn it on, or use a browser that runs it, to send it.
        </p>
      </noscript>
      <fieldset disabled={!ready} className={className ? `m-0 min-w-0 border-0 p-0 ${className}` : "m-0 min-w-0 border-0 p-0"}>
        {children}
      </fieldset>
    </form>
  );
}
