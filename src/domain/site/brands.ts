import { own } from "../own";

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
  return brandDisplayName(name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
