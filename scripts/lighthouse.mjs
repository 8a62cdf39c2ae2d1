#!/usr/bin/env node
// npm run lighthouse — DESIGN.md's quality budgets on mobile for home, search, vehicle detail, a
// location, a form page, a brand page and a blog post of three tenants (parkside, tasman, lakeside): Performance ≥ 95, Accessibility 100, Best Practices ≥ 95,
// SEO 100. Uses Debian's Chromium (CHROME_PATH) and fetches the lighthouse CLI from the npm registry
// on first use (npx), so it is not a dependency of the app. Exits 1 when a budget is missed.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";

const PORT = 3400;
const DATA = ".data/lighthouse";
// three tenants, three templates and markets (AU cars, NZ campers, US RV); LIGHTHOUSE_SITES=slug,… to choose
const HOSTS = (process.env.LIGHTHOUSE_SITES ?? "parkside-motor-group,tasman-campers,lakeside-rv")
  .split(",")
  .map((s) => `${s.trim()}.localhost`);
const FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };

if (!existsSync(".next/BUILD_ID") || !existsSync("dist/server.mjs")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
rmSync(DATA, { recursive: true, force: true });
rmSync(`${DATA}.lock`, { recursive: true, force: true });
rmSync(`${DATA}.lock.pid`, { force: true });
const server = spawn(process.execPath, ["dist/server.mjs"], {
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: DATA, PORT: String(PORT), LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
let failed = false;
try {
  for (
    let i = 0;
    i < 120 &&
    !(await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 500));
  for (const host of HOSTS) {
    // node:http, not fetch: fetch drops a Host header it is given, and every host would read as the default site
    const html = (path) =>
      new Promise((resolve, reject) =>
        http
          .get({ host: "127.0.0.1", port: PORT, path, headers: { host, connection: "close" } }, (res) => {
            let body = "";
            res
              .setEncoding("utf8")
              .on("data", (c) => (body += c))
              .on("end", () => resolve(body));
          })
          .on("error", reject),
      );
    const detail = /href="(\/(?:cars|motorcycles|campers)\/[^"#]+)"/.exec(await html("/search/new-used-and-demo-cars"))?.[1];
    const location = /href="(\/our-location\/[^"#]+)"/.exec(await html("/dealerships"))?.[1];
    // content pages: a brand page and a blog post, where the site has them
    const home = await html("/");
    const brand = /href="(\/brands\/[^"#]+)"/.exec(home)?.[1];
    const blog = /href="(\/(?:blog|news))"/.exec(home)?.[1];
    const post = blog ? new RegExp(`href="(${blog}/[^"#?]+)"`).exec(await html(blog))?.[1] : undefined;
    const pages = { home: "/", search: "/search/new-used-and-demo-cars", detail, location, form: "/contact", brand, post };
    console.log(host);
    for (const [name, path] of Object.entries(pages)) {
      if (!path) continue;
      const out = `.data/lighthouse-${host.split(".")[0]}-${name}.json`;
      execFileSync(
        "npx",
        [
          "--yes",
          "lighthouse@12",
          `http://${host}:${PORT}${path}`,
          `--chrome-flags=${FLAGS}`,
          "--output=json",
          `--output-path=${out}`,
          "--quiet",
          "--only-categories=performance,accessibility,best-practices,seo",
        ],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      const r = JSON.parse(readFileSync(out, "utf8"));
      const scores = Object.fromEntries(Object.entries(r.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
      const misses = Object.entries(BUDGET).filter(([k, min]) => scores[k] < min);
      failed ||= misses.length > 0;
      console.log(
        `  ${name.padEnd(9)} perf ${scores.performance}  a11y ${scores.accessibility}  best ${scores["best-practices"]}  seo ${scores.seo}  LCP ${r.audits["largest-contentful-paint"].displayValue}  CLS ${r.audits["cumulative-layout-shift"].displayValue}  TBT ${r.audits["total-blocking-time"].displayValue}${misses.length ? `  MISSED: ${misses.map(([k]) => k).join(", ")}` : ""}`,
      );
    }
  }
} finally {
  server.kill("SIGTERM");
}
process.exitCode = failed ? 1 : 0;
