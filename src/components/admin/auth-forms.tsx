"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { AcceptInviteSchema, StaffSignInSchema } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** Staff sign-in: checked with the server's schema, then the session cookie from the server. */
export function StaffSignInForm() {
  const router = useRouter();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const valid = check(StaffSignInSchema, data);
    if (!valid) return;
    if (await send("/api/admin/sign-in", { method: "POST", json: valid }, "Signed in.")) {
      router.replace("/"); // the leads inbox, or an operator's console

      router.refresh();
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Staff sign-in">
      <StatusLine state={state} testId="sign-in" />
      <TextField name="email" label="Email" type="email" autoComplete="username" error={errors.email} required />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} required />
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
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Accept invitation">
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
    </form>
  );
}
