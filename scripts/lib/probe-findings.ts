// The security probe's later findings, replayed by scripts/probe.ts against the production server.
import { readdirSync, statSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { parse } from "csv-parse/sync";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type Send = (method: string, path: string, headers?: Record<string, string>, body?: string | Buffer) => Promise<Answer>;
export type Check = (what: string, ok: boolean, detail?: string) => void;

/** A contact enquiry Parkside takes (no NUL, unlike the probe's refused one). */
export const goodLead = {
  form: "contact",
  first_name: "Mary",
  last_name: "Smith",
  email: "mary@example.com",
  phone: "0412 345 678",
  postcode: "3134",
  category: "General Enquiry",
  dealership_slug: "parkside-mazda",
  location: 10012,
  message: "hello",
};

/** Folders and files under `dir` (and `dir`) that others may read: folders must be 0700, files 0600. */
export function openModes(dir: string): string[] {
  const open: string[] = [];
  const walk = (p: string) => {
    const s = statSync(p, { throwIfNoEntry: false });
    if (!s) return; // the database removed it meanwhile (a temporary file)
    if ((s.mode & 0o777) !== (s.isDirectory() ? 0o700 : 0o600)) open.push(`${p} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const c of readdirSync(p)) walk(path.join(p, c));
  };
  walk(dir);
  return open;
}

/** The server (started under umask 000) keeps its embedded database and a lead's attachment owner-only. */
export async function probeFileModes(o: { send: Send; check: Check; dataDir: string; uploadDir: string }): Promise<void> {
  const boundary = "probeModes";
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="lead"\r\n\r\n${JSON.stringify({ lead: { ...goodLead, message: "modes" } })}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="quote.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\nprobe\r\n--${boundary}--\r\n`;
  const posted = await o.send("POST", "/api/leads/with-files", { "content-type": `multipart/form-data; boundary=${boundary}` }, body);
  check201(o.check, "a lead with an attachment (for the modes check)", posted);
  const open = [...openModes(o.dataDir), ...openModes(o.uploadDir)];
  o.check("the embedded database and attachments are owner-only under umask 000", open.length === 0, open.slice(0, 3).join(", "));
}

function check201(check: Check, what: string, r: Answer) {
  check(`${what} → 201`, r.status === 201, String(r.status));
}

/**
 * The back-office takes a write from its exact origin only (scheme, host and port), and no site may
 * take a slug the platform's own hosts use (admin.localhost is the back-office).
 */
export async function probeBackOffice(o: { send: Send; check: Check; port: number; platformAdmin: string }): Promise<void> {
  const host = `admin.localhost:${o.port}`;
  const signIn = (origin: string) =>
    o.send(
      "POST",
      "/api/admin/sign-in",
      { host, origin, "content-type": "application/json" },
      JSON.stringify({ email: "owner@parksidemotorgroup.com.au", password: "not the password" }),
    );
  for (const origin of [`http://admin.localhost:9999`, "https://admin.localhost", "http://admin.localhost"]) {
    const r = await signIn(origin);
    o.check(`a back-office write from ${origin} (server on ${host}) → 403`, r.status === 403, String(r.status));
  }
  const own = await signIn(`http://${host}`);
  o.check("a back-office write from its own origin passes the origin check (401: wrong password)", own.status === 401, String(own.status));
  for (const slug of ["admin", "www", "api"]) {
    const r = await o.send(
      "POST",
      "/api/v1/websites",
      { authorization: o.platformAdmin, "content-type": "application/json" },
      JSON.stringify({ name: "Probe Motors", slug, template: "default", domain_name: `probe-${slug}-motors.com.au` }),
    );
    o.check(`a site with the slug ${slug} → 422 on the slug`, r.status === 422 && r.body.includes('"slug"'), String(r.status));
  }
}

/**
 * A dealer-management feed types a car whose model, colour and description a spreadsheet would run
 * as formulas; both public feeds carry them with a leading apostrophe.
 */
export async function probeFeeds(o: { send: Send; check: Check; platformAdmin: string }): Promise<void> {
  const feed = [
    "stock_number,make,model,year,car_type,price,colour,description,location_id",
    'PROBE-FORMULA,Mazda,=1+2,2024,used,25000,@SUM(A1),"-2+3 cmd",10012',
  ].join("\n");
  const imported = await o.send(
    "POST",
    "/api/v1/websites/1001/stock_feed.csv?full=0",
    { authorization: o.platformAdmin, "content-type": "text/csv" },
    feed,
  );
  o.check(
    "a stock feed with formula-like text is applied (200)",
    imported.status === 200,
    `${imported.status} ${imported.body.slice(0, 200)}`,
  );
  const csv = await o.send("GET", "/feeds/meta-vehicles.csv");
  const rows = csv.status === 200 ? (parse(csv.body, { columns: true }) as Array<Record<string, string>>) : [];
  const row = rows.find((r) => r.vehicle_id === "PROBE-FORMULA");
  const formula = rows.flatMap((r) => Object.entries(r)).filter(([k, v]) => !/^(latitude|longitude)$/.test(k) && /^[=+\-@\t\r]/.test(v));
  o.check(
    "the Meta CSV feed starts typed formulas with ' (no cell a spreadsheet would run)",
    row?.model === "'=1+2" && row.exterior_color === "'@SUM(A1)" && row.description === "'-2+3 cmd" && formula.length === 0,
    row ? `model ${row.model}; ${formula.length} unguarded cells` : `status ${csv.status}, car not in the feed`,
  );
  const xml = await o.send("GET", "/feeds/google-vehicle-listings.xml");
  o.check(
    "the Google XML feed guards them too",
    xml.body.includes("<g:model>'=1+2</g:model>") && xml.body.includes("<g:color>'@SUM(A1)</g:color>"),
    String(xml.status),
  );
}

/** 200 form pages about made-up cars (slug-shaped or not) add at most one page-cache entry. */
export async function probeVehicleParam(o: { send: Send; check: Check }): Promise<void> {
  const entries = async () =>
    (JSON.parse((await o.send("GET", "/api/health")).body) as { pageCache?: { entries: number } }).pageCache?.entries;
  // pages an earlier check's edit purged may still be drawn again in the background: let that settle first
  let before = await entries();
  for (let settled = 0; settled < 10; settled++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await entries();
    if (now === before) break;
    before = now;
  }
  for (let i = 0; i < 200; i += 20)
    await Promise.all(
      Array.from({ length: 20 }, (_, j) => {
        const n = i + j;
        const made = n % 2 ? `probe-car-${n}-${Math.random().toString(36).slice(2)}` : encodeURIComponent(`<car ${n}>`);
        return o.send("GET", `/contact?vehicle=${made}`);
      }),
    );
  const after = await entries();
  const added = before !== undefined && after !== undefined ? after - before : NaN;
  o.check("200 requests with random ?vehicle= values make at most 1 new page-cache entry", added <= 1, `${added} new entries`);
}

/** A back-office session of the demo's Parkside owner (the demo staff password), for reading what a replay stored. */
export async function ownerSession(o: { send: Send; port: number }): Promise<string> {
  const host = `admin.localhost:${o.port}`;
  const r = await o.send(
    "POST",
    "/api/admin/sign-in",
    { host, origin: `http://${host}`, "content-type": "application/json" },
    JSON.stringify({ email: "owner@parksidemotorgroup.com.au", password: "demo-staff-2026" }),
  );
  const cookies = r.headers["set-cookie"] ?? [];
  return cookies.map((c) => c.split(";")[0]).join("; ");
}

/** The leads of Parkside the owner's export lists with this email. */
async function leadsWithEmail(o: { send: Send; port: number; session: string }, email: string): Promise<number> {
  const r = await o.send("GET", "/api/admin/leads.csv", { host: `admin.localhost:${o.port}`, cookie: o.session });
  if (r.status !== 200) return NaN;
  return (parse(r.body, { columns: true }) as Array<Record<string, string>>).filter((row) => row.email === email).length;
}

/** The form page's submission token, as the page writes it for a browser without JavaScript. */
const submissionOf = (html: string) => /name="submission" value="([^"]+)"/.exec(html)?.[1] ?? null;

/** A contact form as a browser without JavaScript posts it. */
const plainContact = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    form: "contact",
    return_to: "/contact",
    first_name: "Rita",
    last_name: "Refused",
    email: "rita.refused@example.com",
    phone: "0412 345 678",
    postcode: "3134",
    category: "General Enquiry",
    dealership_slug: "parkside-mazda",
    location: "10012",
    message: "Refused, and back to the form",
    opt_in: "false",
    ...over,
  });

/** The form page's flash cookie as the page reads it back: its messages and values. */
function flashOf(a: Answer): { errors: Record<string, string>; values: Record<string, string> } | null {
  const raw = /^lead_form=([^;]+)/.exec(String(a.headers["set-cookie"]?.[0] ?? ""))?.[1];
  try {
    return raw ? (JSON.parse(decodeURIComponent(raw)) as { errors: Record<string, string>; values: Record<string, string> }) : null;
  } catch {
    return null;
  }
}

/**
 * A refused no-JavaScript form (an attachment that is not a photo, too large, the rate limit, another
 * website) comes back as the form page (303 to it, the message and what was typed in its cookie), never JSON.
 */
export async function probeFormRefusals(o: { send: Send; check: Check }): Promise<void> {
  const back = (what: string, a: Answer, message: RegExp, keepsValues = true) => {
    const flash = flashOf(a);
    const said = flash ? Object.values(flash.errors).join(" ") : "";
    o.check(
      `a no-JavaScript form refused (${what}) → 303 back to the form with its message${keepsValues ? " and what was typed" : ""}`,
      a.status === 303 &&
        a.headers.location === "/contact" &&
        !String(a.headers["content-type"] ?? "").includes("json") &&
        message.test(said) &&
        (!keepsValues || flash?.values.first_name === "Rita"),
      `${a.status} ${String(a.headers.location ?? "")} ${said}`,
    );
  };
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const boundary = "probeRefusal";
  const parts =
    [...plainContact()].map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") +
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="notes.html"\r\nContent-Type: text/html\r\n\r\n<script>x</script>\r\n--${boundary}--\r\n`;
  const file = await o.send("POST", "/api/leads/form", { "content-type": `multipart/form-data; boundary=${boundary}` }, parts);
  back("an attachment that is not a photo or a PDF", file, /only JPEG, PNG, WebP, HEIC images and PDFs/);
  const big = await o.send("POST", "/api/leads/form", form, plainContact({ message: "x".repeat(70 * 1024) }).toString());
  back("too large", big, /too large/);
  const cross = await o.send(
    "POST",
    "/api/leads/form",
    { ...form, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    plainContact().toString(),
  );
  back("from another website", cross, /only be sent from this website/, false);
  // one connection of its own (the probe's server trusts X-Forwarded-For) past the probe's LEAD_RATE_LIMIT of 20
  const one = { ...form, "x-forwarded-for": "203.0.113.77" };
  let last: Answer | null = null;
  for (let i = 0; i < 21; i++)
    last = await o.send("POST", "/api/leads/form", one, plainContact({ email: `rate.${i}@example.com` }).toString());
  back("the rate limit", last!, /Too many enquiries/);
}

/** The no-JavaScript contact form, posted twice at once and once more (a double tap, a reload): one lead. */
export async function probeDoublePost(o: { send: Send; check: Check; port: number; session: string }): Promise<void> {
  const page = await o.send("GET", "/contact");
  const token = submissionOf(page.body);
  o.check("the contact form carries a submission token", token !== null);
  const email = "double.post@example.com";
  const body = new URLSearchParams({
    form: "contact",
    return_to: "/contact",
    submission: token ?? "",
    first_name: "Dora",
    last_name: "Double",
    email,
    phone: "0412 345 678",
    postcode: "3134",
    category: "General Enquiry",
    dealership_slug: "parkside-mazda",
    location: "10012",
    message: "Posted twice",
    opt_in: "false",
  }).toString();
  const post = () => o.send("POST", "/api/leads/form", { "content-type": "application/x-www-form-urlencoded" }, body);
  const answers = [...(await Promise.all([post(), post()])), await post()];
  o.check(
    "each post of the same no-JavaScript form goes on to the success page (303)",
    answers.every((a) => a.status === 303 && String(a.headers.location).startsWith("/success")),
    answers.map((a) => a.status).join(", "),
  );
  const stored = await leadsWithEmail(o, email);
  o.check("the same no-JavaScript form posted three times makes one lead", stored === 1, `${stored} leads`);
}

/**
 * A back-office form (the owner's "Widgets and tracking") posted with 10,000 fields and refused: the
 * answer (303 back with the flash cookie) comes within a second, the cookie under a browser's 4 KB,
 * and another dealer's page answers meanwhile.
 */
export async function probeManyFields(o: { send: Send; check: Check; port: number; session: string }): Promise<void> {
  const host = `admin.localhost:${o.port}`;
  const form = new URLSearchParams(Array.from({ length: 10_000 }, (_, i) => [`x${i}`, "y".repeat(i % 20)]));
  form.set("support_chat_id", "not-intercom");
  const started = performance.now();
  const [posted, other] = await Promise.all([
    o.send(
      "POST",
      "/api/admin/sites/1001/widgets",
      { host, origin: `http://${host}`, cookie: o.session, "content-type": "application/x-www-form-urlencoded" },
      form.toString(),
    ),
    (async () => {
      const t = performance.now();
      const r = await o.send("GET", "/", { host: "ridgeline-motorcycles.localhost" });
      return { status: r.status, ms: performance.now() - t };
    })(),
  ]);
  const ms = performance.now() - started;
  const cookie = String(posted.headers["set-cookie"]?.[0] ?? "");
  o.check(
    "a refused back-office post of 10,000 fields → 303 within a second, its cookie under 4 KB",
    posted.status === 303 && ms < 1000 && cookie.startsWith("widgets_form=") && cookie.length < 4096,
    `${posted.status} in ${ms.toFixed(0)} ms, cookie ${cookie.length} chars`,
  );
  o.check(
    "another dealer's page answers meanwhile",
    other.status === 200 && other.ms < 1000,
    `${other.status} in ${other.ms.toFixed(0)} ms`,
  );
}

/**
 * Pages whose forms carry a password or contact details, as a browser gets them before their script
 * runs: every form posts (never a GET that puts what was typed in the address) and either has an
 * action the server answers or nothing to press until the script can send it.
 */
export async function probeGetFallbacks(o: { send: Send; check: Check; port: number }): Promise<void> {
  for (const [what, path, host] of [
    ["shopper sign-in", "/sign-in", undefined],
    ["shopper register", "/sign-in?mode=register", undefined],
    ["shopper reset", "/reset-password?token=probe", undefined],
    ["staff sign-in", "/sign-in", `admin.localhost:${o.port}`],
  ] as const) {
    const page = await o.send("GET", path, host ? { host } : {});
    const forms = page.body.match(/<form\b[^>]*>/g) ?? [];
    const safe = forms.every(
      (f) => /\bmethod="post"/i.test(f) && (/\baction="\/api\//.test(f) || /<fieldset[^>]*\bdisabled=""/.test(page.body)),
    );
    o.check(
      `${what}: every form posts (none can fall back to a GET)`,
      page.status === 200 && forms.length > 0 && safe,
      `${page.status}, ${forms.length} forms`,
    );
  }
}

/**
 * Bulk actions and stock-file checks are limited per staff member (60 and 30 in 10 minutes): past
 * that, 429 with a sentence, and the stock list's plain form goes back to the list saying so. The
 * bulk posts name a car of no site, so nothing changes.
 */
export async function probeBulkLimits(o: { send: Send; check: Check; port: number; session: string }): Promise<void> {
  const host = `admin.localhost:${o.port}`;
  const headers = (type: string) => ({ host, origin: `http://${host}`, cookie: o.session, "content-type": type });
  let bulk: Answer | null = null;
  for (let i = 0; i < 61 && bulk?.status !== 429; i++)
    bulk = await o.send(
      "POST",
      "/api/admin/sites/1001/vehicles/bulk",
      headers("application/json"),
      JSON.stringify({ ids: [999999999], action: "show" }),
    );
  o.check(
    "a staff member's 61st bulk action in 10 minutes → 429 with Retry-After and a sentence",
    bulk?.status === 429 && Boolean(bulk.headers["retry-after"]) && /Too many bulk changes/.test(bulk.body),
    String(bulk?.status),
  );
  const form = await o.send(
    "POST",
    "/api/admin/sites/1001/vehicles/bulk",
    headers("application/x-www-form-urlencoded"),
    "ids=999999999&action=show",
  );
  o.check(
    "… and the stock list's plain form goes back to the list with the message",
    form.status === 303 && String(form.headers.location).includes("bulk_error=rate"),
    `${form.status} ${String(form.headers.location ?? "")}`,
  );
  let checked: Answer | null = null;
  for (let i = 0; i < 31 && checked?.status !== 429; i++)
    checked = await o.send("POST", "/api/admin/sites/1001/stock/imports", headers("text/csv"), "stock_number,make\nPROBE-LIMIT,Mazda\n");
  o.check(
    "a staff member's 31st stock-file check in 10 minutes → 429 with a sentence",
    checked?.status === 429 && /Too many stock files checked/.test(checked.body),
    String(checked?.status),
  );
}
