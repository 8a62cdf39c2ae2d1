"use client";

import { useSyncExternalStore } from "react";
import type { FinanceQuoteInput } from "@/domain/leads/finance-quote";

/*
 * The figures of the repayment calculator on a finance page, handed to the finance form beside it
 *: the lead carries what the shopper worked out. Null until the shopper changes a figure
 * or arrives with a car's figures ("Apply for finance").
 */
let quote: FinanceQuoteInput | null = null;
const listeners = new Set<() => void>();

export function setFinanceQuote(next: FinanceQuoteInput | null) {
  quote = next;
  listeners.forEach((l) => l());
}

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => void listeners.delete(cb);
};

export const useFinanceQuote = (): FinanceQuoteInput | null =>
  useSyncExternalStore(
    subscribe,
    () => quote,
    () => null,
  );
