export type CarType = "new" | "used" | "demo";

export type StockGroupRow = { make: string; model: string; carType: string; bodyType?: string | null; count: number };

export type StockSummary = {
  count: number;
  makes: Array<{ make: string; count: number }>;
  /** keyed Make:Model (docs/features/search-and-vehicles.md) */
  models: Record<string, number>;
  car_types: Record<CarType, number>;
  /** listed stock per body type, most first (the home page's "shop by type") */
  bodies: Array<{ body: string; count: number }>;
};

/** Stock summary: count, makes, models with counts keyed Make:Model, car types used/new/demo. */
export function summarizeStock(rows: StockGroupRow[]): StockSummary {
  const makes = new Map<string, number>();
  const models = new Map<string, number>();
  const car_types: Record<CarType, number> = { new: 0, used: 0, demo: 0 };
  const bodies = new Map<string, number>();
  let count = 0;
  for (const r of rows) {
    if (r.count <= 0) continue;
    count += r.count;
    makes.set(r.make, (makes.get(r.make) ?? 0) + r.count);
    const key = `${r.make}:${r.model}`;
    models.set(key, (models.get(key) ?? 0) + r.count);
    if (r.carType === "new" || r.carType === "used" || r.carType === "demo") car_types[r.carType] += r.count;
    if (r.bodyType) bodies.set(r.bodyType, (bodies.get(r.bodyType) ?? 0) + r.count);
  }
  return {
    count,
    makes: [...makes].map(([make, c]) => ({ make, count: c })).sort((a, b) => b.count - a.count || a.make.localeCompare(b.make)),
    models: Object.fromEntries(models),
    car_types,
    bodies: [...bodies].map(([body, c]) => ({ body, count: c })).sort((a, b) => b.count - a.count || a.body.localeCompare(b.body)),
  };
}

/** "Car" → "Cars", "Trucks" → "Trucks", "RV" → "RVs". */
export function pluralNoun(noun: string): string {
  return /s$/i.test(noun) ? noun : `${noun}s`;
}

const CONDITIONS: readonly CarType[] = ["new", "demo", "used"];

/**
 * The conditions a site sells, by its listed stock (a used-only dealer sells only used cars):
 * home, menus and search headings name only these. With no stock at all, every condition.
 */
export function conditionsOnSale(carTypes: Record<CarType, number>, within: readonly CarType[] = CONDITIONS): CarType[] {
  const on = within.filter((t) => carTypes[t] > 0);
  return on.length ? on : [...within];
}
