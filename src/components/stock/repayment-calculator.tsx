"use client";

import dynamic from "next/dynamic";
import type { CalculatorProps } from "@/components/forms/finance-calculator";
import { useNear } from "@/client/use-near";
import type { EstimateProps } from "./drive-away";

type Props = Omit<CalculatorProps, "price" | "priceLabel"> & { price: number; vehicleSlug: string; estimate?: EstimateProps };

/** Until its code has come (or without script): the heading, and the calculator on the finance page, which works without script too. */
function Waiting({ vehicleSlug }: { vehicleSlug: string }) {
  return (
    <section className="mt-6 min-h-[26rem] rounded-lg bg-neutral-50 p-5" aria-label="Repayment calculator">
      <p className="text-lg font-bold">Repayment calculator</p>
      <p className="mt-3 text-neutral-800" role="status">
        Loading the calculator…{" "}
        <a href={`/finance?vehicle=${encodeURIComponent(vehicleSlug)}`} className="font-semibold text-brand underline">
          Open the finance page
        </a>
      </p>
    </section>
  );
}

const Plain = dynamic(() => import("@/components/forms/finance-calculator").then((m) => m.FinanceCalculator));
const OnEstimate = dynamic(() => import("./drive-away-calculator").then((m) => m.DriveAwayCalculator));

/**
 * A vehicle page's repayment calculator, below the fold: its code (the loan arithmetic, the
 * drive-away estimate's state) loads when the shopper scrolls near it or follows "Work out
 * repayments", so the first screen does not wait for it.
 */
export function RepaymentCalculator({ estimate, ...props }: Props) {
  const { ref, near } = useNear<HTMLDivElement>();
  return (
    <div ref={ref}>
      {!near ? <Waiting vehicleSlug={props.vehicleSlug} /> : estimate ? <OnEstimate {...estimate} {...props} /> : <Plain {...props} />}
    </div>
  );
}
