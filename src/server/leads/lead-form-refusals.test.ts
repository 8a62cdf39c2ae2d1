import { rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, onTestFinished, test } from "vitest";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { LEAD_FORM_FLASH_COOKIE } from "@/domain/leads/posted-form";
import { setupAppDatabase } from "@/server/testing/app-database";
import { env } from "@/server/base/env";
import { createMemoryRateLimiter, limiters } from "@/server/http/rate-limit";
import * as t from "@/server/db/schema";
import { liveLeadRoutes, MAX_UPLOAD_BYTES } from "./handlers";

/*
 * A form posted without JavaScript and refused before its fields are checked (an attachment, the rate
 * limit, too large, another website): the shopper is sent back to the form page (303) with the message
 * and what was typed, never a page of raw JSON.
 */
const api = liveLeadRoutes();
const db = setupAppDatabase({ after: () => rm(path.resolve(env().UPLOAD_DIR), { recursive: true, force: true }) });

const SITE = 1001;
const host = "parkside-motor-group.localhost:3000";
let ip = 0;
const contact = (over: Record<string, string> = {}) => ({
  form: "contact",
  return_to: "/contact",
  first_name: "Mary",
  last_name: "Smith",
  email: "mary@example.com",
  phone: "0412 345 678",
  postcode: "3134",
  category: "General Enquiry",
  dealership_slug: "parkside-mazda",
  location: "10012",
  message: "Is the CX-5 still available?",
  ...over,
});
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  api.form(
    new Request(`http://${host}/api/leads/form`, {
      method: "POST",
      headers: {
        host,
        "x-real-ip": `10.8.0.${++ip}`,
        ...(typeof body === "string" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...headers,
      },
      body,
    }),
  );
const multipart = (fields: Record<string, string>, file?: File, part = "files") => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(part, file, file.name);
  return fd;
};
/** The answer as the shopper's browser takes it: back to the form, with the flash cookie the page reads. */
function backToForm(res: Response) {
  expect(res.status).toBe(303);
  expect(res.headers.get("content-type")).toBeNull(); // no JSON page
  const raw = new RegExp(`^${LEAD_FORM_FLASH_COOKIE}=([^;]*)`).exec(res.headers.get("set-cookie") ?? "")?.[1];
  return { location: res.headers.get("location"), flash: decodeFormFlash(raw, SITE, "contact", () => true)! };
}
const PDF = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
const leadsBy = (email: string) => db.select().from(t.leads).where(eq(t.leads.email, email));

describe("a refused no-JavaScript form comes back as its page", () => {
  test("an attachment that is not a photo or a PDF: its message under the files, every typed value kept", async () => {
    const fields = contact({ email: "bad.file@example.com" });
    const res = await post(multipart(fields, new File(["just text"], "notes.txt", { type: "text/plain" })));
    const { location, flash } = backToForm(res);
    expect(location).toBe("/contact");
    expect(flash.errors.files).toMatch(/^notes\.txt: only JPEG, PNG, WebP, HEIC images and PDFs/);
    expect(flash.values).toMatchObject({ first_name: "Mary", email: "bad.file@example.com", message: fields.message });
    expect(await leadsBy("bad.file@example.com")).toHaveLength(0);
  });

  test("a file under a name that takes none: back with a message naming it, every typed value kept, nothing stored", async () => {
    const fields = contact({ email: "wrong.part@example.com" });
    const { location, flash } = backToForm(await post(multipart(fields, new File([PDF], "papers.pdf"), "photo")));
    expect(location).toBe("/contact");
    // under the files (the page reads back its own fields' messages), naming the part
    expect(flash.errors).toEqual({ files: expect.stringContaining("“photo”") });
    expect(flash.values).toMatchObject({ first_name: "Mary", email: "wrong.part@example.com" });
    expect(await leadsBy("wrong.part@example.com")).toHaveLength(0);
  });

  test("a file sent as files[] is stored with the lead", async () => {
    const res = await post(multipart(contact({ email: "files.brackets@example.com" }), new File([PDF], "papers.pdf"), "files[]"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/success/);
    const [lead] = await leadsBy("files.brackets@example.com");
    expect(await db.select().from(t.leadFiles).where(eq(t.leadFiles.leadId, lead!.id))).toHaveLength(1);
  });

  test("too large (the form's text, or the attachments by their declared length): the message, the values kept", async () => {
    const text = backToForm(
      await post(new URLSearchParams(contact({ email: "big.text@example.com", message: "x".repeat(70 * 1024) })).toString()),
    );
    expect(text.flash.errors.form).toMatch(/too large/);
    expect(text.flash.values).toMatchObject({ first_name: "Mary", email: "big.text@example.com" });
    const declared = backToForm(
      await post(multipart(contact({ email: "big.files@example.com" }), new File(["%PDF-1.4"], "a.pdf")), {
        "content-length": String(MAX_UPLOAD_BYTES + 1),
      }),
    );
    expect(declared.flash.errors.form).toMatch(/too large/);
    expect(declared.flash.values).toMatchObject({ first_name: "Mary", email: "big.files@example.com" });
  });

  test("the rate limit: the message, the values kept", async () => {
    const saved = limiters().get("lead");
    limiters().set("lead", createMemoryRateLimiter({ limit: 2, windowMs: 60_000 }));
    onTestFinished(() => void (saved ? limiters().set("lead", saved) : limiters().delete("lead")));
    const same = { "x-real-ip": "10.8.9.9" };
    for (const n of [1, 2])
      expect((await post(new URLSearchParams(contact({ email: `limit.${n}@example.com` })).toString(), same)).status).toBe(303);
    const { location, flash } = backToForm(await post(new URLSearchParams(contact({ email: "limit.3@example.com" })).toString(), same));
    expect(location).toBe("/contact");
    expect(flash.errors.form).toMatch(/Too many enquiries/);
    expect(flash.values).toMatchObject({ first_name: "Mary", email: "limit.3@example.com" });
    expect(await leadsBy("limit.3@example.com")).toHaveLength(0);
  });

  test("from another website: the message only (a post from elsewhere never fills in this site's form)", async () => {
    const res = await post(new URLSearchParams(contact({ email: "cross.site@example.com" })).toString(), {
      "sec-fetch-site": "cross-site",
    });
    const { location, flash } = backToForm(res);
    expect(location).toBe("/contact");
    expect(flash.errors.form).toBe("Enquiries can only be sent from this website.");
    expect(flash.values).toEqual({});
    expect(await leadsBy("cross.site@example.com")).toHaveLength(0);
  });

  test("with no page of this site to go back to, the refusal stays an answer of its own (not a redirect elsewhere)", async () => {
    const res = await post(new URLSearchParams(contact({ return_to: "https://evil.example/" })).toString(), {
      "sec-fetch-site": "cross-site",
    });
    expect(res.status).toBe(403);
  });
});
