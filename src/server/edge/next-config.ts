import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextConfig } from "next";

/** The Next config the build wrote (.next/required-server-files.json), defaults applied. */
export function builtNextConfig(dir: string): NextConfig {
  const files = JSON.parse(readFileSync(join(dir, ".next", "required-server-files.json"), "utf8")) as { config: NextConfig };
  return files.config;
}

/** The variable Next's own standalone server sets to start from the built config. */
export const STANDALONE_CONFIG = "__NEXT_PRIVATE_STANDALONE_CONFIG";

/**
 * Hands Next the config its build wrote. Without it Next compiles next.config.ts again at every
 * start with its native SWC binding, which then stays loaded: about 30 MB resident in each process
 * for a file read once. Next's generated standalone server does the same, through the same variable
 * (its router reads the config without the `conf` a custom server may pass).
 */
export function startFromBuiltConfig(dir: string, vars: Record<string, string | undefined> = process.env): void {
  vars[STANDALONE_CONFIG] ??= JSON.stringify(builtNextConfig(dir));
}
