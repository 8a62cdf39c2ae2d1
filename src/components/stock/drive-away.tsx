"use client";

import { useId } from "react";
import { chooseDriveAwayState, useDriveAwayState } from "@/client/drive-away-state";
import { formatPrice } from "@/domain/format/price";
import {
  AU_STATES,
  estimateText,
  isAuState,
  siteEstimate,
  stateName,
  type DriveAwayCar,
  type DriveAwaySite,
} from "@/domain/pricing/drive-away";
import { cardRepayment, type FinanceSettings } from "@/domain/site/finance";

/*
 * The drive-away estimate of a car priced Excl. Govt. Charges on its page (docs/features/finance.md):
 * the line under the price opening to its parts and sources, with the shopper's state to choose; the
 * repayment and the calculator on the same page follow the chosen state.
 */

export type EstimateCar = DriveAwayCar & { priceType: string | null };
export type EstimateProps = { car: EstimateCar; site: DriveAwaySite };
type Props = EstimateProps;

export const useEstimate = ({ car, site }: Props) => siteEstimate(car, site, useDriveAwayState(site.state));

// one formatter for every render: toLocaleDateString builds a new one on each call, which cost a
// vehicle page about 0.3 ms of its server render (a twentieth of its own part of the page)
const DATE = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dateText = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));

export function DriveAwayEstimate(props: Props) {
  const id = useId();
  const e = useEstimate(props);
  if (!e) return null;
  return (
    <details className="mt-1 text-sm text-neutral-800" data-testid="drive-away">
      <summary className="cursor-pointer font-semibold">
        <span data-testid="drive-away-total">{estimateText(e)}</span> <span className="font-normal text-neutral-700">estimate</span>
      </summary>
      <div className="mt-2 rounded-md bg-neutral-50 p-3">
        <label htmlFor={`${id}-state`} className="font-semibold">
          Your state
        </label>
        <select
          id={`${id}-state`}
          className="ml-2 min-h-11 rounded-md border border-neutral-400 bg-white px-2"
          value={e.state}
          onChange={(ev) => isAuState(ev.target.value) && chooseDriveAwayState(ev.target.value)}
        >
          {AU_STATES.map((s) => (
            <option key={s} value={s}>
              {stateName(s)}
            </option>
          ))}
        </select>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="drive-away-parts">
          {e.parts.map((p) => (
            <div key={p.label} className="contents">
              <dt>{p.label}</dt>
              <dd className="text-right tabular-nums">{p.amount > 0 ? formatPrice(p.amount) : "$0"}</dd>
            </div>
          ))}
          <dt className="border-t border-neutral-300 pt-1 font-bold">Estimated drive-away</dt>
          <dd className="border-t border-neutral-300 pt-1 text-right font-bold tabular-nums">{formatPrice(e.total)}</dd>
        </dl>
        <p className="mt-2 text-xs text-neutral-700" data-testid="drive-away-source">
          An estimate for a new car registered for private use in the {stateName(e.state)} metro area, with the dealer&apos;s delivery; your
          final price may differ. Government charges from{" "}
          {e.sources.map((s, i) => (
            <span key={s.url}>
              {i > 0 ? " and " : ""}
              <a href={s.url} className="underline" rel="noopener noreferrer" target="_blank">
                {s.name}
              </a>
            </span>
          ))}
          , as at {dateText(e.taken)}.
        </p>
      </div>
    </details>
  );
}

/** The repayment under the price, on the estimate for the chosen state. */
export function DriveAwayRepayment({ terms, sold, ...props }: Props & { terms: FinanceSettings; sold: boolean }) {
  const e = useEstimate(props);
  return <>{cardRepayment(e?.total ?? props.car.price, sold, terms)}</>;
}
