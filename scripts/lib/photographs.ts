// Real photographs for measuring: every speed figure is taken on a tenant whose cars
// carry photographs of a real dealer's weight, put on them through the back-office upload API as a
// manager would. The photographs come from Debian's `lomiri-wallpapers-16.04` package (the Ubuntu
// 16.04 wallpapers: photographs by Aitzol Berasategi, Peter Nerlich, Sander Klootwijk, Clemens
// Engelhardt and others under CC-BY-4.0, CC-BY-SA-4.0 and CC0-1.0; see
// /usr/share/doc/lomiri-wallpapers-16.04/copyright). Nothing is downloaded from anywhere else, and
// none of them is committed: they are installed with apt-get when missing (as root) and each car
// gets its own crop of them, 2048 px wide at JPEG quality 85 (a few hundred KB), so that no two
// cars share a photo and the image service's cache is not flattered.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";

const SOURCE = "/usr/share/backgrounds";
const PACKAGE = "lomiri-wallpapers-16.04";
const CACHE = ".data/photographs";
/** the package's photographs at least 2,048 px wide (two drawn patterns and one small photograph left out) */
const PHOTOGRAPHS = [
  "Bridge_by_Sander_Klootwijk.jpg",
  "Dragonfly_by_Bolly.jpg",
  "Picture_0B_by_freespace.jpg",
  "Wine_by_Jakkub_Mede.jpg",
  "aitzgorri_by_Aitzol_Berasategi.jpg",
  "free_by_Peter_Nerlich.jpg",
  "friends_by_Aitzol_Berasategi.jpg",
  "greentock_by_Peter_Nerlich.jpg",
  "life_by_Aitzol_Berasategi.jpg",
  "picosdeeuropa_by_Aitzol_Berasategi.jpg",
  "seeding_by_Clements_Engelhardt.jpg",
  "sunset_by_Aitzol_Berasategi.jpg",
];

function ensurePackage(): void {
  if (PHOTOGRAPHS.every((f) => existsSync(path.join(SOURCE, f)))) return;
  if (process.getuid?.() !== 0) throw new Error(`Real photographs are needed: install them with  sudo apt-get install ${PACKAGE}`);
  console.log(`installing ${PACKAGE} (the photographs the speed figures are taken with)…`);
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", PACKAGE], { stdio: "inherit" });
}

/** Each photograph decoded once, at 2,600 px wide (its pixels kept for this process's crops). */
const decoded = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();
function pixelsOf(file: string) {
  let p = decoded.get(file);
  if (!p) {
    p = sharp(path.join(SOURCE, file))
      .resize({ width: 2600, withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    decoded.set(file, p);
  }
  return p;
}

/** The `n`th car's `k`th photograph: a 3:2 crop of one of the photographs, its own for every car. */
export async function photographFor(n: number, k: number): Promise<Buffer> {
  const file = path.join(CACHE, `car-${n}-${k}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  ensurePackage();
  mkdirSync(CACHE, { recursive: true });
  const src = await pixelsOf(PHOTOGRAPHS[(n * 3 + k) % PHOTOGRAPHS.length]!);
  const { width: w, height: h } = src;
  // a window of 80% of the picture's width (3:2), moved across it car by car
  const cw = Math.min(Math.round(w * 0.8), Math.round((h * 3) / 2));
  const ch = Math.round((cw * 2) / 3);
  const left = Math.round(((w - cw) * ((n * 37 + k * 11) % 100)) / 100);
  const top = Math.round(((h - ch) * ((n * 53 + k * 29) % 100)) / 100);
  const bytes = await sharp(src.data, { raw: { width: w, height: h, channels: 3 } })
    .extract({ left, top, width: cw, height: ch })
    .resize(2048)
    .jpeg({ quality: 85 })
    .toBuffer();
  writeFileSync(file, bytes);
  return bytes;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request to the local server by node:http (fetch drops the Host header, which names the back-office). */
function request(
  port: number,
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: o.method ?? "GET", headers: { host: `admin.localhost:${port}`, ...o.headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(o.body);
  });
}

type Session = { cookie: string; origin: string };

/** A manager's session on the back-office (the ADMIN_HOST, by the Host header). */
async function signIn(port: number, email: string, password: string): Promise<Session> {
  const origin = `http://admin.localhost:${port}`;
  const res = await request(port, "/api/admin/sign-in", {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ email, password })),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status}`);
  const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  return { cookie, origin };
}

/** Every car of the site, from the back-office's stock list (50 a page). */
async function carIds(s: Session, port: number, siteId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const html = (await request(port, `/sites/${siteId}/stock?page=${page}`, { headers: { cookie: s.cookie } })).body;
    const found = [...html.matchAll(new RegExp(`href="/sites/${siteId}/stock/(\\d+)"`, "g"))].map((m) => Number(m[1]));
    if (!found.length) return ids;
    ids.push(...found);
  }
}

/**
 * Puts `perCar` photographs on each car of the site (the first `limit` cars), through
 * POST /api/admin/sites/{siteId}/vehicles/{id}/photos, two uploads at a time. Returns how many
 * photos went up and their total size.
 */
export async function loadPhotographs(o: {
  port: number;
  siteId: number;
  email: string;
  password: string;
  perCar?: number;
  limit?: number;
}) {
  const perCar = o.perCar ?? 3;
  const s = await signIn(o.port, o.email, o.password);
  const ids = (await carIds(s, o.port, o.siteId)).slice(0, o.limit ?? Infinity);
  let photos = 0;
  let bytes = 0;
  const urls: string[] = [];
  const queue = ids.map((id, n) => ({ id, n }));
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const form = new FormData();
        for (let k = 0; k < perCar; k++) {
          const photo = await photographFor(job.n, k);
          bytes += photo.length;
          form.append("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `car-${job.n}-${k}.jpg`);
        }
        // in place of the demo's drawings the car shows (an upload alone adds to them): the cars show photographs only
        form.append("replace", "1");
        // the multipart body and its boundary, as a browser would send them
        const encoded = new Response(form);
        const res = await request(o.port, `/api/admin/sites/${o.siteId}/vehicles/${job.id}/photos`, {
          method: "POST",
          headers: { origin: s.origin, cookie: s.cookie, "content-type": encoded.headers.get("content-type")! },
          body: Buffer.from(await encoded.arrayBuffer()),
        });
        if (res.status !== 201) throw new Error(`photos for car ${job.id}: ${res.status} ${res.body.slice(0, 200)}`);
        const body = JSON.parse(res.body) as { photos: Array<{ url: string }> };
        urls.push(...body.photos.map((p) => p.url));
        photos += perCar;
      }
    }),
  );
  return { cars: ids.length, photos, averageKb: Math.round(bytes / Math.max(1, photos) / 1024), urls };
}
