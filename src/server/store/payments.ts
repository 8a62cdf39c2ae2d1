import "server-only";
import { env } from "@/server/base/env";
import { log } from "@/server/base/log";

/**
 * Deposits are taken by a payment provider's hosted checkout (the buyer types card details on the
 * provider's page, never on ours), behind one interface: `payment_provider` on the site names it.
 *
 * - "stripe": Stripe Checkout over its HTTPS API (STRIPE_SECRET_KEY). This machine cannot reach
 *   Stripe, so the adapter is tested against a local fake of the API's two calls.
 * - "test": the local test provider, whose "hosted page" is our own /checkout/pay page with a Pay
 *   and a Cancel button (the demo tenant and the tests use it).
 */
export type CheckoutRequest = {
  orderId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
};
export type PaymentStatus = "paid" | "open" | "cancelled";

export interface PaymentProvider {
  readonly name: string;
  /** A hosted checkout for the order: where to send the buyer, and the provider's reference for it. */
  createCheckout(req: CheckoutRequest): Promise<{ redirectUrl: string; reference: string }>;
  /** What the provider says about a checkout now (the buyer's return is never proof of payment). */
  status(reference: string): Promise<PaymentStatus>;
}

/** The local test provider: the checkout is our /checkout/pay page; its answer is stored on the order (see orders.ts). */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test";
  constructor(private readonly read: (reference: string) => Promise<PaymentStatus>) {}
  async createCheckout(req: CheckoutRequest) {
    return { redirectUrl: `/checkout/pay?order=${encodeURIComponent(req.orderId)}`, reference: `test_${req.orderId}` };
  }
  status(reference: string) {
    return this.read(reference);
  }
}

/** Stripe Checkout: POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id} (form-encoded, Bearer key). */
export class StripeCheckoutProvider implements PaymentProvider {
  readonly name = "stripe";
  constructor(
    private readonly secretKey: string,
    private readonly apiBase = "https://api.stripe.com",
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call(method: "GET" | "POST", path: string, form?: URLSearchParams): Promise<Record<string, unknown>> {
    const res = await this.fetchImpl(`${this.apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.secretKey}`, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form?.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      // the provider's error type only: its message can carry the customer's email
      const type = (body.error as { type?: string } | undefined)?.type;
      log.error({ provider: "stripe", status: res.status, type }, "payment provider refused a call");
      throw new Error(`stripe ${path} answered ${res.status}`);
    }
    return body;
  }

  async createCheckout(req: CheckoutRequest) {
    const form = new URLSearchParams({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": req.currency.toLowerCase(),
      "line_items[0][price_data][unit_amount]": String(req.amountCents),
      "line_items[0][price_data][product_data][name]": req.description,
      customer_email: req.customerEmail,
      client_reference_id: req.orderId,
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      "metadata[order_id]": req.orderId,
    });
    const s = await this.call("POST", "/v1/checkout/sessions", form);
    if (typeof s.id !== "string" || typeof s.url !== "string") throw new Error("stripe answered without a session");
    return { redirectUrl: s.url, reference: s.id };
  }

  async status(reference: string): Promise<PaymentStatus> {
    if (!/^cs_[A-Za-z0-9_]+$/.test(reference)) return "cancelled";
    const s = await this.call("GET", `/v1/checkout/sessions/${reference}`);
    if (s.payment_status === "paid") return "paid";
    return s.status === "expired" ? "cancelled" : "open";
  }
}

/**
 * The provider a site's `payment_provider` names, or null when it cannot take payments: "test" is
 * the local test provider (a demo site's choice, stated in its record), "stripe" needs its key. A
 * site never falls back to test payments because a key is missing.
 */
export function paymentProviderFor(name: string | null, test: TestPaymentProvider): PaymentProvider | null {
  if (name === "test") return test;
  const key = env().STRIPE_SECRET_KEY;
  if (name === "stripe" && key) return new StripeCheckoutProvider(key, env().STRIPE_API_BASE);
  return null;
}
