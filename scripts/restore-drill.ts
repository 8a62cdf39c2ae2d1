// npm run drill:restore — a backup taken while leads are being sent restores into a fresh server
// with everything acknowledged before it (docs/operations/backup.md).
//
// The built server on the embedded database (port 3290, its files in .data/drill-restore) gets real
// photographs on a few cars through the back-office upload (scripts/lib/photographs.ts), and each is
// fetched once through the image service. Then two shoppers send leads without pause (POST
// /api/leads, and every fourth one with a PDF through /api/leads/with-files), and while they do,
// `npm run backup` runs. Once it is done the server stops; its database, photo folder, attachment
// folder and image cache are deleted; `npm run restore` puts the backup back, and a fresh server
// starts on it. Checked: the dump was made by the serving process (its control socket), and the backup
// is its owner's alone (folders 0700, files 0600); every lead answered 201 before the backup's point is
// there (by id, read from the restored database itself, not from the manifest), with its attachment's
// bytes; the row counts are the manifest's (restore checks them: the manifest counts the same tarball,
// so that alone proves little); every uploaded photo's key is still a car's (a vehicle_photos row) and
// answers 200 through the image service with the same bytes as before; a demo staff member signs in
// on the restored server and opens the stock list (accounts and their passwords came back). Prints the
// recovery point and time.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";
import { storedPhotoUrl } from "@/domain/stock/photos";
import { diskPrivateFiles } from "@/server/files/private-files";
import { MANIFEST, type Manifest } from "./lib/backup";
import { hostRequest } from "./lib/host-request";
import { loadPhotographs } from "./lib/photographs";
import { ensureBuild, freshDataDir, startServer, stopServer } from "./lib/server-process";

const PORT = 3290;
const ROOT = ".data/drill-restore";
const DIRS = {
  DATA_DIR: `${ROOT}/pglite`,
  PHOTO_DIR: `${ROOT}/photos`,
  UPLOAD_DIR: `${ROOT}/uploads`,
  IMAGE_CACHE_DIR: `${ROOT}/image-cache`,
  OUTBOX_DIR: `${ROOT}/outbox`,
};
const ENV = { ...DIRS, LEAD_RATE_LIMIT: "100000", LOG_LEVEL: "error" };
const HOST = `parkside-motor-group.localhost:${PORT}`;
const WEBP = "image/webp,image/*,*/*;q=0.8";
const sha256 = (b: Buffer | Uint8Array) => createHash("sha256").update(b).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ADMIN = `admin.localhost:${PORT}`;
const STAFF = { email: "manager@parksidemotorgroup.com.au", password: DEMO_STAFF_PASSWORD };

/** Every folder and file under `dir` whose mode lets anyone but its owner in (a backup holds personal data). */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  if ((statSync(dir).mode & 0o077) !== 0) out.push(dir);
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...openToOthers(p));
    else if ((statSync(p).mode & 0o077) !== 0) out.push(p);
  }
  return out;
}

ensureBuild();
await rm(ROOT, { recursive: true, force: true });

/** A script of this repo run as `npm run` runs it, with the drill's folders; resolves with its output. */
function npmScript(file: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", ["--conditions=react-server", file, ...args], {
      env: { ...process.env, ...ENV },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      process.stdout.write(c);
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

/** A multipart body as a browser sends it (the bytes and their boundary). */
async function multipart(lead: unknown, pdf: Buffer) {
  const form = new FormData();
  form.set("lead", JSON.stringify(lead));
  form.append("files", new File([new Uint8Array(pdf)], "service history.pdf", { type: "application/pdf" }));
  const encoded = new Response(form);
  return { type: encoded.headers.get("content-type")!, body: Buffer.from(await encoded.arrayBuffer()) };
}

function post(p: string, type: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: PORT, path: p, method: "POST", headers: { host: HOST, "content-type": type } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("lead timed out")));
    req.on("error", reject).end(body);
  });
}

type Acked = { id: string; at: number; pdf?: string };
/** Shoppers sending leads one after another until stopped; each 201 is noted with when it arrived. */
function shoppers(count: number) {
  const acked: Acked[] = [];
  const refused: number[] = [];
  let on = true;
  let n = 0;
  const loops = Array.from({ length: count }, async (_, w) => {
    while (on) {
      const i = n++;
      const lead = {
        form: "contact",
        first_name: "Drill",
        last_name: "Restore",
        email: `restore-drill+${w}-${i}@example.com`,
        phone: "0412 345 678",
        postcode: "3134",
        category: "General Enquiry",
        dealership_slug: "parkside-mazda",
        location: 10012,
        message: `Restore drill lead ${i}`,
      };
      const pdf =
        i % 4 === 3
          ? Buffer.from(`%PDF-1.4\n% restore drill ${i}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`)
          : null;
      try {
        const res = pdf
          ? await multipart({ lead }, pdf).then((m) => post("/api/leads/with-files", m.type, m.body))
          : await post("/api/leads", "application/json", Buffer.from(JSON.stringify({ lead })));
        const at = Date.now();
        const id = res.status === 201 ? (JSON.parse(res.body) as { lead?: { id?: string } }).lead?.id : undefined;
        if (id) acked.push({ id, at, ...(pdf ? { pdf: sha256(pdf) } : {}) });
        else refused.push(res.status);
      } catch {
        refused.push(0);
      }
    }
  });
  return {
    acked,
    refused,
    stop: async () => {
      on = false;
      await Promise.all(loops);
    },
  };
}

const failures: string[] = [];
let server = await startServer({ port: PORT, dataDir: DIRS.DATA_DIR, env: ENV, timeoutMs: 180_000 });
try {
  // real photographs on four cars (two each), and each one's bytes through the image service
  const loaded = await loadPhotographs({
    port: PORT,
    siteId: 1001,
    ...STAFF,
    perCar: 2,
    limit: 4,
  });
  const photos = new Map<string, string>();
  for (const url of new Set(loaded.urls)) {
    const res = await fetch(`http://127.0.0.1:${PORT}${url}`, { headers: { accept: WEBP } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} before the backup`);
    photos.set(url, sha256(new Uint8Array(await res.arrayBuffer())));
  }
  console.log(`${photos.size} photographs uploaded (${loaded.averageKb} KB each on average)`);

  // the backup, taken while two shoppers send leads
  const s = shoppers(2);
  await sleep(2000);
  const backup = await npmScript("scripts/backup.ts", ["--out", `${ROOT}/backups`]);
  await sleep(1000);
  await s.stop();
  if (backup.code !== 0) throw new Error("npm run backup failed");
  const made = JSON.parse(/^BACKUP (.*)$/m.exec(backup.out)![1]!) as { folder: string; bytes: number; ms: number; dumpMs: number };
  const manifest = JSON.parse(readFileSync(path.join(made.folder, MANIFEST), "utf8")) as Manifest;
  // a dump made any other way would mean the command opened the files of a database being served
  if (manifest.database.madeBy !== "server") failures.push(`the dump was made by ${manifest.database.madeBy}, not by the serving process`);
  const open = openToOthers(made.folder);
  if (open.length) failures.push(`the backup is readable by others: ${open.slice(0, 3).join(", ")}${open.length > 3 ? ", …" : ""}`);
  const point = Date.parse(manifest.databaseAt);
  const before = s.acked.filter((a) => a.at < point);
  const after = s.acked.filter((a) => a.at >= point);
  console.log(
    `leads: ${s.acked.length} acknowledged (${before.length} before the backup's point, ${after.length} after), ${s.refused.length} not`,
  );
  if (s.refused.length) failures.push(`${s.refused.length} leads were not acknowledged: ${[...new Set(s.refused)].join(", ")}`);
  if (before.length < 5 || after.length < 1) failures.push("too few leads either side of the backup's point to prove anything");

  // the lost disk
  await stopServer(server);
  freshDataDir(DIRS.DATA_DIR);
  for (const dir of [DIRS.PHOTO_DIR, DIRS.UPLOAD_DIR, DIRS.IMAGE_CACHE_DIR]) await rm(dir, { recursive: true, force: true });

  // restore, then a fresh server to its first page
  const t0 = performance.now();
  const restored = await npmScript("scripts/restore.ts", [made.folder]);
  const restoreMs = performance.now() - t0;
  if (restored.code !== 0) throw new Error("npm run restore failed (or its row counts differ from the manifest's)");

  // what the restored database holds (read before the server takes its lock; not part of the recovery time)
  const pg = await PGlite.create(path.resolve(DIRS.DATA_DIR), { extensions: { pg_trgm } });
  const ids = new Set((await pg.query<{ id: string }>("select id from leads")).rows.map((r) => r.id));
  const files = (await pg.query<{ lead_id: string; site_id: number; path: string }>("select lead_id, site_id, path from lead_files")).rows;
  const keys = new Set((await pg.query<{ key: string }>("select distinct key from vehicle_photos")).rows.map((r) => storedPhotoUrl(r.key)));
  await pg.close();
  const unreferenced = [...photos.keys()].filter((url) => !keys.has(url));
  if (unreferenced.length)
    failures.push(`${unreferenced.length} uploaded photos are no car's after the restore: ${unreferenced.join(", ")}`);
  const missing = before.filter((a) => !ids.has(a.id));
  if (missing.length)
    failures.push(`${missing.length} leads acknowledged before the backup's point are missing: ${missing.map((a) => a.id).join(", ")}`);
  let attachments = 0;
  const uploads = diskPrivateFiles(DIRS.UPLOAD_DIR);
  for (const a of before.filter((x) => x.pdf)) {
    const f = files.find((r) => r.lead_id === a.id);
    // read as the back-office's download reads it: a row's reference resolved under the restored UPLOAD_DIR
    const file = f ? await uploads.open(f.path, { siteId: f.site_id, leadId: f.lead_id }) : null;
    const bytes = file ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null;
    if (!bytes || sha256(bytes) !== a.pdf) failures.push(`lead ${a.id}: its attachment is ${bytes ? "not the one sent" : "missing"}`);
    else attachments++;
  }

  const t1 = performance.now();
  server = await startServer({ port: PORT, env: ENV, timeoutMs: 180_000 });
  const first = await hostRequest(PORT, HOST, "/");
  const startMs = performance.now() - t1;
  if (first.status !== 200) failures.push(`the first page after the restore answered ${first.status}`);
  // a demo staff member signs in on the restored server, and the session opens the back-office
  const signIn = await hostRequest(PORT, ADMIN, "/api/admin/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  const cookie = [signIn.headers["set-cookie"] ?? []]
    .flat()
    .map((c) => c.split(";")[0])
    .join("; ");
  const stock = signIn.status === 200 ? await hostRequest(PORT, ADMIN, "/sites/1001/stock", { headers: { cookie } }) : null;
  const signedIn = stock?.status === 200 && stock.body.includes('data-testid="stock-row"');
  if (!signedIn) failures.push(`staff sign-in after the restore: ${signIn.status}${stock ? `, the stock list ${stock.status}` : ""}`);
  let photosOk = 0;
  for (const [url, sum] of photos) {
    const res = await fetch(`http://127.0.0.1:${PORT}${url}`, { headers: { accept: WEBP } });
    const got = res.status === 200 ? sha256(new Uint8Array(await res.arrayBuffer())) : null;
    if (got !== sum) failures.push(`${url}: ${res.status === 200 ? "other bytes than before" : res.status} after the restore`);
    else photosOk++;
  }

  const lastBefore = before.at(-1);
  const report = {
    backup: { ms: made.ms, dumpMs: made.dumpMs, bytes: made.bytes, madeBy: manifest.database.madeBy, files: manifest.files.length },
    leads: { acknowledged: s.acked.length, beforePoint: before.length, restored: before.length - missing.length, afterPoint: after.length },
    attachments: { checked: attachments },
    photos: { checked: photos.size, identical: photosOk, referenced: photos.size - unreferenced.length },
    staffSignIn: signedIn,
    // the newest acknowledged lead inside the backup was this old at its point: what the dump itself can lose is none
    recoveryPoint: { lastAckedBeforePointMs: lastBefore ? point - lastBefore.at : null },
    recoveryTime: { restoreMs: Math.round(restoreMs), startToFirstPageMs: Math.round(startMs), totalMs: Math.round(restoreMs + startMs) },
  };
  console.log(`RESTORE DRILL ${JSON.stringify(report)}`);
  console.log(
    `Recovery point: the last backup (every lead acknowledged before it came back: ${before.length - missing.length} of ${before.length}); ` +
      `a backup took ${(made.ms / 1000).toFixed(1)} s (the database dump ${(made.dumpMs / 1000).toFixed(1)} s) for ${(made.bytes / 1024 / 1024).toFixed(1)} MB. ` +
      `Recovery time: ${((restoreMs + startMs) / 1000).toFixed(1)} s (restore ${(restoreMs / 1000).toFixed(1)} s, start to first page ${(startMs / 1000).toFixed(1)} s).`,
  );
} catch (e) {
  failures.push(e instanceof Error ? e.message : String(e));
} finally {
  await stopServer(server);
}
if (failures.length) {
  console.error(`restore drill FAILED:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("restore drill passed");
