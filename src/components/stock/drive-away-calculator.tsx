"use client";

import { FinanceCalculator, type CalculatorProps } from "@/components/forms/finance-calculator";
import { useEstimate, type EstimateProps } from "./drive-away";

/** The calculator on the drive-away estimate for the shopper's chosen state. */
export function DriveAwayCalculator({ car, site, ...props }: EstimateProps & Omit<CalculatorProps, "price" | "priceLabel">) {
  const e = useEstimate({ car, site });
  return <FinanceCalculator {...props} price={e?.total ?? car.price} priceLabel={e ? `Est. drive-away price (${e.state})` : undefined} />;
}
