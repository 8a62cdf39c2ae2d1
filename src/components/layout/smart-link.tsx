import type { ComponentProps } from "react";
import { opensElsewhere } from "@/domain/site/links";

/**
 * tel:, mailto:, maps and off-site links open directly (off-site ones in a new tab); a site path is a
 * plain anchor too, which the site's one LinkNavigation island navigates on the client.
 */
export function SmartLink({ href, ...rest }: Omit<ComponentProps<"a">, "href"> & { href: string }) {
  return <a href={href} {...(opensElsewhere(href) ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest} />;
}
