import data from "./data/catalogue.json" with { type: "json" };

/** A small, realistic AU-market catalogue for demo stock (data/catalogue.json). Prices are new prices in AUD. */
export type ModelSpec = {
  model: string;
  body: string;
  badges: string[];
  price: [number, number];
  fuel?: string[];
  seats?: number;
  doors?: number;
  drive?: string[];
  transmission?: string[];
  /** campers and caravans: sleeps, ATM and tare (kg), length (mm); a truck's GVM is kept as its atmKg */
  berths?: number;
  atmKg?: number;
  tareKg?: number;
  lengthMm?: number;
};

/** A model as JSON has it: its price range a plain array. */
type StoredSpec = Omit<ModelSpec, "price"> & { price: number[] };

export const CATALOGUE: Record<string, ModelSpec[]> = Object.fromEntries(
  Object.entries(data.models as Record<string, StoredSpec[]>).map(([make, models]) => [
    make,
    models.map((m) => ({ ...m, price: [m.price[0]!, m.price[1]!] as [number, number] })),
  ]),
);

export const COLOURS: Array<{ name: string; hex: string }> = data.colours;
