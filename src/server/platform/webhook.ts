import "server-only";
import type { SiteChanged } from "@/domain/platform/contract";
import { hmacSha256, sameSecret } from "@/server/base/signed-tokens";

/**
 * The dashboard's signed `site.changed` webhook: how a storefront learns at once that a
 * site's data changed, instead of waiting for its cache to revalidate.
 *
 * Signature: `X-Platform-Signature: sha256=<hex HMAC-SHA256(secret, "{timestamp}.{raw body}")>` with
 * `X-Platform-Timestamp: <unix seconds>`. A receiver recomputes it over the raw body, compares in
 * constant time and refuses timestamps more than WEBHOOK_TOLERANCE_SECONDS away from its clock, so a
 * captured notice cannot be replayed later (inside the window a replay only re-invalidates a cache).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = "x-platform-signature";
export const TIMESTAMP_HEADER = "x-platform-timestamp";

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${hmacSha256(secret, `${timestamp}.${body}`, "hex")}`;
}

/** True when the signature is the secret's over this timestamp and body, and the timestamp is recent. */
export function verifyWebhook(
  secret: string,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  nowMs: number,
): boolean {
  if (!headers.signature || !headers.timestamp || !/^\d{1,12}$/.test(headers.timestamp)) return false;
  const ts = Number(headers.timestamp);
  if (Math.abs(nowMs / 1000 - ts) > WEBHOOK_TOLERANCE_SECONDS) return false;
  return sameSecret(headers.signature, signWebhook(secret, ts, body));
}

type Log = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void };

/**
 * Sends the notice to every receiver: 3 attempts each (250 ms, 500 ms apart), 2 s per attempt.
 * Never throws: a receiver that stays down still gets the change when its cache revalidates.
 */
export async function sendSiteChanged(
  notice: SiteChanged,
  opts: { urls: readonly string[]; secret: string | undefined; fetch?: typeof fetch; log?: Log; sleep?: (ms: number) => Promise<void> },
): Promise<{ delivered: number; failed: number }> {
  if (!opts.secret || opts.urls.length === 0) return { delivered: 0, failed: 0 };
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const body = JSON.stringify(notice);
  const results = await Promise.all(
    opts.urls.map(async (url) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const ts = Math.floor(Date.now() / 1000);
        try {
          const res = await doFetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              [TIMESTAMP_HEADER]: String(ts),
              [SIGNATURE_HEADER]: signWebhook(opts.secret!, ts, body),
            },
            body,
            signal: AbortSignal.timeout(2000),
            redirect: "error",
          });
          await res.body?.cancel();
          if (res.ok) return true;
          opts.log?.warn({ receiver: new URL(url).host, status: res.status, attempt: attempt + 1 }, "site.changed webhook refused");
          if (res.status < 500) return false;
        } catch (err) {
          opts.log?.warn({ receiver: new URL(url).host, attempt: attempt + 1, err: (err as Error).name }, "site.changed webhook failed");
        }
        if (attempt < 2) await sleep(250 * 2 ** attempt);
      }
      return false;
    }),
  );
  const delivered = results.filter(Boolean).length;
  opts.log?.info({ siteId: notice.site_id, delivered, failed: results.length - delivered }, "site.changed webhook sent");
  return { delivered, failed: results.length - delivered };
}
