import { storedImageSrc } from "../format/image";
import { contrastRatio, GRAPHIC_CONTRAST } from "./colour";
import type { LogoPlate, SiteLogo } from "./types";

/**
 * logo {url, thumb, banner}: the full logo where there is room (the header from a tablet up)
 * and the thumb where a small one is shown (the phone's header, the chat, the browser tab's icon),
 * each falling back to the other; only a path on the site or an https address is used.
 */
export function siteLogo(logo: SiteLogo): { full: string | null; small: string | null } {
  const url = storedImageSrc(logo.url);
  const thumb = storedImageSrc(logo.thumb);
  return { full: url ?? thumb, small: thumb ?? url };
}

/** The backing colour of each plate (the storefront header draws the same: bg-white, bg-neutral-900). */
export const PLATE_COLOURS: Record<LogoPlate, string> = { light: "#ffffff", dark: "#171717" };

/** How a site's logo reads on its header: the lowest contrast of its logos' colours against the header, and the plate that would make it read. */
export type LogoOnHeader = {
  /** it reads: every logo's colour reaches 3:1 on the header, carries its own background, or a plate is chosen */
  reads: boolean;
  /** the lowest measured contrast (null: no logo, none measured, or each carries its own background) */
  ratio: number | null;
  /** not measured (a logo given as an address rather than uploaded): only a plate makes it sure */
  unknown: boolean;
  /** the plate on which the logos' colours contrast most */
  plate: LogoPlate;
};

/**
 * Whether the logo reads on a header of colour `header` (WCAG 1.4.11: 3:1 for a graphic). The
 * header shows the full logo from a tablet up and the small one on a phone, so both count.
 */
export function logoOnHeader(logo: SiteLogo, header: string): LogoOnHeader {
  const slots = (["url", "thumb"] as const).filter((s) => logo[s]);
  const inks = slots.map((s) => logo.ink?.[s]);
  const measured = inks.filter((c): c is string => typeof c === "string");
  const unknown = inks.some((c) => c === undefined);
  const lowest = (bg: string) => (measured.length ? Math.min(...measured.map((c) => contrastRatio(c, bg))) : null);
  const ratio = lowest(header);
  const plate: LogoPlate = (lowest(PLATE_COLOURS.light) ?? 21) >= (lowest(PLATE_COLOURS.dark) ?? 21) ? "light" : "dark";
  // on a plate the logo is seen against the plate, not the header (an unmeasured logo is trusted to its plate)
  const against = logo.plate ? lowest(PLATE_COLOURS[logo.plate]) : ratio;
  const reads = slots.length > 0 && (logo.plate ? true : !unknown) && (against === null || against >= GRAPHIC_CONTRAST);
  return { reads, ratio, unknown, plate };
}
