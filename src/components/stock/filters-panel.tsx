"use client";

import { SlidersHorizontal } from "lucide-react";
import { useState, type ReactNode } from "react";

/** Filters: always shown from 992px; behind a toggle button on phones and tablets. */
export function FiltersPanel({ count, children }: { count: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="filters-panel"
        onClick={() => setOpen((o) => !o)}
        className="mb-4 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-neutral-300 font-semibold lg:hidden"
      >
        <SlidersHorizontal aria-hidden className="size-5" /> {open ? "Hide filters" : "Filters"}
        {count ? ` (${count})` : ""}
      </button>
      <div id="filters-panel" role="region" aria-label="Filters" className={open ? "block" : "hidden lg:block"}>
        {children}
      </div>
    </div>
  );
}
