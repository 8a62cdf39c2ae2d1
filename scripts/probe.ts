// npm run probe — replays the security probe's requests against the production server (fresh demo
// database, port 3400) and checks each answer: no 5xx, the expected 4xx, no internals leaked, the
// page cache not filled by made-up query parameters, the server's memory bounded while a client
// streams an 80 MB chunked upload, and the image service bounded under 200 concurrent new variants
// of 24 MB originals. Later findings (scripts/lib/probe-findings.ts): the server, started under
// umask 000, keeps its embedded database and attachments owner-only; the back-office refuses a write
// from another port or scheme of its name (403) and no site takes a slug such as admin (422); both
// public feeds start a typed formula (=, +, -, @) with an apostrophe; 200 requests for /contact
// with random ?vehicle= values add at most one page-cache entry; the no-JavaScript contact form posted
// three times (two at once) makes one lead, and one refused (an attachment, too large, another
// website, the rate limit) comes back as the form page with its message, never JSON; a refused
// back-office post of 10,000 fields answers within a second with a cookie under 4 KB; the sign-in,
// register and reset pages' forms post (none falls back to a GET before its script runs); bulk actions
// and stock-file checks are limited per staff member (429, and the list's form says so).
// Exits non-zero on the first broken expectation. Builds first when there is no build.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import {
  ownerSession,
  probeBackOffice,
  probeBulkLimits,
  probeDoublePost,
  probeFeeds,
  probeFileModes,
  probeFormRefusals,
  probeGetFallbacks,
  probeManyFields,
  probeVehicleParam,
  type Answer,
} from "./lib/probe-findings";
import { probeImages } from "./lib/probe-images";
import { ensureBuild, startServer } from "./lib/server-process";

const PORT = 3400;
const DATA = ".data/probe";
const HOST = "parkside-motor-group.localhost";
ensureBuild();
const PHOTO_DIR = ".data/probe-photos";
rmSync(PHOTO_DIR, { recursive: true, force: true });
rmSync(".data/probe-image-cache", { recursive: true, force: true });
const UPLOAD_DIR = ".data/probe-uploads";
rmSync(UPLOAD_DIR, { recursive: true, force: true });
const PLATFORM_ADMIN = { user: "probe-admin", password: randomBytes(18).toString("base64url") };
process.umask(0); // the server inherits a umask that lets everyone read: what it writes must be owner-only anyway
const server = await startServer({
  port: PORT,
  dataDir: DATA,
  // TRUST_PROXY: the image attack speaks as 200 clients (X-Forwarded-For)
  env: {
    LOG_LEVEL: "silent",
    UPLOAD_DIR,
    PHOTO_DIR,
    IMAGE_CACHE_DIR: ".data/probe-image-cache",
    TRUST_PROXY: "1",
    LEAD_RATE_LIMIT: "20", // the no-JavaScript form's rate-limit refusal is reached at the 21st post
    // the platform API's administrator: the reserved-slug check creates sites through it
    PLATFORM_ADMIN_USER: PLATFORM_ADMIN.user,
    PLATFORM_ADMIN_PASSWORD: PLATFORM_ADMIN.password,
  },
});
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path,
        agent: false,
        headers: { host: HOST, ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("latin1") }));
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

let failures = 0;
function check(what: string, ok: boolean, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `  (${detail})` : ""}`);
  if (!ok) failures++;
}

const lead = JSON.stringify({
  lead: {
    form: "contact",
    first_name: "Mary",
    last_name: "Smith",
    email: "mary@example.com",
    phone: "0412 345 678",
    postcode: "3134",
    category: "General Enquiry",
    dealership_slug: "parkside-mazda",
    location: 10012,
    message: "hello\u0000world",
  },
});

try {
  // 1. stored-then-served XSS through the photo path
  const svg = await send("GET", "/photos/x%22%20onload%3D%22alert(document.domain)/red/1.svg");
  check("photo path with markup → 404, no markup echoed", svg.status === 404 && !svg.body.includes("onload"), String(svg.status));
  const good = await send("GET", "/photos/suv/red/1.svg");
  check(
    "photo SVG served with a script-free CSP and nosniff",
    good.status === 200 &&
      /default-src 'none'/.test(String(good.headers["content-security-policy"])) &&
      good.headers["x-content-type-options"] === "nosniff",
  );

  // 4/5. NUL bytes, lone surrogates, prototype keys, bad encodings
  const nul = await send("POST", "/api/leads", { "content-type": "application/json" }, lead);
  check(
    "lead with a NUL byte → 422 with the field's message",
    nul.status === 422 && nul.body.includes('"message":"Please remove unsupported characters."'),
    String(nul.status),
  );
  const surrogate = await send(
    "POST",
    "/api/leads",
    { "content-type": "application/json" },
    lead.replace("hello\\u0000world", "hello\\ud800world"),
  );
  check("lead with a lone surrogate → 422", surrogate.status === 422, String(surrogate.status));
  for (const [path, expected] of [
    ["/search/new-used-and-demo-cars?make=constructor", 200],
    ["/success?category=__proto__", 200],
    ["/__proto__", 404],
    ["/search/constructor", 404],
    ["/search/new-used-and-demo-cars?q=%00", 400],
    ["/cars/%00", 400],
    ["/%FF", 400],
    ["/bench/baseline", 404],
    ["/api/bookings/slots?kind=__proto__&date=2027-01-04&location_id=10016", 422],
    ["/api/bookings/slots?kind=service&date=2027-02-30&location_id=10016", 422],
    ["/api/bookings/slots?kind=service&date=2027-01-04&location_id=99999999999", 422],
    [`/api/bookings/slots?kind=test-drive&date=2027-01-04&vehicle=${"x".repeat(500)}`, 422],
    ["/booking/not-a-token", 404],
  ] as const) {
    const r = await send("GET", path);
    check(`GET ${path} → ${expected}`, r.status === expected && !/at [\w.<>]+ \(|Failed query/.test(r.body), String(r.status));
  }

  // 6. headers
  const page = await send("GET", "/", { "accept-encoding": "identity" });
  const csp = String(page.headers["content-security-policy"] ?? "");
  check("page CSP with a nonce and frame-ancestors", /'nonce-[^']+'/.test(csp) && csp.includes("frame-ancestors 'self'"));
  check("no x-middleware-rewrite / x-powered-by", !page.headers["x-middleware-rewrite"] && !page.headers["x-powered-by"]);
  const prod = await send("GET", "/", { host: "www.parksidemotorgroup.com.au" });
  check("HSTS on a real domain", /max-age=/.test(String(prod.headers["strict-transport-security"])));

  // 7. page-cache poisoning through Accept-Encoding
  const path = "/dealerships?probe=deflate";
  await send("GET", path, { "accept-encoding": "deflate" });
  const plain = await send("GET", path, {});
  check(
    "a copy cached for deflate is never served to a client that asked for none",
    !plain.headers["content-encoding"] && plain.body.includes("<html"),
    String(plain.headers["content-encoding"] ?? "identity"),
  );
  check("Vary: Accept-Encoding", /accept-encoding/i.test(String(plain.headers.vary)));

  // the page cache flooded with made-up tracking parameters: the page does not read them, so one entry
  type CacheStats = { entries: number; misses: number };
  const cacheStats = async () => (JSON.parse((await send("GET", "/api/health")).body) as { pageCache?: CacheStats }).pageCache;
  const cacheBefore = await cacheStats();
  for (let i = 0; i < 500; i += 25)
    await Promise.all(Array.from({ length: 25 }, (_, j) => send("GET", `/search/used-cars?gclid=probe-${i + j}&utm_source=${i + j}`)));
  const cacheAfter = await cacheStats();
  const added = cacheBefore && cacheAfter ? cacheAfter.entries - cacheBefore.entries : NaN;
  const missed = cacheBefore && cacheAfter ? cacheAfter.misses - cacheBefore.misses : NaN;
  check(
    "500 requests with distinct ?gclid= values make at most 1 new page-cache entry",
    added <= 1 && missed <= 1,
    `${added} new entries, ${missed} renders`,
  );

  // 11. smaller ones
  const putDashes = await send("PUT", `/api/leads/${"-".repeat(36)}`, { "content-type": "application/json" }, lead);
  check("PUT with a non-uuid id → 404", putDashes.status === 404, String(putDashes.status));
  const trace = await send("TRACE", "/");
  check("TRACE → 405 with Allow", trace.status === 405 && Boolean(trace.headers.allow), String(trace.status));
  const cross = await send(
    "POST",
    "/api/leads",
    { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    lead,
  );
  check("a lead posted from another website → 403", cross.status === 403, String(cross.status));
  const text = await send("POST", "/api/leads", { "content-type": "text/plain" }, lead);
  check("a lead as text/plain → 415", text.status === 415, String(text.status));
  const mock = await send("POST", "/mock/leads", { "content-type": "application/json" }, lead);
  check("/mock/leads on a real dealer's site → 404", mock.status === 404, String(mock.status));
  const cancelJunk = await send("POST", "/api/bookings/cancel", { "content-type": "application/json" }, '{"token":"__proto__.x"}');
  check("a booking cancelled with a made-up token → 404", cancelJunk.status === 404, String(cancelJunk.status));
  const cancelCross = await send(
    "POST",
    "/api/bookings/cancel",
    { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    '{"token":"x.y"}',
  );
  check("a booking cancelled from another website → 403", cancelCross.status === 403, String(cancelCross.status));
  const health = await send("GET", "/api/health");
  check("health shows no SQL", !/select|from sites/i.test(health.body));

  // the later findings (scripts/lib/probe-findings.ts)
  await probeFileModes({ send, check, dataDir: DATA, uploadDir: UPLOAD_DIR });
  const platformAdmin = `Basic ${Buffer.from(`${PLATFORM_ADMIN.user}:${PLATFORM_ADMIN.password}`).toString("base64")}`;
  await probeBackOffice({ send, check, port: PORT, platformAdmin });
  await probeFeeds({ send, check, platformAdmin });
  await probeVehicleParam({ send, check });
  const session = await ownerSession({ send, port: PORT });
  await probeDoublePost({ send, check, port: PORT, session });
  await probeFormRefusals({ send, check });
  await probeManyFields({ send, check, port: PORT, session });
  await probeGetFallbacks({ send, check, port: PORT });
  await probeBulkLimits({ send, check, port: PORT, session });

  // the image service under hostile load (scripts/lib/probe-images.ts)
  await probeImages({ port: PORT, pid: server.pid!, photoDir: PHOTO_DIR, check });

  // 2. an 80 MB chunked upload: cut off at the limit, memory bounded
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  const upload = await new Promise<{ status: number; sentMb: number }>((resolve, reject) => {
    let sent = 0;
    const boundary = "probeBoundary";
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method: "POST",
        path: "/api/leads/with-files",
        agent: false,
        headers: { host: HOST, "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, sentMb: sent / 1048576 }));
      },
    );
    req.on("error", (e) => (sent > 0 ? resolve({ status: 0, sentMb: sent / 1048576 }) : reject(e)));
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const pump = () => {
      while (sent < 80 * 1048576) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
  clearInterval(sampler);
  check("80 MB chunked upload → 413", upload.status === 413, `status ${upload.status}, client wrote ${upload.sentMb.toFixed(0)} MB`);
  check("server memory stays bounded during it", peak - before < 60, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`);
} finally {
  server.kill("SIGTERM");
}
console.log(failures ? `\n${failures} probe expectation(s) failed` : "\nevery probe request got its 4xx; memory stayed bounded");
process.exit(failures ? 1 : 0);
