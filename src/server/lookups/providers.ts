import "server-only";
import { env } from "@/server/base/env";
import { lookupProviderOf } from "@/domain/site/features";
import type { SiteFeatureFlags } from "@/domain/site/types";
import { LookupVehicleSchema, type LookupProviderName, type LookupRequest, type LookupVehicle } from "@/domain/lookups/lookup";

/**
 * Vehicle lookups behind one interface. The real adapters are HTTPS clients for NEVDIS,
 * AutoGrab and Redbook (timeout, two more attempts on network errors and 5xx, never on 4xx); the
 * vendors cannot be reached from here, so a provider without its API key is the local fake with
 * the demo regos (docs/features/vehicle-lookups.md). The adapters' request and answer shapes follow the
 * vendors' public descriptions and are checked against a local fake server in tests; confirm them
 * against each vendor's sandbox before switching a site live.
 */

export interface VehicleLookupProvider {
  readonly name: LookupProviderName;
  /** the vehicle, null when the registry has no such rego; throws LookupUnavailableError when the service fails */
  lookup(req: LookupRequest): Promise<LookupVehicle | null>;
}

export class LookupUnavailableError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | null,
  ) {
    super(`${provider} lookup unavailable${status ? ` (${status})` : ""}`);
  }
}

export type HttpOptions = { timeoutMs?: number; retries?: number; backoffMs?: number; fetch?: typeof fetch };

/**
 * One JSON request with retries: up to `retries` more attempts (default 2) with backoff
 * after a network error, a timeout or a 5xx; a 4xx is the answer. 404 → null.
 */
export async function requestJson(provider: string, url: string, init: RequestInit, opts: HttpOptions = {}): Promise<unknown> {
  const retries = opts.retries ?? 2;
  let status: number | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, (opts.backoffMs ?? 200) * 2 ** (attempt - 1)));
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? 4000) });
    } catch {
      status = null;
      continue; // network error or timeout: try again
    }
    status = res.status;
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new LookupUnavailableError(provider, res.status); // our key or request is wrong: no retry
    }
    try {
      return await res.json();
    } catch {
      throw new LookupUnavailableError(provider, res.status);
    }
  }
  throw new LookupUnavailableError(provider, status);
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && /^\d{4}$/.test(v.trim()) ? Number(v) : NaN);

/** A vendor's answer as our vehicle; an answer that does not make sense is a failed lookup, not a car. */
function vehicleOf(provider: string, v: Record<string, unknown>): LookupVehicle {
  const vin = str(v.vin)?.toUpperCase() ?? null;
  const parsed = LookupVehicleSchema.safeParse({
    make: str(v.make),
    model: str(v.model),
    year: num(v.year),
    vin: vin && /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) ? vin : null,
    badge: str(v.badge),
    body: str(v.body),
    colour: str(v.colour),
  });
  if (!parsed.success) throw new LookupUnavailableError(provider, null);
  return parsed.data;
}

type AdapterOptions = HttpOptions & { base: string; apiKey: string };
const trim = (base: string) => base.replace(/\/+$/, "");

/** NEVDIS (the national registry's vehicle data): GET /v1/vehicles?plate=&state= with x-api-key. */
export class NevdisProvider implements VehicleLookupProvider {
  readonly name = "nevdis" as const;
  constructor(private readonly o: AdapterOptions) {}
  async lookup(req: LookupRequest) {
    const url = `${trim(this.o.base)}/v1/vehicles?plate=${encodeURIComponent(req.rego)}&state=${req.state.toUpperCase()}`;
    const body = (await requestJson(this.name, url, { headers: { accept: "application/json", "x-api-key": this.o.apiKey } }, this.o)) as {
      vehicle?: Record<string, unknown>;
    } | null;
    if (!body?.vehicle) return null;
    const v = body.vehicle;
    return vehicleOf(this.name, {
      make: v.make,
      model: v.model,
      year: v.year_of_manufacture,
      vin: v.vin,
      badge: v.variant,
      body: v.body_type,
      colour: v.colour,
    });
  }
}

/** AutoGrab: POST /v2/vehicles/registration_lookup {region, rego, state} with an ApiKey header. */
export class AutoGrabProvider implements VehicleLookupProvider {
  readonly name = "autograb" as const;
  constructor(private readonly o: AdapterOptions) {}
  async lookup(req: LookupRequest) {
    const body = (await requestJson(
      this.name,
      `${trim(this.o.base)}/v2/vehicles/registration_lookup`,
      {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", authorization: `ApiKey ${this.o.apiKey}` },
        body: JSON.stringify({ region: "au", rego: req.rego, state: req.state.toUpperCase() }),
      },
      this.o,
    )) as { vehicle?: Record<string, unknown> } | null;
    if (!body?.vehicle) return null;
    const v = body.vehicle;
    return vehicleOf(this.name, {
      make: v.make,
      model: v.model,
      year: v.year,
      vin: v.vin,
      badge: v.badge,
      body: v.body_type,
      colour: v.colour,
    });
  }
}

/** Redbook: GET /v1/au/vehicles/rego/{state}/{rego} with a bearer token; the first result. */
export class RedbookProvider implements VehicleLookupProvider {
  readonly name = "redbook" as const;
  constructor(private readonly o: AdapterOptions) {}
  async lookup(req: LookupRequest) {
    const url = `${trim(this.o.base)}/v1/au/vehicles/rego/${req.state}/${encodeURIComponent(req.rego)}`;
    const body = (await requestJson(
      this.name,
      url,
      { headers: { accept: "application/json", authorization: `Bearer ${this.o.apiKey}` } },
      this.o,
    )) as {
      results?: Array<Record<string, unknown>>;
    } | null;
    const v = body?.results?.[0];
    if (!v) return null;
    return vehicleOf(this.name, {
      make: v.makeDescription,
      model: v.familyDescription,
      year: v.yearGroup,
      vin: v.vin,
      badge: v.badgeDescription,
      body: v.bodyStyle,
      colour: v.colour,
    });
  }
}

/**
 * The demo regos (docs/features/vehicle-lookups.md): the same answer on every run, from every provider.
 * DOWN01 makes the provider fail (the form's "enter it by hand" path); any other rego is not found.
 */
export const DEMO_REGOS: Readonly<Record<string, { state: string | null; vehicle: LookupVehicle }>> = {
  ABC123: {
    state: "vic",
    vehicle: {
      make: "Toyota",
      model: "Corolla",
      year: 2019,
      vin: "JTNKU3JE60J012345",
      badge: "Ascent Sport",
      body: "Hatch",
      colour: "White",
    },
  },
  "1CX5MAZ": {
    state: "vic",
    vehicle: { make: "Mazda", model: "CX-5", year: 2021, vin: "JM0KF4W7A00123456", badge: "Maxx Sport", body: "SUV", colour: "Soul Red" },
  },
  XYZ789: {
    state: "nsw",
    vehicle: { make: "Ford", model: "Ranger", year: 2018, vin: "MNAUMFF50JW123456", badge: "XLT 3.2 (4x4)", body: "Ute", colour: "Grey" },
  },
  TRK001: {
    state: "qld",
    vehicle: { make: "Isuzu", model: "NPR", year: 2017, vin: "JALFRR90PH7012345", badge: "45-155", body: "Cab Chassis", colour: "White" },
  },
};
export const DEMO_DOWN_REGO = "DOWN01";

export class FakeLookupProvider implements VehicleLookupProvider {
  constructor(readonly name: LookupProviderName) {}
  async lookup(req: LookupRequest) {
    if (req.rego === DEMO_DOWN_REGO) throw new LookupUnavailableError(this.name, 503);
    const hit = DEMO_REGOS[req.rego];
    return hit && (hit.state === null || hit.state === req.state) ? hit.vehicle : null;
  }
}

export type LookupKeys = Partial<Record<LookupProviderName, { apiKey?: string; base: string }>>;

/** The provider for a name: the real adapter with its key, else the local fake. */
export function lookupProvider(name: LookupProviderName, keys: LookupKeys): VehicleLookupProvider {
  const k = keys[name];
  if (!k?.apiKey) return new FakeLookupProvider(name);
  const o = { base: k.base, apiKey: k.apiKey };
  return name === "nevdis" ? new NevdisProvider(o) : name === "autograb" ? new AutoGrabProvider(o) : new RedbookProvider(o);
}

/**
 * The lookup providers this platform can switch a new dealer on with: those with an API key, and
 * outside production every one (the local fake with the demo regos stands in for a provider without
 * its key, which a real dealer's shoppers must never meet).
 */
export function availableLookups(
  e: Pick<ReturnType<typeof env>, "APP_ENV" | "AUTOGRAB_API_KEY" | "REDBOOK_API_KEY" | "NEVDIS_API_KEY"> = env(),
): LookupProviderName[] {
  const all: LookupProviderName[] = ["autograb", "redbook", "nevdis"];
  if (e.APP_ENV !== "production") return all;
  const keys: Record<LookupProviderName, string | undefined> = {
    autograb: e.AUTOGRAB_API_KEY,
    redbook: e.REDBOOK_API_KEY,
    nevdis: e.NEVDIS_API_KEY,
  };
  return all.filter((p) => Boolean(keys[p]));
}

/** The site's lookup provider by its flags (NEVDIS, then AutoGrab, then Redbook), with the keys set; null where it has none. */
export function siteLookupProviderOf(features: Pick<SiteFeatureFlags, "nevdis" | "autograb" | "redbook">): VehicleLookupProvider | null {
  const chosen = lookupProviderOf(features);
  if (!chosen) return null;
  const e = env();
  return lookupProvider(chosen.provider, {
    nevdis: { apiKey: e.NEVDIS_API_KEY, base: e.NEVDIS_API_BASE },
    autograb: { apiKey: e.AUTOGRAB_API_KEY, base: e.AUTOGRAB_API_BASE },
    redbook: { apiKey: e.REDBOOK_API_KEY, base: e.REDBOOK_API_BASE },
  });
}
