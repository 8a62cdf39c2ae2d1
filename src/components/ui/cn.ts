import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Class names with Tailwind conflicts resolved (a caller's `py-16` replaces a default `py-8`): for
 * server components only. tailwind-merge is 8 KB of script gzipped, so a component that reaches the
 * browser (a client component, or one a client component renders) uses `clsx` and gives no class a
 * caller must override (a default it may override is a component class in globals.css, which any
 * utility beats).
 */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
