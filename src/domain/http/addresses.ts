/*
 * Where a request a dealer or a feed can aim may go (the probe's SSRF finding): only to
 * public internet addresses. Loopback, private, carrier-grade NAT, link-local (cloud metadata at
 * 169.254.169.254), unique-local, multicast, documentation and reserved ranges are refused, also
 * when written as IPv4-mapped or NAT64 IPv6. Pure; the server checks every address a name
 * resolves to and connects to the one it checked.
 */

export const NOT_PUBLIC_MESSAGE = "Use a public internet address: local, private and cloud metadata addresses are refused.";

const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function v4Number(ip: string): number | null {
  const m = V4.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

/** [network, prefix length] of IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const V4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function v4Public(n: number): boolean {
  return !V4_BLOCKED.some(([net, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (v4Number(net)! & mask) >>> 0;
  });
}

/** An IPv6 address as eight 16-bit groups (an embedded IPv4 tail included); null when it is not one. */
function v6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase().replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(s) || !s.includes(":")) return null;
  const tail = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(s);
  if (tail) {
    const n = v4Number(tail[1]!);
    if (n === null) return null;
    s = `${s.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (h: string) => (h ? h.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const [head, rest] = [parse(halves[0]!), halves.length === 2 ? parse(halves[1]!) : []];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/** Whether an IP address (v4 or v6) is on the public internet. Anything that is not an address is not. */
export function isPublicAddress(ip: string): boolean {
  const n = v4Number(ip);
  if (n !== null) return v4Public(n);
  const g = v6Groups(ip);
  if (!g) return false;
  const v4In = (hi: number, lo: number) => v4Public(((hi << 16) >>> 0) + lo);
  if (g.every((x) => x === 0)) return false; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return false; // ::1
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4In(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (g.slice(0, 6).every((x) => x === 0)) return false; // ::a.b.c.d (deprecated compatible)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4In(g[6]!, g[7]!); // NAT64
  if ((g[0]! & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((g[0]! & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
  if ((g[0]! & 0xffc0) === 0xfec0) return false; // fec0::/10 site-local (deprecated)
  if ((g[0]! & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2002) return v4In(g[1]!, g[2]!); // 6to4 carries an IPv4 address
  return true;
}

/** Whether a host is written as an IP address (v4, or v6 with or without brackets). */
export const isIpLiteral = (host: string): boolean => v4Number(host) !== null || v6Groups(host) !== null;

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
