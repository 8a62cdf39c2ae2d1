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

export type OutboundPost = { headers: Record<string, string>; body: string; timeoutMs: number; allowed?: AddressPolicy };

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
    req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end(o.body);
  });
}
