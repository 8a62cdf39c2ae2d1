"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { StatusLine } from "../status-line";
import { useSend } from "../use-send";

/** Publish (or take down) the site; the checklist says what is missing first. */
export function PublishForm({ siteId, published, ready }: { siteId: number; published: boolean; ready: boolean }) {
  const router = useRouter();
  const { state, send } = useSend();
  const [confirm, setConfirm] = useState(false);
  const toggle = async () => {
    if (!published && !ready && !confirm) return setConfirm(true);
    if (await send(`/api/admin/platform/sites/${siteId}`, { method: "PUT", json: { published: !published } })) {
      setConfirm(false);
      router.refresh();
    }
  };
  return (
    <div className="space-y-2" data-testid="publish">
      <StatusLine state={state} testId="publish" />
      {confirm && (
        <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900">
          The checklist is not complete. Publish anyway?
        </p>
      )}
      <button
        type="button"
        onClick={toggle}
        className={buttonVariants({ variant: published ? "outline" : "primary" })}
        disabled={state.kind === "busy"}
      >
        {published ? "Unpublish (back to coming soon)" : confirm ? "Yes, publish anyway" : "Publish the site"}
      </button>
    </div>
  );
}
