export const ENQUIRE_FOR_PRICE = "Enquire for price.";

/** Prices are $ with thousands separators and no decimals; no price → 'Enquire for price.' */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return ENQUIRE_FOR_PRICE;
  const whole = Math.round(price);
  return `$${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** Counts with thousands separators (e.g. 1,525 reviews). */
export function formatCount(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count with its noun, singular for one: "1 location", "3 locations", "1,204 new matches". */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;
