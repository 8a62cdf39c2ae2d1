import { createServer } from "node:net";
import { describe, expect, test } from "vitest";
import type { CertificateProbe } from "@/domain/platform/domain-check";
import { checkDomain, checkSiteDomain, tlsProbe, type DnsResolver, type DomainCheckDeps } from "./domain-check";

/* The custom domain's check with a fake resolver and front door: to us, elsewhere, no record, a timeout. */

const err = (code: string) => Object.assign(new Error(code), { code });
const never = () => new Promise<string[]>(() => {});
function resolver(
  table: Record<string, { a?: string[]; aaaa?: string[]; cname?: string[] } | "nxdomain" | "hang">,
): DnsResolver & { asked: string[] } {
  const asked: string[] = [];
  const one = (kind: "a" | "aaaa" | "cname") => async (name: string) => {
    asked.push(name);
    const row = table[name];
    if (row === "hang") return never();
    if (!row || row === "nxdomain") throw err("ENOTFOUND");
    if (!row[kind]) throw err("ENODATA");
    return row[kind]!;
  };
  return { asked, resolve4: one("a"), resolve6: one("aaaa"), resolveCname: one("cname") };
}
const issued: CertificateProbe = { kind: "issued", issuer: "Let's Encrypt", validTo: "2099-01-31T00:00:00.000Z", validFor: true };
const deps = (r: DnsResolver, probe: DomainCheckDeps["probe"] = async () => issued, timeoutMs = 300): DomainCheckDeps => ({
  resolver: r,
  probe,
  door: { addresses: ["203.0.113.10"], hosts: ["edge.platform.example"] },
  timeoutMs,
});
const brief = (names: Awaited<ReturnType<typeof checkDomain>>) => names.map((n) => [n.name, n.dns.state, n.certificate.state]);

describe("checkDomain", () => {
  test("both names point to us: the front door is asked for each name's certificate at its own address", async () => {
    const r = resolver({
      "smith.com.au": { a: ["203.0.113.10"] },
      "www.smith.com.au": { cname: ["edge.platform.example."], a: ["203.0.113.10"] },
    });
    const probed: string[] = [];
    const out = await checkDomain(
      "smith.com.au",
      true,
      deps(r, async (address, name) => (probed.push(`${address} ${name}`), issued)),
    );
    expect(brief(out)).toEqual([
      ["smith.com.au", "ours", "issued"],
      ["www.smith.com.au", "ours", "issued"],
    ]);
    expect(out[0]!.certificate.text).toBe("Certificate issued by Let's Encrypt until 31 January 2099.");
    expect(probed.sort()).toEqual(["203.0.113.10 smith.com.au", "203.0.113.10 www.smith.com.au"]);
    // only the site's own names are looked up
    expect(new Set(r.asked)).toEqual(new Set(["smith.com.au", "www.smith.com.au"]));
  });

  test("to us without a certificate yet (a draft), and elsewhere: the other address is named and never connected to", async () => {
    const r = resolver({ "smith.com.au": { a: ["203.0.113.10"] }, "www.smith.com.au": { a: ["1.2.3.4"] } });
    const probed: string[] = [];
    const out = await checkDomain(
      "smith.com.au",
      false,
      deps(r, async (a) => (probed.push(a), { kind: "none" })),
    );
    expect(brief(out)).toEqual([
      ["smith.com.au", "ours", "none"],
      ["www.smith.com.au", "elsewhere", "not-checked"],
    ]);
    expect(out[0]!.certificate.text).toBe("No certificate yet: it is issued on the first visit once published.");
    expect(out[1]!.dns.text).toMatch(/^Points elsewhere: 1\.2\.3\.4\./);
    expect(probed).toEqual(["203.0.113.10"]);
  });

  test("NXDOMAIN: no DNS record", async () => {
    const out = await checkDomain("smith.com.au", false, deps(resolver({})));
    expect(brief(out)).toEqual([
      ["smith.com.au", "missing", "not-checked"],
      ["www.smith.com.au", "missing", "not-checked"],
    ]);
    expect(out[0]!.dns.text).toBe("No DNS record: point it at 203.0.113.10 or a CNAME to edge.platform.example.");
  });

  test("a resolver or front door that does not answer is cut off at the deadline", async () => {
    const started = Date.now();
    const out = await checkDomain(
      "smith.com.au",
      true,
      deps(resolver({ "smith.com.au": "hang", "www.smith.com.au": { a: ["203.0.113.10"] } }), never as never, 200),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(brief(out)).toEqual([
      ["smith.com.au", "unknown", "not-checked"],
      ["www.smith.com.au", "ours", "not-checked"],
    ]);
    expect(out[0]!.dns.text).toBe("The DNS look-up did not answer in time: check again in a minute.");
    expect(out[1]!.certificate.text).toBe("Not checked: the front door did not answer.");
  });

  test("a DNS server's own timeout and failure", async () => {
    const failing = (code: string): DnsResolver => ({
      resolve4: async () => Promise.reject(err(code)),
      resolve6: never,
      resolveCname: never,
    });
    const quick = (code: string) => ({ ...failing(code), resolve6: async () => [], resolveCname: async () => [] });
    expect(brief(await checkDomain("smith.com.au", true, deps(quick("ETIMEOUT"))))[0]).toEqual(["smith.com.au", "unknown", "not-checked"]);
    expect((await checkDomain("smith.com.au", true, deps(quick("ESERVFAIL"))))[0]!.dns.text).toBe(
      "The DNS look-up failed: check again in a minute.",
    );
  });

  test("no domain: nothing to check", async () => expect(await checkDomain(null, false, deps(resolver({})))).toEqual([]));
});

test("the real handshake: a port where nobody answers TLS is 'unreachable' or 'none', within its timeout", async () => {
  // a TCP server that closes at once: the front door answered without a certificate
  const server = createServer((s) => s.destroy());
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  expect(["none", "unreachable"]).toContain((await tlsProbe(port)("127.0.0.1", "smith.com.au", 1000)).kind);
  server.close();
  expect(await tlsProbe(port)("127.0.0.1", "smith.com.au", 1000)).toEqual({ kind: "unreachable" });
});

test("an operator may check ten times a minute; the eleventh is refused with the reason, and another operator is not held up", async () => {
  const d = deps(resolver({ "smith.com.au": { a: ["203.0.113.10"] }, "www.smith.com.au": { a: ["203.0.113.10"] } }));
  const site = { domain_name: "smith.com.au", published: true };
  const id = `op-${Math.random()}`;
  // a minute apart for the cache of recent answers, within the limiter's minute
  const t0 = Date.now();
  for (let i = 0; i < 10; i++) expect(await checkSiteDomain(id, site, d, t0 + i * 60_000)).toHaveProperty("names");
  expect(await checkSiteDomain(id, site, d, t0 + 10 * 60_000)).toEqual({ refused: "Checked too often: wait a minute and check again." });
  expect(await checkSiteDomain(`${id}-other`, site, d, t0 + 11 * 60_000)).toHaveProperty("names");
});

test("the console refreshed after a save within half a minute answers from the last check: no look-up, nothing counted", async () => {
  let lookups = 0;
  const base = resolver({ "jones.com.au": { a: ["203.0.113.10"] }, "www.jones.com.au": { a: ["203.0.113.10"] } });
  const counting: DnsResolver = { ...base, resolve4: (n) => (lookups++, base.resolve4(n)) };
  const d = deps(counting);
  const site = { domain_name: "jones.com.au", published: false };
  const id = `op-${Math.random()}`;
  const t0 = Date.now();
  const first = await checkSiteDomain(id, site, d, t0);
  const seen = lookups;
  expect(seen).toBeGreaterThan(0);
  for (let i = 0; i < 12; i++) expect(await checkSiteDomain(id, site, d, t0 + 1000 + i)).toEqual(first); // past the limit of 10, yet answered
  expect(lookups).toBe(seen);
  await checkSiteDomain(id, site, d, t0 + 31_000); // half a minute on: looked up again
  expect(lookups).toBeGreaterThan(seen);
});

test("the recent answers keep the last 500 names: a new one pushes out only the least recently checked", async () => {
  const looked: string[] = [];
  const base = resolver({});
  const counting: DnsResolver = { ...base, resolve4: (n) => (looked.push(n), base.resolve4(n)) };
  const d = deps(counting);
  const t0 = Date.now();
  const check = (i: number) => checkSiteDomain(`op-${Math.random()}`, { domain_name: `d${i}.example.com`, published: false }, d, t0);
  for (let i = 0; i < 502; i++) await check(i);
  looked.length = 0;
  await check(501); // the newest is kept, however many came before it
  await check(300);
  expect(looked).toEqual([]);
  await check(0); // the oldest made room
  expect(looked).toContain("d0.example.com");
});
