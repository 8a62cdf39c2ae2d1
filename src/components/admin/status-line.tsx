import type { SendState } from "./use-send";

/** The outcome of a back-office form: an alert for errors, a status for success (both read out). */
export function StatusLine({ state, testId }: { state: SendState; testId?: string }) {
  if (state.kind === "error")
    return (
      <p
        role="alert"
        data-testid={testId ? `${testId}-error` : undefined}
        className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800"
      >
        {state.message}
      </p>
    );
  if (state.kind === "done")
    return (
      <p
        role="status"
        data-testid={testId ? `${testId}-done` : undefined}
        className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900"
      >
        {state.message}
      </p>
    );
  return <p role="status" className="sr-only" />;
}
