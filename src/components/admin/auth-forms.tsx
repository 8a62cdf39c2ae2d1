"use client";

import { useRouter } from "next/navigation";
import { useEffect, type FormEvent } from "react";
import { StaffSignInSchema } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
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

/**
 * A new person chooses a name and password; someone who already has a staff account accepts with their
 * password. A plain form post (it works without JavaScript, and a password never goes into an
 * address): the server signs them in and sends the browser on to the leads (303), or back here with
 * the name typed and the messages.
 */
export function AcceptInviteForm({
  token,
  email,
  existing,
  refused = null,
}: {
  token: string;
  email: string;
  existing: boolean;
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
}) {
  const errors = refused?.errors ?? {};
  const state = refused
    ? ({ kind: "error", message: errors.form ?? "Please check the highlighted fields." } as const)
    : ({ kind: "idle" } as const);
  return (
    <form method="post" action="/api/admin/accept-invite" className="space-y-4" aria-label="Accept invitation">
      <StatusLine state={state} testId="accept" />
      <input type="hidden" name="token" value={token} />
      {existing ? (
        <>
          <p>
            You already have a staff account as <strong>{email}</strong>. Enter its password to accept.
          </p>
          <TextField name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} required />
          <button type="submit" className={buttonVariants({ size: "lg" })}>
            Accept the invitation
          </button>
        </>
      ) : (
        <>
          <p>
            Your sign-in email will be <strong>{email}</strong>.
          </p>
          <TextField
            name="name"
            label="Your name"
            autoComplete="name"
            defaultValue={refused?.values.name ?? ""}
            error={errors.name}
            required
          />
          <TextField
            name="password"
            label="Choose a password"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters."
            error={errors.password}
            required
          />
          <button type="submit" className={buttonVariants({ size: "lg" })}>
            Create my staff account
          </button>
        </>
      )}
    </form>
  );
}
