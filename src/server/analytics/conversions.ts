import "server-only";
import { createHash } from "node:crypto";
import { normaliseUserData, type AdEvent } from "@/domain/analytics/ad-events";
import type { SiteIntegrations } from "@/domain/site/types";
import type { SiteSecrets } from "@/server/site/secrets";
import { remember } from "@/server/base/remember";

/**
 * Server-side ad events: the server forwards what the browser's pixel also sent (same event
 * id) to the ad platform's conversions API. `MetaConversionsProvider` is the real client (HTTPS,
 * the site's pixel id and access token, user data normalised and SHA-256 hashed as the API
 * requires); `LocalConversionsProvider` keeps the last events in memory for the demo and tests,
 * since the platform cannot be reached from here.
 */

export type ConversionRequest = {
  pixelId: string;
  event: AdEvent;
  /** the shopper's address and browser, which the API matches on (sent, never logged) */
  clientIp: string | null;
  userAgent: string | null;
  /** seconds since 1970 */
  eventTime: number;
  siteCountry: string;
};

/** What leaves our server: every personal value hashed. */
export type ConversionPayload = {
  data: Array<{
    event_name: string;
    event_time: number;
    event_id: string;
    event_source_url: string;
    action_source: "website";
    user_data: Record<string, string | string[]>;
    custom_data: Record<string, unknown>;
  }>;
};

export interface ConversionsProvider {
  readonly name: string;
  send(req: ConversionRequest): Promise<void>;
}

export class ConversionsError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const sha256 = (v: string) => createHash("sha256").update(v, "utf8").digest("hex");

/** The API's user_data: each normalised value hashed (arrays for the keys it takes several of). */
export function conversionPayload(req: ConversionRequest): ConversionPayload {
  const user: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(normaliseUserData(req.event.userData, req.siteCountry)))
    user[k] = k === "em" || k === "ph" || k === "external_id" ? [sha256(v)] : sha256(v);
  if (req.clientIp) user.client_ip_address = req.clientIp;
  if (req.userAgent) user.client_user_agent = req.userAgent.slice(0, 500);
  return {
    data: [
      {
        event_name: req.event.eventName,
        event_time: req.eventTime,
        event_id: req.event.uniqueFacebookEventId,
        event_source_url: req.event.eventSourceUrl,
        action_source: "website",
        user_data: user,
        custom_data: { ...req.event.contentOptions },
      },
    ],
  };
}

export class MetaConversionsProvider implements ConversionsProvider {
  readonly name = "meta";
  constructor(private readonly opts: { base: string; accessToken: string; timeoutMs?: number; fetch?: typeof fetch }) {}

  async send(req: ConversionRequest): Promise<void> {
    const url = `${this.opts.base.replace(/\/+$/, "")}/${encodeURIComponent(req.pixelId)}/events`;
    // the token goes in the body, so that it never sits in a URL a proxy might log
    const body = JSON.stringify({ ...conversionPayload(req), access_token: this.opts.accessToken });
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
    } catch (e) {
      throw new ConversionsError(`conversions API unreachable (${(e as Error).name})`, null);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ConversionsError(`conversions API answered ${res.status}`, res.status);
    }
    await res.body?.cancel();
  }
}

/** The demo's and tests' platform: remembers the last 200 payloads (hashed, as they would leave). */
export class LocalConversionsProvider implements ConversionsProvider {
  readonly name = "local";
  readonly sent: Array<{ pixelId: string; payload: ConversionPayload }> = [];
  async send(req: ConversionRequest): Promise<void> {
    this.sent.push({ pixelId: req.pixelId, payload: conversionPayload(req) });
    if (this.sent.length > 200) this.sent.shift();
  }
}

export const localConversions = () => remember("local-conversions", () => new LocalConversionsProvider());

/** The site's provider: local in the demo, the real API where the site has its pixel and token; else none. */
export function conversionsProviderFor(
  integrations: SiteIntegrations,
  secrets: SiteSecrets,
  base: string,
): { provider: ConversionsProvider; pixelId: string } | null {
  const pixelId = integrations.facebook_pixel_id;
  if (!pixelId || !/^\d{5,20}$/.test(pixelId)) return null;
  if (integrations.facebook_mode === "local") return { provider: localConversions(), pixelId };
  const token = secrets.facebook_capi_token;
  return token ? { provider: new MetaConversionsProvider({ base, accessToken: token }), pixelId } : null;
}
