"use client";

import { useState } from "react";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** The staff member's own weekly report email, on or off as the box changes. */
export function WeeklyReportSwitch({ initial }: { initial: boolean }) {
  const [on, setOn] = useState(initial);
  const { state, send } = useSend();
  return (
    <div className="space-y-2">
      <label className="flex min-h-11 items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="size-5"
          checked={on}
          disabled={state.kind === "busy"}
          onChange={async (e) => {
            const next = e.currentTarget.checked;
            setOn(next);
            if (!(await send("/api/admin/me/weekly-report", { method: "PUT", json: { on: next } }))) setOn(!next);
          }}
        />
        Email me this summary every Monday
      </label>
      <StatusLine state={state} testId="weekly-report" />
    </div>
  );
}
