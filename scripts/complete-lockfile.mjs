#!/usr/bin/env node
// The npm registry reachable from our machines serves only the Linux builds of platform-specific
// packages (next/swc, rollup, tailwind oxide, …). `npm install` then leaves the other platforms'
// optional packages out of package-lock.json, and `npm ci` refuses the lockfile ("Missing: … from
// lock file"). This adds an entry for each such package, tagged with the os/cpu/libc its name
// states, so npm skips it on this platform exactly as it would with a complete lockfile.
// Run after every `npm install`:  node scripts/complete-lockfile.mjs   (a unit test checks it).
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "openharmony", "netbsd", "sunos", "aix"];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

export function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  const libc = tokens.some((t) => t.startsWith("musl"))
    ? "musl"
    : tokens.some((t) => t.startsWith("gnu")) && os === "linux"
      ? "glibc"
      : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

export function missingOptional(lock) {
  const out = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ""}node_modules/${dep}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
      out.push({ key: `node_modules/${dep}`, dep, version, dev: entry.dev === true });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
  const missing = missingOptional(lock);
  for (const m of missing) {
    lock.packages[m.key] = { version: m.version, ...(m.dev ? { dev: true } : {}), optional: true, ...platformOf(m.dep) };
  }
  const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
  lock.packages = sorted;
  writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
  console.log(`complete-lockfile: added ${missing.length} platform entries`);
}
