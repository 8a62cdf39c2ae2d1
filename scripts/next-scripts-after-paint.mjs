#!/usr/bin/env node
// Next's App Router writes its own scripts (`/_next/static/…`) as `<script src async>`. A phone then
// downloads them beside the first photo, and Lighthouse's simulation of a slow phone counts every
// script that finished downloading before the largest paint as in its way: it can only tell a script
// ran after the paint from its evaluation task, and it drops tasks under 10 ms from its graph, so
// most of Next's chunks counted against the LCP (docs/decisions/0020-next-scripts-after-the-largest-paint.md).
// So this install-time step (postinstall) makes Next's page runtime write them inert,
// `type="text/x-after-paint"` (a browser neither fetches nor runs a script of a type it does not
// know), and write after its bootstrap script the tag of a small loader (an async script with the
// request's nonce) that asks for them once the first paint and the first photos have been
// presented. The tag comes with the bootstrap script, so every page Next writes has it, its error
// shell included. The loader is a file of its own, `npm run build` writes it among Next's static
// files (writeLoader, from scripts/build-server.mjs): a shopper's browser keeps it for every page,
// and the pages carry 100 bytes for it rather than its 1.4 KB. Next has no option
// for any of it; this changes three places of its page runtime (React's server renderer, bundled in
// it): React's <script> writer (preinit and hoisted scripts) and its bootstrap script writer (twice).
// It fails loudly when a pattern is not found exactly once (another Next version): then check the
// new runtime and update the patterns. scripts/next-scripts-after-paint.test.ts runs it against the
// installed runtime (docs/operations/upgrades.md).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const DIR = "node_modules/next/dist/compiled/next-server";
export const FILES = ["app-page-turbo.runtime.prod.js", "app-page.runtime.prod.js"];
/** The type Next's own scripts are written with until the loader asks for them. */
export const INERT_TYPE = "text/x-after-paint";
/** The longest the loader waits for a paint or a photo before asking for the scripts anyway. */
export const MAX_WAIT_MS = 3000;

/**
 * The loader. Once the document is parsed it waits for the first contentful paint (a `paint` entry,
 * reported once presented) and for every photo marked `fetchpriority="high"` (the page's LCP
 * candidates) to load or fail, then two frames more (what they drew has been presented); then it
 * adds each inert script as an async script of its own (Next writes its chunks for any order), with
 * its nonce (and its integrity, crossorigin and referrerpolicy, should Next write them), and removes
 * the inert tag (React's and Turbopack's client find scripts by `src`). Next's error shell has
 * nothing to paint before its scripts draw the page, and a hidden page no paint to wait for: both
 * ask at once once the document is parsed (a page that goes hidden later asks in its next task,
 * which a page being left never runs); nothing waits longer than MAX_WAIT_MS. `window.__afterPaint` says where
 * it stands ("waiting", "asked", then "ran" once every script has run or failed), for the tests.
 */
export const LOADER = `(function(){var d=document,w=window,t=${JSON.stringify(INERT_TYPE)},done=0;w.__afterPaint="waiting";
function go(){if(done)return;done=1;var o=d.querySelectorAll('script[type="'+t+'"]'),left=o.length;function ran(){if(--left<=0)w.__afterPaint="ran"}w.__afterPaint="asked";if(!left)ran();
for(var i=0;i<o.length;i++){var s=d.createElement("script"),a=["src","integrity","crossorigin","referrerpolicy"];for(var k=0;k<a.length;k++)if(o[i].hasAttribute(a[k]))s.setAttribute(a[k],o[i].getAttribute(a[k]));s.async=true;if(o[i].nonce)s.nonce=o[i].nonce;s.onload=s.onerror=ran;d.head.appendChild(s);o[i].remove()}}
function hidden(){return d.visibilityState==="hidden"}
function frames(n){if(hidden())return go();requestAnimationFrame(function(){n>1?frames(n-1):setTimeout(go,0)})}
function start(){if(hidden()||d.documentElement.id==="__next_error__")return go();setTimeout(go,${MAX_WAIT_MS});var left=2;function one(){if(--left===0)frames(2)}
try{var p=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){p.disconnect();one()}});p.observe({type:"paint",buffered:true})}catch(e){one()}
var im=[].filter.call(d.images,function(i){return i.getAttribute("fetchpriority")==="high"&&!i.complete}),n=im.length;if(!n)one();
im.forEach(function(i){function f(){if(--n===0)one()}i.addEventListener("load",f,{once:true});i.addEventListener("error",f,{once:true})})}
d.addEventListener("visibilitychange",function(){if(hidden()&&d.readyState!=="loading")setTimeout(go,0)});
if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",start);else start()})();`;
const LOADER_DIGEST = createHash("sha256").update(`${INERT_TYPE}\n${LOADER}`).digest("hex").slice(0, 12);
/** The loader's file, among Next's static files (immutable: its name changes with what it holds). */
export const LOADER_FILE = `after-paint-${LOADER_DIGEST}.js`;
export const LOADER_DIR = ".next/static/chunks";
export const LOADER_URL = `/_next/static/chunks/${LOADER_FILE}`;

/** Writes the loader's file into a build's static files, minified (`npm run build` does it after Next's build). */
export async function writeLoader(dir = LOADER_DIR) {
  const { transform } = await import("esbuild");
  const { code } = await transform(LOADER, { minify: true, target: "es2017" });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, LOADER_FILE), code);
  return join(dir, LOADER_FILE);
}

/**
 * The mark a patched runtime carries, with a digest of what this version writes: a runtime an older
 * version of this step patched (another loader) is found and refused rather than left as it is.
 */
const MARK_PREFIX = "/*next-scripts-after-paint";
export const MARK = `${MARK_PREFIX}:${LOADER_DIGEST}*/`;

export const PATCHES = [
  {
    what: "React's <script> writer: a script of Next's own (/_next/static/) is written inert, not async",
    from: 'function to(e,t){e.push(th("script"));',
    to: `function to(e,t){${MARK}t.async&&"string"==typeof t.src&&t.src.includes("/_next/static/")&&(t=Object.assign({},t,{async:null,type:"${INERT_TYPE}"}));e.push(th("script"));`,
  },
  {
    // the same chunk closes a bootstrap module (`<script type="module" src>`), whose first type wins: it
    // would run at once, without the loader; Next writes no bootstrap module
    what: "React's bootstrap script: inert",
    from: `ev=q(' async=""><\\/script>')`,
    to: `ev=q(' type="${INERT_TYPE}"><\\/script>')`,
  },
  {
    what: "React's bootstrap scripts: the loader's tag after the first, with the request's nonce (r)",
    from: "r$(c,e),c.push(ev);if(void 0!==h)",
    to: `r$(c,e),c.push(ev),0===n&&c.push('<script src="${LOADER_URL}" async=""'+(r?' nonce="'+ee(r)+'"':"")+"><\\/script>");if(void 0!==h)`,
  },
];

/**
 * What an earlier version of this step wrote (Next's scripts `defer`): a runtime that carries it is
 * first taken back to Next's own text, so `npm install` over an old node_modules applies this one.
 */
export const EARLIER = {
  mark: "/*defer-next-scripts*/",
  patches: [
    {
      from: 'function to(e,t){e.push(th("script"));',
      to: 'function to(e,t){/*defer-next-scripts*/t.async&&"string"==typeof t.src&&t.src.includes("/_next/static/")&&(t=Object.assign({},t,{async:null,defer:!0}));e.push(th("script"));',
    },
    { from: `ev=q(' async=""><\\/script>')`, to: `ev=q(' defer=""><\\/script>')` },
  ],
};

/**
 * Applies the patches to the runtime files in `dir` (a file already carrying the mark is left as it
 * is). Returns the problems: a pattern not found exactly once. Nothing is written when there is one.
 */
export function scriptsAfterPaint(dir = DIR) {
  const problems = [];
  const patched = [];
  for (const name of FILES) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    let text = readFileSync(file, "utf8");
    if (text.includes(MARK)) continue; // already applied
    if (text.includes(MARK_PREFIX)) {
      problems.push(`${name}: patched by another version of this step: reinstall Next (rm -rf node_modules/next && npm ci)`);
      continue;
    }
    if (text.includes(EARLIER.mark)) for (const p of EARLIER.patches) text = text.replace(p.to, () => p.from);
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
  const problems = scriptsAfterPaint();
  for (const p of problems) console.error(`next-scripts-after-paint: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log("next-scripts-after-paint: Next's page scripts are written inert, with a loader that asks for them after the first paint");
}
