"use client";

import { useState, useSyncExternalStore } from "react";
import { ApiError, sendJson } from "@/client/fetch-json";
import { lastSentLead, updateLastSentMessage } from "@/client/submitted-leads";
import { buttonVariants } from "@/components/ui/button";
import { MSG } from "@/domain/leads/messages";

const noSubscription = () => () => {};

/**
 * On the success page: the shopper may add something to the enquiry just sent. It updates that
 * lead (PUT) instead of sending a second one. Shown only when this visit sent a lead.
 */
export function AddDetails() {
  // read once on the client (sessionStorage); nothing on the server
  const sent = useSyncExternalStore(
    noSubscription,
    () => lastSentLeadKey(),
    () => null,
  );
  const [text, setText] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  if (!sent) return null;
  const last = lastSentLead();
  if (!last) return null;
  if (state === "done") {
    return (
      <p role="status" className="mt-8 rounded-md bg-emerald-50 p-4 text-emerald-900">
        Thanks, we’ve added that to your enquiry.
      </p>
    );
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const added = text.trim();
    if (!added) return setError(MSG.required);
    setError(null);
    setState("sending");
    const message = [last.message, added].filter(Boolean).join("\n\n").slice(0, 5000);
    try {
      await sendJson(`${last.base}/leads/${last.id}`, "PUT", { lead: { message } });
      updateLastSentMessage(message);
      setState("done");
    } catch (err) {
      setState("idle");
      setError(err instanceof ApiError && err.errors.message ? err.errors.message : MSG.submitFailed);
    }
  };
  return (
    <form onSubmit={submit} className="mx-auto mt-10 max-w-xl text-left" aria-label="Add to your enquiry" noValidate>
      <label htmlFor="add-details" className="block font-semibold">
        Anything else we should know? (optional)
      </label>
      <textarea
        id="add-details"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "add-details-error" : undefined}
        className="mt-1 block w-full rounded-md border border-neutral-400 bg-white px-3 py-2 text-base"
      />
      {error && (
        <p id="add-details-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={`${buttonVariants()} mt-3`} disabled={state === "sending"}>
        {state === "sending" ? "Adding…" : "Add to my enquiry"}
      </button>
    </form>
  );
}

const lastSentLeadKey = () => lastSentLead()?.id ?? null;
