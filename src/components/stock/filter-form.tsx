"use client";

import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useMemo, useRef, useTransition } from "react";
import { landingHref } from "@/domain/stock/landing";
import { clsx } from "clsx";
import { filtersHtml, type FiltersView } from "./filters-html";

/** Where the shopper was in the form: the focused field (by name, and value for a checkbox) and the open "Show all" lists (by legend). */
type Place = { focus: { name: string; value: string | null } | null; open: string[] };

function placeIn(form: HTMLFormElement): Place {
  const el = document.activeElement;
  const field = el instanceof HTMLInputElement && form.contains(el) ? el : null;
  return {
    focus: field ? { name: field.name, value: field.type === "checkbox" ? field.value : null } : null,
    open: [...form.querySelectorAll("details[open]")].map((d) => d.closest("fieldset")?.querySelector("legend")?.textContent ?? ""),
  };
}

/**
 * The place when the form last navigated, kept outside the component: a landing page (one make) is
 * another route, where the form is a new one.
 */
let lastNavigation: { id: string; at: number; place: Place } | null = null;
const RESTORE_WITHIN_MS = 10_000;

function restore(form: HTMLFormElement, place: Place) {
  for (const d of form.querySelectorAll("details"))
    if (place.open.includes(d.closest("fieldset")?.querySelector("legend")?.textContent ?? "")) d.open = true;
  if (!place.focus || form.contains(document.activeElement)) return;
  const fields = [...form.querySelectorAll<HTMLInputElement>("input")].filter((i) => i.name === place.focus!.name);
  (fields.find((i) => place.focus!.value === null || i.value === place.focus!.value) ?? null)?.focus();
}

/**
 * A plain GET form (works without JavaScript) that, with JavaScript, navigates as soon as a
 * checkbox or select changes, and when a number field is committed (Enter or leaving the field).
 * Its fields are HTML text drawn from SearchFilters' view (filters-html.ts): when the next page's
 * filters replace them, the field the shopper was on keeps the focus and an open "Show all" list
 * stays open.
 */
export function FilterForm({ action, view, id }: { action: string; view: FiltersView; id: string }) {
  const router = useRouter();
  const html = useMemo(() => filtersHtml(view), [view]);
  const ref = useRef<HTMLFormElement>(null);
  const place = useRef<Place>({ focus: null, open: [] });
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const form = ref.current!;
    const go = () => {
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === "string" && v.trim() !== "" && k !== "page") params.append(k, v.trim());
      place.current = placeIn(form);
      lastNavigation = { id, at: Date.now(), place: place.current };
      // one make (and model) or one body lands on its landing page (search slugs)
      startTransition(() => router.push(landingHref(action, params), { scroll: false }));
    };
    const onSubmit = (e: Event) => {
      e.preventDefault();
      go();
    };
    // where the shopper is, kept as it changes; focus that moves out of the form (to a chip, a page link) is theirs to keep
    const note = () => (place.current = placeIn(form));
    const left = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !form.contains(e.relatedTarget)) place.current = { ...place.current, focus: null };
    };
    form.addEventListener("change", go); // native change: checkboxes at once, number fields on commit
    form.addEventListener("submit", onSubmit);
    form.addEventListener("focusin", note);
    form.addEventListener("toggle", note, true); // <details> toggles do not bubble
    form.addEventListener("focusout", left);
    form.dataset.live = ""; // its fields take changes from now on (tests wait for this)
    return () => {
      form.removeEventListener("change", go);
      form.removeEventListener("submit", onSubmit);
      form.removeEventListener("focusin", note);
      form.removeEventListener("toggle", note, true);
      form.removeEventListener("focusout", left);
    };
  }, [action, id, router]);

  // the fields were drawn again: back to where the shopper was
  useLayoutEffect(() => {
    const last = lastNavigation;
    lastNavigation = null;
    restore(ref.current!, last && last.id === id && Date.now() - last.at < RESTORE_WITHIN_MS ? last.place : place.current);
  }, [html, id]);

  return (
    <form
      ref={ref}
      id={id}
      method="get"
      action={action}
      aria-busy={pending}
      data-pending={pending || undefined}
      className="group"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The sort order: on a phone a compact box (its label for screen readers), beside Filters and Near me. */
export function SortSelect({
  options,
  value,
  label,
  className,
}: {
  options: Array<{ id: string; label: string; href: string }>;
  value: string;
  label: string;
  className?: string;
}) {
  const router = useRouter();
  return (
    <label className={clsx("flex items-center gap-2 text-sm font-semibold", className)}>
      <span className="max-lg:sr-only">{label}</span>
      <select
        name="sort"
        value={value}
        onChange={(e) => router.push(options.find((o) => o.id === e.target.value)!.href, { scroll: false })}
        className="min-h-11 min-w-0 rounded-md border border-neutral-300 bg-white px-2 font-normal max-lg:max-w-44 lg:px-3"
      >
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
