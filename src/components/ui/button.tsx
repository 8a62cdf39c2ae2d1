import { cva, type VariantProps } from "class-variance-authority";

/** shadcn-style button classes; used on <a>, <Link> and <button>. */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 min-h-11 px-4 text-sm",
  {
    variants: {
      variant: {
        primary: "bg-brand text-brand-contrast hover:bg-brand-dark",
        accent: "bg-accent-dark text-accent-contrast hover:opacity-90",
        outline: "border border-brand text-brand bg-white hover:bg-neutral-50",
        ghost: "text-brand hover:bg-neutral-100",
      },
      size: { sm: "min-h-9 px-3 text-sm", md: "", lg: "min-h-12 px-6 text-base" },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);
export type ButtonVariants = VariantProps<typeof buttonVariants>;
