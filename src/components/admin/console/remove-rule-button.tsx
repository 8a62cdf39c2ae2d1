"use client";

import { useRouter } from "next/navigation";
import { buttonVariants } from "@/components/ui/button";
import { useSend } from "../use-send";

/** Removes one rule, after asking. */
export function RemoveRuleButton({ id, why }: { id: number; why: string }) {
  const router = useRouter();
  const { state, send } = useSend();
  return (
    <span>
      <button
        type="button"
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        disabled={state.kind === "busy"}
        onClick={async () => {
          if (!window.confirm(`Remove the rule "${why}"? The sites it fits lose its flags.`)) return;
          if (await send(`/api/admin/platform/rules/${id}`, { method: "DELETE" })) router.refresh();
        }}
      >
        Remove<span className="sr-only"> the rule {why}</span>
      </button>
      {state.kind === "error" && (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      )}
    </span>
  );
}
