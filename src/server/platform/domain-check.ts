import "server-only";
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { checkServerIdentity, connect, type PeerCertificate } from "node:tls";
import { LRUCache } from "lru-cache";
import {
  nameCheck,
  normalAddress,
  namesToCheck,
  type CertificateProbe,
  type DomainCheckResult,
  type FrontDoor,
  type NameCheck,
  type NameLookup,
} from "@/domain/platform/domain-check";
import { env } from "@/server/base/env";
import { limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";

/*
 * The console's check of a site's custom domain before it is published (docs/features/onboarding.md,
 * "On its own domain, over HTTPS"): the server's own DNS look-up of the site's domain and its www.
 * name (never any other name), compared with the front door's addresses, and, for a name that points
 * to us, a TLS handshake with the front door for that name to see whether Caddy has issued its
 * certificate. Nothing is stored: the front door itself is asked each time. Everything is bounded by
 * one deadline, and an operator may run it a few times a minute.
 */

/** The part of node:dns/promises' Resolver the check uses (tests inject a fake). */
export type DnsResolver = {
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
  resolveCname(name: string): Promise<string[]>;
};
/** A TLS handshake with the front door at `address` for `name` (tests inject a fake). */
export type TlsProbe = (address: string, name: string, timeoutMs: number) => Promise<CertificateProbe>;
export type DomainCheckDeps = { resolver: DnsResolver; probe: TlsProbe; door: FrontDoor; timeoutMs: number };

/** The whole check's deadline: a page waits no longer than this for it. */
export const DOMAIN_CHECK_TIMEOUT_MS = 3000;
const TIMED_OUT = Symbol("timed out");

const within = <T>(p: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p, new Promise<typeof TIMED_OUT>((r) => (timer = setTimeout(() => r(TIMED_OUT), ms)))]).finally(() =>
    clearTimeout(timer),
  );
};

type Answer = { records: string[] } | { error: string };
const answer = (p: Promise<string[]>): Promise<Answer> =>
  p.then(
    (records) => ({ records }),
    (e: { code?: string }) => ({ error: e?.code ?? "" }),
  );
/** "No such name" and "no record of this type" are answers, not failures. */
const NO_RECORD = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);

async function lookUp(resolver: DnsResolver, name: string, ms: number): Promise<NameLookup> {
  const all = await within(Promise.all([resolver.resolve4(name), resolver.resolve6(name), resolver.resolveCname(name)].map(answer)), ms);
  if (all === TIMED_OUT) return { kind: "timeout" };
  const errors = all.flatMap((a) => ("error" in a && !NO_RECORD.has(a.error) ? [a.error] : []));
  if (errors.includes("ETIMEOUT")) return { kind: "timeout" };
  if (errors.length > 0) return { kind: "failed" };
  const [v4, v6, cname] = all.map((a) => ("records" in a ? a.records : []));
  if (v4!.length + v6!.length + cname!.length === 0) return { kind: "missing" };
  return { kind: "found", addresses: [...v4!, ...v6!], cname: cname![0] ?? null };
}

/** Each of the site's names: where it points and whether the front door holds its certificate, within the deadline. */
export async function checkDomain(domain: string | null | undefined, published: boolean, deps: DomainCheckDeps): Promise<NameCheck[]> {
  const started = Date.now();
  const left = () => Math.max(1, deps.timeoutMs - (Date.now() - started));
  const door = new Set(deps.door.addresses.map(normalAddress));
  return Promise.all(
    namesToCheck(domain).map(async (name) => {
      const lookup = await lookUp(deps.resolver, name, left());
      const verdict = nameCheck(name, lookup, null, deps.door, published);
      if (verdict.dns.state !== "ours" || lookup.kind !== "found") return verdict;
      // only the front door's own address is ever connected to
      const address = lookup.addresses.find((a) => door.has(normalAddress(a))) ?? deps.door.addresses[0];
      if (!address) return verdict;
      const probe = await within(deps.probe(address, name, left()), left());
      return nameCheck(name, lookup, probe === TIMED_OUT ? { kind: "unreachable" } : probe, deps.door, published);
    }),
  );
}

const issuerOf = (c: PeerCertificate) => {
  const i = c.issuer as unknown as Record<string, string | string[] | undefined>;
  const v = i?.O ?? i?.CN ?? "";
  return Array.isArray(v) ? v.join(", ") : v;
};

/** A real handshake: SNI = the name, no certificate trusted or refused here (the verdict checks the name and dates). */
export const tlsProbe =
  (port: number): TlsProbe =>
  (address, name, timeoutMs) =>
    new Promise((resolve) => {
      const socket = connect({
        host: address,
        port,
        servername: name,
        rejectUnauthorized: false,
        timeout: timeoutMs,
        ALPNProtocols: ["http/1.1"],
      });
      const done = (r: CertificateProbe) => {
        socket.destroy();
        resolve(r);
      };
      socket.once("secureConnect", () => {
        const cert = socket.getPeerCertificate();
        if (!cert || !cert.valid_to) return done({ kind: "none" });
        const validTo = new Date(cert.valid_to);
        const validFor = checkServerIdentity(name, cert) === undefined && validTo.getTime() > Date.now();
        done({ kind: "issued", issuer: issuerOf(cert), validTo: validTo.toISOString(), validFor });
      });
      socket.once("timeout", () => done({ kind: "unreachable" }));
      socket.once("error", (e: NodeJS.ErrnoException) =>
        // refused or unroutable: nobody answered; a TLS alert: the front door answered without a certificate for the name
        done(
          e.code && /^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EADDRNOTAVAIL)$/.test(e.code)
            ? { kind: "unreachable" }
            : { kind: "none" },
        ),
      );
    });

/** The check as the server runs it: the system's DNS servers, the configured front door. */
export function defaultDomainCheckDeps(): DomainCheckDeps {
  const e = env();
  const resolver = new Resolver({ timeout: 1500, tries: 1 });
  return {
    resolver,
    probe: tlsProbe(e.FRONT_DOOR_TLS_PORT),
    door: { addresses: e.FRONT_DOOR_ADDRESSES.filter((a) => isIP(a) !== 0), hosts: e.FRONT_DOOR_HOSTS },
    timeoutMs: DOMAIN_CHECK_TIMEOUT_MS,
  };
}

const checkLimiter = () => sharedLimiter("domain-check", { limit: 10, windowMs: 60_000, databaseUrl: env().DATABASE_URL });

/*
 * The last answers, kept half a minute: every save on the console page refreshes it with the same
 * address (`?check=domain`), and those refreshes must neither wait on DNS again nor use up the
 * operator's checks. At most 500 names: a new one pushes out the least recently checked.
 */
const RECENT_MS = 30_000;
const recent = new LRUCache<string, { at: number; names: NameCheck[] }>({ max: 500 });

/** An operator's check of one site's domain: at most 10 a minute each; a check repeated within half a minute answers from the last. */
export async function checkSiteDomain(
  operatorId: string,
  site: { domain_name: string | null | undefined; published: boolean },
  deps: DomainCheckDeps = defaultDomainCheckDeps(),
  now = Date.now(),
): Promise<DomainCheckResult> {
  const key = `${site.domain_name ?? ""}|${site.published}`;
  const last = recent.get(key);
  if (last && now - last.at < RECENT_MS) return { names: last.names };
  try {
    await limitOrThrow(checkLimiter(), operatorId, "Checked too often: wait a minute and check again.");
  } catch (e) {
    return { refused: (e as Error).message };
  }
  const names = await checkDomain(site.domain_name, site.published, deps);
  recent.set(key, { at: now, names });
  return { names };
}
