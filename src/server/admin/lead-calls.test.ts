import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { leadFilterOf } from "@/domain/staff/roles";
import { getDb } from "@/server/db";
import * as t from "@/server/db/schema";
import { listInboxLeads } from "@/server/repositories/inbox";
import { leadPageVehicles, listLeadCalls, listOtherEnquiries } from "@/server/repositories/lead-calls";
import { ADMIN, callAdmin, staffCookie } from "@/server/testing/admin-requests";
import { createStaffAccounts } from "@/server/repositories/staff";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";
import { setupAppDatabase } from "@/server/testing/app-database";
import { CALL_FLASH_COOKIE, logCallRoute, UPDATE_FLASH_COOKIE, updateLead } from "./api/leads";
import { postReplyTemplates, putLeadHandling, putReplyTemplates, REPLIES_FLASH_COOKIE } from "./api/settings";
import { getLeadHandling, getReplyTemplates } from "@/server/repositories/settings";
import { DEFAULT_REPLY_TEMPLATES } from "@/domain/leads/follow-up";

/*
 * The salesperson's lead page (docs/features/back-office.md): "Log a call" through its route on the
 * app's database — JSON and the plain form post, its field messages, other sites' leads, the audit
 * line, the follow-up day in the inbox — and the shopper's other enquiries, on the same site only.
 */
const CATEGORY = "Lead calls test";
const database = setupAppDatabase({
  after: () => database.delete(t.leads).where(eq(t.leads.category, CATEGORY)),
});
let sales = "";
let ridgeline = "";
let manager = "";
beforeAll(async () => {
  [sales, ridgeline, manager] = await Promise.all([
    staffCookie("sales@parksidemotorgroup.com.au"),
    // an owner of Ridgeline only, made for this file: the demo's Ridgeline owner is given a Parkside role
    // for a moment by the invitation tests, which share the database when the suite runs on PostgreSQL
    outsider(),
    staffCookie("manager@parksidemotorgroup.com.au"),
  ]);
});

let outsiderEmail = "";
afterAll(async () => {
  if (outsiderEmail) await (await getDb()).delete(t.staffUsers).where(eq(t.staffUsers.email, outsiderEmail));
});
async function outsider(): Promise<string> {
  const email = (outsiderEmail = `ridgeline-only-${randomUUID().slice(0, 8)}@example.com`);
  await createStaffAccounts(await getDb(), [
    { name: "Rita Ridgeline", email, passwordHash: await hashPassword(DEMO_STAFF_PASSWORD), roles: [{ siteId: 1002, role: "owner" }] },
  ]);
  return staffCookie(email);
}

async function insertLead(siteId: number, fields: Partial<typeof t.leads.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await (await getDb()).insert(t.leads).values({
    id,
    siteId,
    category: CATEGORY,
    name: "Mary Test",
    firstName: "Mary",
    email: "mary.calls@example.com",
    payload: {},
    ...fields,
  });
  return id;
}

const post = (id: string, body: unknown, cookie = sales) =>
  callAdmin(logCallRoute, `/api/admin/leads/${id}/calls`, { id }, { method: "POST", cookie, body });
const formPost = (id: string, fields: Record<string, string>, cookie = sales) =>
  logCallRoute(
    new Request(`http://${ADMIN}/api/admin/leads/${id}/calls`, {
      method: "POST",
      headers: { host: ADMIN, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({ id }) },
  );

describe("log a call", () => {
  test("201, listed newest first, audited without the note, a reached shopper makes a new lead contacted", async () => {
    const id = await insertLead(1001);
    const first = await post(id, { outcome: "no_answer", follow_up_on: "2026-12-01" });
    expect(first.status).toBe(201);
    const db = await getDb();
    const [still] = await db.select({ status: t.leads.status }).from(t.leads).where(eq(t.leads.id, id));
    expect(still!.status).toBe("new");
    expect((await post(id, { outcome: "answered", note: "Wants a test drive Saturday", follow_up_on: "2026-12-05" })).status).toBe(201);
    const calls = await listLeadCalls(db, 1001, id);
    expect(calls.map((c) => [c.staffName, c.outcome, c.note, c.followUpOn])).toEqual([
      ["Sam Sales", "answered", "Wants a test drive Saturday", "2026-12-05"],
      ["Sam Sales", "no_answer", "", "2026-12-01"],
    ]);
    const [lead] = await db
      .select({ status: t.leads.status, firstContactAt: t.leads.firstContactAt })
      .from(t.leads)
      .where(eq(t.leads.id, id));
    expect(lead!.status).toBe("contacted");
    expect(lead!.firstContactAt).not.toBeNull();
    const audit = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "lead.call"), eq(t.auditLog.entity, `lead:${id}`)));
    expect(audit.map((a) => a.after)).toEqual(
      expect.arrayContaining([
        { outcome: "answered", follow_up_on: "2026-12-05" },
        { outcome: "no_answer", follow_up_on: "2026-12-01" },
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain("test drive Saturday");
  });

  test("422 with a message per field; 404 for an unknown lead, a bad id and another site's lead", async () => {
    const id = await insertLead(1001);
    const bad = await post(id, { outcome: "shouted", follow_up_on: "2026-02-30" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: "Please check the highlighted fields.",
      errors: { outcome: "Choose what happened", follow_up_on: "Enter the day as a date, e.g. 2026-12-01" },
    });
    expect((await post(id, { outcome: "answered", __proto__x: 1 })).status).toBe(422);
    expect((await post(randomUUID(), { outcome: "answered" })).status).toBe(404);
    expect((await post("not-a-uuid", { outcome: "answered" })).status).toBe(404);
    const theirs = await insertLead(1002);
    expect((await post(theirs, { outcome: "answered" })).status).toBe(404);
    // and Parkside's lead does not exist for Ridgeline's owner
    expect((await post(id, { outcome: "answered" }, ridgeline)).status).toBe(404);
    expect(await listLeadCalls(await getDb(), 1001, id)).toEqual([]);
  });

  test("the plain form post: 303 back to the lead; refused, back with what was typed in a cookie, never the URL", async () => {
    const id = await insertLead(1001);
    // a field the browser adds that the form does not name (a button's name, an extension's) is not a refusal
    const ok = await formPost(id, { outcome: "voicemail", note: "Rang twice", follow_up_on: "2026-12-02", save: "Save call" });
    expect([ok.status, ok.headers.get("location")]).toEqual([303, `/leads/${id}?call=saved#calls`]);
    const bad = await formPost(id, { outcome: "", note: "Private words", follow_up_on: "soon" });
    expect(bad.status).toBe(303);
    const location = bad.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/leads/${id}\\?call=\\w+#log-call$`));
    expect(location).not.toContain("Private");
    const cookie = bad.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${CALL_FLASH_COOKIE}=.*HttpOnly; SameSite=Strict`));
    const attempt = /call=(\w+)/.exec(location)![1];
    const flash = decodeFormFlash(cookie.split(";")[0]!.slice(CALL_FLASH_COOKIE.length + 1), 1001, attempt, () => true);
    expect(flash).toMatchObject({
      errors: { outcome: "Choose what happened", follow_up_on: "Enter the day as a date, e.g. 2026-12-01" },
      values: { outcome: "", note: "Private words", follow_up_on: "soon" },
    });
    expect((await listLeadCalls(await getDb(), 1001, id)).map((c) => c.outcome)).toEqual(["voicemail"]);
  });

  test("the status and note as a plain form post: 303 back to the lead; refused, back with the note typed in a cookie, never the URL", async () => {
    const id = await insertLead(1001);
    const update = (fields: Record<string, string>) =>
      updateLead(
        new Request(`http://${ADMIN}/api/admin/leads/${id}`, {
          method: "POST",
          headers: { host: ADMIN, cookie: sales, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        { params: Promise.resolve({ id }) },
      );
    const bad = await update({ status: "new", note: "" });
    expect(bad.status).toBe(303);
    const location = bad.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/leads/${id}\\?update=\\w+#update$`));
    const cookie = bad.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${UPDATE_FLASH_COOKIE}=.*HttpOnly; SameSite=Strict`));
    const attempt = /update=(\w+)/.exec(location)![1];
    const flash = decodeFormFlash(cookie.split(";")[0]!.slice(UPDATE_FLASH_COOKIE.length + 1), 1001, attempt, () => true);
    expect(flash).toMatchObject({ errors: { note: "Write a note or choose another status" }, values: { status: "new" } });
    const wrong = await update({ status: "sold", note: "Private words" });
    expect(wrong.headers.get("location")).not.toContain("Private");
    const typed = decodeFormFlash(
      wrong.headers
        .get("set-cookie")!
        .split(";")[0]!
        .slice(UPDATE_FLASH_COOKIE.length + 1),
      1001,
      /update=(\w+)/.exec(wrong.headers.get("location")!)![1],
      () => true,
    );
    expect(typed).toMatchObject({ errors: { status: "Choose a status" }, values: { status: "sold", note: "Private words" } });
    const ok = await update({ status: "contacted", note: "Rang, booked a drive", save: "Save" });
    expect([ok.status, ok.headers.get("location")]).toEqual([303, `/leads/${id}?update=saved#update`]);
    const [row] = await (await getDb()).select({ status: t.leads.status }).from(t.leads).where(eq(t.leads.id, id));
    expect(row!.status).toBe("contacted");
  });

  test("the inbox shows the latest call's follow-up day, and 'Follow-up due' lists leads due by the site's today", async () => {
    const due = await insertLead(1001);
    const later = await insertLead(1001);
    const none = await insertLead(1001);
    expect((await post(due, { outcome: "no_answer", follow_up_on: "2020-01-02" })).status).toBe(201);
    expect((await post(later, { outcome: "no_answer", follow_up_on: "2020-01-02" })).status).toBe(201);
    expect((await post(later, { outcome: "answered", follow_up_on: "2099-12-31" })).status).toBe(201);
    const db = await getDb();
    const all = await listInboxLeads(db, [1001], leadFilterOf({ form: CATEGORY }));
    const followUp = Object.fromEntries(all.leads.map((l) => [l.id, l.followUpOn]));
    expect([followUp[due], followUp[later], followUp[none]]).toEqual(["2020-01-02", "2099-12-31", null]);
    const dueNow = await listInboxLeads(db, [1001], leadFilterOf({ form: CATEGORY, view: "follow_up" }));
    // of this test's own leads: the file's other tests log calls with dated follow-ups that fall due as the calendar moves on
    expect(dueNow.leads.map((l) => l.id).filter((id) => [due, later, none].includes(id))).toEqual([due]);
  });
});

describe("what the lead page shows around the lead", () => {
  test("the shopper's other enquiries: same email or phone digits, this site only, not the lead itself", async () => {
    // this run's own shopper: other test files share the database (and the usual test phone numbers)
    const tag = randomUUID().slice(0, 8);
    const digits = String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, "0");
    const phone = `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
    const lead = await insertLead(1001, { email: `Shopper.${tag}@example.com`, phone });
    const byEmail = await insertLead(1001, { email: `shopper.${tag}@example.com`, phone: null, category: CATEGORY });
    const byPhone = await insertLead(1001, { email: `else.${tag}@example.com`, phone: phone.replace(/ /g, "") });
    await insertLead(1001, { email: `stranger.${tag}@example.com`, phone: "0499 999 999" });
    await insertLead(1002, { email: `shopper.${tag}@example.com`, phone });
    const found = await listOtherEnquiries(await getDb(), 1001, { id: lead, email: `Shopper.${tag}@example.com`, phone });
    expect(found.map((l) => l.id).sort()).toEqual([byEmail, byPhone].sort());
    expect(await listOtherEnquiries(await getDb(), 1001, { id: lead, email: null, phone: null })).toEqual([]);
  });

  test("cars by id or slug, of this site only", async () => {
    const db = await getDb();
    const [mine] = await db
      .select({ id: t.vehicles.id, slug: t.vehicles.slug })
      .from(t.vehicles)
      .where(eq(t.vehicles.siteId, 1001))
      .limit(2);
    const [theirs] = await db
      .select({ id: t.vehicles.id, slug: t.vehicles.slug })
      .from(t.vehicles)
      .where(eq(t.vehicles.siteId, 1002))
      .limit(1);
    const cars = await leadPageVehicles(db, 1001, [theirs!.id], [mine!.slug, theirs!.slug]);
    expect(cars.map((c) => c.id)).toEqual([mine!.id]);
  });
});

describe("reply templates in the site's settings", () => {
  test("a manager saves them (sales may not); an unknown placeholder is refused; the lead handling form keeps them", async () => {
    const put = (body: unknown, cookie = manager) =>
      callAdmin(putReplyTemplates, "/api/admin/sites/1001/reply-templates", { siteId: "1001" }, { method: "PUT", cookie, body });
    const mine = {
      sms: "Hi {first_name}, {salesperson} here about the {car}",
      email_subject: "The {car}",
      email_body: "Hi {first_name},\n\n{site}",
    };
    const db = await getDb();
    const before = await getLeadHandling(db, 1001);
    try {
      expect((await put(mine, sales)).status).toBe(403);
      const bad = await put({ ...mine, sms: "Hi {name}" });
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors).toEqual({ sms: "Use only {first_name}, {car}, {salesperson} or {site} in braces" });
      expect((await put(mine)).status).toBe(200);
      expect(await getReplyTemplates(db, 1001)).toEqual(mine);
      const handling = await callAdmin(
        putLeadHandling,
        "/api/admin/sites/1001/lead-handling",
        { siteId: "1001" },
        { method: "PUT", cookie: manager, body: { ...before, response_minutes: 20 } },
      );
      expect(handling.status).toBe(200);
      expect(await getReplyTemplates(db, 1001)).toEqual(mine);
    } finally {
      await db.update(t.sites).set({ leadHandling: before }).where(eq(t.sites.id, 1001));
    }
    expect(await getReplyTemplates(db, 1001)).toEqual(DEFAULT_REPLY_TEMPLATES);
  });

  test("the settings page's form as a plain post: 303 back saying saved; refused, back with what was typed in a cookie, never the URL", async () => {
    const form = (fields: Record<string, string>) =>
      postReplyTemplates(
        new Request(`http://${ADMIN}/api/admin/sites/1001/reply-templates`, {
          method: "POST",
          headers: { host: ADMIN, cookie: manager, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        { params: Promise.resolve({ siteId: "1001" }) },
      );
    const db = await getDb();
    const before = await getLeadHandling(db, 1001);
    try {
      const bad = await form({ sms: "Hi {name}", email_subject: "About the {car}", email_body: "Hello" });
      expect(bad.status).toBe(303);
      const location = bad.headers.get("location")!;
      expect(location).toMatch(/^\/sites\/1001\/settings\?replies=\w+#replies$/);
      const cookie = bad.headers.get("set-cookie")!;
      expect(cookie).toMatch(new RegExp(`^${REPLIES_FLASH_COOKIE}=.*HttpOnly; SameSite=Strict`));
      const attempt = /replies=(\w+)/.exec(location)![1];
      const flash = decodeFormFlash(cookie.split(";")[0]!.slice(REPLIES_FLASH_COOKIE.length + 1), 1001, attempt, () => true);
      expect(flash).toMatchObject({
        errors: { sms: "Use only {first_name}, {car}, {salesperson} or {site} in braces" },
        values: { sms: "Hi {name}", email_subject: "About the {car}" },
      });
      const mine = { sms: "Hi {first_name}", email_subject: "The {car}", email_body: "Hi {first_name},\r\n\r\n{site}" };
      const ok = await form({ ...mine, save: "Save reply templates" });
      expect([ok.status, ok.headers.get("location")]).toEqual([303, "/sites/1001/settings?replies=saved#replies"]);
      expect(await getReplyTemplates(db, 1001)).toEqual({ ...mine, email_body: "Hi {first_name},\n\n{site}" });
    } finally {
      await db.update(t.sites).set({ leadHandling: before }).where(eq(t.sites.id, 1001));
    }
  });
});
