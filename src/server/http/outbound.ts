import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIpLiteral, isPublicAddress, outboundUrlProblem } from "@/domain/http/addresses";

/*
 * Requests a dealer or a feed can aim (lead webhooks): the URL is checked, every address
 * its name resolves to must be public, and the socket connects to the address that was checked
 * (the lookup the connection uses is ours), so a name that resolves to a public address for the
 * check and to 127.0.0.1 for the connection (DNS rebinding) never reaches the inside. Redirects
 * are not followed.
 */

/** Thrown when the target is not a public address; its code is what the worker records. */
export class AddressRefusedError extends Error {
  readonly code = "ADDRESS_REFUSED";
  constructor() {
    super("address refused");
  }
}

export type AddressPolicy = (ip: string) => boolean;

/** Resolves a name to all its addresses and refuses it when any is not allowed. */
export function resolveAllowed(host: string, allowed: AddressPolicy = isPublicAddress): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return reject(err);
      if (!addresses.length || addresses.some((a) => !allowed(a.address))) return reject(new AddressRefusedError());
      resolve(addresses);
    }),
  );
}

/** A lookup for http(s).request that answers only with checked addresses. */
const guardedLookup =
  (allowed: AddressPolicy): LookupFunction =>
  (hostname, options, callback) => {
    resolveAllowed(hostname, allowed).then(
      (addresses) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };

export type OutboundPost = {
  headers: Record<string, string>;
  body: string;
  /** the whole request, the answer's headers and body included (an idle timeout alone lets a receiver drip a byte at a time) */
  timeoutMs: number;
  allowed?: AddressPolicy;
};

/** POSTs to a URL a dealer gave, to public addresses only; resolves with the status (the body is discarded). */
export async function postOutbound(url: string, o: OutboundPost): Promise<{ status: number }> {
  const allowed = o.allowed ?? isPublicAddress;
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, "");
  // a literal address never goes through lookup: checked here; a name is checked by the policy's own rules and then resolved
  if (isIpLiteral(host) ? !allowed(host) : allowed === isPublicAddress && outboundUrlProblem(url) !== null) throw new AddressRefusedError();
  const client = u.protocol === "https:" ? https : u.protocol === "http:" ? http : null;
  if (!client) throw new AddressRefusedError();
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method: "POST",
        headers: { ...o.headers, "content-length": String(Buffer.byteLength(o.body)) },
        lookup: guardedLookup(allowed),
        timeout: o.timeoutMs,
        agent: false,
      },
      (res) => {
        res.resume(); // the receiver's body is never read or shown
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("error", reject);
      },
    );
    const timedOut = () => {
      const e = Object.assign(new Error("timed out"), { code: "ETIMEDOUT" });
      reject(e); // first: the answer's own "aborted" error after destroy() is not the reason
      req.destroy(e);
    };
    req.on("timeout", timedOut);
    const deadline = setTimeout(timedOut, o.timeoutMs);
    req.on("close", () => clearTimeout(deadline));
    req.on("error", reject);
    req.end(o.body);
  });
}

/** A GET that could not bring back what was asked; `reason` is what an import report says. */
export class FetchFailed extends Error {
  constructor(
    readonly reason: string,
    /** worth trying again later (the network, a 5xx, a 429) */
    readonly transient: boolean,
  ) {
    super(reason);
  }
}

export type OutboundGet = {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  allowed?: AddressPolicy;
  /** checks each address (the first and every redirect's): a message when it may not be fetched */
  urlProblem: (url: string) => string | null;
  /** the one origin tests may use over plain http on loopback */
  testOrigin?: string | null;
  /** the whole fetch, every redirect included, ends by then (the idle timeout alone lets a host drip a byte at a time) */
  deadlineMs?: number;
  /** once a response has been arriving for `rateGraceMs`, it must have averaged at least this */
  minBytesPerSecond?: number;
  rateGraceMs?: number;
};

/**
 * GETs a file a feed named: every hop's URL is checked (`urlProblem`) and connects only to allowed
 * addresses, redirects are followed at most `maxRedirects` times, and reading stops at `maxBytes`.
 */
export async function getOutbound(url: string, o: OutboundGet): Promise<Buffer> {
  const deadlineAt = Date.now() + (o.deadlineMs ?? Infinity);
  let at = url;
  for (let hop = 0; ; hop++) {
    const problem = o.urlProblem(at);
    if (problem) throw new FetchFailed(hop ? `redirected to an address that is refused (${problem})` : problem, false);
    const u = new URL(at);
    const test = o.testOrigin && u.origin === o.testOrigin;
    const allowed = test ? () => true : (o.allowed ?? isPublicAddress);
    const host = u.hostname.replace(/^\[|\]$/g, "");
    if (isIpLiteral(host) && !allowed(host)) throw new FetchFailed("address refused", false);
    const r = await getOnce(u, o, allowed, deadlineAt);
    if (r.kind === "redirect") {
      if (hop >= o.maxRedirects) throw new FetchFailed(`more than ${o.maxRedirects} redirects`, false);
      at = new URL(r.location, u).toString();
      continue;
    }
    return r.body;
  }
}

function getOnce(
  u: URL,
  o: OutboundGet,
  allowed: AddressPolicy,
  deadlineAt: number,
): Promise<{ kind: "redirect"; location: string } | { kind: "body"; body: Buffer }> {
  const client = u.protocol === "https:" ? https : http;
  if (Date.now() >= deadlineAt) return Promise.reject(tookTooLong(o));
  return new Promise((resolve, reject) => {
    const timers: NodeJS.Timeout[] = [];
    const req = client.request(
      u,
      {
        method: "GET",
        headers: { accept: "image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8", "user-agent": "DealerPlatform-PhotoFetcher/1.0" },
        lookup: guardedLookup(allowed),
        timeout: o.timeoutMs,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status)) {
          res.resume();
          const location = res.headers.location;
          return location ? resolve({ kind: "redirect", location }) : reject(new FetchFailed(`status ${status} without a location`, false));
        }
        if (status !== 200) {
          res.resume();
          return reject(new FetchFailed(`status ${status}`, status >= 500 || status === 429 || status === 408));
        }
        if (Number(res.headers["content-length"] ?? 0) > o.maxBytes) {
          res.destroy();
          return reject(new FetchFailed(`larger than ${Math.round(o.maxBytes / 1024 / 1024)} MB`, false));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const minRate = o.minBytesPerSecond ?? 0;
        if (minRate > 0) {
          const grace = o.rateGraceMs ?? 0;
          const since = Date.now();
          const check = setInterval(
            () => {
              const elapsed = Date.now() - since;
              if (elapsed >= grace && size < (minRate * elapsed) / 1000)
                stop(new FetchFailed(`sent more slowly than ${Math.round(minRate / 1024)} KB a second`, true));
            },
            Math.max(25, Math.min(1000, grace / 4)),
          );
          timers.push(check);
        }
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > o.maxBytes) {
            res.destroy();
            reject(new FetchFailed(`larger than ${Math.round(o.maxBytes / 1024 / 1024)} MB`, false));
            return;
          }
          chunks.push(c);
        });
        res.on("end", () => resolve({ kind: "body", body: Buffer.concat(chunks) }));
        res.on("error", () => reject(new FetchFailed("the connection broke", true)));
      },
    );
    req.on("timeout", () => req.destroy(new FetchFailed("timed out", true)));
    // the first rejection wins: the response's own "aborted" error after destroy() is ignored
    const stop = (e: FetchFailed) => {
      reject(e);
      req.destroy(e);
    };
    if (Number.isFinite(deadlineAt)) timers.push(setTimeout(() => stop(tookTooLong(o)), deadlineAt - Date.now()));
    req.on("close", () => timers.forEach(clearTimeout));
    req.on("error", (e: NodeJS.ErrnoException) =>
      reject(
        e instanceof FetchFailed
          ? e
          : e.code === "ADDRESS_REFUSED"
            ? new FetchFailed("address refused", false)
            : e.code === "ENOTFOUND"
              ? new FetchFailed("the host name does not exist", false)
              : new FetchFailed(`could not connect (${e.code ?? "error"})`, true),
      ),
    );
    req.end();
  });
}

const tookTooLong = (o: OutboundGet) => new FetchFailed(`took longer than ${Number(((o.deadlineMs ?? 0) / 1000).toFixed(1))} s`, true);
