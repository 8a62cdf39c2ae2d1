/*
 * A crawler over every link and srcset width while a shopper opens the home page: the shopper's
 * p95 and the server's memory.
 */
import { pct } from "../cluster-drills";
import { PORT, round, withServer, withPhotographs, HOST } from "./measure";
import { residentAtRest, residentNow } from "./memory";

/**
 * A search-engine crawler: 8 connections walk every link and every srcset width from parkside's home
 * page (up to CRAWL_LIMIT addresses) while a shopper opens the home page every 100 ms. Reports the
 * shopper's p95 (target < 500 ms), what the crawler got, and the server's memory before and after.
 */
const CRAWL_LIMIT = 1500;

async function crawl() {
  return withServer(15, async (server) => {
    const loaded = await withPhotographs();
    const [before] = await residentAtRest([server.pid!]);
    const base = `http://127.0.0.1:${PORT}`;
    const get = async (path: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, {
        // as Googlebot asks for images: any format (the service answers JPEG, else what the Accept allows)
        headers: { host: HOST, "user-agent": "Googlebot/2.1 (bench)", accept: "image/avif,image/webp,*/*" },
        signal: AbortSignal.timeout(10_000),
      });
      const body = (res.headers.get("content-type") ?? "").includes("text/html") ? await res.text() : (await res.arrayBuffer(), "");
      return { status: res.status, ms: performance.now() - t0, body };
    };
    const seen = new Set<string>(["/"]);
    const queue = ["/"];
    const statuses = new Map<number | "timeout", number>();
    let fetched = 0;
    const links = (html: string) => [
      ...[...html.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/srcSet="([^"]+)"/gi)].flatMap((m) => m[1]!.split(",").map((s) => s.trim().split(/\s+/)[0]!)),
      ...[...html.matchAll(/<img[^>]+src="(\/[^"]+)"/g)].map((m) => m[1]!),
    ];
    const worker = async () => {
      while (queue.length > 0 && fetched < CRAWL_LIMIT) {
        const path = queue.shift()!.replace(/&amp;/g, "&");
        fetched++;
        try {
          const r = await get(path);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          for (const l of links(r.body)) {
            if (l.startsWith("/api/") || l.startsWith("/_next/static") || seen.has(l)) continue;
            seen.add(l);
            queue.push(l);
          }
        } catch {
          statuses.set("timeout", (statuses.get("timeout") ?? 0) + 1);
        }
        if (queue.length === 0) await new Promise((r) => setTimeout(r, 50)); // others may still add links
      }
    };
    const home: number[] = [];
    let crawling = true;
    const shopper = (async () => {
      while (crawling) {
        home.push((await get("/").catch(() => ({ ms: 10_000 }))).ms);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 8 }, worker));
    crawling = false;
    await shopper;
    return {
      loaded,
      before,
      after: residentNow(server.pid!),
      images: [...seen].filter((l) => l.startsWith("/images/")).length,
      fetched,
      seconds: round((performance.now() - t0) / 1000, 1),
      statuses: [...statuses].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      homeP50: round(pct(home, 50)),
      homeP95: round(pct(home, 95)),
      homeN: home.length,
    };
  });
}

export async function runCrawl(): Promise<void> {
  const c = await crawl();
  console.log(`
Crawler: 8 connections over every link and srcset width from parkside's home page (${c.fetched} addresses in ${c.seconds} s)
  real photographs: ${c.loaded.photos} on ${c.loaded.cars} cars (${c.loaded.averageKb} KB each on average); ${c.images} image addresses seen
  answers ${c.statuses.map(([s, n]) => `${s}×${n}`).join(", ")}
  the home page meanwhile (${c.homeN} loads): p50 ${c.homeP50} ms   p95 ${c.homeP95} ms (target < 500 ms) → ${c.homeP95 < 500 ? "PASS" : "FAIL"}
  server memory: RSS ${c.before!.rssMb} MB at rest before, ${c.after.rssMb} MB after; peak ${c.after.hwmMb} MB (target < 1,024 MB) → ${c.after.hwmMb < 1024 ? "PASS" : "FAIL"}`);
  if (c.homeP95 >= 500 || c.after.hwmMb >= 1024) process.exitCode = 1;
}
