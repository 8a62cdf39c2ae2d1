import "server-only";
import type { PreparedLead } from "@/domain/leads/lead";
import { requestJson, type HttpOptions } from "./providers";
import { remember } from "@/server/base/remember";

/**
 * POST /api/carClarityCustomer: a trade-in or sell-my-car lead goes on to a car history
 * provider. `CarClarityProvider` is the HTTPS client (bearer key, retries as the lookups);
 * `LocalCarHistoryProvider` keeps what it was sent in memory (the demo and tests).
 */
export interface CarHistoryProvider {
  readonly name: string;
  send(customer: CarHistoryCustomer): Promise<{ reference: string }>;
}

/** What leaves our server: the person and their vehicle, nothing else of the lead. */
export type CarHistoryCustomer = {
  external_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  postcode: string | null;
  vehicle: { rego: string | null; state: string | null; description: string | null; vin: string | null; odometer: number | null };
};

export function carHistoryCustomer(leadId: string, lead: PreparedLead): CarHistoryCustomer {
  const s = (v: unknown) => (typeof v === "string" && v ? v : null);
  const t = (lead.trade_in_vehicle ?? {}) as { vin?: string; odometer?: number };
  return {
    external_id: leadId,
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: s(lead.email),
    phone: s(lead.phone),
    postcode: s(lead.postcode),
    vehicle: {
      rego: s(lead.Rego),
      state: s(lead.state),
      description: s(lead.trade_vehicle),
      vin: t.vin ?? null,
      odometer: typeof lead.odometer === "number" ? lead.odometer : (t.odometer ?? null),
    },
  };
}

export class CarClarityProvider implements CarHistoryProvider {
  readonly name = "carclarity";
  constructor(private readonly o: HttpOptions & { base: string; apiKey: string }) {}
  async send(customer: CarHistoryCustomer) {
    const body = (await requestJson(
      this.name,
      `${this.o.base.replace(/\/+$/, "")}/v1/customers`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.o.apiKey}`, "idempotency-key": customer.external_id },
        body: JSON.stringify(customer),
      },
      this.o,
    )) as { id?: unknown } | null;
    return { reference: typeof body?.id === "string" ? body.id.slice(0, 100) : customer.external_id };
  }
}

export class LocalCarHistoryProvider implements CarHistoryProvider {
  readonly name = "local";
  readonly sent: CarHistoryCustomer[] = [];
  async send(customer: CarHistoryCustomer) {
    this.sent.push(customer);
    if (this.sent.length > 200) this.sent.shift();
    return { reference: `local-${customer.external_id.slice(0, 8)}` };
  }
}

export const localCarHistory = () => remember("local-car-history", () => new LocalCarHistoryProvider());
