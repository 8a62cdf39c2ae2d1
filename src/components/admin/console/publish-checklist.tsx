import type { ChecklistItem } from "@/domain/platform/site-record";

/**
 * The publish checklist as the platform API answers it, in its order: each item done or not, and where
 * a missing one is fixed. Only the items that block publishing are marked so; the rest are advice.
 */
export function PublishChecklist({ items }: { items: ChecklistItem[] }) {
  return (
    <ul className="mb-4 space-y-2" data-testid="checklist">
      {items.map((c) => (
        <li key={c.key} className="flex items-start gap-2" data-done={c.done} data-key={c.key}>
          <span aria-hidden className={c.done ? "text-green-700" : c.blocks ? "text-red-700" : "text-amber-700"}>
            {c.done ? "✓" : c.blocks ? "✗" : "!"}
          </span>
          <span>
            {c.label}
            <span className="sr-only">{c.done ? ": done" : ": missing"}</span>
            {!c.done && (
              <span className="ml-1 text-sm text-neutral-700">
                {c.blocks ? "(needed to publish)" : "(advice: publishing is not held back)"}
              </span>
            )}
            {!c.done && (
              <a href={c.fix.href} className="ml-2 whitespace-nowrap text-sm font-semibold text-blue-800 underline">
                {c.fix.label}
              </a>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
