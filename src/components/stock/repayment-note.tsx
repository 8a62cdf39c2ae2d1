import { clsx } from "clsx";

/**
 * What the asterisk of a repayment means: the site's terms in its market's words, once
 * on every page that shows a repayment (the caller passes null where none is shown).
 */
export function RepaymentNote({ note, className }: { note: string | null; className?: string }) {
  if (!note) return null;
  return (
    <p id="repayment-note" data-testid="repayment-note" className={clsx("text-xs leading-relaxed text-neutral-700", className)}>
      {note}
    </p>
  );
}
