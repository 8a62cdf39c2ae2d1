"use client";

import { SlidersHorizontal, X } from "@/components/ui/icons";
import { createContext, use, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { clsx } from "clsx";
import { focusables, trapTab } from "@/client/focus-trap";

/*
 * Filters: beside the results from 992 px; on phones and tablets a full-screen drawer behind a
 * "Filters" button, with "Show N results" at its foot that closes it and lands on the results.
 * The drawer is a modal dialog: focus stays inside, Escape closes it, focus returns to the button.
 * The button sits in the row of compact controls above the results (with Sort and Near me, so the
 * first car is on a phone's first screen), away from the panel: FiltersDrawer holds what both share.
 */
type Drawer = { open: boolean; setOpen: (open: boolean) => void; button: RefObject<HTMLButtonElement | null> };
const DrawerContext = createContext<Drawer | null>(null);

export function FiltersDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return <DrawerContext value={{ open, setOpen, button }}>{children}</DrawerContext>;
}

function useDrawer(): Drawer {
  const drawer = use(DrawerContext);
  if (!drawer) throw new Error("Filters need a FiltersDrawer around them");
  return drawer;
}

/** The phone's "Filters" button; its badge counts the filters shown as chips above the results. */
export function FiltersToggle({ count, className }: { count: number; className?: string }) {
  const { open, setOpen, button } = useDrawer();
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls="filters-panel"
      aria-label={count > 0 ? `Filters (${count})` : undefined}
      onClick={() => setOpen(true)}
      className={clsx(
        "inline-flex min-h-11 items-center justify-center gap-1 rounded-md border border-neutral-300 bg-white px-2.5 text-sm font-semibold lg:hidden",
        className,
      )}
      data-testid="filters-toggle"
    >
      <SlidersHorizontal aria-hidden className="size-4" /> Filters{" "}
      {count > 0 && (
        <span
          className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-xs text-brand-contrast"
          data-testid="filters-badge"
        >
          {count}
        </span>
      )}
    </button>
  );
}

export function FiltersPanel({ total, children }: { total: number; children: ReactNode }) {
  const { open, setOpen, button } = useDrawer();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const el = panel.current!;
    const wide = window.matchMedia("(min-width: 992px)");
    const close = () => setOpen(false);
    wide.addEventListener("change", close); // grown to desktop: the panel is inline again
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    focusables(el)[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        setOpen(false);
        button.current?.focus();
        return;
      }
      trapTab(e, el);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", close);
    };
  }, [open, setOpen, button]);

  const showResults = () => {
    setOpen(false);
    const results = document.getElementById("results-count");
    results?.scrollIntoView({ block: "start" });
    results?.focus();
  };

  return (
    <div
      ref={panel}
      id="filters-panel"
      {...(open ? { role: "dialog", "aria-modal": true, "aria-labelledby": "filters-title" } : { role: "region", "aria-label": "Filters" })}
      className={clsx(open ? "fixed inset-0 z-50 flex flex-col bg-white" : "hidden lg:block")}
    >
      {open && (
        <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-2">
          <h2 id="filters-title" className="text-lg font-bold">
            Filters
          </h2>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              button.current?.focus();
            }}
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100"
            aria-label="Close filters"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
      )}
      <div className={clsx(open && "flex-1 overflow-y-auto px-4")}>{children}</div>
      {open && (
        <div className="border-t border-neutral-200 bg-white p-3">
          <button
            type="button"
            onClick={showResults}
            className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand px-4 font-semibold text-brand-contrast"
            data-testid="show-results"
          >
            Show {total} {total === 1 ? "result" : "results"}
          </button>
        </div>
      )}
    </div>
  );
}
