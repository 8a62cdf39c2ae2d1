import { own } from "../own";
import { slugify } from "../format/slug";

/** SPEC §9: brand display names. */
const DISPLAY_NAMES: Record<string, string> = {
  "suzuki australia": "Suzuki",
  "mercedes benz": "Mercedes-Benz",
  skoda: "Škoda",
  ssangyong: "KGM",
};

export function brandDisplayName(name: string): string {
  const trimmed = name.trim();
  return own(DISPLAY_NAMES, trimmed.toLowerCase()) ?? trimmed;
}

/** URL slug of a brand page: /brands/{slug}; diacritics dropped (Škoda → skoda). */
export function brandSlug(name: string): string {
  return slugify(brandDisplayName(name));
}
