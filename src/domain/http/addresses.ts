import ipaddr from "ipaddr.js";

/*
 * Where a request a dealer or a feed can aim may go: only to public internet addresses. Which
 * range an address is in is the maintained ipaddr.js's call (its `range()`), not a table of ours:
 * only its `unicast` is allowed, so loopback, private, carrier-grade NAT, link-local (cloud metadata
 * at 169.254.169.254), unique-local, multicast, documentation, 6to4, Teredo and every reserved or
 * future special range are refused. Pure; the server checks every address a name resolves to and
 * connects to the one it checked.
 */

export const NOT_PUBLIC_MESSAGE = "Use a public internet address: local, private and cloud metadata addresses are refused.";

/** The parsed address, or null when the text is not one (brackets and a zone allowed on IPv6). */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const s = ip.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(s) ? ipaddr.parse(s) : null;
}

/** IPv6 ranges whose last 32 bits are an IPv4 address the packet really goes to. */
const CARRIES_IPV4 = new Set(["ipv4Mapped", "rfc6145"]);
// the well-known NAT64 prefix carries the IPv4 address in its last 32 bits; the local-use one
// (64:ff9b:1::/48) may put it anywhere, so it is refused with the other non-unicast ranges
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");
// the deprecated IPv4-compatible form (::a.b.c.d) is not a range ipaddr.js names; nothing public uses it
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

function tailV4(a: ipaddr.IPv6): ipaddr.IPv4 {
  const b = a.toByteArray();
  return new ipaddr.IPv4(b.slice(12));
}

/** Whether an IP address (v4, or v6 with or without brackets) is on the public internet. Anything that is not an address is not. */
export function isPublicAddress(ip: string): boolean {
  const a = parseAddress(ip);
  if (!a) return false;
  if (a.kind() === "ipv4") return a.range() === "unicast";
  const v6 = a as ipaddr.IPv6;
  const range = v6.range();
  if (CARRIES_IPV4.has(range) || v6.match(NAT64_WELL_KNOWN)) return tailV4(v6).range() === "unicast";
  return range === "unicast" && !v6.match(IPV4_COMPATIBLE);
}

/** Whether a host is written as an IP address (v4, or v6 with or without brackets). */
export const isIpLiteral = (host: string): boolean => parseAddress(host) !== null;

/** Names that never lead to the public internet, whatever they resolve to. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/i;

/**
 * Why a URL may not be the target of an outbound request, before any DNS: not http(s), a local
 * name, or an address that is not public. Null when only its resolved addresses remain to check.
 */
export function outboundUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "Enter an http or https address";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return "Enter an http or https address";
  if (u.username || u.password) return "Put no user name or password in the address";
  const host = u.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (isIpLiteral(host)) return isPublicAddress(host) ? null : NOT_PUBLIC_MESSAGE;
  // a single-label name ("crm") or a local one resolves inside some network, never on the internet
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return NOT_PUBLIC_MESSAGE;
  return null;
}
