import { z } from "zod";

/** SPEC §3 Favourite car (stored locally): id, name, slug, make, model, primary_image_url. */
export const FavouriteCarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().min(1),
  make: z.string(),
  model: z.string(),
  primary_image_url: z.string().nullable(),
});
export type FavouriteCar = z.infer<typeof FavouriteCarSchema>;

export const FAVOURITES_KEY = "favourite_cars";
export const MAX_FAVOURITES = 100;

/** Corrupt or foreign storage is ignored, never fatal: bad entries are dropped, not the list. */
export function parseFavourites(raw: string | null | undefined): FavouriteCar[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<number>();
  const out: FavouriteCar[] = [];
  for (const item of data) {
    const r = FavouriteCarSchema.safeParse(item);
    if (r.success && !seen.has(r.data.id)) {
      seen.add(r.data.id);
      out.push(r.data);
    }
  }
  return out.slice(0, MAX_FAVOURITES);
}

export const isFavourite = (list: FavouriteCar[], id: number) => list.some((c) => c.id === id);

/** SPEC §4: the toggle adds the car if absent and removes it if present. */
export function toggleFavourite(list: FavouriteCar[], car: FavouriteCar): FavouriteCar[] {
  return isFavourite(list, car.id) ? list.filter((c) => c.id !== car.id) : [car, ...list].slice(0, MAX_FAVOURITES);
}
