import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import fc from "fast-check";
import { FORM_KINDS } from "@/domain/leads/forms";
import { SEARCH_PARAMS } from "@/domain/stock/search";
import { expect, PORT, test } from "./fixtures";

/**
 * Property-based fuzzing of every public route and API: arbitrary strings, numbers, keys and
 * encodings in paths, query strings, headers and bodies. Whatever comes in, the answer is never a
 * 5xx, and errors have the documented shape (API: JSON {error} and, for 422, {errors:{field:message}}).
 * Bounded: a fixed number of cases per property, a fixed seed per run (printed on failure).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SITES = ["parkside-motor-group", "tasman-campers", "lakeside-rv", "harbour-city-pre-owned", "demo-motors"];

type Answer = { status: number; type: string; body: string };
let ip = 0;
/** A raw request (the path is sent exactly as given); each from its own client address (TRUST_PROXY=1). */
function send(
  method: string,
  rawPath: string,
  opts: { host?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  ip = (ip + 1) % 60000;
  // what a client can put on the wire: bytes outside printable ASCII go percent-encoded (as UTF-8)
  const path = rawPath.replace(/[^\x21-\x7e]/gu, (c) => [...Buffer.from(c)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path,
        agent: false, // one connection per case: a case never inherits another's leftovers
        headers: {
          host: `${opts.host ?? "parkside-motor-group"}.localhost:${PORT}`,
          "x-forwarded-for": `198.51.${ip >> 8}.${ip & 255}`,
          ...(opts.body !== undefined ? { "content-length": String(Buffer.byteLength(opts.body)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers["content-encoding"];
          const body =
            enc === "gzip" ? gunzipSync(raw) : enc === "br" ? brotliDecompressSync(raw) : enc === "deflate" ? inflateSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body: body.toString("utf8") });
        });
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout ${method} ${path}`)));
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The documented error shape: our JSON on API paths, HTML (our error page or a site's 404) elsewhere. */
function expectNoServerError(a: Answer, what: string, api: boolean) {
  expect(a.status, `${what} → ${a.status}: ${a.body.slice(0, 200)}`).toBeLessThan(500);
  expect(a.body, what).not.toMatch(/at [\w.<>]+ \(.*:\d+:\d+\)|Failed query|node_modules/);
  if (api && a.status >= 400) {
    expect(a.type, what).toContain("application/json");
    const json = JSON.parse(a.body) as { error?: unknown; errors?: Record<string, unknown> };
    expect(typeof json.error, what).toBe("string");
    if (a.status === 422) {
      expect(typeof json.errors, what).toBe("object");
      for (const m of Object.values(json.errors ?? {})) expect(typeof m, what).toBe("string");
    }
  }
}

const HOSTILE = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "%00",
  "%FF",
  "%E0%A4%A",
  "%C0%AF",
  "%ED%A0%80",
  "%2e%2e",
  "..",
  "%",
  "%%",
  "%u0041",
  "\\",
  "%5C",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "Infinity",
  "null",
  "[]",
  "{}",
  "%0A",
  "%0D%0A",
  "%09",
  "<script>",
  "%3Cscript%3E",
  "%22onload%3D%22",
  "😀",
  "%F0%9F%98%80",
  "Škoda",
  "a".repeat(300),
];
/** A path or query component: hostile tokens, arbitrary Unicode (percent-encoded) and raw percent bytes. */
const component = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: "binary", maxLength: 12 }).map((s) =>
    Array.from(s)
      .map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : [...Buffer.from(c)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")))
      .join(""),
  ),
  fc.uint8Array({ maxLength: 6 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("")),
  fc.integer().map(String),
  fc.double().map(String).map(encodeURIComponent),
);

const PAGE_TEMPLATES = [
  (x: string) => `/${x}`,
  (x: string) => `/${x}/${x}`,
  (x: string) => `/search/${x}`,
  (x: string) => `/cars/${x}`,
  (x: string) => `/motorcycles/${x}`,
  (x: string) => `/campers/${x}`,
  (x: string) => `/our-location/${x}`,
  (x: string) => `/contact-us/${x}`,
  (x: string) => `/brands/${x}`,
  (x: string) => `/pages/${x}`,
  (x: string) => `/blog/${x}`,
  (x: string) => `/photos/${x}/red/1.svg`,
  (x: string) => `/photos/suv/${x}/${x}.svg`,
  (x: string) => `/images/${x}`,
  (x: string) => `/images/demo/suv/${x}/1.jpg`,
  (x: string) => `/images/demo/suv/red/1.jpg?w=${x}&auto=format`,
  (x: string) => `/images/placeholder.jpg?${x}=${x}`,
  (x: string) => `/success?category=${x}`,
  (x: string) => `/dealerships?type=${x}`,
  (x: string) => `/book-test-drive?vehicle=${x}`,
  (x: string) => `/pages/book-a-service?location=${x}`,
  (x: string) => `/contact?${x}=${x}`,
  (x: string) => `/api/vehicles?ids=${x}`,
  (x: string) => `/api/vehicles?ids=1,${x},2`,
  // the platform data API
  (x: string) => `/api/v1/websites/${x}/website_session_data.json`,
  (x: string) => `/websites/${x}/pages/search_slugs.json`,
  (x: string) => `/websites/${x}/search_page_templates.json`,
  (x: string) => `/websites/${x}`,
];
// every parameter the search page reads, as the page cache keys it
const SEARCH_KEYS = SEARCH_PARAMS;

test.describe("fuzz: no input makes the server fail", () => {
  test.describe.configure({ timeout: 240_000 });

  test("pages, paths and query values", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SITES), fc.constantFrom(...PAGE_TEMPLATES), component, async (site, template, x) => {
        const path = template(x);
        expectNoServerError(await send("GET", path, { host: site }), `GET ${site} ${path}`, false);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  test("search filters: every key with arbitrary, repeated and hostile values", async () => {
    const pair = fc.tuple(fc.oneof(fc.constantFrom(...SEARCH_KEYS), component), component);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SITES),
        fc.constantFrom("new-used-and-demo-cars", "new-and-demo-cars", "used-cars"),
        fc.array(pair, { maxLength: 6 }),
        async (site, variant, pairs) => {
          const path = `/search/${variant}?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`;
          expectNoServerError(await send("GET", path, { host: site }), `GET ${site} ${path}`, false);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  test("unknown hosts, methods and headers", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"),
        fc.constantFrom("/", "/api/leads", "/api/health", "/mock/leads", "/search/used-cars", "/cars/x", "/api/leads/with-files"),
        fc.oneof(
          fc.constantFrom(...SITES),
          fc.string({ maxLength: 20 }).map((s) => s.replace(/[^a-z0-9.-]/g, "") || "x"),
        ),
        fc.record({
          "accept-encoding": fc.constantFrom("gzip", "deflate", "br", "identity", "*", "gzip;q=0", "x"),
          "content-type": fc.constantFrom("application/json", "text/plain", "multipart/form-data", "multipart/form-data; boundary=", ""),
        }),
        async (method, path, host, headers) => {
          const a = await send(method, path, { host, headers, body: method === "GET" || method === "HEAD" ? undefined : "{}" });
          expectNoServerError(a, `${method} ${host} ${path}`, /^\/(api|mock)\//.test(path) && method !== "HEAD");
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("lead API: arbitrary JSON, keys and values", async () => {
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.constantFrom(...HOSTILE),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    );
    const key = fc.oneof(
      fc.constantFrom(
        "form",
        "first_name",
        "last_name",
        "email",
        "phone",
        "postcode",
        "location",
        "location_id",
        "dealership_slug",
        "category",
        "message",
        "day",
        "month",
        "year",
        "odometer",
        "loan_amount",
        "visited_pages",
        "linked_query_params",
        "vehicle",
        "url",
        "has_files",
        "__proto__",
        "constructor",
        "company_website",
      ),
      fc.string({ maxLength: 8 }),
    );
    const form = fc.constantFrom<string>(...FORM_KINDS, "__proto__", "constructor");
    const lead = fc.tuple(form, fc.dictionary(key, value, { maxKeys: 8 })).map(([f, rest]) => ({
      form: f,
      first_name: "Mary",
      last_name: "Smith",
      email: "mary@example.com",
      phone: "0412 345 678",
      postcode: "3134",
      ...rest,
    }));
    const body = fc.oneof(
      lead.map((l) => JSON.stringify({ lead: l })),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: "binary", maxLength: 60 }),
      lead.map((l) => `{"lead": ${JSON.stringify(l).replace(/"first_name":"Mary"/, '"__proto__":{"polluted":1},"first_name":"Mary"')}}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SITES),
        fc.constantFrom("POST /api/leads", "POST /mock/leads", "PUT /api/leads/", "PUT /mock/leads/"),
        component,
        body,
        async (site, route, id, payload) => {
          const [method, base] = route.split(" ") as [string, string];
          const path = base.endsWith("/") ? `${base}${id}` : base;
          const a = await send(method, path, { host: site, headers: { "content-type": "application/json" }, body: payload });
          expectNoServerError(a, `${method} ${site} ${path} ${payload.slice(0, 120)}`, true);
          if (a.type.includes("json")) expect(JSON.parse(a.body).polluted, "prototype pollution").toBeUndefined();
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // no prototype was polluted along the way
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("uploads: arbitrary multipart bodies, names and bytes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SITES),
        fc.array(
          fc.record({
            name: fc.constantFrom("files", "lead", "x", "__proto__"),
            filename: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("../../etc/passwd", "a\u0000b.png", "%00.pdf", "😀.jpg")),
            bytes: fc.uint8Array({ maxLength: 64 }),
          }),
          { maxLength: 4 },
        ),
        fc.oneof(fc.constant('{"lead":{"form":"sell-my-car"}}'), fc.string({ maxLength: 40 })),
        async (site, parts, leadJson) => {
          const boundary = "fuzzBoundary7MA4YWxk";
          const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="lead"\r\n\r\n${leadJson}\r\n`)];
          for (const p of parts) {
            const fname = p.filename.replace(/["\r\n]/g, "_");
            chunks.push(
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${fname}"\r\nContent-Type: image/png\r\n\r\n`,
              ),
              Buffer.from(p.bytes),
              Buffer.from("\r\n"),
            );
          }
          chunks.push(Buffer.from(`--${boundary}--\r\n`));
          const a = await send("POST", "/api/leads/with-files", {
            host: site,
            headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
            body: Buffer.concat(chunks),
          });
          expectNoServerError(a, `with-files ${site} ${JSON.stringify(parts.map((p) => [p.name, p.filename, p.bytes.length]))}`, true);
          expect(a.status, "nothing accepted that is not a real image or PDF").not.toBe(201);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
