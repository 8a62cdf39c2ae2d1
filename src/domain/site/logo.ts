import { storedImageSrc } from "../format/image";
import type { SiteLogo } from "./types";

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
