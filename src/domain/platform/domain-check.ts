/*
 * Before a custom domain is published (docs/features/onboarding.md, "On its own domain, over
 * HTTPS"): does each of the site's names resolve to the platform's front door, and has the front door
 * a certificate for it? The server looks the names up and asks the front door; this turns what it
 * found into the verdict the console shows. Pure.
 */

/** What the DNS said about one name: its addresses and CNAME target, or why there is no answer. */
export type NameLookup =
  | { kind: "found"; addresses: string[]; cname: string | null }
  | { kind: "missing" } // NXDOMAIN or no A/AAAA/CNAME record
  | { kind: "timeout" }
  | { kind: "failed" };

/** What the front door's TLS handshake for the name showed. */
export type CertificateProbe =
  | { kind: "issued"; issuer: string; validTo: string /* ISO 8601 */; validFor: boolean }
  | { kind: "none" } // the front door answered but has no certificate for the name
  | { kind: "unreachable" }; // no answer within the time allowed

/** The platform's front door: the addresses a dealer's A/AAAA records point at, and the names a CNAME may point at. */
export type FrontDoor = { addresses: string[]; hosts: string[] };

export type DnsState = "ours" | "elsewhere" | "missing" | "unknown";
export type CertificateState = "issued" | "none" | "not-checked";
export type NameCheck = {
  name: string;
  dns: { state: DnsState; text: string };
  certificate: { state: CertificateState; text: string };
};

const normalName = (h: string) => h.trim().toLowerCase().replace(/\.$/, "");
/**
 * An address in one spelling, so the front door's list and a DNS answer compare equal however each
 * writes it: IPv4-mapped IPv6 as IPv4 ("::FFFF:1.2.3.4" is "1.2.3.4"), and IPv6 in its shortest lower-case
 * form ("2001:DB8:0:0::1" is "2001:db8::1", the URL standard's serialisation).
 */
export const normalAddress = (a: string): string => {
  const lower = a.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1]!;
  if (!lower.includes(":")) return lower;
  try {
    return new URL(`http://[${lower}]/`).hostname.slice(1, -1);
  } catch {
    return lower;
  }
};

/** The names to check for a site: its domain and its www. name (www.x given: x too), each once. */
export function namesToCheck(domain: string | null | undefined): string[] {
  if (!domain) return [];
  const bare = normalName(domain).replace(/^www\./, "");
  return bare ? [bare, `www.${bare}`] : [];
}

/** Where a name points, against the front door: ours only when every address is the front door's (or the CNAME is). */
export function dnsVerdict(lookup: NameLookup, door: FrontDoor): NameCheck["dns"] {
  if (lookup.kind === "missing") return { state: "missing", text: `No DNS record: point it at ${frontDoorWords(door)}.` };
  if (lookup.kind === "timeout") return { state: "unknown", text: "The DNS look-up did not answer in time: check again in a minute." };
  if (lookup.kind === "failed") return { state: "unknown", text: "The DNS look-up failed: check again in a minute." };
  const ours = new Set(door.addresses.map(normalAddress));
  const cnameOurs = lookup.cname !== null && door.hosts.map(normalName).includes(normalName(lookup.cname));
  const elsewhere = lookup.addresses.map(normalAddress).filter((a) => !ours.has(a));
  if (cnameOurs || (lookup.addresses.length > 0 && elsewhere.length === 0)) return { state: "ours", text: "Points to us." };
  if (lookup.addresses.length === 0 && lookup.cname === null)
    return { state: "missing", text: `No DNS record: point it at ${frontDoorWords(door)}.` };
  const where = elsewhere.length > 0 ? elsewhere.join(", ") : normalName(lookup.cname!);
  return { state: "elsewhere", text: `Points elsewhere: ${where}. Point it at ${frontDoorWords(door)}.` };
}

function frontDoorWords(door: FrontDoor): string {
  const parts = [door.addresses.length ? door.addresses.join(", ") : "", door.hosts.length ? `a CNAME to ${door.hosts[0]}` : ""];
  return parts.filter(Boolean).join(" or ") || "the platform's front door";
}

const day = (iso: string) =>
  new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

/** The certificate's state; only asked of the front door once the name points to us. */
export function certificateVerdict(probe: CertificateProbe | null, dns: DnsState, published: boolean): NameCheck["certificate"] {
  if (dns !== "ours" || probe === null) return { state: "not-checked", text: "Not checked: the name does not point to us yet." };
  if (probe.kind === "unreachable") return { state: "not-checked", text: "Not checked: the front door did not answer." };
  if (probe.kind === "issued" && probe.validFor)
    return { state: "issued", text: `Certificate issued by ${probe.issuer || "an unnamed authority"} until ${day(probe.validTo)}.` };
  return {
    state: "none",
    text: published
      ? "No certificate yet: it is issued on the first visit."
      : "No certificate yet: it is issued on the first visit once published.",
  };
}

/** One name's whole verdict. */
export const nameCheck = (
  name: string,
  lookup: NameLookup,
  probe: CertificateProbe | null,
  door: FrontDoor,
  published: boolean,
): NameCheck => {
  const dns = dnsVerdict(lookup, door);
  return { name, dns, certificate: certificateVerdict(probe, dns.state, published) };
};

/** What the console shows: the names' verdicts, or why the check was not run (too many checks). */
export type DomainCheckResult = { names: NameCheck[] } | { refused: string };
