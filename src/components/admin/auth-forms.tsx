"use client";

import { useRouter } from "next/navigation";
import { useEffect, type FormEvent } from "react";
import { AcceptInviteSchema, StaffSignInSchema } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { ScriptForm } from "@/components/ui/script-form";
import { TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/**
 * Staff sign-in: a plain form post, checked first with the server's schema when JavaScript runs. The
 * server answers 303 to the staff member's first page (or back here with the message), so the browser
 * keeps this page on screen until the next one arrives, and it works without JavaScript.
 */
export function StaffSignInForm({ email, errors: refused }: { email: string; errors: Record<string, string> }) {
  const { state, errors, check, setState } = useSend();
  const shown = state.kind === "idle" && refused.form ? { kind: "error" as const, message: refused.form } : state;
  // a page the browser brings back from its back-forward cache keeps "Signing in…" and a disabled
  // button from before it left: offer the button again
  useEffect(() => {
    const back = (e: PageTransitionEvent) => e.persisted && setState({ kind: "idle" });
    window.addEventListener("pageshow", back);
    return () => window.removeEventListener("pageshow", back);
  }, [setState]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!check(StaffSignInSchema, Object.fromEntries(new FormData(e.currentTarget)))) e.preventDefault();
    else setState({ kind: "busy" });
  };
  return (
    <form method="post" action="/api/admin/sign-in" noValidate onSubmit={submit} className="space-y-4" aria-label="Staff sign-in">
      <StatusLine state={shown} testId="sign-in" />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        defaultValue={email}
        error={state.kind === "idle" ? refused.email : errors.email}
        required
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={state.kind === "idle" ? refused.password : errors.password}
        required
      />
      <button type="submit" className={buttonVariants({ size: "lg" })} disabled={state.kind === "busy"}>
        {state.kind === "busy" ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

export function SignOutButton() {
  const router = useRouter();
  const { send } = useSend();
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "ghost", size: "sm" })}
      onClick={async () => {
        await send("/api/admin/sign-out", { method: "POST" });
        router.replace("/sign-in");
        router.refresh();
      }}
    >
      Sign out
    </button>
  );
}

/** An invited person chooses their name and password; the server makes the account and signs them in. */
/** A new person chooses a name and password; someone who already has a staff account accepts with their password. */
export function AcceptInviteForm({ token, email, existing }: { token: string; email: string; existing: boolean }) {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = { ...Object.fromEntries(new FormData(e.currentTarget)), token };
    const valid = check(AcceptInviteSchema, data);
    if (!valid) return;
    if (await send("/api/admin/accept-invite", { method: "POST", json: valid })) {
      router.replace("/leads");
      router.refresh();
    }
  };
  return (
    <ScriptForm noValidate onSubmit={submit} className="space-y-4" aria-label="Accept invitation">
      <StatusLine state={state} testId="accept" />
      {existing ? (
        <>
          <p>
            You already have a staff account as <strong>{email}</strong>. Enter its password to accept.
          </p>
          <TextField name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} required />
          <button type="submit" className={buttonVariants({ size: "lg" })} disabled={state.kind === "busy"}>
            Accept the invitation
          </button>
        </>
      ) : (
        <>
          <p>
            Your sign-in email will be <strong>{email}</strong>.
          </p>
          <TextField name="name" label="Your name" autoComplete="name" error={errors.name} required />
          <TextField
            name="password"
            label="Choose a password"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters."
            error={errors.password}
            required
          />
          <button type="submit" className={buttonVariants({ size: "lg" })} disabled={state.kind === "busy"}>
            Create my staff account
          </button>
        </>
      )}
    </ScriptForm>
  );
}
