import type { ComponentProps } from "react";
import { cn } from "./cn";

/*
 * The page primitives every tenant page reuses: the centred column, the page heading and the bordered
 * panel a form or card sits in. One look, changed in one place.
 */
const WIDTH = { wide: "max-w-7xl", text: "max-w-3xl", narrow: "max-w-2xl" } as const;

/** The centred page column: `wide` for lists and grids, `text` for forms, `narrow` for short messages. */
export function PageSection({ width = "wide", className, ...rest }: ComponentProps<"div"> & { width?: keyof typeof WIDTH }) {
  return <div className={cn("mx-auto px-4 py-8", WIDTH[width], className)} {...rest} />;
}

/** The page's one h1. */
export function PageTitle({ className, ...rest }: ComponentProps<"h1">) {
  return <h1 className={cn("text-2xl font-extrabold md:text-3xl", className)} {...rest} />;
}

/** A bordered panel (a form, a card's details). */
export function Panel({ className, ...rest }: ComponentProps<"div">) {
  return <div className={cn("rounded-lg border border-neutral-200 p-5", className)} {...rest} />;
}
