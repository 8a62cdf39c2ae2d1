"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorFromResponse } from "@/client/fetch-json";
import { fieldErrors } from "@/domain/http/field-errors";
import { loadUserDetails } from "@/client/user-details";
import { checkoutSchema } from "@/domain/store/checkout";
import { buttonVariants } from "@/components/ui/button";
import { clsx } from "clsx";
import { TextField } from "@/components/ui/text-field";
import { CollectionNotice } from "@/components/forms/collection-notice";
import { ScriptForm } from "@/components/ui/script-form";

/** The buyer's details and the terms; on success the buyer goes to the payment provider's checkout. */
export function CheckoutForm({
  vehicleSlug,
  country,
  deposit,
  siteName,
}: {
  vehicleSlug: string;
  country: string;
  deposit: string;
  siteName: string;
}) {
  const uid = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<{ kind: "idle" | "busy" | "error"; message?: string }>({ kind: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // the details saved with the last enquiry (or the customer's account) fill the empty fields in
    const d = loadUserDetails();
    const saved: Record<string, string | undefined> = {
      first_name: d.name,
      last_name: d.last_name,
      email: d.email,
      phone: d.phone,
      postcode: d.postcode,
    };
    for (const [name, value] of Object.entries(saved)) {
      const el = formRef.current?.elements.namedItem(name);
      if (value && el instanceof HTMLInputElement && !el.value) el.value = value;
    }
  }, []);
  const fields: Array<[name: string, label: string, autoComplete: string, type?: string]> = [
    ["first_name", "First name", "given-name"],
    ["last_name", "Last name", "family-name"],
    ["email", "Email", "email", "email"],
    ["phone", "Phone", "tel", "tel"],
    ["postcode", country === "US" ? "ZIP code" : "Postcode", "postal-code"],
  ];
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const data = {
      ...Object.fromEntries(fields.map(([n]) => [n, String(form.get(n) ?? "")])),
      vehicle_slug: vehicleSlug,
      accept_terms: form.get("accept_terms") === "on",
    };
    const parsed = checkoutSchema(country).safeParse(data);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, "form"));
      setState({ kind: "error", message: "Please check the highlighted fields." });
      return;
    }
    setErrors({});
    setState({ kind: "busy" });
    try {
      const res = await fetch("/api/checkout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      if (!res.ok) throw await errorFromResponse(res);
      const body = (await res.json()) as { redirect_url: string };
      window.location.assign(body.redirect_url);
    } catch (err) {
      const x = err as { message?: string; errors?: Record<string, string> };
      setErrors(x.errors ?? {});
      setState({ kind: "error", message: x.message ?? "Something went wrong. Please try again." });
    }
  };
  const a11y = (name: string) => ({
    id: `${uid}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${uid}-${name}-error` : undefined,
  });
  return (
    <ScriptForm ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label="Reserve online">
      {state.kind === "error" && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800" data-testid="checkout-error">
          {state.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([name, label, autoComplete, type]) => (
          <TextField key={name} name={name} label={label} type={type} autoComplete={autoComplete} error={errors[name]} required />
        ))}
      </div>
      <div>
        <label className="flex min-h-11 items-start gap-3">
          <input type="checkbox" name="accept_terms" className="mt-1 size-5" {...a11y("accept_terms")} />
          <span>
            I understand the {deposit} deposit holds this car for me, is refundable in full until I sign a contract of sale, and that the
            dealership will call me to arrange the rest.
          </span>
        </label>
        {errors.accept_terms && (
          <p id={`${uid}-accept_terms-error`} className="mt-1 text-sm font-semibold text-red-700">
            {errors.accept_terms}
          </p>
        )}
      </div>
      <CollectionNotice siteName={siteName} purpose="reserve this car for you and arrange its sale" />
      <button type="submit" disabled={state.kind === "busy"} className={clsx(buttonVariants({ size: "lg" }), "w-full")}>
        {state.kind === "busy" ? "Reserving…" : `Pay ${deposit} deposit and reserve`}
      </button>
    </ScriptForm>
  );
}

/** The local test provider's page: pay or cancel, as a card form at a real provider would. */
export function TestPayButtons({ order, deposit }: { order: string; deposit: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answer = async (outcome: "paid" | "cancelled") => {
    setBusy(true);
    try {
      const res = await fetch("/api/checkout/test-pay", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ order, outcome }),
      });
      if (!res.ok) throw await errorFromResponse(res);
      window.location.assign(((await res.json()) as { redirect_url: string }).redirect_url);
    } catch (e) {
      setBusy(false);
      setError((e as Error).message);
    }
  };
  return (
    <div className="space-y-3">
      {error && (
        <p role="alert" className="font-semibold text-red-700">
          {error}
        </p>
      )}
      <button type="button" disabled={busy} onClick={() => answer("paid")} className={clsx(buttonVariants({ size: "lg" }), "w-full")}>
        Pay {deposit} (test payment)
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => answer("cancelled")}
        className={clsx(buttonVariants({ variant: "outline" }), "w-full")}
      >
        Cancel and go back
      </button>
    </div>
  );
}
