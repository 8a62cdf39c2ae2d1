"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition, type ReactNode } from "react";
import { landingHref } from "@/domain/stock/landing";

/**
 * A plain GET form (works without JavaScript) that, with JavaScript, navigates as soon as a
 * checkbox or select changes, and when a number field is committed (Enter or leaving the field).
 */
export function FilterForm({ action, children, id }: { action: string; children: ReactNode; id: string }) {
  const router = useRouter();
  const ref = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const form = ref.current!;
    const go = () => {
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === "string" && v.trim() !== "" && k !== "page") params.append(k, v.trim());
      // one make (and model) or one body lands on its landing page (SPEC §7 search slugs)
      startTransition(() => router.push(landingHref(action, params), { scroll: false }));
    };
    const onSubmit = (e: Event) => {
      e.preventDefault();
      go();
    };
    form.addEventListener("change", go); // native change: checkboxes at once, number fields on commit
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("change", go);
      form.removeEventListener("submit", onSubmit);
    };
  }, [action, router]);

  return (
    <form ref={ref} id={id} method="get" action={action} aria-busy={pending} data-pending={pending || undefined} className="group">
      {children}
    </form>
  );
}

export function SortSelect({
  options,
  value,
  label,
}: {
  options: Array<{ id: string; label: string; href: string }>;
  value: string;
  label: string;
}) {
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      {label}
      <select
        name="sort"
        value={value}
        onChange={(e) => router.push(options.find((o) => o.id === e.target.value)!.href, { scroll: false })}
        className="min-h-11 rounded-md border border-neutral-300 bg-white px-3 font-normal"
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
