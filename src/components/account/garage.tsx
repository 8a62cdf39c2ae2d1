"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { signOut, useAccount } from "@/client/account";
import { errorFromResponse } from "@/client/fetch-json";
import { saveUserDetails } from "@/client/user-details";
import type { CardView } from "@/domain/stock/card-view";
import { buttonVariants } from "@/components/ui/button";
import { clsx } from "clsx";
import { TextField } from "@/components/ui/text-field";
import { CollectionNotice } from "@/components/forms/collection-notice";
import { VehicleCardView } from "@/components/stock/vehicle-card";
import { ScriptForm } from "@/components/ui/script-form";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      {busy ? "Signing out…" : "Sign out"}
    </button>
  );
}

/**
 * The watchlist as the server rendered it; a heart taken off here takes the card off at once (the
 * account store holds the server's answer to that change).
 */
export function GarageWatchlist({ cards, plural, alerts }: { cards: CardView[]; plural: string; alerts: number[] }) {
  const account = useAccount(true);
  const router = useRouter();
  const ids = account.status === "ready" && account.user ? new Set(account.watchlist.map((w) => w.id)) : null;
  const shown = ids ? cards.filter((c) => ids.has(c.id)) : cards;
  // this browser's favourites were just merged in: the server renders the cards it did not have
  const added = ids ? [...ids].some((id) => !cards.some((c) => c.id === id)) : false;
  useEffect(() => {
    if (added) router.refresh();
  }, [added, router]);
  if (shown.length === 0)
    return (
      <p className="text-neutral-700" data-testid="watchlist-empty">
        No saved {plural} yet. Tap the heart on any {plural.replace(/s$/, "")} to keep it here.{" "}
        <Link href="/search/new-used-and-demo-cars" className="font-semibold text-brand underline">
          Browse our stock
        </Link>
      </p>
    );
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="watchlist">
      {shown.map((c) => (
        <li key={c.id} className="space-y-2">
          <VehicleCardView view={c} />
          <AlertSwitch
            target={{ vehicle_id: c.id }}
            initial={alerts.includes(c.id)}
            label="Email me if the price drops or it sells"
            about={c.title}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * One email alert on or off: a native checkbox, saved as it changes; the change is
 * announced, and a failure puts the box back with a message.
 */
export function AlertSwitch({
  target,
  initial,
  label,
  about,
}: {
  target: { vehicle_id: number } | { search_id: string };
  initial: boolean;
  label: string;
  /** what the alert is about, for a screen reader's name of the box */
  about: string;
}) {
  const [on, setOn] = useState(initial);
  const [state, setState] = useState<{ kind: "idle" | "busy" | "saved" | "failed"; message?: string }>({ kind: "idle" });
  const change = async (next: boolean) => {
    setOn(next);
    setState({ kind: "busy" });
    try {
      const res = await fetch("/api/account/alerts", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...target, alerts: next }),
      });
      if (!res.ok) throw await errorFromResponse(res);
      setState({ kind: "saved", message: next ? "Alert on. We email at most once a day." : "Alert off." });
    } catch (err) {
      setOn(!next);
      setState({ kind: "failed", message: (err as { message?: string }).message ?? "Could not save the alert. Please try again." });
    }
  };
  return (
    <div className="text-sm">
      <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={on}
          disabled={state.kind === "busy"}
          aria-label={`${label}: ${about}`}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
        {label}
      </label>
      <p
        role={state.kind === "failed" ? "alert" : "status"}
        className={state.kind === "failed" ? "font-semibold text-red-700" : "text-neutral-700"}
      >
        {state.message}
      </p>
    </div>
  );
}

export function RemoveSearchButton({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        disabled={state === "busy"}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        aria-label={`Remove the saved search ${label}`}
        onClick={async () => {
          setState("busy");
          const res = await fetch(`/api/account/searches?id=${encodeURIComponent(id)}`, { method: "DELETE" }).catch(() => null);
          if (res?.ok) router.refresh();
          else setState("failed");
        }}
      >
        Remove
      </button>
      {state === "failed" && (
        <span role="alert" className="text-sm font-semibold text-red-700">
          Could not remove it. Please try again.
        </span>
      )}
    </>
  );
}

/** Saved details: kept with the account, and written to this browser so every enquiry form starts filled in. */
export function DetailsForm({
  initial,
  email,
  postcodeLabel,
  siteName,
}: {
  initial: Record<string, string>;
  email: string;
  postcodeLabel: string;
  siteName: string;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: "idle" | "busy" | "saved" | "error"; message?: string }>({ kind: "idle" });
  const fields: Array<[name: string, label: string, autoComplete: string, type?: string]> = [
    ["name", "First name", "given-name"],
    ["last_name", "Last name", "family-name"],
    ["phone", "Phone", "tel", "tel"],
    ["postcode", postcodeLabel, "postal-code"],
  ];
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    setStatus({ kind: "busy" });
    try {
      const res = await fetch("/api/account/details", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(data),
      });
      if (!res.ok) throw await errorFromResponse(res);
      const { details } = (await res.json()) as { details: Record<string, string> };
      setErrors({});
      saveUserDetails({ ...details, email });
      setStatus({ kind: "saved", message: "Saved. Our forms will fill these in for you." });
    } catch (err) {
      const x = err as { message?: string; errors?: Record<string, string> };
      setErrors(x.errors ?? {});
      setStatus({ kind: "error", message: x.message ?? "Something went wrong. Please try again." });
    }
  };
  return (
    <ScriptForm noValidate onSubmit={submit} className="space-y-4" aria-label="Saved details">
      {status.message && (
        <p
          role={status.kind === "error" ? "alert" : "status"}
          className={clsx(
            "rounded-md border p-3 font-semibold",
            status.kind === "error" ? "border-red-700 bg-red-50 text-red-800" : "border-green-700 bg-green-50 text-green-900",
          )}
        >
          {status.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([name, label, autoComplete, type]) => (
          <TextField
            key={name}
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
            defaultValue={initial[name] ?? ""}
            error={errors[name]}
          />
        ))}
      </div>
      <CollectionNotice siteName={siteName} purpose="fill in our forms for you" />
      <button type="submit" disabled={status.kind === "busy"} className={buttonVariants()}>
        {status.kind === "busy" ? "Saving…" : "Save my details"}
      </button>
    </ScriptForm>
  );
}
