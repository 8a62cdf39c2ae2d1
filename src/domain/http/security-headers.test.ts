import { describe, expect, test } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy, isLocalHost, LOCAL_HOST_NAME_PATTERN } from "./security-headers";

describe("security headers", () => {
  // next.config.ts sends HSTS by the pattern (Next matches the host name without its port, lower case)
  test.each([
    ["localhost:3000", true],
    ["parkside.localhost", true],
    ["parkside.localhost.", true],
    ["127.0.0.1:3100", true],
    ["0.0.0.0", true],
    ["parksidemotorgroup.com.au", false],
    ["www.parksidemotorgroup.com.au", false],
    ["localhost.example.com", false],
  ])("%s: local %s, by the edge's test and by next.config.ts's pattern alike", (host, local) => {
    expect(isLocalHost(host)).toBe(local);
    expect(new RegExp(`^${LOCAL_HOST_NAME_PATTERN}$`).test(host.split(":")[0]!.toLowerCase())).toBe(local);
    expect("strict-transport-security" in baseSecurityHeaders(host)).toBe(!local);
  });

  test.each([
    [{ nonce: "abc" }, true, "script-src 'self' 'nonce-abc' 'strict-dynamic'", false],
    [{ hashes: ["'sha256-x'"] }, false, "script-src 'self' 'sha256-x' https://maps.googleapis.com https://maps.gstatic.com", true],
  ] as const)("%o (local %s): %s", (source, local, scripts, upgrades) => {
    const csp = contentSecurityPolicy(source, local).split("; ");
    expect(csp).toContain(scripts);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp.includes("upgrade-insecure-requests")).toBe(upgrades);
  });
});
