/** Favourite car (stored locally): id, name, slug, make, model, primary_image_url. */
export type FavouriteCar = { id: number; name: string; slug: string; make: string; model: string; primary_image_url: string | null };

/**
 * A stored entry is a favourite car when it has exactly these kinds of values. Checked by hand, not
 * with zod: this runs on every search and vehicle page, and zod would add ~100 KB of script there.
 */
function toFavouriteCar(v: unknown): FavouriteCar | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const str = (k: string) => typeof o[k] === "string";
  if (!Number.isInteger(o.id) || !str("name") || !str("slug") || !(o.slug as string).length || !str("make") || !str("model")) return null;
  if (!(o.primary_image_url === null || str("primary_image_url"))) return null;
  return {
    id: o.id as number,
    name: o.name as string,
    slug: o.slug as string,
    make: o.make as string,
    model: o.model as string,
    primary_image_url: o.primary_image_url as string | null,
  };
}

export const FAVOURITES_KEY = "favourite_cars";
export const MAX_FAVOURITES = 100;

/** A list kept in the browser's storage as JSON: its entries, or none when it is missing, corrupt or not a list. */
export function storedList(raw: string | null | undefined): unknown[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/** Corrupt or foreign storage is ignored, never fatal: bad entries are dropped, not the list. */
export function parseFavourites(raw: string | null | undefined): FavouriteCar[] {
  const data = storedList(raw);
  const seen = new Set<number>();
  const out: FavouriteCar[] = [];
  for (const item of data) {
    const car = toFavouriteCar(item);
    if (car && !seen.has(car.id)) {
      seen.add(car.id);
      out.push(car);
    }
  }
  return out.slice(0, MAX_FAVOURITES);
}

export const isFavourite = (list: FavouriteCar[], id: number) => list.some((c) => c.id === id);

/** The toggle adds the car if absent and removes it if present. */
export function toggleFavourite(list: FavouriteCar[], car: FavouriteCar): FavouriteCar[] {
  return isFavourite(list, car.id) ? list.filter((c) => c.id !== car.id) : [car, ...list].slice(0, MAX_FAVOURITES);
}

export const IDS_MESSAGE = `Give up to ${MAX_FAVOURITES} vehicle ids, separated by commas.`;

/** `?ids=12,34` of the saved-vehicles API: 1 to MAX_FAVOURITES positive whole numbers, duplicates once. */
export function parseVehicleIds(raw: string | null): number[] | null {
  if (!raw || raw.length > MAX_FAVOURITES * 11) return null;
  const parts = raw.split(",");
  if (parts.length > MAX_FAVOURITES || !parts.every((p) => /^[1-9]\d{0,9}$/.test(p))) return null;
  const ids = [...new Set(parts.map(Number))];
  return ids.every((n) => n <= 2_147_483_647) ? ids : null;
}
