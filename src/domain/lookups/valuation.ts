import "../zod-config";
import { z } from "zod";
import { formatPrice } from "../format/price";
import { cleanText } from "../leads/form-schema";
import { CONDITIONS, conditionField } from "./lookup";

/*
 * After the rego lookup, odometer and condition, the shopper sees an
 * indicative price range from a valuation provider (src/server/lookups/valuation.ts). The request
 * is checked here, by the route and by the lead alike; the demo's figures come from `demoValuation`,
 * a believable market model by make, model, year, odometer and condition.
 */

export const VALUATION_MSG = {
  unavailable: "We couldn’t work out a value right now. Send your details and we’ll be in touch with a price.",
  none: "We’ll be in touch with a price once we’ve seen your vehicle’s details.",
} as const;

export const ValuationRequestSchema = z
  .object({
    make: cleanText(60).trim().min(1, "Please check the vehicle."),
    model: cleanText(60).trim().min(1, "Please check the vehicle."),
    year: z
      .number({ error: "Please check the vehicle." })
      .int()
      .min(1950, "Please check the vehicle.")
      .max(2100, "Please check the vehicle."),
    badge: cleanText(80).optional(),
    odometer: z
      .number({ error: "Please enter the odometer reading in km." })
      .int()
      .min(0)
      .max(2_000_000, "Please enter the odometer reading in km."),
    condition: conditionField("Please choose the vehicle’s condition."),
  })
  .strict();
export type ValuationRequest = z.infer<typeof ValuationRequestSchema>;

export type ValuationProviderName = "autograb" | "redbook";
/** An indicative trade-in range, whole dollars. */
export type Valuation = { low: number; high: number; provider: ValuationProviderName };

/** "$18,500 – $21,000". */
export const valuationRange = (v: Pick<Valuation, "low" | "high">): string => `${formatPrice(v.low)} – ${formatPrice(v.high)}`;

/** What a new car of the make costs, roughly (AUD): where the demo model starts. */
const NEW_PRICE: Record<string, number> = {
  toyota: 42_000,
  mazda: 40_000,
  ford: 52_000,
  kia: 38_000,
  hyundai: 37_000,
  suzuki: 27_000,
  skoda: 45_000,
  volkswagen: 45_000,
  subaru: 42_000,
  mitsubishi: 38_000,
  nissan: 42_000,
  honda: 40_000,
  isuzu: 70_000,
  kgm: 48_000,
  "mercedes-benz": 85_000,
  bmw: 85_000,
  audi: 80_000,
  tesla: 70_000,
  yamaha: 18_000,
  jayco: 70_000,
};
const CONDITION_FACTOR: Record<(typeof CONDITIONS)[number], number> = { Excellent: 1.06, Good: 1, Fair: 0.88, Poor: 0.72 };
const KM_PER_YEAR = 15_000;

/**
 * The demo's valuation (the local fake provider): a new price by make, less 15% in the first year
 * and 10% a year after (never below 12% of new), 6% for every 10,000 km over (or back under) a
 * typical 15,000 km a year (within ±30%), times the condition; a ±6% range rounded to $100. Utes and
 * 4x4s by model name hold value better (+8%).
 */
export function demoValuation(r: ValuationRequest, currentYear: number): { low: number; high: number } {
  const base = NEW_PRICE[r.make.trim().toLowerCase()] ?? 40_000;
  const age = Math.max(0, currentYear - r.year);
  const kept = age === 0 ? 1 : Math.max(0.12, 0.85 * 0.9 ** (age - 1));
  const expectedKm = Math.max(1, age) * KM_PER_YEAR;
  const kmFactor = Math.min(1.3, Math.max(0.7, 1 - (0.06 * (r.odometer - expectedKm)) / 10_000));
  const strong = /ranger|hilux|d-max|landcruiser|land cruiser|prado|bt-50|navara|triton|4x4/i.test(`${r.model} ${r.badge ?? ""}`)
    ? 1.08
    : 1;
  const mid = base * kept * kmFactor * CONDITION_FACTOR[r.condition] * strong;
  const round = (n: number) => Math.max(500, Math.round(n / 100) * 100);
  return { low: round(mid * 0.94), high: round(mid * 1.06) };
}
