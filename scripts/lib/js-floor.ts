import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The framework's own floor of first-load JavaScript: an empty App Router page (a root layout and a
 * page saying "ok"), built with this project's Next and React, in its own directory beside the
 * project's build. The budgets are this floor plus 35 KB (content pages) or 70 KB (forms).
 */
export const FLOOR_DIR = ".data/bench-floor";

/** Module scripts an HTML page loads (what a current browser downloads; noModule polyfills are for old ones). */
export function moduleScripts(html: string): string[] {
  const tags = [...html.matchAll(/<script[^>]+src="(\/_next\/static\/[^"?]+)"[^>]*>/g)].filter((m) => !/\bnoModule\b/i.test(m[0]));
  return [...new Set(tags.map((m) => m[1]!))];
}

/** Gzipped size (bytes) of the given `/_next/static/…` files of a build in `dir`. */
export const gzippedSize = (dir: string, files: string[]) =>
  files.reduce((n, f) => n + gzipSync(readFileSync(`${dir}/.next${f.replace("/_next", "")}`)).length, 0);

/** Builds the empty page (about a minute) and returns its first-load JavaScript: bytes gzipped and files. */
export function buildFloor(): { bytes: number; files: number; next: string } {
  const dir = resolve(FLOOR_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/app`, { recursive: true });
  symlinkSync(resolve("node_modules"), `${dir}/node_modules`, "dir");
  writeFileSync(`${dir}/package.json`, JSON.stringify({ name: "bench-floor", private: true }));
  writeFileSync(`${dir}/next.config.mjs`, "export default {};\n");
  writeFileSync(
    `${dir}/app/layout.jsx`,
    'export default function Layout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  writeFileSync(`${dir}/app/page.jsx`, "export default function Page() {\n  return <p>ok</p>;\n}\n");
  const build = spawnSync(process.execPath, [resolve("node_modules/next/dist/bin/next"), "build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  const page = `${dir}/.next/server/app/index.html`;
  if (build.status !== 0 || !existsSync(page)) throw new Error(`the empty page did not build:\n${build.stdout}\n${build.stderr}`);
  const files = moduleScripts(readFileSync(page, "utf8"));
  const next = JSON.parse(readFileSync("node_modules/next/package.json", "utf8")).version as string;
  return { bytes: gzippedSize(dir, files), files: files.length, next };
}
