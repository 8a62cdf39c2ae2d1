import { ChevronLeft, ChevronRight } from "@/components/ui/icons";
import { clsx } from "clsx";

/** A carousel's previous/next control: a 44 px round button, disabled at its end, named for what it moves. */
export function CarouselButton({
  direction,
  label,
  disabled,
  onClick,
  className,
}: {
  direction: "prev" | "next";
  label: string;
  disabled: boolean;
  onClick: () => void;
  className?: string;
}) {
  const Icon = direction === "prev" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx("inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40", className)}
    >
      <Icon aria-hidden />
    </button>
  );
}
