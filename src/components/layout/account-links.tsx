"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAccount } from "@/client/account";
import { UserRound } from "@/components/ui/icons";

/**
 * Sign in / the garage in the header, on sites with accounts (docs/features/accounts.md). While GET /api/auth is on
 * its way a placeholder of the same size holds the place (auth loading state): the header
 * never shows "Sign in" to a signed-in customer or jumps when the answer comes.
 */
export function AccountLinks({ garageName }: { garageName: string }) {
  const account = useAccount(true);
  const path = usePathname();
  const cls = "inline-flex min-h-9 min-w-24 items-center gap-1 whitespace-nowrap hover:underline";
  if (account.status === "loading")
    return (
      <span className={cls} aria-busy="true" data-testid="account-loading">
        <UserRound aria-hidden className="size-4 opacity-60" />
        <span aria-hidden className="h-3 w-16 animate-pulse rounded bg-white/30" />
        <span className="sr-only">Loading your account</span>
      </span>
    );
  if (account.status === "ready" && account.user)
    return (
      <Link href="/my-garage" prefetch={false} className={cls} data-testid="account-link">
        <UserRound aria-hidden className="size-4" />
        {garageName}
      </Link>
    );
  // signed out (or the answer failed: signing in is still offered)
  const back = path && path !== "/sign-in" ? `?redirect=${encodeURIComponent(path)}` : "";
  return (
    <Link href={`/sign-in${back}`} prefetch={false} className={cls} data-testid="account-link">
      <UserRound aria-hidden className="size-4" />
      Sign in
    </Link>
  );
}
