#!/usr/bin/env node
// Next's App Router writes its scripts `async`, so each runs the moment it arrives, between
// slices of the HTML parser, and a phone paints its first screen (and the LCP photo) only after
// them (vercel/next.js#66958, #60727). `defer` runs them in order once the document is parsed,
// after the first paint. Next has no option for it, so at install (postinstall) this changes the
// two places of its page runtime (React's server renderer, bundled in it) that write a script of
// Next's own with `async`: React's <script> writer (preinit and hoisted scripts) and its bootstrap
// script. Fails loudly when a pattern is not found exactly once (another Next version): then check
// the new runtime and update the patterns, or drop this when Next offers defer.
// scripts/defer-next-scripts.test.ts runs it against the installed runtime (docs/operations/upgrades.md).
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const DIR = "node_modules/next/dist/compiled/next-server";
export const FILES = ["app-page-turbo.runtime.prod.js", "app-page.runtime.prod.js"];
export const MARK = "/*defer-next-scripts*/";
export const PATCHES = [
  {
    what: "React's <script> writer: a script of Next's own (/_next/static/) is written defer, not async",
    from: 'function to(e,t){e.push(th("script"));',
    to: `function to(e,t){${MARK}t.async&&"string"==typeof t.src&&t.src.includes("/_next/static/")&&(t=Object.assign({},t,{async:null,defer:!0}));e.push(th("script"));`,
  },
  {
    what: "React's bootstrap script: defer",
    from: `ev=q(' async=""><\\/script>')`,
    to: `ev=q(' defer=""><\\/script>')`,
  },
];

/**
 * Applies the patches to the runtime files in `dir` (a file already carrying the mark is left as it
 * is). Returns the problems: a pattern not found exactly once. Nothing is written when there is one.
 */
export function deferNextScripts(dir = DIR) {
  const problems = [];
  const patched = [];
  for (const name of FILES) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    let text = readFileSync(file, "utf8");
    if (text.includes(MARK)) continue; // already applied
    for (const p of PATCHES) {
      const count = text.split(p.from).length - 1;
      if (count !== 1) {
        problems.push(`${name}: expected the pattern once, found ${count} (${p.what})`);
        continue;
      }
      text = text.replace(p.from, () => p.to);
    }
    patched.push([file, text]);
  }
  if (problems.length === 0) for (const [file, text] of patched) writeFileSync(file, text);
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = deferNextScripts();
  for (const p of problems) console.error(`defer-next-scripts: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log("defer-next-scripts: Next's page scripts are written defer");
}
