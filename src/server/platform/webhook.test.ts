import { beforeAll, describe, expect, test } from "vitest";
import type { SiteChanged } from "@/domain/platform/contract";
import { env } from "@/server/base/env";
import { platformClient } from "@/server/platform-client";
import { sendSiteChanged, signWebhook, verifyWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./webhook";
import { receiveSiteChanged } from "./webhook-api";

/*
 * The signed site.changed webhook: the signature recipe (docs/features/platform-api.md), the
 * sender's retries, and the storefront's receiver (POST /api/platform/webhook).
 */
const SECRET = "test-webhook-secret-0123456789"; // vitest.config.ts
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ts = NOW / 1000;
const body = '{"type":"site.changed","site_id":1001,"changed":["locations"],"at":"2026-11-23T12:00:00.000Z"}';

describe("signature", () => {
  test("the recipe: sha256= hex HMAC-SHA256 of '{timestamp}.{body}' with the shared secret", () => {
    // computed independently: printf '%s' '1795435200.{}' | openssl dgst -sha256 -hmac secret
    expect(signWebhook("secret", 1795435200, "{}")).toBe("sha256=5871430338692b4bd490738c4df03402843d3877ffc2c67d28faa4ee976d5f9d");
  });

  test.each([
    ["the right signature now", SECRET, String(ts), body, true],
    ["4 minutes old", SECRET, String(ts - 240), body, true],
    ["6 minutes old (a replay)", SECRET, String(ts - 360), body, false],
    ["6 minutes in the future", SECRET, String(ts + 360), body, false],
    ["another secret", "another-secret-0123456789", String(ts), body, false],
    ["a changed body", SECRET, String(ts), body.replace("1001", "1002"), false],
    ["a timestamp that is not a number", SECRET, "soon", body, false],
  ])("%s → %s", (_, signedWith, timestamp, sentBody, ok) => {
    const signature = signWebhook(signedWith, Number(timestamp) || 0, body);
    expect(verifyWebhook(SECRET, { signature, timestamp }, sentBody, NOW)).toBe(ok);
  });

  test("missing headers or a truncated signature are refused", () => {
    const signature = signWebhook(SECRET, ts, body);
    expect(verifyWebhook(SECRET, { signature: null, timestamp: String(ts) }, body, NOW)).toBe(false);
    expect(verifyWebhook(SECRET, { signature, timestamp: null }, body, NOW)).toBe(false);
    expect(verifyWebhook(SECRET, { signature: signature.slice(0, 20), timestamp: String(ts) }, body, NOW)).toBe(false);
  });
});

describe("sending", () => {
  const notice: SiteChanged = { type: "site.changed", site_id: 1001, changed: ["locations"], at: "2026-11-23T12:00:00.000Z" };
  const receiverAnswering = (statuses: Array<number | "down">) => {
    const seen: Request[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push(new Request(url, init));
      const s = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
      if (s === "down") throw new TypeError("fetch failed");
      return new Response(null, { status: s });
    }) as typeof globalThis.fetch;
    return { fetch, seen };
  };

  test("signed, and received on the first attempt", async () => {
    const r = receiverAnswering([200]);
    expect(
      await sendSiteChanged(notice, {
        urls: ["http://sf.test/api/platform/webhook"],
        secret: SECRET,
        fetch: r.fetch,
        sleep: async () => {},
      }),
    ).toEqual({
      delivered: 1,
      failed: 0,
    });
    const req = r.seen[0]!;
    const sent = await req.text();
    expect(
      verifyWebhook(
        SECRET,
        { signature: req.headers.get(SIGNATURE_HEADER), timestamp: req.headers.get(TIMESTAMP_HEADER) },
        sent,
        Date.now(),
      ),
    ).toBe(true);
  });

  test("a receiver down or failing is tried 3 times; a 4xx only once", async () => {
    const down = receiverAnswering(["down"]);
    expect(await sendSiteChanged(notice, { urls: ["http://a.test/"], secret: SECRET, fetch: down.fetch, sleep: async () => {} })).toEqual({
      delivered: 0,
      failed: 1,
    });
    expect(down.seen).toHaveLength(3);
    const recovering = receiverAnswering([503, 200]);
    expect(
      (await sendSiteChanged(notice, { urls: ["http://a.test/"], secret: SECRET, fetch: recovering.fetch, sleep: async () => {} }))
        .delivered,
    ).toBe(1);
    expect(recovering.seen).toHaveLength(2);
    const refusing = receiverAnswering([401]);
    expect(
      (await sendSiteChanged(notice, { urls: ["http://a.test/"], secret: SECRET, fetch: refusing.fetch, sleep: async () => {} })).failed,
    ).toBe(1);
    expect(refusing.seen).toHaveLength(1);
  });

  test("without a secret or receivers nothing is sent", async () => {
    const r = receiverAnswering([200]);
    expect(await sendSiteChanged(notice, { urls: ["http://a.test/"], secret: undefined, fetch: r.fetch })).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(await sendSiteChanged(notice, { urls: [], secret: SECRET, fetch: r.fetch })).toEqual({ delivered: 0, failed: 0 });
    expect(r.seen).toHaveLength(0);
  });
});

describe("POST /api/platform/webhook (a storefront's receiver)", () => {
  beforeAll(async () => {
    // this file's process plays a storefront (the typed env is parsed once; the client made on first use)
    env().PLATFORM_API_URL = "http://127.0.0.1:9";
    env().PLATFORM_CACHE_DIR = ".data/test-platform-cache-webhook";
    expect(platformClient()).not.toBeNull();
  });

  const post = (sent: string, headers: Record<string, string>) =>
    receiveSiteChanged(
      new Request("http://localhost/api/platform/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: sent,
      }),
    );
  const now = () => Math.floor(Date.now() / 1000);
  const signed = (sent: string, at = now()) => ({ [TIMESTAMP_HEADER]: String(at), [SIGNATURE_HEADER]: signWebhook(SECRET, at, sent) });

  test("a signed notice: 200, the site's cached answers invalidated", async () => {
    const res = await post(body, signed(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ invalidated: 0 });
  });

  test.each([
    ["unsigned", () => post(body, {}), 401],
    [
      "signed with another secret",
      () => post(body, { [TIMESTAMP_HEADER]: String(now()), [SIGNATURE_HEADER]: signWebhook("another-secret-0123456789", now(), body) }),
      401,
    ],
    ["replayed after 10 minutes", () => post(body, signed(body, now() - 600)), 401],
    ["signed but not JSON", () => post("{nope", signed("{nope")), 400],
    ["signed but not a site.changed notice", () => post('{"type":"other"}', signed('{"type":"other"}')), 422],
    ["too large", () => post("x".repeat(17 * 1024), signed("x")), 413],
  ])("%s → %i", async (_, send, status) => {
    expect((await send()).status).toBe(status);
  });
});
