import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, expect, test } from "vitest";
import { openDatabase } from "@/server/db/client";
import { receiveMultipart } from "@/server/http/multipart";
import { diskPrivateFiles } from "@/server/files/private-files";

/*
 * The embedded database and lead attachments are the owner's alone (folders 0700, files 0600) even
 * under a umask that lets everyone read; an existing folder with open modes is closed on the next open.
 */
const root = mkdtempSync(path.join(tmpdir(), "owner-only-"));
let umask = 0;
beforeEach(() => void (umask = process.umask(0)));
afterEach(() => void process.umask(umask));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every folder and file under `dir` (and `dir`) whose mode is not the owner's alone. */
function notOwnerOnly(dir: string): string[] {
  const bad: string[] = [];
  const walk = (p: string) => {
    const s = statSync(p);
    const want = s.isDirectory() ? 0o700 : 0o600;
    if ((s.mode & 0o777) !== want) bad.push(`${path.relative(root, p) || "."} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const c of readdirSync(p)) walk(path.join(p, c));
  };
  walk(dir);
  return bad;
}

function openUp(dir: string) {
  chmodSync(dir, 0o777);
  for (const d of readdirSync(dir, { withFileTypes: true }))
    if (d.isDirectory()) openUp(path.join(dir, d.name));
    else chmodSync(path.join(dir, d.name), 0o666);
}

test("the embedded database is created owner-only, and an open one is closed on the next start", async () => {
  const dataDir = path.join(root, "data", "pglite");
  const first = await openDatabase({ driver: "pglite", dataDir });
  await first.db.execute(sql`create table owner_only_probe (x int)`);
  await first.db.execute(sql`insert into owner_only_probe values (1)`);
  await first.close();
  expect(notOwnerOnly(dataDir)).toEqual([]);
  expect(statSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700);

  openUp(dataDir);
  const again = await openDatabase({ driver: "pglite", dataDir });
  await again.close();
  expect(notOwnerOnly(dataDir)).toEqual([]);
}, 60_000);

test("a lead's attachment is received and stored owner-only", async () => {
  const uploads = path.join(root, "uploads");
  const boundary = "ownerOnlyBoundary";
  const body = new Blob([
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\nhello\r\n--${boundary}--\r\n`,
  ]).stream();
  const temp = path.join(uploads, ".incoming", "one");
  const { files } = await receiveMultipart(body, `multipart/form-data; boundary=${boundary}`, temp, {
    fileBytes: 1e6,
    files: 5,
    totalBytes: 5e6,
    fieldBytes: 1e4,
  });
  expect(files).toHaveLength(1);
  expect(notOwnerOnly(temp)).toEqual([]);

  const loose = path.join(root, "loose.pdf");
  writeFileSync(loose, "%PDF-1.4\n", { mode: 0o666 });
  await diskPrivateFiles(uploads).putFile("leads/1001/lead/a.pdf", files[0]!.tempPath, "application/pdf");
  await diskPrivateFiles(uploads).putFile("leads/1001/lead/b.pdf", loose, "application/pdf");
  expect(notOwnerOnly(uploads)).toEqual([]);
});
