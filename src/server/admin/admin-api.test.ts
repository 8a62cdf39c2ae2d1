import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { NOT_PUBLIC_MESSAGE } from "@/domain/http/addresses";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { linkIn, waitForMail } from "../../../scripts/lib/outbox";
import { getDb } from "@/server/db";
import { setupAppDatabase } from "@/server/testing/app-database";
import { snapshotCar } from "@/server/testing/car-snapshot";
import { ADMIN, adminRequest, callAdmin, staffCookie } from "@/server/testing/admin-requests";
import * as t from "@/server/db/schema";
import { DEALER_SWITCH_KEYS } from "@/domain/staff/settings";
import { createOperator } from "./operators";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";
import { hashPassword } from "better-auth/crypto";
import { createMemoryRateLimiter, limiters } from "@/server/http/rate-limit";
import { createStaffAccounts } from "@/server/repositories/staff";
import { env } from "@/server/base/env";
import { updateLeadStatus } from "@/server/repositories/inbox";
import { deleteContentEntry, postContent, putContent } from "./api/content";
import { putLocationHours, putSpecialHours } from "./api/hours";
import { assignLeadRoute, downloadLeadFile, exportLeads, takeLeadRoute, updateLead } from "./api/leads";
import { listInboxLeads } from "@/server/repositories/inbox";
import { liveLeadRoutes } from "@/server/leads/handlers";
import { postTo } from "@/server/testing/requests";
import { acceptInvite, INVITE_ACCEPT_FLASH_COOKIE, signIn, signOut } from "./api/session";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { putFinance, putLeadDelivery, putLeadHandling, putSwitches } from "./api/settings";
import { defaultFinance, financeOf } from "@/domain/site/finance";
import { deleteStaffRole, INVITE_FLASH_COOKIE, postInvitation } from "./api/staff";
import { applyStockImport, postStockImport, putVehicle } from "./api/stock";

/*
 * The back-office API through its route handlers on the app's database (PGlite here, PostgreSQL in
 * CI's data-layer run): the host, sign-in, roles per site, scoped reads, audited writes, the stock
 * import's check/apply/hold rules and invitations.
 */
const req = adminRequest;
const call = callAdmin;
const cookieOf = staffCookie;

let sales = "";
let manager = "";
let owner = "";
let ridgeline = "";

async function insertLead(siteId: number, fields: Partial<typeof t.leads.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await (await getDb()).insert(t.leads).values({
    id,
    siteId,
    category: "General Enquiry",
    name: "Mary",
    firstName: "Mary",
    lastName: "Test",
    email: "mary@example.com",
    payload: {},
    ...fields,
  });
  return id;
}

const database = setupAppDatabase({
  after: () => database.delete(t.leads).where(eq(t.leads.category, "Back-office test")),
});
beforeAll(async () => {
  [sales, manager, owner, ridgeline] = await Promise.all([
    cookieOf("sales@parksidemotorgroup.com.au"),
    cookieOf("manager@parksidemotorgroup.com.au"),
    cookieOf("owner@parksidemotorgroup.com.au"),
    cookieOf("owner@ridgelinemotorcycles.com.au"),
  ]);
});

describe("sign-in", () => {
  test("only on the back-office host", async () => {
    const res = await signIn(
      req("/api/admin/sign-in", {
        method: "POST",
        host: "parkside-motor-group.localhost",
        body: { email: "sales@parksidemotorgroup.com.au", password: DEMO_STAFF_PASSWORD },
      }),
    );
    expect(res.status).toBe(404);
  });
  test.each([
    [
      { email: "sales@parksidemotorgroup.com.au", password: "wrong password" },
      401,
      "That email and password do not match a staff account.",
    ],
    [{ email: "nobody@example.com", password: DEMO_STAFF_PASSWORD }, 401, "That email and password do not match a staff account."],
    [{ email: "not an email", password: "x" }, 422, "Please check the highlighted fields."],
  ])("%j → %i", async (body, status, error) => {
    const res = await signIn(req("/api/admin/sign-in", { method: "POST", body }));
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(error);
  });
  test("a shopper's account is not a staff account (separate tables)", async () => {
    const db = await getDb();
    const [staff] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, "sales@parksidemotorgroup.com.au"));
    const shoppers = await db.select().from(t.customerUsers).where(eq(t.customerUsers.email, "sales@parksidemotorgroup.com.au"));
    expect(staff).toBeDefined();
    expect(shoppers).toEqual([]);
  });
  test("a cross-site form post is refused", async () => {
    const res = await signIn(
      req("/api/admin/sign-in", { method: "POST", headers: { origin: "http://evil.example" }, body: { email: "a@b.co", password: "x" } }),
    );
    expect(res.status).toBe(403);
  });
  test("a write comes only from the back-office's exact origin: scheme, host and port", async () => {
    const host = "admin.localhost:3000";
    const credentials = { email: "sales@parksidemotorgroup.com.au", password: DEMO_STAFF_PASSWORD };
    const from = (headers: Record<string, string>) =>
      signIn(req("/api/admin/sign-in", { method: "POST", host, headers, body: credentials }));
    for (const origin of ["http://admin.localhost:9999", "https://admin.localhost", "http://admin.localhost", "null"])
      expect((await from({ origin })).status, origin).toBe(403);
    // a dealer's site on a sibling name is same-site to the back-office, never same-origin
    expect((await from({ "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await from({ origin: "http://admin.localhost:3000", "sec-fetch-site": "same-origin" })).status).toBe(200);
    // the invitation page sends no referrer, so its form's post says Origin: null: the browser's fetch metadata vouches for it
    expect((await from({ origin: "null", "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await from({ origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    const lead = await insertLead(1001, { category: "Back-office test" });
    const write = (origin: string) =>
      call(
        updateLead,
        `/api/admin/leads/${lead}`,
        { id: lead },
        { method: "POST", host, cookie: sales, headers: { origin }, body: { status: "contacted" } },
      );
    expect((await write("http://admin.localhost:9999")).status).toBe(403);
    expect((await write("http://admin.localhost:3000")).status).toBe(200);
    // behind a TLS front door (it says so in X-Forwarded-Proto) the origin is https, and only https
    const tls = (origin: string) =>
      signIn(req("/api/admin/sign-in", { method: "POST", headers: { origin, "x-forwarded-proto": "https" }, body: credentials }));
    expect((await tls("https://admin.localhost")).status).toBe(200);
    expect((await tls("http://admin.localhost")).status).toBe(403);
  });
  test("the cookie is host-only, HttpOnly and SameSite=Strict", async () => {
    const res = await signIn(
      req("/api/admin/sign-in", { method: "POST", body: { email: "sales@parksidemotorgroup.com.au", password: DEMO_STAFF_PASSWORD } }),
    );
    const c = res.headers.getSetCookie()[0]!;
    expect(c).toMatch(/^staff_session=/);
    expect(c).toMatch(/HttpOnly/);
    expect(c).toMatch(/SameSite=Strict/);
    expect(c).not.toMatch(/Domain=/i);
  });
  describe("the page's plain form post", () => {
    const formPost = (fields: Record<string, string>) =>
      signIn(
        req("/api/admin/sign-in", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          form: new URLSearchParams(fields) as unknown as FormData,
        }),
      );
    test("signed in: 303 straight to the first page (an operator's Sites, else the leads), with the session", async () => {
      const res = await formPost({ email: "sales@parksidemotorgroup.com.au", password: DEMO_STAFF_PASSWORD });
      expect([res.status, res.headers.get("location")]).toEqual([303, "/leads"]);
      expect(res.headers.getSetCookie()[0]).toMatch(/^staff_session=/);
      await createOperator(await getDb(), { email: "op-signin@example.com", name: "Olive Operator", password: "operator password 1" });
      const op = await formPost({ email: "op-signin@example.com", password: "operator password 1" });
      expect([op.status, op.headers.get("location")]).toEqual([303, "/platform"]);
    });
    test.each([
      [
        { email: "sales@parksidemotorgroup.com.au", password: "wrong password" },
        { form: "That email and password do not match a staff account." },
      ],
      [
        { email: "not an email", password: "" },
        { email: "Enter a valid email address", password: "Enter your password" },
      ],
    ])("refused %j: back to the page with the email and the message in a cookie, never in the address", async (fields, errors) => {
      const res = await formPost(fields);
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      expect(location).toMatch(/^\/sign-in\?attempt=[0-9a-f]{8}$/);
      expect(location).not.toContain("@");
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sign_in_form="))!;
      expect(cookie).toMatch(/Max-Age=60; HttpOnly; SameSite=Strict/);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("staff_session="))).toBe(false);
      const flash = decodeFormFlash(cookie.split(";")[0]!.slice("sign_in_form=".length), 0, location.split("=")[1], () => true);
      expect(flash?.values).toEqual({ email: fields.email });
      expect(flash?.errors).toMatchObject(errors);
    });
  });
  test("signed out, the cookie no longer works", async () => {
    const cookie = await cookieOf("sales@parksidemotorgroup.com.au");
    expect((await call(signOut, "/api/admin/sign-out", {}, { method: "POST", cookie })).status).toBe(200);
    expect((await call(exportLeads, "/api/admin/leads.csv", {}, { cookie })).status).toBe(401);
  });
});

describe("a showroom's sign-ins: failures count per account, and per address only as failures", () => {
  const LIMITED = ["staff-auth", "staff-sign-in-account", "staff-sign-in-address"];
  /** The limits as deployed (the other tests raise AUTH_RATE_LIMIT): 10 failures an account, 30 an address, in 10 minutes. */
  function deployedLimits() {
    const saved = LIMITED.map((p) => [p, limiters().get(p)] as const);
    const tag = randomUUID().slice(0, 8);
    for (const p of LIMITED)
      limiters().set(p, createMemoryRateLimiter({ limit: p.endsWith("address") ? 30 : 10, windowMs: 600_000, prefix: `${p}-${tag}` }));
    onTestFinished(() => {
      for (const [p, l] of saved)
        if (l) limiters().set(p, l);
        else limiters().delete(p);
    });
  }
  const from = (address: string, email: string, password = DEMO_STAFF_PASSWORD) =>
    signIn(req("/api/admin/sign-in", { method: "POST", headers: { "x-real-ip": address }, body: { email, password } }));
  /** Twelve staff accounts new to this test (without a role: signing in needs none, and parkside's team stays as the other tests know it). */
  async function showroomStaff(): Promise<string[]> {
    const tag = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 12 }, (_, i) => `showroom-${tag}-${i}@parksidemotorgroup.com.au`);
    const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
    await createStaffAccounts(
      await getDb(),
      emails.map((email, i) => ({ name: `Showroom ${i}`, email, passwordHash })),
    );
    return emails;
  }

  test("twelve staff signing in from one showroom address all get in, and again; a right password is never refused for others' sign-ins", async () => {
    deployedLimits();
    const staff = await showroomStaff();
    const showroom = "203.0.113.10";
    expect((await Promise.all(staff.map((e) => from(showroom, e)))).map((r) => r.status)).toEqual(staff.map(() => 200));
    expect((await Promise.all(staff.map((e) => from(showroom, e)))).map((r) => r.status)).toEqual(staff.map(() => 200));
    expect((await from(showroom, "sales@parksidemotorgroup.com.au")).status).toBe(200);
  });

  test("repeated wrong passwords on one account are limited, that account only, from any address", async () => {
    deployedLimits();
    const [guessed, colleague] = await showroomStaff();
    for (let i = 0; i < 10; i++) expect((await from(`198.51.100.${i}`, guessed!, "not the password")).status).toBe(401);
    const limited = await from("198.51.100.50", guessed!);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toBe("Too many attempts. Please wait a few minutes and try again.");
    // the same address, another account: in
    expect((await from("198.51.100.0", colleague!)).status).toBe(200);
  });

  test("a burst of guesses at one account at once gets no more tries than one after another", async () => {
    deployedLimits();
    const [guessed] = await showroomStaff();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => from(`198.51.100.${100 + i}`, guessed!, "not the password")));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  test("one address guessing across many accounts is limited by its failures", async () => {
    deployedLimits();
    const staff = await showroomStaff();
    const guesser = "192.0.2.66";
    for (let i = 0; i < 30; i++) expect((await from(guesser, staff[i % 12]!, "not the password")).status).toBe(401);
    expect((await from(guesser, "sales@parksidemotorgroup.com.au")).status).toBe(429);
    // two failures each: no account is locked, and from elsewhere each gets in
    expect((await from("192.0.2.67", staff[11]!)).status).toBe(200);
  });
});

describe("leads", () => {
  test("without a session: 401; on a tenant's host: 404", async () => {
    expect((await call(exportLeads, "/api/admin/leads.csv", {})).status).toBe(401);
    expect((await call(exportLeads, "/api/admin/leads.csv", {}, { cookie: sales, host: "parkside-motor-group.localhost" })).status).toBe(
      404,
    );
  });

  test("a sales user moves their site's lead on, with a note; another site's lead does not exist for them", async () => {
    const ours = await insertLead(1001, { category: "Back-office test" });
    const theirs = await insertLead(1002, { category: "Back-office test" });
    const post = (id: string, body: unknown, cookie = sales) =>
      call(updateLead, `/api/admin/leads/${id}`, { id }, { method: "POST", cookie, body });
    expect((await post(theirs, { status: "contacted" })).status).toBe(404);
    expect((await post("not-a-uuid", { status: "contacted" })).status).toBe(404);
    expect((await post(ours, { status: "sold" })).status).toBe(422);
    expect(await (await post(ours, { status: "new" })).json()).toEqual({
      error: "Please check the highlighted fields.",
      errors: { note: "Write a note or choose another status" },
    });
    expect((await post(ours, { status: "contacted", note: "Left a voicemail" })).status).toBe(200);
    const back = await post(ours, { status: "new" });
    expect(back.status).toBe(422);
    expect((await back.json()).errors).toEqual({ status: "A contacted lead cannot become new" });
    expect((await post(ours, { status: "won" })).status).toBe(200);
    const db = await getDb();
    const notes = await db.select().from(t.leadNotes).where(eq(t.leadNotes.leadId, ours)).orderBy(t.leadNotes.id);
    expect(notes.map((n) => [n.staffName, n.statusFrom, n.statusTo, n.body])).toEqual([
      ["Sam Sales", "new", "contacted", "Left a voicemail"],
      ["Sam Sales", "contacted", "won", ""],
    ]);
    // the owner of another site cannot touch it either
    expect((await post(ours, { status: "contacted" }, ridgeline)).status).toBe(404);
  });

  test("a change made on a status someone else changed meanwhile writes nothing", async () => {
    const id = await insertLead(1001, { category: "Back-office test", status: "contacted" });
    const by = { id: null, name: "Test", email: "test" };
    expect(await updateLeadStatus(await getDb(), 1001, id, { from: "new", to: "lost", note: "" }, by)).toBe(false);
    const [row] = await (await getDb()).select({ status: t.leads.status }).from(t.leads).where(eq(t.leads.id, id));
    expect(row!.status).toBe("contacted");
  });

  test("the CSV export is the user's sites only, streamed, and defuses spreadsheet formulas", async () => {
    const ours = await insertLead(1001, { category: "Back-office test", firstName: '=HYPERLINK("http://x")', lastName: null, name: "x" });
    const theirs = await insertLead(1002, { category: "Back-office test" });
    const res = await call(exportLeads, "/api/admin/leads.csv?form=Back-office%20test", {}, { cookie: manager });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await res.text();
    expect(csv).toContain(ours);
    expect(csv).not.toContain(theirs);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const mock = await insertLead(1001, { category: "Back-office test", isMock: true });
    expect(await (await call(exportLeads, "/api/admin/leads.csv", {}, { cookie: manager })).text()).not.toContain(mock);
  });

  test("exporting every lead is a manager's or owner's; a salesperson's leads.csv is 403, and Mine exports their own", async () => {
    const db = await getDb();
    const staffId = async (email: string) => (await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, email)))[0]!.id;
    const sam = await staffId("sales@parksidemotorgroup.com.au");
    const samsLead = await insertLead(1001, { category: "Back-office test", assignedTo: sam });
    const maxsLead = await insertLead(1001, {
      category: "Back-office test",
      assignedTo: await staffId("manager@parksidemotorgroup.com.au"),
    });
    const open = await insertLead(1001, { category: "Back-office test" });
    const csv = (query: string, cookie: string) => call(exportLeads, `/api/admin/leads.csv${query}`, {}, { cookie });
    const refused = await csv("?form=Back-office%20test", sales);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("Only a manager or the owner can export all leads. Export yours from Mine.");
    const own = await csv("?view=mine&form=Back-office%20test", sales);
    expect(own.status).toBe(200);
    const ownText = await own.text();
    expect(ownText).toContain(samsLead);
    expect([ownText.includes(maxsLead), ownText.includes(open)]).toEqual([false, false]);
    for (const cookie of [manager, owner]) {
      const all = await (await csv("?form=Back-office%20test", cookie)).text();
      expect([samsLead, maxsLead, open].every((id) => all.includes(id))).toBe(true);
    }
    // a manager's Mine is theirs too
    const maxs = await (await csv("?view=mine&form=Back-office%20test", manager)).text();
    expect([maxs.includes(maxsLead), maxs.includes(samsLead)]).toEqual([true, false]);
  });

  describe("Take it: a salesperson takes an unassigned lead", () => {
    const take = (id: string, cookie: string, form = false) =>
      call(
        takeLeadRoute,
        `/api/admin/leads/${id}/take`,
        { id },
        form
          ? {
              method: "POST",
              cookie,
              headers: { "content-type": "application/x-www-form-urlencoded" },
              form: new URLSearchParams() as never,
            }
          : { method: "POST", cookie, body: {} },
      );

    test("the page's plain form post: 303 back to the lead, which is theirs, with its history and audit entry", async () => {
      const id = await insertLead(1001, { category: "Back-office test" });
      const res = await take(id, sales, true);
      expect([res.status, res.headers.get("location")]).toEqual([303, `/leads/${id}?take=taken#assignee`]);
      const db = await getDb();
      const [sam] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, "sales@parksidemotorgroup.com.au"));
      const [row] = await db.select().from(t.leads).where(eq(t.leads.id, id));
      expect([row!.assignedTo, row!.assignedAt instanceof Date]).toEqual([sam!.id, true]);
      const notes = await db.select().from(t.leadNotes).where(eq(t.leadNotes.leadId, id));
      expect(notes.map((n) => [n.staffName, n.body])).toEqual([["Sam Sales", "Taken by Sam Sales."]]);
      const [audit] = await db
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.entity, `lead:${id}`));
      expect(audit).toMatchObject({
        action: "lead.take",
        before: { assigned_to: null },
        after: { assigned_to: sam!.id, name: "Sam Sales" },
      });
      // taking it again (a double tap) is still theirs; the manager is refused, by name
      expect((await take(id, sales)).status).toBe(200);
      const late = await take(id, manager);
      expect(late.status).toBe(409);
      expect((await late.json()).error).toBe("Sam Sales took this lead first.");
      const lateForm = await take(id, manager, true);
      expect([lateForm.status, lateForm.headers.get("location")]).toEqual([303, `/leads/${id}?take=refused#assignee`]);
      expect((await db.select().from(t.leadNotes).where(eq(t.leadNotes.leadId, id))).length).toBe(1);
    });

    test("taken at the same moment by four people: exactly one gets it, the others are told who did", async () => {
      const group = await cookieOf("group@parksidemotorgroup.com.au");
      for (let round = 0; round < 3; round++) {
        const id = await insertLead(1001, { category: "Back-office test" });
        const answers = await Promise.all([sales, manager, owner, group].map((c) => take(id, c)));
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses).toEqual([200, 409, 409, 409]);
        const [row] = await (await getDb()).select().from(t.leads).where(eq(t.leads.id, id));
        const winner = (await answers.find((r) => r.status === 200)!.json()).assigned_to;
        expect(row!.assignedTo).toBe(winner.id);
        for (const r of answers.filter((a) => a.status === 409))
          expect((await r.json()).error).toBe(`${winner.name} took this lead first.`);
        const notes = await (await getDb()).select().from(t.leadNotes).where(eq(t.leadNotes.leadId, id));
        expect(notes).toHaveLength(1);
      }
    });

    test("another site's lead, a bad id: 404; without a session: 401; from another origin: 403", async () => {
      const theirs = await insertLead(1002, { category: "Back-office test" });
      expect((await take(theirs, sales)).status).toBe(404);
      expect((await take("not-a-uuid", sales)).status).toBe(404);
      const ours = await insertLead(1001, { category: "Back-office test" });
      expect((await call(takeLeadRoute, `/api/admin/leads/${ours}/take`, { id: ours }, { method: "POST" })).status).toBe(401);
      const cross = await call(
        takeLeadRoute,
        `/api/admin/leads/${ours}/take`,
        { id: ours },
        { method: "POST", cookie: sales, headers: { origin: "http://evil.example" } },
      );
      expect(cross.status).toBe(403);
      const [row] = await (await getDb()).select().from(t.leads).where(eq(t.leads.id, ours));
      expect(row!.assignedTo).toBeNull();
    });
  });

  test("the CSV: every message of a lead in order, and times on the location's clock in words", async () => {
    const at = (iso: string) => new Date(iso);
    // sent at 11:47 pm in Melbourne (Parkside Mazda's zone), then added to twice
    const id = await insertLead(1001, {
      category: "Back-office test",
      locationId: 10012,
      createdAt: at("2026-11-27T12:47:28.120Z"),
      payload: { message: "Third: can I bring my dog?" },
    });
    const db = await getDb();
    await db.insert(t.leadSubmissions).values([
      { siteId: 1001, leadId: id, seq: 0, payload: { message: "First: is it still here?" }, at: at("2026-11-27T12:47:28.120Z") },
      { siteId: 1001, leadId: id, seq: 1, payload: { message: "Second: and a trade-in?" }, at: at("2026-11-27T13:05:00Z") },
      { siteId: 1001, leadId: id, seq: 2, payload: { message: "Third: can I bring my dog?" }, at: at("2026-11-28T01:00:00Z") },
    ]);
    const single = await insertLead(1001, { category: "Back-office test", payload: { message: "Just once" } });
    const csv = await (await call(exportLeads, "/api/admin/leads.csv?form=Back-office%20test", {}, { cookie: manager })).text();
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    const row = rows.find((r) => r.id === id)!;
    expect(row.created_at).toBe("Friday 27 November 2026, 11:47 pm");
    expect(row.message).toBe(
      [
        "Friday 27 November 2026, 11:47 pm: First: is it still here?",
        "Saturday 28 November 2026, 12:05 am: Second: and a trade-in?",
        "Saturday 28 November 2026, 12:00 pm: Third: can I bring my dog?",
      ].join("\n"),
    );
    // a lead never updated has its one message as it was sent
    expect(rows.find((r) => r.id === single)!.message).toBe("Just once");
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  test("an attachment downloads to its site's staff only, always as an attachment", async () => {
    const lead = await insertLead(1001, { category: "Back-office test" });
    const dir = path.resolve(env().UPLOAD_DIR, "1001", lead);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "a.pdf"), "%PDF-1.4 test");
    const db = await getDb();
    const [f] = await db
      .insert(t.leadFiles)
      .values({
        leadId: lead,
        siteId: 1001,
        filename: "Trade-in photos ü.pdf",
        contentType: "application/pdf",
        size: 13,
        path: path.join(dir, "a.pdf"),
      })
      .returning();
    const get = (cookie: string, fileId = f!.id) =>
      call(downloadLeadFile, `/api/admin/leads/${lead}/files/${fileId}`, { id: lead, fileId }, { cookie });
    const ok = await get(sales);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toBe(
      `attachment; filename="Trade-in photos _.pdf"; filename*=UTF-8''Trade-in%20photos%20%C3%BC.pdf`,
    );
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await ok.text()).toBe("%PDF-1.4 test");
    expect((await get(ridgeline)).status).toBe(404);
    expect((await get(sales, randomUUID())).status).toBe(404);
    // a row pointing outside the upload folder is never served
    const [evil] = await db
      .insert(t.leadFiles)
      .values({ leadId: lead, siteId: 1001, filename: "passwd", contentType: "text/plain", size: 1, path: "/etc/passwd" })
      .returning();
    expect((await get(sales, evil!.id)).status).toBe(404);
  });
});

describe("a lead inbox a sales team can run on", () => {
  const staffId = async (email: string) => (await (await getDb()).select().from(t.staffUsers).where(eq(t.staffUsers.email, email)))[0]!.id;

  test("a manager assigns a lead to someone of the site's team: the lead, its history, the audit log and an email say so", async () => {
    const id = await insertLead(1001, { category: "Back-office test", lastName: "Assignee" });
    const theirs = await insertLead(1002, { category: "Back-office test" });
    const sam = await staffId("sales@parksidemotorgroup.com.au");
    const riley = await staffId("owner@ridgelinemotorcycles.com.au");
    const assign = (lead: string, body: unknown, cookie = manager) =>
      call(
        assignLeadRoute,
        `/api/admin/leads/${lead}/assign`,
        { id: lead },
        { method: "POST", cookie, body, headers: { origin: "http://admin.localhost" } },
      );
    expect((await assign(id, { staff_id: sam }, sales)).status, "sales may not assign").toBe(403);
    expect((await assign(theirs, { staff_id: sam })).status, "another site's lead").toBe(404);
    expect((await assign(id, { staff_id: riley })).status, "not on this site's team").toBe(422);
    for (const bad of [
      {},
      { staff_id: "" },
      { staff_id: "x'; drop" },
      { staff_id: sam, extra: 1 },
      JSON.parse('{"__proto__":{"staff_id":"x"}}'),
    ])
      expect((await assign(id, bad)).status, JSON.stringify(bad)).toBe(422);
    const ok = await assign(id, { staff_id: sam });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ assigned_to: { id: sam, name: "Sam Sales" } });
    const db = await getDb();
    const [row] = await db.select().from(t.leads).where(eq(t.leads.id, id));
    expect(row!.assignedTo).toBe(sam);
    expect(row!.assignedAt).toBeInstanceOf(Date);
    const notes = await db.select().from(t.leadNotes).where(eq(t.leadNotes.leadId, id));
    expect(notes.map((n) => [n.staffName, n.body])).toEqual([["Max Manager", "Assigned to Sam Sales."]]);
    const [audit] = await db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `lead:${id}`));
    expect(audit).toMatchObject({ action: "lead.assign", after: { assigned_to: sam, name: "Sam Sales" } });
    const [mail] = await waitForMail(
      path.resolve(env().OUTBOX_DIR),
      (m) => m.to.includes("sales@parksidemotorgroup.com.au") && m.text.includes(id),
    );
    expect(mail?.subject).toBe("Lead assigned to you: Back-office test from Mary Assignee — Parkside Motor Group");
    expect(mail?.fromName, "the site's name as the sender").toBe("Parkside Motor Group");
    expect(linkIn(mail!, /(https?:\/\/[^\s]+\/leads\/[0-9a-f-]+)/)).toBe(`http://admin.localhost/leads/${id}`);
    // "Mine" is Sam's own; "Not contacted" and "Today" find it too, until it is contacted
    const mine = await listInboxLeads(db, [1001], { view: "mine" }, { me: sam, limit: 500 });
    expect(mine.leads.map((l) => l.id)).toContain(id);
    expect(mine.leads.every((l) => l.assignedTo === sam)).toBe(true);
    for (const view of ["new", "today"] as const)
      expect(
        (await listInboxLeads(db, [1001], { view }, { me: sam, limit: 500 })).leads.map((l) => l.id),
        view,
      ).toContain(id);
    expect(
      (await call(updateLead, `/api/admin/leads/${id}`, { id }, { method: "POST", cookie: sales, body: { status: "contacted" } })).status,
    ).toBe(200);
    expect((await listInboxLeads(db, [1001], { view: "new" }, { me: sam, limit: 500 })).leads.map((l) => l.id)).not.toContain(id);
    const [after] = await db.select().from(t.leads).where(eq(t.leads.id, id));
    expect(after!.firstContactAt, "the response timer stopped at the first contact").toBeInstanceOf(Date);
  });

  test("lead handling: managers set the target and round-robin; new leads then go round the site's salespeople in turn per location", async () => {
    const put = (body: unknown, cookie = manager) =>
      call(
        putLeadHandling,
        "/api/admin/sites/1001/lead-handling",
        { siteId: "1001" },
        { method: "PUT", cookie, body, headers: { origin: "http://admin.localhost" } },
      );
    expect((await put({ response_minutes: 10, round_robin: true }, sales)).status).toBe(403);
    for (const bad of [
      { response_minutes: 0, round_robin: true },
      { response_minutes: 2000, round_robin: true },
      { response_minutes: 1.5, round_robin: false },
      { round_robin: "yes" },
    ])
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(422);
    const db = await getDb();
    // a second salesperson, so the turn has somewhere to go
    const second = `rr-test-${Date.now().toString(36)}`;
    await db.insert(t.staffUsers).values({ id: second, name: "Robin Round", email: `${second}@example.com`, emailVerified: true });
    await db.insert(t.staffRoles).values({ siteId: 1001, userId: second, role: "sales" });
    try {
      expect((await put({ response_minutes: 10, round_robin: true })).status).toBe(200);
      const api = liveLeadRoutes();
      const lead = async () => {
        const res = await postTo(
          api.create,
          "/api/leads",
          {
            lead: {
              form: "contact",
              first_name: "Turn",
              last_name: "Taker",
              email: "turn@example.com",
              phone: "0412 345 678",
              postcode: "3134",
              category: "General Enquiry",
              dealership_slug: "parkside-mazda",
              location: 10012,
              message: "Hello",
            },
          },
          "parkside-motor-group.localhost:3000",
        );
        expect(res.status).toBe(201);
        const id = (await res.json()).lead.id as string;
        return (await db.select().from(t.leads).where(eq(t.leads.id, id)))[0]!.assignedTo;
      };
      const turns = [await lead(), await lead(), await lead(), await lead()];
      expect(new Set(turns).size, "both salespeople get leads").toBe(2);
      expect(turns[0]).not.toBe(turns[1]);
      expect(turns[0]).toBe(turns[2]);
      expect(turns[1]).toBe(turns[3]);
      expect(
        (
          await db
            .select()
            .from(t.auditLog)
            .where(and(eq(t.auditLog.siteId, 1001), eq(t.auditLog.action, "lead_handling.update")))
        ).length,
      ).toBeGreaterThan(0);
    } finally {
      await put({ response_minutes: 15, round_robin: false });
      await db.delete(t.leads).where(eq(t.leads.lastName, "Taker"));
      await db.delete(t.staffUsers).where(eq(t.staffUsers.id, second));
    }
  });
});

describe("site settings", () => {
  const special = [
    { date: "2026-12-24", name: "Christmas Eve", status: "Open", start_hour: "09:00", end_hour: "12:00", location_id: 10012 },
  ];
  const put = (cookie: string, siteId = "1001", body: unknown = { special_hours: special }) =>
    call(putSpecialHours, `/api/admin/sites/${siteId}/special-hours`, { siteId }, { method: "PUT", cookie, body });

  test("sales may not; a manager may, on their own site only", async () => {
    expect((await put(sales)).status).toBe(403);
    expect((await put(manager, "1002")).status).toBe(403);
    expect((await put(manager, "abc")).status).toBe(404);
    expect((await put(manager, "1001", { special_hours: [{ ...special[0], end_hour: "08:00" }] })).status).toBe(422);
    expect((await put(manager, "1001", { special_hours: [{ ...special[0], location_id: 10021 }] })).status).toBe(422);
    const res = await put(manager);
    expect(res.status).toBe(200);
    const db = await getDb();
    const rows = await db.select().from(t.specialHours).where(eq(t.specialHours.siteId, 1001));
    expect(rows.map((r) => [r.date, r.name, r.startHour, r.locationId])).toEqual([["2026-12-24", "Christmas Eve", "09:00", 10012]]);
    const [audit] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.siteId, 1001), eq(t.auditLog.action, "special_hours.update")))
      // the newest: on PostgreSQL the test files share one database, and others change these hours too
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(audit!.staffEmail).toBe("manager@parksidemotorgroup.com.au");
    expect(audit!.after).toEqual(special);
    expect(Array.isArray(audit!.before)).toBe(true);
  });

  test("a location's week, audited with before and after", async () => {
    const week = [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({
      weekday,
      status: weekday === 0 ? "Closed" : "Open",
      open: weekday === 0 ? null : "08:00",
      close: weekday === 0 ? null : "18:00",
    }));
    const res = await call(
      putLocationHours,
      "/api/admin/sites/1001/locations/10012/hours",
      { siteId: "1001", locationId: "10012" },
      { method: "PUT", cookie: manager, body: { opening_hours: week } },
    );
    expect(res.status).toBe(200);
    expect(
      (
        await call(
          putLocationHours,
          "/api/admin/sites/1001/locations/10021/hours",
          { siteId: "1001", locationId: "10021" },
          { method: "PUT", cookie: manager, body: { opening_hours: week } },
        )
      ).status,
    ).toBe(404);
    const db = await getDb();
    const [audit] = await db.select().from(t.auditLog).where(eq(t.auditLog.entity, "location:10012")).orderBy(desc(t.auditLog.id)); // the change just made (rows come in any order on PostgreSQL)
    expect((audit!.after as Array<{ weekday: number; open: string }>).find((d) => d.weekday === 1)!.open).toBe("08:00");
  });
});

describe("stock", () => {
  const HEAD = "stock_number,make,model,year,car_type,price";
  const upload = (csv: string, full: boolean, cookie = manager) =>
    call(postStockImport, `/api/admin/sites/1004/stock/imports?full=${full ? 1 : 0}`, { siteId: "1004" }, { method: "POST", cookie, csv });
  const apply = (id: number, confirm = false, cookie = manager) =>
    call(
      applyStockImport,
      `/api/admin/sites/1004/stock/imports/${id}/apply`,
      { siteId: "1004", id: String(id) },
      { method: "POST", cookie, body: { confirm } },
    );

  let outbackManager = "";
  beforeAll(async () => {
    // the parkside manager is made manager of outback too (a site no other test here reads)
    const db = await getDb();
    const [u] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, "manager@parksidemotorgroup.com.au"));
    await db.insert(t.staffRoles).values({ userId: u!.id, siteId: 1004, role: "manager" }).onConflictDoNothing();
    outbackManager = manager;
  });

  test("sales may not import or edit", async () => {
    expect((await upload(`${HEAD}\nA1,Isuzu,D-Max,2024,used,1`, false, sales)).status).toBe(403);
  });

  test("a file with errors is refused line by line, and cannot be applied", async () => {
    const res = await upload(
      `${HEAD}\nA1,Isuzu,D-Max,2024,used,1\nA2,Isuzu,,2024,used,1\nA3,Isuzu,N-Series,2024,leased,1`,
      false,
      outbackManager,
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error).toBe("The file has 2 problems. Nothing was imported.");
    expect(body.report.errors).toEqual([
      { line: 3, field: "model", message: "Enter the model" },
      { line: 4, field: "car_type", message: "Enter new, used or demo" },
    ]);
    expect((await apply(body.id)).status).toBe(409);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(t.vehicles)
        .where(and(eq(t.vehicles.siteId, 1004), eq(t.vehicles.stockNumber, "A1"))),
    ).toEqual([]);
  });

  test("full feeds: a car missing once is counted, twice is sold; a large removal is held until confirmed", async () => {
    const db = await getDb();
    const live = await db
      .select({ stockNumber: t.vehicles.stockNumber })
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1004), eq(t.vehicles.status, "in_stock")));
    const all = live.map((v) => v.stockNumber);
    const gone = all[0]!;
    const feed = (numbers: string[]) =>
      `${HEAD}\n${numbers.map((n) => `${n},Isuzu,D-Max,2024,used,45990`).join("\n")}\nFEED-NEW-1,Isuzu,MU-X,2025,new,61990`;

    const first = await (await upload(feed(all.slice(1)), true)).json();
    expect(first.status).toBe("checked");
    expect(first.report.plan).toMatchObject({ add: 1, missing: 1, sell: [] });
    const applied = await apply(first.id);
    expect(applied.status).toBe(200);
    expect((await applied.json()).message).toMatch(/1 added, \d+ changed, \d+ unchanged, 0 marked sold\.$/);
    expect((await apply(first.id)).status).toBe(409);
    const [once] = await db
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1004), eq(t.vehicles.stockNumber, gone)));
    expect([once!.status, once!.missingFeeds]).toEqual(["in_stock", 1]);

    const second = await (await upload(feed(all.slice(1)), true)).json();
    expect(second.report.plan.sell).toEqual([gone]);
    expect((await apply(second.id)).status).toBe(200);
    const [twice] = await db
      .select()
      .from(t.vehicles)
      .where(and(eq(t.vehicles.siteId, 1004), eq(t.vehicles.stockNumber, gone)));
    expect(twice!.status).toBe("sold");
    expect(twice!.soldAt).not.toBeNull();

    // a feed with a third of the stock left out twice: held, applied only when confirmed
    const kept = all.slice(1, Math.floor(all.length * 0.6));
    const a = await (await upload(feed(kept), true)).json();
    await apply(a.id);
    const b = await (await upload(feed(kept), true)).json();
    expect(b.status).toBe("held");
    expect(b.report.plan.removalShare).toBeGreaterThan(0.2);
    const refused = await apply(b.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors).toEqual({ confirm: "Tick to confirm" });
    expect((await apply(b.id, true)).status).toBe(200);
    const [audit] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.siteId, 1004), eq(t.auditLog.action, "stock.import")))
      .orderBy(t.auditLog.id);
    expect(audit!.staffEmail).toBe("manager@parksidemotorgroup.com.au");
  });

  test("a file that leaves a column out, or a cell empty, leaves that field alone; the preview says what changes", async () => {
    const db = await getDb();
    const [car] = await db
      .select()
      .from(t.vehicles)
      .where(
        and(
          eq(t.vehicles.siteId, 1004),
          eq(t.vehicles.status, "in_stock"),
          sql`${t.vehicles.price} is not null and ${t.vehicles.odometer} > 0`,
        ),
      )
      .limit(1);
    const row = `${car!.stockNumber},${car!.make},${car!.model},${car!.year},${car!.carType}`;
    const read = async (where: string, csv: string) =>
      call(
        postStockImport,
        `/api/admin/sites/1004/stock/imports?full=0${where}`,
        { siteId: "1004" },
        { method: "POST", cookie: manager, csv },
      );

    // a spreadsheet's own headers, no price column and an empty odometer cell: nothing to change
    const same = await (await read("", `Stock No,Make,Model,Year,Type,Kms\n${row},`)).json();
    expect(same.report.columns.map((c: { column: string }) => c.column)).toEqual([
      "stock_number",
      "make",
      "model",
      "year",
      "car_type",
      "odometer",
    ]);
    expect(same.report.plan).toMatchObject({ add: 0, changed: 0, unchanged: 1, changes: [] });
    expect((await (await apply(same.id)).json()).message).toMatch(/0 added, 0 changed, 1 unchanged, 0 marked sold\.$/);
    const [kept] = await db.select().from(t.vehicles).where(eq(t.vehicles.id, car!.id));
    expect([kept!.price, kept!.odometer]).toEqual([car!.price, car!.odometer]);

    // a new price: the preview says it before anything is written
    const cheaper = car!.price! - 1000;
    const priced = await (await read("", `Stock No,Make,Model,Year,Type,Price (Drive Away)\n${row},"$${cheaper}"`)).json();
    const money = (n: number) => `$${n.toLocaleString("en-AU")}`;
    expect(priced.report.plan.changes).toEqual([
      { stock_number: car!.stockNumber, changes: [`Price: ${money(car!.price!)} → ${money(cheaper)}`] },
    ]);
    const [before] = await db.select().from(t.vehicles).where(eq(t.vehicles.id, car!.id));
    expect(before!.price).toBe(car!.price);
    expect((await apply(priced.id)).status).toBe(200);

    // an empty cell clears the field only when the dealer says so
    const cleared = await (await read("&clear_blanks=1", `stock_number,make,model,year,car_type,price\n${row},`)).json();
    expect(cleared.report.plan.changes[0].changes).toEqual([`Price: ${money(cheaper)} → (empty)`]);
    expect((await apply(cleared.id)).status).toBe(200);
    const [after] = await db.select().from(t.vehicles).where(eq(t.vehicles.id, car!.id));
    expect([after!.price, after!.odometer]).toEqual([null, car!.odometer]);
    await db.update(t.vehicles).set({ price: car!.price }).where(eq(t.vehicles.id, car!.id));
  });

  test("a header the platform cannot place is mapped once by the dealer, and remembered for the site", async () => {
    const csv = "Vehicle Ref,Make,Model,Year,Type\nMAP-1,Isuzu,D-Max,2024,used";
    const unplaced = await (await upload(csv, false)).json();
    expect(unplaced.report.errors).toEqual([{ line: 1, field: null, message: "The header line lacks the column stock_number." }]);
    expect(unplaced.report.ignoredColumns).toEqual(["Vehicle Ref"]);
    const choose = (query: string) =>
      call(postStockImport, `/api/admin/sites/1004/stock/imports?${query}`, { siteId: "1004" }, { method: "POST", cookie: manager, csv });
    const bad = await choose("col.vehicle%20ref=colour_code");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ "col.vehicle ref": "Choose one of the import's columns, or leave it out." });
    const mapped = await choose("col.vehicleref=stock_number");
    expect(mapped.status).toBe(200);
    expect((await mapped.json()).report.plan).toMatchObject({ add: 1 });
    // the next file with that header is read without asking again
    expect((await (await upload(csv, false)).json()).report.errors).toEqual([]);
  });

  test("a vehicle edit, audited", async () => {
    const db = await getDb();
    const [v] = await db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001)).limit(1);
    // a demo car: put back as it was after (on PostgreSQL the test files share one database)
    onTestFinished(await snapshotCar(db, 1001, v!.id));
    const put = (
      cookie: string,
      siteId = "1001",
      body: unknown = { price: "29,990", odometer: "100", status: "in_stock", show_on_dealer_website: true, description: "One owner" },
    ) => call(putVehicle, `/api/admin/sites/${siteId}/vehicles/${v!.id}`, { siteId, id: String(v!.id) }, { method: "PUT", cookie, body });
    expect((await put(sales)).status).toBe(403);
    expect((await put(manager, "1001", { price: "-5", odometer: "0", status: "in_stock" })).status).toBe(422);
    expect((await put(manager)).status).toBe(200);
    const [after] = await db.select().from(t.vehicles).where(eq(t.vehicles.id, v!.id));
    expect([after!.price, after!.odometer, after!.description]).toEqual([29990, 100, "One owner"]);
    const [audit] = await db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `vehicle:${v!.stockNumber}`))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect((audit!.before as { price: number }).price).toBe(v!.price);
    expect((audit!.after as { price: number }).price).toBe(29990);
  });

  test("a partial vehicle PUT changes only the fields it names; an explicit null clears", async () => {
    const db = await getDb();
    const [v] = await db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001)).offset(3).limit(1);
    // the car is put back as it was after: on PostgreSQL the test files share one database, and the
    // reports' tests count the demo's cars without a price
    onTestFinished(await snapshotCar(db, 1001, v!.id));
    await db
      .update(t.vehicles)
      .set({ odometer: 12345, description: "Full history", showOnDealerWebsite: true, status: "in_stock", price: 30000 })
      .where(eq(t.vehicles.id, v!.id));
    const put = (body: unknown) =>
      call(
        putVehicle,
        `/api/admin/sites/1001/vehicles/${v!.id}`,
        { siteId: "1001", id: String(v!.id) },
        { method: "PUT", cookie: manager, body },
      );
    const row = async () => (await db.select().from(t.vehicles).where(eq(t.vehicles.id, v!.id)))[0]!;
    expect((await put({ price: 28000, status: "in_stock" })).status).toBe(200);
    expect(await row()).toMatchObject({
      price: 28000,
      status: "in_stock",
      odometer: 12345,
      description: "Full history",
      showOnDealerWebsite: true,
    });
    expect((await put({ description: null, price: null })).status).toBe(200);
    expect(await row()).toMatchObject({ price: null, description: null, odometer: 12345, showOnDealerWebsite: true });
    const nul = await put({ description: "One\u0000owner" });
    expect(nul.status).toBe(422);
    expect((await nul.json()).errors).toEqual({ description: "Please remove unsupported characters." });
    expect((await put({ status: null })).status).toBe(422);
    expect((await put({ show_on_dealer_website: null })).status).toBe(422);
    expect((await row()).status).toBe("in_stock");
  });
});

describe("team", () => {
  async function invitationLink(email: string): Promise<string | null> {
    const [mail] = await waitForMail(path.resolve(env().OUTBOX_DIR), (m) => m.to.includes(email), { timeoutMs: 2_000 });
    // from the owner by name, with a correct possessive of the site's name
    if (mail) expect(mail.subject).toBe("Olivia Owner invited you to Parkside Motor Group's back-office");
    // from the site by name, at the configured address
    if (mail) expect([mail.fromName, mail.fromAddress]).toEqual(["Parkside Motor Group", "no-reply@localhost"]);
    return mail ? linkIn(mail, /(http:\/\/admin\.localhost\/accept-invite\?token=[A-Za-z0-9_-]+)/) || null : null;
  }
  const invite = (cookie: string, body: unknown, siteId = "1001") =>
    call(postInvitation, `/api/admin/sites/${siteId}/invitations`, { siteId }, { method: "POST", cookie, body });

  test("only an owner invites; the invited person joins once with the role given", async () => {
    const email = `new-${randomUUID().slice(0, 8)}@parksidemotorgroup.com.au`;
    expect((await invite(manager, { email, role: "sales" })).status).toBe(403);
    expect((await invite(ridgeline, { email, role: "sales" })).status).toBe(403);
    expect((await invite(owner, { email: "nope", role: "sales" })).status).toBe(422);
    expect((await invite(owner, { email, role: "sales" })).status).toBe(200);
    const link = await invitationLink(email);
    expect(link).not.toBeNull();
    const token = new URL(link!).searchParams.get("token")!;
    const accept = (body: unknown) => acceptInvite(req("/api/admin/accept-invite", { method: "POST", body }));
    expect((await accept({ token, name: "Nina New", password: "short" })).status).toBe(422);
    const ok = await accept({ token, name: "Nina New", password: "a good long password" });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie()[0]).toMatch(/^staff_session=/);
    expect((await accept({ token, name: "Nina Again", password: "a good long password" })).status).toBe(400);
    const db = await getDb();
    const [u] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, email));
    const roles = await db.select().from(t.staffRoles).where(eq(t.staffRoles.userId, u!.id));
    expect(roles.map((r) => [r.siteId, r.role])).toEqual([[1001, "sales"]]);
    const hashes = await db.select({ h: t.staffInvitations.tokenHash }).from(t.staffInvitations);
    expect(hashes.some((r) => r.h === token)).toBe(false);

    // the owner removes them; they cannot remove themselves
    expect(
      (
        await call(
          deleteStaffRole,
          `/api/admin/sites/1001/staff/${u!.id}`,
          { siteId: "1001", userId: u!.id },
          { method: "DELETE", cookie: owner },
        )
      ).status,
    ).toBe(200);
    const [me] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, "owner@parksidemotorgroup.com.au"));
    expect(
      (
        await call(
          deleteStaffRole,
          `/api/admin/sites/1001/staff/${me!.id}`,
          { siteId: "1001", userId: me!.id },
          { method: "DELETE", cookie: owner },
        )
      ).status,
    ).toBe(409);
  });

  test("the invite form as a plain post: 303 back to the team saying it was sent; refused, back with what was typed in a cookie, never the URL", async () => {
    const formInvite = (fields: Record<string, string>, cookie = owner) =>
      postInvitation(
        new Request(`http://${ADMIN}/api/admin/sites/1001/invitations`, {
          method: "POST",
          headers: { host: ADMIN, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        { params: Promise.resolve({ siteId: "1001" }) },
      );
    const bad = await formInvite({ email: "not.an.email", role: "sales" });
    expect(bad.status).toBe(303);
    const location = bad.headers.get("location")!;
    expect(location).toMatch(/^\/sites\/1001\/team\?invite=\w+#invite$/);
    expect(location).not.toContain("not.an.email");
    const attempt = /invite=(\w+)/.exec(location)![1];
    const cookie = bad.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${INVITE_FLASH_COOKIE}=.*HttpOnly; SameSite=Strict`));
    const flash = decodeFormFlash(cookie.split(";")[0]!.slice(INVITE_FLASH_COOKIE.length + 1), 1001, attempt, () => true);
    expect(flash).toMatchObject({ errors: { email: expect.any(String) }, values: { email: "not.an.email", role: "sales" } });
    const email = `plain-${randomUUID().slice(0, 8)}@parksidemotorgroup.com.au`;
    const sent = await formInvite({ email, role: "sales", send: "Send invitation" });
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/sites/1001/team?invite=sent#invite"]);
    expect(await invitationLink(email)).not.toBeNull();
    // a manager may not invite: back to the page with the message too
    const refused = await formInvite({ email, role: "sales" }, manager);
    expect(refused.status).toBe(403);
  });

  test("accepting as a plain form post: 303 on to the leads signed in; refused, back to the invitation with the name typed (never the password) in a cookie", async () => {
    const email = `plain-accept-${randomUUID().slice(0, 8)}@parksidemotorgroup.com.au`;
    expect((await invite(owner, { email, role: "sales" })).status).toBe(200);
    const token = new URL((await invitationLink(email))!).searchParams.get("token")!;
    const accept = (fields: Record<string, string>) =>
      acceptInvite(
        new Request(`http://${ADMIN}/api/admin/accept-invite`, {
          method: "POST",
          headers: { host: ADMIN, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
      );
    const bad = await accept({ token, name: "Paula Plain", password: "short" });
    expect(bad.status).toBe(303);
    const location = bad.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/accept-invite\\?token=${token}&attempt=\\w+$`));
    const cookie = bad.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${INVITE_ACCEPT_FLASH_COOKIE}=.*HttpOnly; SameSite=Strict`));
    expect(cookie).not.toContain("short");
    const attempt = /attempt=(\w+)/.exec(location)![1];
    const flash = decodeFormFlash(cookie.split(";")[0]!.slice(INVITE_ACCEPT_FLASH_COOKIE.length + 1), 0, attempt, () => true);
    expect(flash).toMatchObject({ errors: { password: expect.any(String) }, values: { name: "Paula Plain" } });
    const ok = await accept({ token, name: "Paula Plain", password: "a good long password" });
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/leads"]);
    expect(ok.headers.getSetCookie()[0]).toMatch(/^staff_session=/);
  });

  test("an existing staff member is invited like anyone (same answer) and has the role only once they accept with their password", async () => {
    const db = await getDb();
    const [u] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, "owner@ridgelinemotorcycles.com.au"));
    const rolesOf = async () =>
      (await db.select().from(t.staffRoles).where(eq(t.staffRoles.userId, u!.id))).map((r) => [r.siteId, r.role]).sort();
    // the role this test grants is taken back: on PostgreSQL every test file shares one database, and
    // other files rely on ridgeline's owner having no role at parkside
    onTestFinished(async () => {
      await db.delete(t.staffRoles).where(and(eq(t.staffRoles.userId, u!.id), eq(t.staffRoles.siteId, 1001)));
    });
    const known = await invite(owner, { email: "OWNER@ridgelinemotorcycles.com.au", role: "manager" });
    const unknown = await invite(owner, { email: `nobody-${randomUUID().slice(0, 8)}@example.com`, role: "manager" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json()); // the same words whether the email has an account or not
    expect(await rolesOf()).toEqual([[1002, "owner"]]); // nothing granted without consent
    const token = new URL((await invitationLink("owner@ridgelinemotorcycles.com.au"))!).searchParams.get("token")!;
    const accept = (body: unknown) => acceptInvite(req("/api/admin/accept-invite", { method: "POST", body }));
    const wrong = await accept({ token, password: "not the password at all" });
    expect(wrong.status).toBe(422);
    expect(await rolesOf()).toEqual([[1002, "owner"]]);
    const ok = await accept({ token, password: DEMO_STAFF_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie()[0]).toMatch(/^staff_session=/);
    expect(await rolesOf()).toEqual([
      [1001, "manager"],
      [1002, "owner"],
    ]);
    expect((await accept({ token, password: DEMO_STAFF_PASSWORD })).status).toBe(400); // once
  });
});

describe("switches, delivery channels and content", () => {
  const stored = async (siteId = 1001) =>
    (await (await getDb()).select({ f: t.sites.features }).from(t.sites).where(eq(t.sites.id, siteId)))[0]!.f as Record<string, unknown>;
  const put = (cookie: string, body: unknown, siteId = "1001") =>
    call(putSwitches, `/api/admin/sites/${siteId}/switches`, { siteId }, { method: "PUT", cookie, body });

  test("switches: managers only, the changed ones only, audited; the rest of the stored flags untouched", async () => {
    const before = await stored();
    onTestFinished(async () => {
      await (await getDb()).update(t.sites).set({ features: before }).where(eq(t.sites.id, 1001));
    });
    expect((await put(sales, { blog: true })).status).toBe(403);
    expect((await put(manager, { blog: true }, "1002")).status).toBe(403);
    const empty = await put(manager, {});
    expect(empty.status).toBe(422);
    // the platform's own switches are the operators'
    const platform = await put(manager, { blog: true, garage_enabled: true });
    expect(platform.status).toBe(422);
    expect((await platform.json()).errors).toEqual({ garage_enabled: "Only the platform's operators change this switch" });
    expect((await put(manager, { blog: "yes" })).status).toBe(422);
    expect((await put(manager, { fixed_dealership_slug: true })).status).toBe(422);
    expect(await stored()).toEqual(before);

    const saved = await put(manager, { blog: true, careers: true });
    expect(saved.status).toBe(200);
    expect((await saved.json()).message).toBe("Switches saved. The website shows them now.");
    const after = await stored();
    expect([after.blog, after.careers]).toEqual([true, true]);
    // a switch not sent is not written: it keeps following the rules
    for (const k of DEALER_SWITCH_KEYS.filter((k) => k !== "blog" && k !== "careers"))
      expect(Object.hasOwn(after, k)).toBe(Object.hasOwn(before, k));
    for (const [k, v] of Object.entries(before)) if (k !== "blog" && k !== "careers") expect(after[k]).toEqual(v);
    const [audit] = await (
      await getDb()
    )
      .select({ action: t.auditLog.action, after: t.auditLog.after })
      .from(t.auditLog)
      .where(eq(t.auditLog.siteId, 1001))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(audit).toEqual({ action: "switches.update", after: { blog: true, careers: true } });

    // null gives a switch back to the rules: no longer the site's own
    expect((await put(manager, { blog: null })).status).toBe(200);
    expect(Object.hasOwn(await stored(), "blog")).toBe(false);
  });

  test("switches from the console: an operator sets any on/off flag and gives it back to the rules", async () => {
    const email = `switches-${randomUUID().slice(0, 8)}@platform.test`;
    const db = await getDb();
    await createOperator(db, { email, name: "Olive Operator", password: DEMO_STAFF_PASSWORD });
    const before = await stored(1002);
    onTestFinished(async () => {
      await db.update(t.sites).set({ features: before }).where(eq(t.sites.id, 1002));
      await db.delete(t.staffUsers).where(eq(t.staffUsers.email, email));
    });
    const operator = await cookieOf(email);
    expect((await put(operator, { analytics_events: true, garage_enabled: false }, "1002")).status).toBe(200);
    expect(await stored(1002)).toMatchObject({ analytics_events: true, garage_enabled: false });
    expect((await put(operator, { analytics_events: null, garage_enabled: null }, "1002")).status).toBe(200);
    const after = await stored(1002);
    expect([Object.hasOwn(after, "analytics_events"), Object.hasOwn(after, "garage_enabled")]).toEqual([false, false]);
    expect((await put(operator, { chat_hidden_paths: null }, "1002")).status).toBe(422);
  });

  test("finance settings: managers of the site only, checked field by field, audited", async () => {
    const put = (cookie: string, body: unknown, siteId = "1001") =>
      call(putFinance, `/api/admin/sites/${siteId}/finance`, { siteId }, { method: "PUT", cookie, body });
    const db = await getDb();
    const [was] = await db.select({ f: t.sites.finance }).from(t.sites).where(eq(t.sites.id, 1001));
    const terms = {
      ...defaultFinance("AU"),
      rate: 7.49,
      frequency: "fortnightly",
      establishment_fee: 250,
      monthly_fee: 5.5,
      delivery_charge: 1_495,
    };
    try {
      expect((await put(sales, terms)).status).toBe(403);
      expect((await put(manager, terms, "1002")).status).toBe(403); // not their site, as every settings route
      expect((await put(manager, terms, "__proto__")).status).toBe(404);
      const bad = await put(manager, { ...terms, rate: 31, term_months: 50, delivery_charge: 5_001, __proto__: { x: 1 } });
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors).toMatchObject({
        rate: "Enter a rate between 0 and 30% a year",
        term_months: "Choose a term",
        delivery_charge: "Enter a delivery charge between $0 and $5,000",
      });
      expect((await put(manager, { ...terms, colour: "red" })).status).toBe(422);
      expect((await put(manager, terms)).status).toBe(200);
      const [now] = await db.select({ f: t.sites.finance }).from(t.sites).where(eq(t.sites.id, 1001));
      expect(financeOf({ country: "AU", finance: now!.f })).toEqual(terms);
      const [audit] = await db
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.action, "finance.update"))
        .orderBy(desc(t.auditLog.id))
        .limit(1);
      expect(audit!.after).toEqual(terms);
    } finally {
      await db.update(t.sites).set({ finance: was!.f }).where(eq(t.sites.id, 1001));
    }
  });

  test("finance rates: a rate per condition and dated offers saved and read back; each bad field named", async () => {
    const put = (body: unknown) =>
      call(putFinance, "/api/admin/sites/1001/finance", { siteId: "1001" }, { method: "PUT", cookie: manager, body });
    const db = await getDb();
    const [was] = await db.select({ f: t.sites.finance }).from(t.sites).where(eq(t.sites.id, 1001));
    const mazda = {
      label: "Mazda Finance 2.99%",
      make: "Mazda",
      model: null,
      condition: "new",
      rate: 2.99,
      from: "2026-10-01",
      to: "2026-12-31",
    };
    const terms = { ...defaultFinance("AU"), rate: 8.99, condition_rates: { new: 6.99, demo: 7.49, used: null }, offers: [mazda] };
    try {
      const bad = await put({
        ...terms,
        condition_rates: { new: 31, demo: null, used: -2 },
        offers: [
          { ...mazda, make: "", rate: 30.01 },
          { ...mazda, from: "2026-12-01", to: "2026-11-01" },
          { ...mazda, to: "2026-02-30" },
        ],
      });
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors).toMatchObject({
        "condition_rates.new": "Enter a rate between 0 and 30% a year",
        "condition_rates.used": "Enter a rate between 0 and 30% a year",
        "offers.0.make": "Enter the make",
        "offers.0.rate": "Enter a rate between 0 and 30% a year",
        "offers.1.to": "The last day must be on or after the first",
        "offers.2.to": "Enter the last date as a real day",
      });
      expect((await put({ ...terms, offers: Array.from({ length: 21 }, () => mazda) })).status).toBe(422);
      expect((await put({ ...terms, offers: [{ ...mazda, extra: 1 }] })).status).toBe(422);
      expect((await put(terms)).status).toBe(200);
      const [now] = await db.select({ f: t.sites.finance }).from(t.sites).where(eq(t.sites.id, 1001));
      expect(financeOf({ country: "AU", finance: now!.f })).toEqual(terms);
    } finally {
      await db.update(t.sites).set({ finance: was!.f }).where(eq(t.sites.id, 1001));
    }
  });

  test("delivery channels: saved for the next lead; a secret is kept, never shown or audited", async () => {
    const put = (body: unknown, cookie = manager) =>
      call(putLeadDelivery, "/api/admin/sites/1001/lead-delivery", { siteId: "1001" }, { method: "PUT", cookie, body });
    const db = await getDb();
    const [was] = await db.select({ c: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, 1001));
    try {
      const body = {
        email_to_location: false,
        emails: "boss@parkside.example",
        adf_emails: "crm@parkside.example",
        webhooks: [{ url: "https://crm.example/hook", secret: "a-very-long-secret-1" }],
      };
      expect((await put(body, sales)).status).toBe(403);
      expect((await put({ ...body, webhooks: [{ url: "https://crm.example/hook", secret: "" }] })).status).toBe(422);
      expect((await put(body)).status).toBe(200);
      expect((await put({ ...body, webhooks: [{ url: "https://crm.example/hook", secret: "" }] })).status).toBe(200);
      const [now] = await db.select({ c: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, 1001));
      expect(now!.c).toEqual({
        email_to_location: false,
        emails: ["boss@parkside.example"],
        adf_emails: ["crm@parkside.example"],
        webhooks: [{ url: "https://crm.example/hook", secret: "a-very-long-secret-1" }],
      });
      const audits = await db.select().from(t.auditLog).where(eq(t.auditLog.action, "lead_delivery.update"));
      expect(JSON.stringify(audits)).not.toContain("a-very-long-secret-1");

      // a webhook may not point inside our network, written as an address or as a name that resolves there
      for (const url of [
        "http://127.0.0.1:22/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:8080/",
        "http://2130706433/",
        "http://localhost:3000/x",
        "http://10.0.0.5/hook",
      ]) {
        const res = await put({ ...body, webhooks: [{ url, secret: "a-very-long-secret-1" }] });
        expect(res.status, url).toBe(422);
        expect(((await res.json()) as { errors: Record<string, string> }).errors["webhooks.0.url"]).toBe(NOT_PUBLIC_MESSAGE);
      }
      const [still] = await db.select({ c: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, 1001));
      expect(still!.c).toEqual(now!.c);
    } finally {
      await db.update(t.sites).set({ leadDelivery: was!.c }).where(eq(t.sites.id, 1001));
    }
  });

  test("content: create, edit, refuse a taken address, delete; another site's entry is not found", async () => {
    const db = await getDb();
    const post = (body: unknown, cookie = manager) =>
      call(postContent, "/api/admin/sites/1001/content", { siteId: "1001" }, { method: "POST", cookie, body });
    const offer = {
      kind: "offer",
      slug: "back-office-test-offer",
      title: "Test offer",
      body: "## Save\n\n- one",
      published_on: "2026-11-01",
      expires_on: "2026-12-31",
      price: "39,990",
    };
    expect((await post(offer, sales)).status).toBe(403);
    const created = await post(offer);
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    const [row] = await db.select().from(t.contentEntries).where(eq(t.contentEntries.id, id));
    expect([row!.siteId, row!.kind, row!.price, row!.expiresAt?.toISOString()]).toEqual([1001, "offer", 39990, "2026-12-31T12:59:59.999Z"]);
    expect(await (await post(offer)).json()).toEqual({
      error: "Please check the highlighted fields.",
      errors: { slug: "Another offer has this address" },
    });
    const put = (entryId: number, body: unknown, siteId = "1001", cookie = manager) =>
      call(putContent, `/api/admin/sites/${siteId}/content/${entryId}`, { siteId, id: String(entryId) }, { method: "PUT", cookie, body });
    expect((await put(id, { ...offer, title: "Better offer" })).status).toBe(200);
    expect((await put(id, { ...offer, title: "Theirs" }, "1002", ridgeline)).status).toBe(404);
    const [edited] = await db.select().from(t.contentEntries).where(eq(t.contentEntries.id, id));
    expect(edited!.title).toBe("Better offer");
    const del = (entryId: number, cookie = manager, siteId = "1001") =>
      call(
        deleteContentEntry,
        `/api/admin/sites/${siteId}/content/${entryId}`,
        { siteId, id: String(entryId) },
        { method: "DELETE", cookie },
      );
    expect((await del(id, ridgeline, "1002")).status).toBe(404);
    expect((await del(id)).status).toBe(200);
    expect((await del(id)).status).toBe(404);
    // in the order written (PostgreSQL returns rows in any order without one)
    const actions = (
      await db.select().from(t.auditLog).where(eq(t.auditLog.entity, "offer:back-office-test-offer")).orderBy(t.auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(["content.create", "content.update", "content.delete"]);
  });
});
