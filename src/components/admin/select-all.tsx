"use client";

import { useId } from "react";

/**
 * "Select all on this page": ticks or clears every car's box of the stock list's bulk form (the boxes
 * sit in the table's rows, tied to the form by its id). Without JavaScript each car is ticked by hand.
 */
export function SelectAll({ form }: { form: string }) {
  const id = useId();
  return (
    <label htmlFor={id} className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
      <input
        id={id}
        type="checkbox"
        className="size-5"
        onChange={(e) => {
          for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${form}"]`))
            box.checked = e.target.checked;
        }}
      />
      Select all on this page
    </label>
  );
}
