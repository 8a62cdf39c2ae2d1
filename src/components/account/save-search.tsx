"use client";

import { track } from "@/client/analytics";
import { EVENT_IDS } from "@/domain/analytics/events";
import Link from "next/link";
import { useState } from "react";
import { useAccount } from "@/client/account";
import { errorFromResponse } from "@/client/fetch-json";
import { buttonVariants } from "@/components/ui/button";

/** Words for a phone's one line of controls; a screen reader (and a wider screen) has the whole phrase. */
function Short({ phone, full }: { phone: string; full: string }) {
  return (
    <>
      <span aria-hidden className="sm:hidden">
        {phone}
      </span>
      <span className="max-sm:sr-only">{full}</span>
    </>
  );
}

/**
 * "Save this search" : the search page's address is kept in the garage, which then counts
 * the new matches since the customer last looked. Signed out, it leads to sign-in and back here.
 */
export function SaveSearchButton({ href, garageName }: { href: string; garageName: string }) {
  const account = useAccount(true);
  const [state, setState] = useState<{ kind: "idle" | "busy" | "saved" | "error"; message?: string }>({ kind: "idle" });
  if (account.status === "loading") return <span className="inline-block min-h-9 min-w-24 sm:min-w-36" aria-hidden />;
  if (account.status !== "ready" || !account.user)
    return (
      <Link
        href={`/sign-in?redirect=${encodeURIComponent(href)}`}
        prefetch={false}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <Short phone="Save" full="Sign in to save this search" />
      </Link>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={state.kind === "busy" || state.kind === "saved"}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        onClick={async () => {
          setState({ kind: "busy" });
          try {
            const res = await fetch("/api/account/searches", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ href: `${window.location.pathname}${window.location.search}` }),
            });
            if (!res.ok) throw await errorFromResponse(res);
            setState({ kind: "saved" });
            track(EVENT_IDS.searchSaved);
          } catch (e) {
            const x = e as { message?: string; errors?: Record<string, string> };
            setState({ kind: "error", message: x.errors?.href ?? x.message ?? "Could not save it. Please try again." });
          }
        }}
      >
        {state.kind === "saved" ? "Search saved" : state.kind === "busy" ? "Saving…" : <Short phone="Save" full="Save this search" />}
      </button>
      <span role="status" className="text-sm font-semibold">
        {state.kind === "saved" && (
          <>
            Saved to{" "}
            <Link href="/my-garage" prefetch={false} className="text-brand underline">
              {garageName}
            </Link>
            .
          </>
        )}
        {state.kind === "error" && <span className="text-red-700">{state.message}</span>}
      </span>
    </span>
  );
}
