import { own } from "../own";
import { storedImageSrc } from "../format/image";
import { slugify } from "../format/slug";

/** Brand display names. */
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

/**
 * The platform's brand emblems (a manufacturer logo library, drawn locally for the demo): a brand
 * whose slug is here has a logo at `/photos/brand/{slug}.svg`. Name and colour of each.
 */
export const BRAND_EMBLEMS: Record<string, { name: string; colour: string }> = {
  suzuki: { name: "Suzuki", colour: "#d0021b" },
  mazda: { name: "Mazda", colour: "#1d1d1f" },
  "mercedes-benz": { name: "Mercedes-Benz", colour: "#33383d" },
  skoda: { name: "Škoda", colour: "#0e3a2f" },
  kgm: { name: "KGM", colour: "#c4122f" },
  yamaha: { name: "Yamaha", colour: "#5a2d82" },
  kawasaki: { name: "Kawasaki", colour: "#2f7a22" },
  jayco: { name: "Jayco", colour: "#0b5ea8" },
  winnebago: { name: "Winnebago", colour: "#2b5f8c" },
  isuzu: { name: "Isuzu", colour: "#b01e23" },
  hino: { name: "Hino", colour: "#a50d24" },
  "thor-motor-coach": { name: "Thor Motor Coach", colour: "#7a1e1e" },
  airstream: { name: "Airstream", colour: "#4f5a62" },
  kia: { name: "Kia", colour: "#05141f" },
  hyundai: { name: "Hyundai", colour: "#002c5f" },
  toyota: { name: "Toyota", colour: "#c00a1a" },
  ford: { name: "Ford", colour: "#003478" },
};

/** A brand's logo: the dealer's own (the dealership's logo in the site record), else the platform's emblem, else none. */
export function brandLogo(slug: string, dealershipLogo: string | null | undefined): string | null {
  return storedImageSrc(dealershipLogo) ?? (own(BRAND_EMBLEMS, slug) ? `/photos/brand/${slug}.svg` : null);
}
