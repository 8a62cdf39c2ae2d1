import Link from "next/link";
import type { ComponentProps } from "react";
import { isDirectLink } from "@/domain/site/links";

/** tel:, mailto:, maps and off-site links open directly (plain anchor); site paths use client navigation. */
export function SmartLink({ href, ...rest }: Omit<ComponentProps<"a">, "href"> & { href: string }) {
  if (isDirectLink(href)) {
    const external = /^https?:/i.test(href);
    return <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest} />;
  }
  return <Link href={href} {...rest} />;
}
