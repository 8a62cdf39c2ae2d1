"use client";

import { track } from "@/client/analytics";
import { EVENT_IDS } from "@/domain/analytics/events";
import { useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { errorFromResponse } from "@/client/fetch-json";
import { fieldErrors } from "@/domain/http/field-errors";
import { ForgotPasswordSchema, MagicLinkSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from "@/domain/accounts/forms";
import { buttonVariants } from "@/components/ui/button";
import { ScriptForm } from "@/components/ui/script-form";
import { clsx } from "clsx";
import { TextField } from "@/components/ui/text-field";
import { CollectionNotice } from "@/components/forms/collection-notice";

type Outcome = { kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string } | { kind: "done"; message: string };

/**
 * One account form: validated in the browser with the server's zod schema, posted as JSON, the
 * server's 422 field messages shown by their fields, and a clear sentence for everything else.
 */
function useAccountForm<S extends z.ZodType>(schema: S, endpoint: string, onDone: (message: string) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const submit = async (e: FormEvent<HTMLFormElement>, extra: Record<string, unknown> = {}) => {
    e.preventDefault();
    const data = { ...Object.fromEntries(new FormData(e.currentTarget)), ...extra };
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, "form"));
      setOutcome({ kind: "error", message: "Please check the highlighted fields." });
      return;
    }
    setErrors({});
    setOutcome({ kind: "busy" });
    try {
      const res = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) });
      if (!res.ok) throw await errorFromResponse(res);
      const body = (await res.json()) as { message?: string };
      setOutcome({ kind: "done", message: body.message ?? "" });
      onDone(body.message ?? "");
    } catch (err) {
      const e = err as { message?: string; errors?: Record<string, string> };
      setErrors(e.errors ?? {});
      setOutcome({ kind: "error", message: e.message ?? "Something went wrong. Please try again." });
    }
  };
  return { errors, outcome, submit };
}

function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  errors: Record<string, string>;
  hint?: string;
}) {
  const { errors, ...rest } = props;
  return <TextField {...rest} error={errors[props.name]} required />;
}

function Result({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === "error")
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800" data-testid="account-error">
        {outcome.message}
      </p>
    );
  if (outcome.kind === "done" && outcome.message)
    return (
      <p
        role="status"
        className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900"
        data-testid="account-done"
      >
        {outcome.message}
      </p>
    );
  return null;
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} aria-disabled={busy} className={clsx(buttonVariants({ size: "lg" }), "w-full")}>
      {busy ? "Please wait…" : children}
    </button>
  );
}

export type AccountMode = "sign-in" | "register" | "link" | "forgot";

/** Sign in (password or emailed link), create an account, or ask for a new password: one page, four small forms. */
export function AccountForms(props: { initial: AccountMode; redirect: string; garageName: string; siteName: string; notice?: string }) {
  const [mode, setMode] = useState<AccountMode>(props.initial);
  const go = () => {
    track(EVENT_IDS.signIn); // (queued events leave with the page: sendBeacon on pagehide)
    window.location.assign(props.redirect);
  };
  const signIn = useAccountForm(SignInSchema, "/api/auth/sign-in/email", go);
  const register = useAccountForm(SignUpSchema, "/api/auth/sign-up/email", () => track(EVENT_IDS.signUp));
  const link = useAccountForm(MagicLinkSchema, "/api/auth/sign-in/magic-link", () => {});
  const forgot = useAccountForm(ForgotPasswordSchema, "/api/auth/request-password-reset", () => {});
  const tab = (m: AccountMode, label: string) => (
    <button
      type="button"
      onClick={() => setMode(m)}
      aria-pressed={mode === m}
      className={clsx(
        "min-h-11 flex-1 rounded-md px-3 text-sm font-semibold",
        mode === m ? "bg-brand text-brand-contrast" : "text-brand hover:bg-neutral-100",
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="space-y-6">
      {props.notice && (
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900">
          {props.notice}
        </p>
      )}
      <div className="flex gap-2 rounded-lg border border-neutral-300 p-1" role="group" aria-label="Account options">
        {tab("sign-in", "Sign in")}
        {tab("register", "Create account")}
      </div>

      {mode === "sign-in" && (
        <ScriptForm
          noValidate
          onSubmit={(e) => signIn.submit(e, { callbackURL: props.redirect })}
          className="space-y-4"
          aria-label="Sign in"
        >
          <Result outcome={signIn.outcome} />
          <Field name="email" label="Email" type="email" autoComplete="email" errors={signIn.errors} />
          <Field name="password" label="Password" type="password" autoComplete="current-password" errors={signIn.errors} />
          <Submit busy={signIn.outcome.kind === "busy"}>Sign in</Submit>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button type="button" className="min-h-11 font-semibold text-brand underline" onClick={() => setMode("link")}>
              Email me a sign-in link instead
            </button>
            <button type="button" className="min-h-11 font-semibold text-brand underline" onClick={() => setMode("forgot")}>
              Forgotten your password?
            </button>
          </div>
        </ScriptForm>
      )}

      {mode === "register" && (
        <ScriptForm
          noValidate
          onSubmit={(e) => register.submit(e, { callbackURL: props.redirect })}
          className="space-y-4"
          aria-label="Create account"
        >
          <p className="text-neutral-700">
            Save cars and searches in {props.garageName}, see your enquiries, and fill in forms faster on {props.siteName}.
          </p>
          <Result outcome={register.outcome} />
          {register.outcome.kind !== "done" && (
            <>
              <Field name="name" label="Your name" autoComplete="name" errors={register.errors} />
              <Field name="email" label="Email" type="email" autoComplete="email" errors={register.errors} />
              <Field
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 10 characters. A few words you will remember make a strong password."
                errors={register.errors}
              />
              <CollectionNotice siteName={props.siteName} purpose="set up and look after your account" />
              <Submit busy={register.outcome.kind === "busy"}>Create account</Submit>
            </>
          )}
        </ScriptForm>
      )}

      {mode === "link" && (
        <ScriptForm
          noValidate
          onSubmit={(e) => link.submit(e, { callbackURL: props.redirect })}
          className="space-y-4"
          aria-label="Email me a sign-in link"
        >
          <p className="text-neutral-700">We will email you a link that signs you in, no password needed.</p>
          <Result outcome={link.outcome} />
          <Field name="email" label="Email" type="email" autoComplete="email" errors={link.errors} />
          <Submit busy={link.outcome.kind === "busy"}>Email me a link</Submit>
          <button type="button" className="min-h-11 text-sm font-semibold text-brand underline" onClick={() => setMode("sign-in")}>
            Sign in with a password
          </button>
        </ScriptForm>
      )}

      {mode === "forgot" && (
        <ScriptForm
          noValidate
          onSubmit={(e) => forgot.submit(e, { redirectTo: "/reset-password" })}
          className="space-y-4"
          aria-label="Forgotten password"
        >
          <p className="text-neutral-700">Enter your email and we will send you a link to choose a new password.</p>
          <Result outcome={forgot.outcome} />
          <Field name="email" label="Email" type="email" autoComplete="email" errors={forgot.errors} />
          <Submit busy={forgot.outcome.kind === "busy"}>Send the link</Submit>
          <button type="button" className="min-h-11 text-sm font-semibold text-brand underline" onClick={() => setMode("sign-in")}>
            Back to sign in
          </button>
        </ScriptForm>
      )}
    </div>
  );
}

/** The page a reset link lands on: a new password for the token in its address. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useAccountForm(ResetPasswordSchema, "/api/auth/reset-password", () => {});
  return (
    <ScriptForm noValidate onSubmit={(e) => reset.submit(e, { token })} className="space-y-4" aria-label="Choose a new password">
      <Result outcome={reset.outcome} />
      {reset.outcome.kind === "done" ? (
        <a href="/sign-in" className={clsx(buttonVariants({ size: "lg" }), "w-full")}>
          Sign in
        </a>
      ) : (
        <>
          <Field
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters. A few words you will remember make a strong password."
            errors={reset.errors}
          />
          <Submit busy={reset.outcome.kind === "busy"}>Save my new password</Submit>
        </>
      )}
    </ScriptForm>
  );
}
