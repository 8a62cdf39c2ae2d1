import "server-only";
import { demoValuation, type Valuation, type ValuationProviderName, type ValuationRequest } from "@/domain/lookups/valuation";
import { lookupProviderOf } from "@/domain/site/features";
import { env } from "@/server/base/env";
import type { SiteContext } from "@/server/site/context";
import { LookupUnavailableError, requestJson, type HttpOptions } from "./providers";
import { LRUCache } from "lru-cache";

/*
 * Trade-in valuations behind one interface, as the vehicle lookups are (providers.ts):
 * HTTPS adapters for AutoGrab's and Redbook's valuation services (4 s timeout, two more attempts
 * after a network error or a 5xx, none after a 4xx), used when the vendor's key is set, and
 * otherwise the local fake with the demo's market model (demoValuation). The vendors cannot be
 * reached from here: the adapters' request and answer shapes follow the vendors' public
 * descriptions and are tested against a local fake server; confirm them against each vendor's
 * sandbox before a site goes live.
 */

export interface ValuationProvider {
  readonly name: ValuationProviderName;
  /** the trade-in range, null when the vendor has no figure for the car; throws LookupUnavailableError when the service fails */
  value(req: ValuationRequest): Promise<{ low: number; high: number } | null>;
}

type AdapterOptions = HttpOptions & { base: string; apiKey: string };
const trim = (base: string) => base.replace(/\/+$/, "");
const dollars = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.round(v) : null);

/** A vendor's range as ours: both ends, low ≤ high, or no figure. */
function rangeOf(provider: string, low: unknown, high: unknown): { low: number; high: number } | null {
  const [l, h] = [dollars(low), dollars(high)];
  if (l === null && h === null) return null;
  if (l === null || h === null || l > h) throw new LookupUnavailableError(provider, null);
  return { low: l, high: h };
}

/** AutoGrab: POST /v2/valuations/predict {region, make, model, year, badge, kms, condition} → {prediction: {trade_low, trade_high}}. */
export class AutoGrabValuation implements ValuationProvider {
  readonly name = "autograb" as const;
  constructor(private readonly o: AdapterOptions) {}
  async value(r: ValuationRequest) {
    const body = (await requestJson(
      this.name,
      `${trim(this.o.base)}/v2/valuations/predict`,
      {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", authorization: `ApiKey ${this.o.apiKey}` },
        body: JSON.stringify({
          region: "au",
          make: r.make,
          model: r.model,
          year: r.year,
          badge: r.badge ?? null,
          kms: r.odometer,
          condition: r.condition.toLowerCase(),
        }),
      },
      this.o,
    )) as { prediction?: Record<string, unknown> } | null;
    return body?.prediction ? rangeOf(this.name, body.prediction.trade_low, body.prediction.trade_high) : null;
  }
}

/** Redbook: GET /v1/au/valuations?make=&model=&year=&badge=&odometer=&condition= with a bearer token → {tradeInLow, tradeInHigh}. */
export class RedbookValuation implements ValuationProvider {
  readonly name = "redbook" as const;
  constructor(private readonly o: AdapterOptions) {}
  async value(r: ValuationRequest) {
    const q = new URLSearchParams({
      make: r.make,
      model: r.model,
      year: String(r.year),
      ...(r.badge ? { badge: r.badge } : {}),
      odometer: String(r.odometer),
      condition: r.condition.toLowerCase(),
    });
    const body = (await requestJson(
      this.name,
      `${trim(this.o.base)}/v1/au/valuations?${q}`,
      { headers: { accept: "application/json", authorization: `Bearer ${this.o.apiKey}` } },
      this.o,
    )) as { tradeInLow?: unknown; tradeInHigh?: unknown } | null;
    return body ? rangeOf(this.name, body.tradeInLow, body.tradeInHigh) : null;
  }
}

/** The demo's figures (no vendor key): the market model of demoValuation, today's year from the clock. */
export class FakeValuation implements ValuationProvider {
  constructor(
    readonly name: ValuationProviderName,
    private readonly now: () => number = Date.now,
  ) {}
  async value(r: ValuationRequest) {
    return demoValuation(r, new Date(this.now()).getUTCFullYear());
  }
}

/**
 * The site's valuation provider, or null where it offers no figure: a site with a vehicle lookup and
 * the dealer's "Trade-in value" switch on. AutoGrab where the site uses it, else Redbook.
 */
export function siteValuationProvider(ctx: Pick<SiteContext, "features">, now: () => number = Date.now): ValuationProvider | null {
  if (!ctx.features.trade_in_valuation || !lookupProviderOf(ctx.features)) return null;
  const name: ValuationProviderName = ctx.features.autograb ? "autograb" : "redbook";
  const e = env();
  const key = name === "autograb" ? e.AUTOGRAB_API_KEY : e.REDBOOK_API_KEY;
  if (!key) return new FakeValuation(name, now);
  const o = { base: name === "autograb" ? e.AUTOGRAB_API_BASE : e.REDBOOK_API_BASE, apiKey: key };
  return name === "autograb" ? new AutoGrabValuation(o) : new RedbookValuation(o);
}

/** The same car asked again within the hour (the form, then its lead) is answered from here: a vendor charges per call. */
const CACHE_MS = 60 * 60_000;
const CACHE_MAX = 500;
const cache = new LRUCache<string, { at: number; value: { low: number; high: number } | null }>({ max: CACHE_MAX });

/** A range for the car, null for no figure; LookupUnavailableError when the vendor fails. */
export async function valueTradeIn(provider: ValuationProvider, r: ValuationRequest, now = Date.now()): Promise<Valuation | null> {
  const key = `${provider.name}|${JSON.stringify([r.make.toLowerCase(), r.model.toLowerCase(), r.year, r.badge ?? "", r.odometer, r.condition])}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value ? { ...hit.value, provider: provider.name } : null;
  const range = await provider.value(r);
  cache.set(key, { at: now, value: range }); // past CACHE_MAX the least recently used leaves
  return range ? { ...range, provider: provider.name } : null;
}
