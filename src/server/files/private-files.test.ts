import { existsSync, readdirSync, rmSync, type Dirent } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { LEAD_FORM_FLASH_COOKIE } from "@/domain/leads/posted-form";
import { downloadLeadFile } from "@/server/admin/api/leads";
import { applyStockImport, postStockImport } from "@/server/admin/api/stock";
import * as t from "@/server/db/schema";
import { env } from "@/server/base/env";
import { liveLeadRoutes } from "@/server/leads/handlers";
import { callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import {
  diskPrivateFiles,
  isPrivateKey,
  leadFileKey,
  movedKeys,
  privateFiles,
  s3PrivateFiles,
  type PrivateFile,
  type PrivateFileStore,
} from "./private-files";

/*
 * The private file store (lead attachments): the disk and a real S3-compatible server on loopback
 * (s3rver, as the photo store's tests use), and the lead routes and the back-office download with
 * the bucket configured — what one host receives, any other serves, and nothing stays on its disk.
 */

// before any module reads the environment (once): this file's own upload folder, and the bucket on loopback
const { tmp, s3, endpoint } = await vi.hoisted(async () => {
  const [{ mkdtempSync }, os, path, { default: S3rver }] = await Promise.all([
    import("node:fs"),
    import("node:os"),
    import("node:path"),
    import("s3rver"),
  ]);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "private-files-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(tmp, "s3"),
    configureBuckets: [{ name: "dealer-files", configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${((await s3.run()) as import("node:net").AddressInfo).port}`;
  Object.assign(process.env, {
    UPLOAD_DIR: path.join(tmp, "uploads"),
    S3_ENDPOINT: endpoint,
    S3_BUCKET: "dealer-files",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER", // s3rver's default account
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  return { tmp, s3, endpoint };
});
const UPLOADS = path.join(tmp, "uploads");
const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const db = setupAppDatabase({ after: () => db.delete(t.leads).where(eq(t.leads.lastName, "Bucketson")) });
afterAll(async () => {
  await s3.close();
  rmSync(tmp, { recursive: true, force: true });
});

const s3Store = () => s3PrivateFiles({ endpoint, bucket: "dealer-files", region: "us-east-1", ...S3_KEYS });

/** Every key in the bucket under a prefix, as the bucket lists them (ListObjectsV2). */
async function bucketKeys(prefix: string): Promise<string[]> {
  const client = new AwsClient({ ...S3_KEYS, region: "us-east-1", service: "s3" });
  const res = await client.fetch(`${endpoint}/dealer-files?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!).sort();
}

/** Every file under a folder, its path relative to it. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    : [];

async function localFile(name: string, content: string): Promise<string> {
  const dir = path.join(tmp, "incoming");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

describe("private file keys", () => {
  test.each([
    ["leads/1001/2b8c1d3e-0a4f-4c55-9d1e-3f2a1b0c9d8e/1a2b3c4d-1-front.png", true],
    ["leads/1/x/a.pdf", true],
    ["a.pdf", false], // always in a folder
    ["../etc/passwd", false],
    ["leads/1001/../../etc/passwd", false],
    ["leads/./a.pdf", false],
    ["leads//a.pdf", false],
    ["/leads/1/a.pdf", false],
    ["leads/1/a.pdf\u0000", false],
    ["leads/1/%2e%2e/a.pdf", false],
    ["leads/__proto__/a b.pdf", false],
    ["", false],
  ])("%j is a key: %s", (key, ok) => expect(isPrivateKey(key)).toBe(ok));

  test("a lead's file is kept under its site and lead, a fresh name each time (two 1-front.png never meet)", () => {
    const a = leadFileKey(1001, "2b8c1d3e-0a4f-4c55-9d1e-3f2a1b0c9d8e", "1-front.png");
    expect(a).toMatch(/^leads\/1001\/2b8c1d3e-0a4f-4c55-9d1e-3f2a1b0c9d8e\/[0-9a-f]{8}-1-front\.png$/);
    expect(leadFileKey(1001, "2b8c1d3e-0a4f-4c55-9d1e-3f2a1b0c9d8e", "1-front.png")).not.toBe(a);
    expect(() => leadFileKey(1001, "../x", "a.pdf")).toThrow("not a private file key");
  });
});

/** What both stores do, the same way. */
function storeContract(name: string, make: () => PrivateFileStore, refPattern: RegExp) {
  describe(name, () => {
    test("a file moved in opens with its bytes and size, is removed for good, and its temporary copy is gone", async () => {
      const store = make();
      const local = await localFile("1-papers.pdf", "%PDF-1.4 papers");
      const ref = await store.putFile("leads/1001/contract/1-papers.pdf", local, "application/pdf");
      expect(ref).toMatch(refPattern);
      expect(store.owns(ref)).toBe(true);
      expect(existsSync(local)).toBe(false);
      const file = await store.open(ref);
      expect(file!.size).toBe(15);
      expect(await new Response(file!.body).text()).toBe("%PDF-1.4 papers");
      await store.remove([ref]);
      expect(await store.open(ref)).toBeNull();
      await store.remove([ref]); // removing what is gone is no error
    });

    test("a reference to anything else is never opened or removed", async () => {
      const store = make();
      for (const ref of [
        "/etc/passwd",
        "s3:photos/a.jpg",
        "s3:private/../etc/passwd",
        path.join(UPLOADS, "..", "x"),
        "",
        "disk:",
        "disk:../etc/passwd",
        "disk:/etc/passwd",
        "disk:leads/../../etc/passwd",
        "disk:leads//a.pdf",
        "disk:leads/1001/x/a.pdf\u0000",
        "disk:leads/1001/%2e%2e/a.pdf",
        "disk:a.pdf",
        "DISK:leads/1001/x/a.pdf",
      ]) {
        expect(store.owns(ref)).toBe(false);
        expect(await store.open(ref)).toBeNull();
      }
      await store.remove(["/etc/passwd"]);
      expect(existsSync("/etc/passwd")).toBe(true);
      await expect(store.putFile("../x.pdf", await localFile("x.pdf", "x"), "application/pdf")).rejects.toThrow("not a private file key");
    });
  });
}

// a reference relative to the folder, so a restore elsewhere still finds it
storeContract("the disk store", () => diskPrivateFiles(path.join(tmp, "disk")), /^disk:leads\/1001\/contract\/1-papers\.pdf$/);
storeContract("the S3 store (a real S3-compatible server on loopback)", s3Store, /^s3:private\/leads\/1001\/contract\/1-papers\.pdf$/);

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const PDF = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
const LEAD = "2b8c1d3e-0a4f-4c55-9d1e-3f2a1b0c9d8e";
const OTHER_LEAD = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const textOf = async (file: PrivateFile | null) => (file ? await new Response(file.body).text() : null);

describe("where an older row's absolute path is looked for once the folder moved", () => {
  const owner = { siteId: 1001, leadId: LEAD };
  test.each([
    // the layout rows were written in since the bucket came (under leads/), then the first one
    [
      `/srv/old/uploads/leads/1001/${LEAD}/1a2b3c4d-1-front.png`,
      owner,
      [`leads/1001/${LEAD}/1a2b3c4d-1-front.png`, `1001/${LEAD}/1a2b3c4d-1-front.png`],
    ],
    [`/srv/old/uploads/1001/${LEAD}/1-front.png`, owner, [`1001/${LEAD}/1-front.png`]],
    // never another site's or lead's file, whatever the row says
    [`/srv/old/uploads/1002/${LEAD}/1-front.png`, owner, []],
    [`/srv/old/uploads/1001/${OTHER_LEAD}/1-front.png`, owner, []],
    [`/srv/old/uploads/1001/${LEAD}/../../1002/${LEAD}/1-front.png`, owner, []],
    [`/srv/old/uploads/10010/${LEAD}/1-front.png`, owner, []],
    // nothing that is not a key of the store
    [`/srv/old/uploads/1001/${LEAD}/.hidden`, owner, []],
    [`/srv/old/uploads/1001/${LEAD}/1-front.png\u0000`, owner, []],
    [`/srv/old/uploads/1001/${LEAD}/a b.png`, owner, []],
    [`1001/${LEAD}/1-front.png`, owner, []], // not absolute
    [`disk:leads/1001/${LEAD}/1-front.png`, owner, []],
    [`/1001/${LEAD}`, owner, []],
  ])("%s for %j: %j", (ref, who, keys) => expect(movedKeys(ref, who)).toEqual(keys));
});

describe("a disk folder moved elsewhere (a backup restored onto another machine or into another folder)", () => {
  const at = (name: string) => path.join(tmp, "moved", name);

  test("a row written under one UPLOAD_DIR opens after the folder moved and UPLOAD_DIR names the new place", async () => {
    const ref = await diskPrivateFiles(at("a")).putFile(
      `leads/1001/${LEAD}/1a2b3c4d-1-papers.pdf`,
      await localFile("p.pdf", PDF),
      "application/pdf",
    );
    await mkdir(at("b/nested"), { recursive: true });
    await rename(at("a"), at("b/nested/uploads"));
    const moved = diskPrivateFiles(at("b/nested/uploads"));
    expect(moved.owns(ref)).toBe(true);
    expect(await textOf(await moved.open(ref))).toBe(PDF);
    expect(await diskPrivateFiles(at("a")).open(ref)).toBeNull(); // the old place holds nothing now
    await moved.remove([ref]);
    expect(await moved.open(ref)).toBeNull();
  });

  test("older rows' absolute paths: found under the new folder by their own site and lead only", async () => {
    const old = at("old-host");
    const newer = path.join(old, "leads", "1001", LEAD, "1a2b3c4d-1-front.png");
    const oldest = path.join(old, "1001", LEAD, "1-papers.pdf");
    const theirs = path.join(old, "1001", OTHER_LEAD, "1-theirs.pdf");
    for (const [file, text] of [
      [newer, "newer layout"],
      [oldest, "oldest layout"],
      [theirs, "another lead's"],
    ] as const) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
    }
    // in place, they resolve as ever, without knowing the row's owner
    const there = diskPrivateFiles(old);
    expect(await textOf(await there.open(newer))).toBe("newer layout");
    expect(await textOf(await there.open(oldest))).toBe("oldest layout");

    await rename(old, at("restored"));
    const here = diskPrivateFiles(at("restored"));
    const owner = { siteId: 1001, leadId: LEAD };
    expect(here.owns(newer)).toBe(false);
    expect(await here.open(newer)).toBeNull(); // a path outside the folder, and no row to vouch for it
    expect(await textOf(await here.open(newer, owner))).toBe("newer layout");
    expect(await textOf(await here.open(oldest, owner))).toBe("oldest layout");
    // a row of one lead naming another lead's (or site's) file gets nothing
    expect(await here.open(theirs, owner)).toBeNull();
    expect(await here.open(newer, { siteId: 1002, leadId: LEAD })).toBeNull();
    expect(await here.open(newer, { siteId: 1001, leadId: OTHER_LEAD })).toBeNull();
    expect(await here.open(path.join(old, "1001", LEAD, "..", OTHER_LEAD, "1-theirs.pdf"), owner)).toBeNull();
    expect(await textOf(await here.open(theirs, { siteId: 1001, leadId: OTHER_LEAD }))).toBe("another lead's");
  });
});

test("the S3 store fails loudly when the bucket refuses it (an unknown access key)", async () => {
  const wrong = s3PrivateFiles({ endpoint, bucket: "dealer-files", region: "us-east-1", accessKeyId: "NOBODY", secretAccessKey: "x" });
  await expect(wrong.putFile("leads/1/x/a.pdf", await localFile("a.pdf", "x"), "application/pdf")).rejects.toThrow(/answered 403/);
});

const HOST = "parkside-motor-group.localhost:3000";
const person = { first_name: "Mary", last_name: "Bucketson", email: "mary@example.com", phone: "0412 345 678", postcode: "3134" };

/** A lead with files, as the browser posts it to /api/leads/with-files. */
async function withFiles(files: File[], lead: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set(
    "lead",
    JSON.stringify({
      lead: {
        form: "contact",
        ...person,
        category: "General Enquiry",
        dealership_slug: "parkside-mazda",
        location: 10012,
        message: "Papers attached.",
        ...lead,
      },
    }),
  );
  for (const f of files) form.append("files", f);
  const encoded = new Response(form);
  return liveLeadRoutes().withFiles(
    new Request(`http://${HOST}/api/leads/with-files`, {
      method: "POST",
      headers: { host: HOST, "x-real-ip": "10.0.0.31", "content-type": encoded.headers.get("content-type")!, ...headers },
      body: await encoded.arrayBuffer(),
    }),
  );
}

describe("with S3 configured, a lead's files live in the bucket", () => {
  let sales = "";
  beforeAll(async () => {
    sales = await staffCookie("sales@parksidemotorgroup.com.au");
  });
  const download = (lead: string, fileId: string, cookie = sales) =>
    callAdmin(downloadLeadFile, `/api/admin/leads/${lead}/files/${fileId}`, { id: lead, fileId }, { cookie });

  test("the environment is this file's (its own upload folder, the bucket on loopback)", () => {
    expect(env().UPLOAD_DIR).toBe(UPLOADS);
    expect(env().S3_ENDPOINT).toBe(endpoint);
  });

  test("stored in the bucket under private/, nothing under UPLOAD_DIR, downloaded by staff, removed for good", async () => {
    const res = await withFiles([
      new File([PNG], "front.png", { type: "image/png" }),
      new File([PDF], "rego papers.pdf", { type: "application/pdf" }),
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { lead } = await res.json();
    const rows = await db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, lead.id));
    expect(rows.map((r) => r.path).sort()).toEqual((await bucketKeys(`private/leads/1001/${lead.id}/`)).map((k) => `s3:${k}`));
    expect(rows).toHaveLength(2);
    // the request's temporary folder is gone too: another host could never read this one's disk
    expect(filesUnder(UPLOADS)).toEqual([]);

    const pdf = rows.find((r) => r.filename === "rego papers.pdf")!;
    const ok = await download(lead.id, pdf.id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(ok.headers.get("content-length")).toBe(String(PDF.length));
    expect(ok.headers.get("content-disposition")).toBe(`attachment; filename="rego papers.pdf"; filename*=UTF-8''rego%20papers.pdf`);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    expect(await ok.text()).toBe(PDF);
    // the same authorisation as ever: another site's staff get a 404
    expect((await download(lead.id, pdf.id, await staffCookie("owner@ridgelinemotorcycles.com.au"))).status).toBe(404);

    await privateFiles().remove(rows.map((r) => r.path));
    expect(await bucketKeys(`private/leads/1001/${lead.id}/`)).toEqual([]);
    expect((await download(lead.id, pdf.id)).status).toBe(404);
  });

  test("files added to the lead later go to the bucket too; a refused addition leaves nothing behind", async () => {
    const first = await withFiles([new File([PNG], "front.png", { type: "image/png" })]);
    const { lead } = await first.json();
    const again = await withFiles([new File([PNG], "front.png", { type: "image/png" })], { lead_id: lead.id });
    expect(again.status).toBe(200);
    // two files of one name, two objects (the second never overwrites the first)
    expect(await bucketKeys(`private/leads/1001/${lead.id}/`)).toHaveLength(2);
    const unknown = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    expect((await withFiles([new File([PDF], "a.pdf", { type: "application/pdf" })], { lead_id: unknown })).status).toBe(404);
    expect(await bucketKeys(`private/leads/1001/${unknown}/`)).toEqual([]);
    expect(filesUnder(UPLOADS)).toEqual([]);
  });

  test("a file a row keeps on disk (from before the bucket was set) still downloads", async () => {
    const res = await withFiles([]);
    const { lead } = await res.json();
    const dir = path.join(UPLOADS, "1001", lead.id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "1-old.pdf"), PDF);
    const [row] = await db
      .insert(t.leadFiles)
      .values({
        leadId: lead.id,
        siteId: 1001,
        filename: "old.pdf",
        contentType: "application/pdf",
        size: PDF.length,
        path: path.join(dir, "1-old.pdf"),
      })
      .returning();
    const ok = await download(lead.id, row!.id);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(PDF);
    await privateFiles().remove([row!.path]);
    expect(existsSync(dir)).toBe(false); // the lead's folder went with its last file
    expect(await readFile(path.join(dir, "1-old.pdf")).catch(() => null)).toBeNull();
  });
  test("rows of a backup restored into another folder download: a disk: reference, and an older row's absolute path by its own lead only", async () => {
    const { lead } = await (await withFiles([])).json();
    const { lead: other } = await (await withFiles([])).json();
    // what the restore put under this host's UPLOAD_DIR, rows as the other host wrote them
    const put = async (rel: string, text: string) => {
      await mkdir(path.dirname(path.join(UPLOADS, rel)), { recursive: true });
      await writeFile(path.join(UPLOADS, rel), text);
    };
    await put(`leads/1001/${lead.id}/1a2b3c4d-1-new.pdf`, "new row");
    await put(`1001/${lead.id}/1-old.pdf`, "old row");
    await put(`1001/${other.id}/1-theirs.pdf`, "another lead's");
    const row = (ref: string) =>
      db
        .insert(t.leadFiles)
        .values({ leadId: lead.id, siteId: 1001, filename: "a.pdf", contentType: "application/pdf", size: 1, path: ref })
        .returning()
        .then(([r]) => r!.id);
    const elsewhere = "/srv/another-host/dealer/.data/uploads";
    const fresh = await row(`disk:leads/1001/${lead.id}/1a2b3c4d-1-new.pdf`);
    const older = await row(`${elsewhere}/1001/${lead.id}/1-old.pdf`);
    const theirs = await row(`${elsewhere}/1001/${other.id}/1-theirs.pdf`);

    const ok = await download(lead.id, fresh);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("new row");
    const old = await download(lead.id, older);
    expect(old.status).toBe(200);
    expect(await old.text()).toBe("old row");
    expect((await download(lead.id, theirs)).status).toBe(404);
    expect((await download(lead.id, fresh, await staffCookie("owner@ridgelinemotorcycles.com.au"))).status).toBe(404);

    await privateFiles().remove([`disk:leads/1001/${lead.id}/1a2b3c4d-1-new.pdf`]);
    expect((await download(lead.id, fresh)).status).toBe(404);
    for (const dir of ["leads", "1001"]) rmSync(path.join(UPLOADS, dir), { recursive: true, force: true });
  });
});

const realFetch = globalThis.fetch;
let bucketSpy: { mockRestore(): void } | null = null;
/** The bucket answers for itself again. */
const bucketBack = () => {
  bucketSpy?.mockRestore();
  bucketSpy = null;
};
afterEach(bucketBack);
// a test that fails half-way leaves nothing on the disk for the next one's "nothing under UPLOAD_DIR"
afterEach(() => rmSync(UPLOADS, { recursive: true, force: true }));

/**
 * The bucket's answers changed for one test: `answer` sees each request to it (aws4fetch sends a
 * Request) and gives a response, or nothing to let it through to the real one. Every request is kept.
 */
function bucketAnswers(answer: (req: Request) => Promise<Response | undefined> | Response | undefined = () => undefined) {
  const seen: Request[] = [];
  bucketSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if (!(input instanceof Request) || !input.url.startsWith(endpoint)) return realFetch(input, init);
    seen.push(input);
    const given = await answer(input);
    if (!given) return realFetch(input, init);
    await input.body?.cancel(); // an answer before the body was read: the file's stream closes
    return given;
  });
  return seen;
}
const status = (code: number) => () => new Response(`<Error><Code>${code}</Code></Error>`, { status: code });
const isPut = (req: Request, name: string) => req.method === "PUT" && req.url.includes("/private/leads/") && req.url.endsWith(name);

describe("the bucket: files streamed, its length when it says it, its failures a 503", () => {
  let sales = "";
  beforeAll(async () => {
    sales = await staffCookie("sales@parksidemotorgroup.com.au");
  });
  const download = (lead: string, fileId: string) =>
    callAdmin(downloadLeadFile, `/api/admin/leads/${lead}/files/${fileId}`, { id: lead, fileId }, { cookie: sales });
  const fileRowsOf = (leadId: string) => db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, leadId));
  const leadsWith = (message: string) =>
    db
      .select()
      .from(t.leads)
      .where(sql`${t.leads.payload}->>'message' = ${message}`);

  test("a file is streamed to the bucket with its length (never read whole and hashed first); a PUT answered 503 is sent again, afresh", async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, "papers ");
    let refused = false;
    const seen = bucketAnswers((req) => {
      if (req.method !== "PUT" || refused) return undefined;
      refused = true;
      return status(503)();
    });
    const ref = await s3Store().putFile(`leads/1001/${LEAD}/1-big.pdf`, await localFile("big.pdf", big.toString()), "application/pdf");
    const puts = seen.filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(2);
    for (const put of puts) {
      expect(put.headers.get("content-length")).toBe(String(big.length));
      expect(put.headers.get("x-amz-content-sha256")).toBe("UNSIGNED-PAYLOAD");
    }
    const file = await s3Store().open(ref);
    expect(file!.size).toBe(big.length);
    expect(Buffer.from(await new Response(file!.body).arrayBuffer()).equals(big)).toBe(true);
    await s3Store().remove([ref]);
  });

  test("a bucket answering without a length (chunked): the download gives none either, never content-length: 0", async () => {
    const res = await withFiles([new File([PDF], "chunked.pdf", { type: "application/pdf" })]);
    const { lead } = await res.json();
    const [row] = await fileRowsOf(lead.id);
    bucketAnswers(async (req) => {
      if (req.method !== "GET") return undefined;
      const real = await realFetch(req);
      const headers = new Headers(real.headers);
      headers.delete("content-length");
      return new Response(real.body, { status: real.status, headers });
    });
    expect((await s3Store().open(row!.path))!.size).toBeNull();
    const ok = await download(lead.id, row!.id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-length")).toBeNull();
    expect(await ok.text()).toBe(PDF);
    await privateFiles().remove([row!.path]);
  });

  test.each([
    ["refuses (403)", status(403)],
    ["fails (500, each try)", status(500)],
    [
      "is too slow",
      () => {
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      },
    ],
  ])("a download while the bucket %s: 503 with Retry-After, a clear message", async (_, answer) => {
    const res = await withFiles([new File([PDF], "later.pdf", { type: "application/pdf" })]);
    const { lead } = await res.json();
    const [row] = await fileRowsOf(lead.id);
    bucketAnswers((req) => (req.method === "GET" ? answer() : undefined));
    const down = await download(lead.id, row!.id);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("30");
    expect((await down.json()).error).toMatch(/not answering just now\. Please try again in a minute/);
    bucketBack();
    expect((await download(lead.id, row!.id)).status).toBe(200); // back once the bucket is
    await privateFiles().remove([row!.path]);
  });

  test("a lead whose files the bucket does not take: 503 with Retry-After, no lead, nothing left, even when the bucket's DELETE fails too", async () => {
    const message = "The bucket is down, the papers are attached.";
    const before = await bucketKeys("private/leads/1001/");
    // the first file is stored, the second refused: the first must go again, and its DELETE fails as well
    bucketAnswers((req) => (isPut(req, "-2-second.pdf") || req.method === "DELETE" ? status(500)() : undefined));
    const res = await withFiles(
      [new File([PDF], "first.pdf", { type: "application/pdf" }), new File([PDF], "second.pdf", { type: "application/pdf" })],
      { message },
    );
    expect(res.status, await res.clone().text()).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect((await res.json()).error).toMatch(/could not store your attachments just now/);
    expect(await leadsWith(message)).toHaveLength(0);
    expect(filesUnder(UPLOADS)).toEqual([]);
    // the first file's object stays (its DELETE failed), named by no row: removed here
    bucketBack();
    const left = (await bucketKeys("private/leads/1001/")).filter((k) => !before.includes(k));
    expect(left).toHaveLength(1);
    await privateFiles().remove(left.map((k) => `s3:${k}`));
  });

  test("a retry racing its first submission gets the first's 201 even when the loser's files cannot be deleted", async () => {
    const message = "Two tabs, one enquiry.";
    const before = await bucketKeys("private/leads/1001/");
    // both requests past the Idempotency-Key check before either stores its lead: each waits at its PUT for the other
    let release = () => {};
    const both = new Promise<void>((resolve) => (release = resolve));
    let puts = 0;
    bucketAnswers(async (req) => {
      if (req.method === "DELETE") return status(500)();
      if (req.method === "PUT" && ++puts === 2) release();
      if (req.method === "PUT") await both;
      return undefined;
    });
    const send = () =>
      withFiles([new File([PDF], "papers.pdf", { type: "application/pdf" })], { message }, { "idempotency-key": "race-0f3c9a" });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [first, second] = [await a.json(), await b.json()];
    expect(second.lead.id).toBe(first.lead.id);
    expect(a.headers.get("idempotent-replayed") ?? b.headers.get("idempotent-replayed")).toBe("true");
    expect(await leadsWith(message)).toHaveLength(1);
    bucketBack();
    const rows = await fileRowsOf(first.lead.id);
    expect(rows).toHaveLength(1);
    const stray = (await bucketKeys("private/leads/1001/")).filter((k) => !before.includes(k) && `s3:${k}` !== rows[0]!.path);
    expect(stray).toHaveLength(1); // the loser's file, its DELETE failed: named by no row, never served
    await privateFiles().remove([...stray.map((k) => `s3:${k}`), rows[0]!.path]);
  });

  test("a form posted without JavaScript while the bucket is down goes back to its page with what was typed (never a 500)", async () => {
    bucketAnswers((req) => (req.method === "PUT" || req.method === "DELETE" ? status(503)() : undefined));
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      form: "contact",
      return_to: "/contact",
      ...person,
      category: "General Enquiry",
      dealership_slug: "parkside-mazda",
      location: "10012",
      message: "Posted plainly while the bucket was down.",
    }))
      fd.append(k, v);
    fd.append("files", new File([PDF], "papers.pdf", { type: "application/pdf" }));
    const res = await liveLeadRoutes().form(
      new Request(`http://${HOST}/api/leads/form`, { method: "POST", headers: { host: HOST, "x-real-ip": "10.0.0.32" }, body: fd }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact");
    const raw = new RegExp(`^${LEAD_FORM_FLASH_COOKIE}=([^;]*)`).exec(res.headers.get("set-cookie") ?? "")?.[1];
    const flash = decodeFormFlash(raw, 1001, "contact", () => true)!;
    expect(flash.errors.files).toMatch(/could not store your attachments just now/);
    expect(flash.values).toMatchObject({
      first_name: "Mary",
      email: "mary@example.com",
      message: "Posted plainly while the bucket was down.",
    });
    expect(await leadsWith("Posted plainly while the bucket was down.")).toHaveLength(0);
    expect(filesUnder(UPLOADS)).toEqual([]);
  });
});

// A stock file is read whole from the request and kept, checked, in its import's database row until it
// is applied (src/server/stock/imports.ts): a manager may check it on one host and apply it on another.
// This holds the line that nothing of it is left on a host's disk.
test("a stock file checked on one host is applied from the database alone: nothing of it is on the disk", async () => {
  const manager = await staffCookie("manager@parksidemotorgroup.com.au");
  const checkedRes = await callAdmin(
    postStockImport,
    "/api/admin/sites/1001/stock/imports?full=0",
    { siteId: "1001" },
    { method: "POST", cookie: manager, csv: "stock_number,make,model,year,car_type,price\nOBJSTORE-1,Mazda,CX-5,2024,used,31990" },
  );
  expect(checkedRes.status).toBe(200);
  const { id } = await checkedRes.json();
  expect(filesUnder(UPLOADS)).toEqual([]);
  const applied = await callAdmin(
    applyStockImport,
    `/api/admin/sites/1001/stock/imports/${id}/apply`,
    { siteId: "1001", id: String(id) },
    { method: "POST", cookie: manager, body: { confirm: false } },
  );
  expect(applied.status).toBe(200);
  const cars = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.stockNumber, "OBJSTORE-1")));
  expect(cars).toHaveLength(1);
  await db.delete(t.vehicles).where(eq(t.vehicles.id, cars[0]!.id));
  expect(filesUnder(UPLOADS)).toEqual([]);
});
