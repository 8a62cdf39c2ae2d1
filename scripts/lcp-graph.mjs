#!/usr/bin/env node
// node scripts/lcp-graph.mjs .data/lighthouse-<site>-<page>-<run>  (after `LIGHTHOUSE_SAVE_ASSETS=1 npm run lighthouse`)
// Runs Lighthouse's own simulation of a slow phone on a saved run and lists what it put in the LCP's
// way: every request and main-thread task of its optimistic and pessimistic LCP graphs, with the
// simulated start and end of each. The LCP it reports is the latest end among them, so the last rows
// are what held it up (docs/operations/performance.md, "How the LCP got here"). Uses the Lighthouse
// that `npm run lighthouse` fetched with npx (its internals are not a public API: this is a tool for
// reading traces, not part of any check).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const base = process.argv[2]?.replace(/(-0)?\.(json|trace\.json|devtoolslog\.json)$/, "");
if (!base || !existsSync(`${base}-0.trace.json`)) {
  console.error("usage: node scripts/lcp-graph.mjs .data/lighthouse-<site>-<page>-<run> (a run saved with LIGHTHOUSE_SAVE_ASSETS=1)");
  process.exit(2);
}
const found = execFileSync("find", [join(homedir(), ".npm/_npx"), "-path", "*/node_modules/lighthouse/package.json"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean)
  .find((f) => /^12\./.test(JSON.parse(readFileSync(f, "utf8")).version));
if (!found) {
  console.error("no Lighthouse 12 in npx's cache: run `npm run lighthouse` once first");
  process.exit(2);
}
const lh = (path) => import(pathToFileURL(join(found, "..", path)).href);
const { LanternLargestContentfulPaint } = await lh("core/computed/metrics/lantern-largest-contentful-paint.js");
const { LanternFirstContentfulPaint } = await lh("core/computed/metrics/lantern-first-contentful-paint.js");
const constants = await lh("core/config/constants.js");

const report = JSON.parse(readFileSync(`${base}.json`, "utf8"));
const url = report.finalDisplayedUrl ?? report.requestedUrl;
const settings = { ...constants.defaultSettings, formFactor: "mobile", throttlingMethod: "simulate" };
const data = {
  trace: JSON.parse(readFileSync(`${base}-0.trace.json`, "utf8")),
  devtoolsLog: JSON.parse(readFileSync(`${base}-0.devtoolslog.json`, "utf8")),
  gatherContext: { gatherMode: "navigation" },
  settings,
  URL: { requestedUrl: url, mainDocumentUrl: url, finalDisplayedUrl: url },
  SourceMaps: [],
  simulator: null,
};
const context = { computedCache: new Map(), settings };
const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);
const m = report.audits.metrics.details.items[0];
console.log(
  `${url}\nsimulated FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms; observed FCP ${m.observedFirstContentfulPaint} ms, LCP ${m.observedLargestContentfulPaint} ms, DOMContentLoaded ${m.observedDomContentLoaded} ms`,
);
for (const [name, estimate] of [
  ["optimistic", lcp.optimisticEstimate],
  ["pessimistic", lcp.pessimisticEstimate],
]) {
  console.log(`\n${name} graph: ${Math.round(estimate.timeInMs)} ms   (simulated start → end, what)`);
  for (const [node, t] of [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const what =
      node.type === "network"
        ? `${node.request.priority} ${node.request.resourceType} ${(node.request.transferSize / 1024).toFixed(1)} KB ${node.request.url.replace(/^https?:\/\/[^/]+/, "")}`
        : `task of ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms observed${[...node.getEvaluateScriptURLs()].map((u) => ` ${u.split("/").pop()}`).join("")}`;
    console.log(`${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${what.slice(0, 140)}`);
  }
}
