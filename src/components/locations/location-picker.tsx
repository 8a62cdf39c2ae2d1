"use client";

import { useRouter } from "next/navigation";

/** A location picker, offered only when there is more than one dealership or location. */
export function LocationPicker({ locations, current }: { locations: Array<{ slug: string; name: string }>; current?: string }) {
  const router = useRouter();
  if (locations.length < 2) return null;
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold sm:flex-row sm:items-center sm:gap-2">
      Choose a location
      <select
        value={current ?? ""}
        onChange={(e) => e.target.value && router.push(`/our-location/${e.target.value}`)}
        className="min-h-11 rounded-md border border-neutral-300 bg-white px-3 font-normal"
        data-testid="location-picker"
      >
        <option value="">All locations</option>
        {locations.map((l) => (
          <option key={l.slug} value={l.slug}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
