/*
 * First-load JavaScript per page type against the framework's floor, built in the run.
 */
import { buildFloor, gzippedSize, moduleScripts } from "../js-floor";
import { PORT, round, withServer, SEARCH, HOST } from "./measure";

/**
 * First-load JavaScript per page type: the scripts a page's HTML loads (not chunks loaded later on
 * demand), gzipped as a browser receives them, against the framework's floor measured in the same
 * run (an empty App Router page built with the same Next, scripts/lib/js-floor.ts). The
 * budget (docs/operations/performance.md): floor + 35 KB on every page, form pages included.
 */
const JS_OVER_FLOOR_KB: Record<string, number> = { home: 35, search: 35, vehicle: 35, location: 35, brand: 35, post: 35, form: 35 };

async function firstLoadJs() {
  const floor = buildFloor();
  const pages = await withServer(15, async () => {
    const pageHtml = (path: string) => fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { host: HOST } }).then((r) => r.text());
    const search = await pageHtml(SEARCH);
    const vehicle = /href="(\/cars\/[^"#?]+)"/.exec(search)?.[1] ?? "/cars/none";
    const paths: Record<string, string> = {
      home: "/",
      search: SEARCH,
      vehicle,
      location: "/dealerships",
      form: "/contact",
      brand: "/brands/mazda",
      post: "/blog/winter-car-care-checklist",
    };
    const out: Array<{ page: string; kb: number; budget: number; files: number }> = [];
    for (const [page, path] of Object.entries(paths)) {
      const files = moduleScripts(await pageHtml(path));
      out.push({ page, kb: round(gzippedSize(".", files) / 1024, 1), budget: JS_OVER_FLOOR_KB[page]!, files: files.length });
    }
    return out;
  });
  return { floor: { ...floor, kb: round(floor.bytes / 1024, 1) }, pages };
}

export async function runJs(): Promise<void> {
  const { floor, pages } = await firstLoadJs();
  console.log(`
First-load JavaScript (gzip, module scripts) per page type, parkside, against the floor: an empty App
Router page built with the same Next (${floor.next}) in this run: ${floor.kb} KB in ${floor.files} files
${pages
  .map(
    (j) =>
      `  ${j.page.padEnd(10)} ${String(j.kb).padStart(7)} KB in ${String(j.files).padStart(2)} files   ours ${String(round(j.kb - floor.kb, 1)).padStart(5)} KB` +
      `   budget floor + ${j.budget} = ${round(floor.kb + j.budget, 1)} KB → ${j.kb <= floor.kb + j.budget ? "PASS" : "FAIL"}`,
  )
  .join("\n")}`);
  if (pages.some((j) => j.kb > floor.kb + j.budget)) process.exitCode = 1;
}
