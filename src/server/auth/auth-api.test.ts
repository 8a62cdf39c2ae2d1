import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { linkIn, waitForMail } from "../../../scripts/lib/outbox";
import { ACCOUNT_MSG } from "@/domain/accounts/forms";
import { setupAppDatabase } from "@/server/testing/app-database";
import * as t from "@/server/db/schema";
import { env } from "@/server/base/env";
import { createMemoryRateLimiter, limiters } from "@/server/http/rate-limit";
import { alertRoutes, authStateRoute, searchRoutes, watchlistRoutes } from "./account-api";
import { readUnsubscribeToken, runAlertRound } from "@/server/alerts/digests";
import { unsubscribeRoute } from "@/server/alerts/unsubscribe";
import { alertSwitches } from "@/server/repositories/alerts";
import { getSiteById } from "@/server/repositories/sites";
import type { MailMessage, Mailer } from "@/server/mail/mailer";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { formatPrice } from "@/domain/format/price";
import { createSiteAuth, scrubAuthMessage } from "./auth";
import { authRoute, RESET_ANSWER_MS } from "./handlers";

/*
 * Customer accounts through the routes the browser uses (/api/auth, /api/auth/*, /api/account/*),
 * on the app's own database (PGlite here, PostgreSQL in CI's data-layer run), with mail read back
 * from the outbox. Every test uses its own email address, so files running side by side never meet.
 */

const db = setupAppDatabase();

const PARKSIDE = "parkside-motor-group.localhost:3000";
const ORIGIN = `http://${PARKSIDE}`;
const run = `${process.pid}-${Date.now().toString(36)}`;
let n = 0;
const newEmail = (who = "sam") => `${who}.${run}.${++n}@example.com`;
const PASSWORD = "correct horse battery staple";

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
function keep(jar: Jar, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const i = pair!.indexOf("=");
    const name = pair!.slice(0, i);
    const value = pair!.slice(i + 1);
    if (value === "" || /max-age=0/i.test(c)) jar.delete(name);
    else jar.set(name, value);
  }
}

function request(method: string, url: string, opts: { body?: unknown; jar?: Jar; host?: string; headers?: Record<string, string> } = {}) {
  const host = opts.host ?? PARKSIDE;
  const headers: Record<string, string> = { host, "x-real-ip": "10.9.9.9", ...(opts.headers ?? {}) };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.jar?.size) headers.cookie = cookieHeader(opts.jar);
  return new Request(new URL(url, `http://${host}`), {
    method,
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
}

const auth = async (p: string, body: unknown, jar: Jar = new Map(), o: { host?: string; headers?: Record<string, string> } = {}) => {
  const res = await authRoute(request("POST", `/api/auth${p}`, { body, jar, ...o }));
  keep(jar, res);
  return res;
};
const follow = async (link: string, jar: Jar) => {
  const u = new URL(link);
  const res = await authRoute(request("GET", `${u.pathname}${u.search}`, { jar, host: u.host }));
  keep(jar, res);
  return res;
};
const state = async (jar: Jar, host = PARKSIDE) => (await authStateRoute(request("GET", "/api/auth", { jar, host }))).json();

/** The newest outbox message to this address (its subject and its one link), waiting briefly for it. */
async function mailTo(email: string, after = 0): Promise<{ subject: string; link: string; fromName: string } | null> {
  const mail = (await waitForMail(path.resolve(env().OUTBOX_DIR), (m) => m.to.includes(email), { count: after + 1, timeoutMs: 2_000 }))[
    after
  ];
  return mail
    ? { subject: mail.subject, link: linkIn(mail, /(https?:\/\/[^\s"<>]+\/api\/auth\/[^\s"<>]+)/), fromName: mail.fromName }
    : null;
}

/**
 * The mail sent after the confirmation (a reset, a sign-in link, "you already have an account"): the
 * newest once there are two, so a confirmation already in the outbox is never taken for it while the
 * second is still being written.
 */
async function secondMailTo(email: string): Promise<{ subject: string; link: string; fromName: string } | null> {
  const mail = (await waitForMail(path.resolve(env().OUTBOX_DIR), (m) => m.to.includes(email), { count: 2, timeoutMs: 5_000 }))[0];
  return mail
    ? { subject: mail.subject, link: linkIn(mail, /(https?:\/\/[^\s"<>]+\/api\/auth\/[^\s"<>]+)/), fromName: mail.fromName }
    : null;
}

async function signedUpAndConfirmed(email = newEmail()): Promise<{ email: string; jar: Jar }> {
  expect((await auth("/sign-up/email", { name: "Sam Driver", email, password: PASSWORD })).status).toBe(200);
  const mail = await mailTo(email);
  const jar: Jar = new Map();
  const res = await follow(mail!.link, jar);
  expect(res.status).toBe(302);
  return { email, jar };
}

describe("sign-up, confirmation and sign-in (parkside)", () => {
  test("sign up → the confirmation link from the outbox signs the customer in; GET /api/auth reads the user", async () => {
    const email = newEmail();
    const res = await auth("/sign-up/email", { name: "Sam Driver", email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: ACCOUNT_MSG.signedUp });
    expect(res.headers.getSetCookie()).toEqual([]); // not signed in before the email is confirmed

    const mail = await mailTo(email);
    expect(mail?.subject).toBe("Confirm your email for Parkside Motor Group");
    expect(mail?.fromName, "from the site by name").toBe("Parkside Motor Group");
    expect(mail?.link.startsWith(`${ORIGIN}/api/auth/verify-email?token=`)).toBe(true);

    // before confirming, the right password is refused with a clear message
    const early = await auth("/sign-in/email", { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect((await early.json()).error).toBe(ACCOUNT_MSG.notVerified);

    const jar: Jar = new Map();
    const confirmed = await follow(mail!.link, jar);
    expect(confirmed.status).toBe(302);
    expect(new URL(confirmed.headers.get("location")!, ORIGIN).origin).toBe(ORIGIN);
    const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("garage_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Domain=/i); // host-only: never sent to another site
    expect(cookie).not.toMatch(/Secure/i); // http on *.localhost; https sites get Secure (below)

    const s = await state(jar);
    expect(s).toMatchObject({ accounts: true, garage_name: "My Parkside", user: { name: "Sam Driver", email }, watchlist: [] });

    // the link works once
    const again = await follow(mail!.link, new Map());
    expect(again.headers.getSetCookie().some((c) => c.startsWith("garage_session=") && !/Max-Age=0/i.test(c))).toBe(false);
  });

  test("sign out ends the session; signing in again with the password restores it", async () => {
    const { email, jar } = await signedUpAndConfirmed();
    expect((await auth("/sign-out", {}, jar)).status).toBe(200);
    expect((await state(jar)).user).toBeNull();
    const back: Jar = new Map();
    expect((await auth("/sign-in/email", { email, password: PASSWORD }, back)).status).toBe(200);
    expect((await state(back)).user).toMatchObject({ email });
  });

  test("no enumeration: a second sign-up with a known email answers the same, creates nothing and tells the owner", async () => {
    const { email } = await signedUpAndConfirmed();
    const res = await auth("/sign-up/email", { name: "Someone Else", email, password: "another long passphrase" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: ACCOUNT_MSG.signedUp });
    expect(await db.select().from(t.customerUsers).where(eq(t.customerUsers.email, email))).toHaveLength(1);
    expect((await secondMailTo(email))?.subject).toBe("You already have an account with Parkside Motor Group");
  });

  test("no enumeration: a wrong password and an unknown email get the same 401 and the same words", async () => {
    const { email } = await signedUpAndConfirmed();
    const wrong = await auth("/sign-in/email", { email, password: "not the password at all" });
    const unknown = await auth("/sign-in/email", { email: newEmail("nobody"), password: "not the password at all" });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  test("bad forms get 422 with field messages (the same zod schema as the form), and nothing is stored", async () => {
    const email = newEmail();
    const res = await auth("/sign-up/email", { name: "", email, password: "Password2026" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual({ name: ACCOUNT_MSG.name, password: ACCOUNT_MSG.passwordCommon });
    expect(await db.select().from(t.customerUsers).where(eq(t.customerUsers.email, email))).toHaveLength(0);
    expect((await auth("/sign-up/email", "{not json")).status).toBe(400);
    expect((await auth("/sign-in/email", { email: "x@example.com", password: "x".repeat(200) })).status).toBe(422);
    expect((await auth("/sign-up/email", { name: "A", email: "__proto__", password: PASSWORD })).status).toBe(422);
  });

  test("only the library's browser endpoints are reachable: anything else is a 404", async () => {
    expect((await auth("/delete-user", {})).status).toBe(404);
    expect((await auth("/update-user", { name: "x" })).status).toBe(404);
    expect((await authRoute(request("GET", "/api/auth/list-sessions"))).status).toBe(404);
    expect((await authRoute(request("GET", "/api/auth/__proto__"))).status).toBe(404);
  });

  test("CSRF: a cross-site POST is refused before anything happens", async () => {
    const email = newEmail();
    const res = await auth("/sign-up/email", { name: "Sam", email, password: PASSWORD }, new Map(), {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(await db.select().from(t.customerUsers).where(eq(t.customerUsers.email, email))).toHaveLength(0);
  });

  test("a tampered session cookie is refused", async () => {
    const { jar } = await signedUpAndConfirmed();
    const v = jar.get("garage_session")!;
    jar.set("garage_session", `${v.slice(0, -3)}abc`);
    expect((await state(jar)).user).toBeNull();
  });

  test("attempts are rate-limited per client and site (429 with Retry-After)", async () => {
    const saved = limiters().get("auth");
    limiters().set("auth", createMemoryRateLimiter({ limit: 2, windowMs: 60_000, prefix: `t${run}` }));
    try {
      const email = newEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await auth("/sign-in/email", { email, password: "wrong password!" })).status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      if (saved) limiters().set("auth", saved);
      else limiters().delete("auth");
    }
  });
});

describe("sign-in link and password reset", () => {
  test("a sign-in link for a known email signs in; an unknown email gets the same answer and no mail", async () => {
    const { email } = await signedUpAndConfirmed();
    const res = await auth("/sign-in/magic-link", { email, callbackURL: "https://evil.example/steal" });
    expect(await res.json()).toEqual({ ok: true, message: ACCOUNT_MSG.linkSent });
    const mail = await secondMailTo(email);
    expect(mail?.subject).toBe("Your sign-in link for Parkside Motor Group");
    expect(mail?.fromName).toBe("Parkside Motor Group");
    const jar: Jar = new Map();
    const landed = await follow(mail!.link, jar);
    expect(landed.status).toBe(302);
    // the open-redirect attempt became this site's garage
    expect(new URL(landed.headers.get("location")!, ORIGIN).origin).toBe(ORIGIN);
    expect((await state(jar)).user).toMatchObject({ email });

    const stranger = newEmail("stranger");
    const same = await auth("/sign-in/magic-link", { email: stranger });
    expect(await same.json()).toEqual({ ok: true, message: ACCOUNT_MSG.linkSent });
    expect(await mailTo(stranger)).toBeNull();
  });

  test("a reset request answers the same words after the same floor of time, known email or not (its email leaves after)", async () => {
    const { email } = await signedUpAndConfirmed();
    const timed = async (e: string) => {
      const t0 = performance.now();
      const body = await (await auth("/request-password-reset", { email: e })).json();
      return { body, ms: performance.now() - t0 };
    };
    const known = await timed(email);
    const unknown = await timed(newEmail("nobody"));
    expect(known.body).toEqual(unknown.body);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect((await secondMailTo(email))?.subject).toBe("Choose a new password for Parkside Motor Group");
  });

  test("reset by email: the link leads to /reset-password, the new password works, the old one and the link do not", async () => {
    const { email, jar: oldSession } = await signedUpAndConfirmed();
    expect(await (await auth("/request-password-reset", { email, redirectTo: "//evil.example" })).json()).toEqual({
      ok: true,
      message: ACCOUNT_MSG.resetSent,
    });
    const mail = await secondMailTo(email);
    expect(mail?.subject).toBe("Choose a new password for Parkside Motor Group");
    expect(mail?.fromName).toBe("Parkside Motor Group");
    const landing = await follow(mail!.link, new Map());
    expect(landing.status).toBe(302);
    const to = new URL(landing.headers.get("location")!, ORIGIN);
    expect(`${to.origin}${to.pathname}`).toBe(`${ORIGIN}/reset-password`);
    const token = to.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const next = "a brand new long passphrase";
    expect((await auth("/reset-password", { token, newPassword: next })).status).toBe(200);
    expect((await auth("/reset-password", { token, newPassword: "yet another passphrase" })).status).toBe(400);
    expect((await state(oldSession)).user).toBeNull(); // sessions end with a reset
    expect((await auth("/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await auth("/sign-in/email", { email, password: next })).status).toBe(200);
  });
});

describe("tenancy", () => {
  test("a site without accounts: /api/auth says so, and every account endpoint is a 404", async () => {
    const tasman = "tasman-campers.localhost:3000";
    expect(await state(new Map(), tasman)).toEqual({ accounts: false, user: null, watchlist: [] });
    expect((await auth("/sign-up/email", { name: "Sam", email: newEmail(), password: PASSWORD }, new Map(), { host: tasman })).status).toBe(
      404,
    );
    expect(
      (await watchlistRoutes.POST(request("POST", "/api/account/watchlist", { host: tasman, body: { vehicle_ids: [1] } }))).status,
    ).toBe(404);
  });

  test("a session belongs to its site: the same cookie is refused by another site's instance, in or out of the group", async () => {
    const { jar } = await signedUpAndConfirmed();
    const headers = new Headers({ host: PARKSIDE, cookie: cookieHeader(jar) });
    const secret = env().AUTH_SECRET ?? (await db.select().from(t.meta).where(eq(t.meta.key, "auth_secret")))[0]!.value;
    const at = (id: number, realm: string) => createSiteAuth({ db, site: { id, name: "Other", realm }, origin: ORIGIN, secret });
    expect(await at(1001, "parkside-motor-group").api.getSession({ headers })).not.toBeNull();
    expect(await at(1003, "parkside-motor-group").api.getSession({ headers })).toBeNull(); // same group, other site
    expect(await at(1003, "another-group").api.getSession({ headers })).toBeNull(); // other group
  });

  test("an account belongs to one group: the same email signs up separately in another realm", async () => {
    const { email } = await signedUpAndConfirmed();
    const secret = env().AUTH_SECRET ?? (await db.select().from(t.meta).where(eq(t.meta.key, "auth_secret")))[0]!.value;
    const other = createSiteAuth({
      db,
      site: { id: 1003, name: "Other", realm: `other-${run}` },
      origin: "http://tasman-campers.localhost:3000",
      secret,
    });
    // the other realm does not know the email, so its password sign-in fails as for a stranger
    await expect(other.api.signInEmail({ body: { email, password: PASSWORD } })).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    const rows = await db.select().from(t.customerUsers).where(eq(t.customerUsers.email, email));
    expect(rows.map((r) => r.realm)).toEqual(["parkside-motor-group"]);
  });
});

describe("watchlist and saved searches", () => {
  const parksideCars = async (k: number) =>
    (
      await db
        .select({ id: t.vehicles.id })
        .from(t.vehicles)
        .where(and(eq(t.vehicles.siteId, 1001), eq(t.vehicles.status, "in_stock"), eq(t.vehicles.showOnDealerWebsite, true)))
        .limit(k)
    ).map((r) => r.id);

  test("hearts go to the server; merging the browser's favourites adds no duplicates; DELETE removes one", async () => {
    const { jar } = await signedUpAndConfirmed();
    const [a, b, c] = await parksideCars(3);
    const add = (ids: number[]) => watchlistRoutes.POST(request("POST", "/api/account/watchlist", { jar, body: { vehicle_ids: ids } }));
    const first = await add([a!]);
    expect(first.status, JSON.stringify(await first.clone().json())).toBe(200);
    const merged = await (await add([b!, a!, c!])).json();
    expect(merged.watchlist.map((w: { id: number }) => w.id).sort()).toEqual([a, b, c].sort());
    expect(merged.watchlist[0]).toMatchObject({ id: expect.any(Number), slug: expect.any(String), name: expect.any(String), sold: false });
    const del = await watchlistRoutes.DELETE(request("DELETE", `/api/account/watchlist?id=${b}`, { jar }));
    expect((await del.json()).watchlist.map((w: { id: number }) => w.id).sort()).toEqual([a, c].sort());
    // and GET /api/auth reads the same
    expect((await state(jar)).watchlist).toHaveLength(2);
  });

  test("another tenant's car, bad ids and a signed-out caller change nothing", async () => {
    const { jar } = await signedUpAndConfirmed();
    const [mine] = await parksideCars(1);
    const [theirs] = await db.select({ id: t.vehicles.id }).from(t.vehicles).where(ne(t.vehicles.siteId, 1001)).limit(1);
    const post = (body: unknown, j: Jar = jar) => watchlistRoutes.POST(request("POST", "/api/account/watchlist", { jar: j, body }));
    const refused = await post({ vehicle_ids: [mine, theirs!.id] });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.vehicle_ids).toContain(String(theirs!.id));
    expect((await post({ vehicle_ids: ["1; drop table"] })).status).toBe(422);
    expect((await post({ vehicle_ids: [] })).status).toBe(422);
    expect((await post({ __proto__: { x: 1 } })).status).toBe(422);
    expect((await post({ vehicle_ids: [mine] }, new Map())).status).toBe(401);
    expect((await state(jar)).watchlist).toEqual([]);
  });

  test("save this search: a search page of this site is kept once, with a label; anything else is refused", async () => {
    const { jar } = await signedUpAndConfirmed();
    const save = (href: unknown) => searchRoutes.POST(request("POST", "/api/account/searches", { jar, body: { href } }));
    const res = await save("/search/used-cars?make=Mazda&price_max=40000&page=3");
    expect(res.status).toBe(200);
    expect((await res.json()).saved).toEqual({ href: "/search/used-cars/mazda?price_max=40000", label: "Used Cars: Mazda, up to $40,000" });
    expect((await save("/search/used-cars/mazda?price_max=40000")).status).toBe(200); // the same search once
    for (const bad of [
      "https://evil.example/search/used-cars",
      "//evil.example",
      "/search/not-a-variant",
      "/search/used-cars/no-such-make",
      "/contact",
      42,
    ])
      expect((await save(bad)).status, String(bad)).toBe(422);
    const user = (
      await db
        .select()
        .from(t.customerUsers)
        .where(eq(t.customerUsers.email, [...(await state(jar)).user.email].join("")))
    ).at(0)!;
    expect(await db.select().from(t.savedSearches).where(eq(t.savedSearches.userId, user.id))).toHaveLength(1);
  });
});

describe("email alerts: a price drop, a sale and a new match, each told once, at most a digest a day", () => {
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      mails.push(m);
      return { messageId: `<alert-${mails.length}@test>` };
    },
  };
  const v = t.vehicles;
  const userOf = async (email: string) => (await db.select().from(t.customerUsers).where(eq(t.customerUsers.email, email)))[0]!;
  const restore: Array<() => Promise<unknown>> = [];

  test("turned on in the garage, driven through two days: what arrives, when, and the one-click unsubscribe", async () => {
    try {
      const T0 = Date.now();
      const at = (ms: number) => T0 + ms;
      const round = (ms: number) => runAlertRound(db, at(ms), { mailer }, 60_000);
      const { email, jar } = await signedUpAndConfirmed();
      const cars = await db
        .select()
        .from(v)
        .where(
          and(eq(v.siteId, 1001), eq(v.status, "in_stock"), eq(v.showOnDealerWebsite, true), eq(v.carType, "used"), eq(v.make, "Mazda")),
        )
        .limit(2);
      const [a, b] = cars as [typeof v.$inferSelect, typeof v.$inferSelect];
      expect(a.price && b.price, "two priced used Mazdas").toBeTruthy();
      expect(
        (await watchlistRoutes.POST(request("POST", "/api/account/watchlist", { jar, body: { vehicle_ids: [a.id, b.id] } }))).status,
      ).toBe(200);
      const saved = await (
        await searchRoutes.POST(request("POST", "/api/account/searches", { jar, body: { href: "/search/used-cars?make=Mazda" } }))
      ).json();
      const user = await userOf(email);
      const [search] = await db.select().from(t.savedSearches).where(eq(t.savedSearches.userId, user.id));

      // PUT /api/account/alerts: one switch at a time, only the customer's own cars and searches
      const put = (body: unknown, j: Jar = jar, host = PARKSIDE) =>
        alertRoutes.PUT(request("PUT", "/api/account/alerts", { jar: j, body, host }));
      for (const body of [
        { vehicle_id: a.id, alerts: true },
        { vehicle_id: b.id, alerts: true },
        { search_id: search!.id, alerts: true },
      ])
        expect((await put(body)).status, JSON.stringify(body)).toBe(200);
      expect(saved.saved.label).toBe("Used Cars: Mazda");
      for (const bad of [
        {},
        { vehicle_id: a.id },
        { vehicle_id: a.id, search_id: search!.id, alerts: true },
        { vehicle_id: "1; drop", alerts: true },
        { search_id: "x", alerts: true },
        { vehicle_id: a.id, alerts: "yes" },
        JSON.parse('{"__proto__":{"alerts":true},"vehicle_id":1}'),
      ])
        expect((await put(bad)).status, JSON.stringify(bad)).toBe(422);
      const unwatched = (
        await db
          .select({ id: v.id })
          .from(v)
          .where(and(eq(v.siteId, 1001), ne(v.id, a.id), ne(v.id, b.id)))
          .limit(1)
      )[0]!;
      expect((await put({ vehicle_id: unwatched.id, alerts: true })).status).toBe(404);
      expect((await put({ search_id: "00000000-0000-4000-8000-000000000000", alerts: true })).status).toBe(404);
      expect((await put({ vehicle_id: a.id, alerts: true }, new Map())).status).toBe(401);
      expect((await put({ vehicle_id: a.id, alerts: true }, jar, "tasman-auto-group.localhost:3000")).status).toBe(404);
      expect(await alertSwitches(db, user.id, 1001)).toEqual({ cars: new Set([a.id, b.id]), searches: new Set([search!.id]) });
      const mine = () => mails.filter((m) => m.to === email);

      // nothing has changed: nothing is sent
      await round(60_000);
      expect(mine()).toHaveLength(0);

      // the price of one car drops by $1,500: one message says so
      restore.push(() => db.update(v).set({ price: a.price }).where(eq(v.id, a.id)));
      await db
        .update(v)
        .set({ price: a.price! - 1500 })
        .where(eq(v.id, a.id));
      await round(3 * 60_000);
      expect(mine()).toHaveLength(1);
      const first = mine()[0]!;
      const site = (await getSiteById(db, 1001))!;
      expect(first.subject).toBe(`Price drop: the ${vehicleTitle(a)} is now ${formatPrice(a.price! - 1500)} at ${site.name}`);
      expect(first.text).toContain(`now ${formatPrice(a.price! - 1500)}, was ${formatPrice(a.price)} ($1,500 less)`);
      expect(first.html).toContain(`background:${site.colours.primary}`);
      const oneClick = /^<(https?:\/\/[^>]+\/api\/alerts\/unsubscribe\?token=([^>]+))>$/.exec(first.headers?.["List-Unsubscribe"] ?? "");
      expect(oneClick, "an RFC 8058 List-Unsubscribe header").not.toBeNull();
      expect(first.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(await readUnsubscribeToken(db, oneClick![2])).toEqual({ siteId: 1001, userId: user.id });

      // the other car sells and a new used Mazda is listed: told the next day, not before
      restore.push(() => db.update(v).set({ status: b.status, soldAt: b.soldAt }).where(eq(v.id, b.id)));
      await db
        .update(v)
        .set({ status: "sold", soldAt: new Date(at(5 * 60_000)) })
        .where(eq(v.id, b.id));
      const { id: _id, searchKey: _k, searchWords: _w, ...copy } = a;
      const [fresh] = await db
        .insert(v)
        .values({
          ...copy,
          slug: `alert-test-${run}`,
          stockNumber: `ALERT-${run}`,
          model: "MX-5",
          badge: "GT",
          listedAt: new Date(at(6 * 60_000)),
        })
        .returning();
      restore.push(() => db.delete(v).where(eq(v.id, fresh!.id)));
      await round(60 * 60_000);
      await round(23 * 3_600_000);
      expect(mine(), "at most one digest a day").toHaveLength(1);
      await round(24 * 3_600_000 + 3 * 60_000);
      expect(mine()).toHaveLength(2);
      const second = mine()[1]!;
      expect(second.subject).toBe(`2 updates on cars you follow at ${site.name}`);
      expect(second.text).toContain(`- ${vehicleTitle(b)} has sold.`);
      expect(second.text).toContain("1 new match for Used Cars: Mazda");
      expect(second.text).toContain(
        `- ${vehicleTitle(fresh!)}, ${formatPrice(fresh!.price)}\n  ${site.url.replace(/\/$/, "")}/cars/alert-test-${run}`,
      );
      expect(second.text).not.toContain("Price drops"); // the drop was told already

      // a day later with nothing new: nothing
      await round(3 * 86_400_000);
      expect(mine()).toHaveLength(2);

      // the one-click unsubscribe (RFC 8058: a mail program's POST, no cookie, no Origin)
      const unsubscribe = (token: string, host = PARKSIDE, accept = "*/*") =>
        unsubscribeRoute(
          new Request(`http://${host}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
            method: "POST",
            headers: { host, accept, "content-type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
        );
      const token = oneClick![2]!;
      expect((await unsubscribe(token.slice(0, -2) + "xx")).status).toBe(404);
      expect((await unsubscribe(token, "tasman-auto-group.localhost:3000")).status).toBe(404);
      expect((await unsubscribe("%00__proto__")).status).toBe(404);
      const done = await unsubscribe(token);
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({ unsubscribed: true, alerts_turned_off: 3 });
      expect(await alertSwitches(db, user.id, 1001)).toEqual({ cars: new Set(), searches: new Set() });
      // a browser's form post is sent on to the page that says so
      const page = await unsubscribe(token, PARKSIDE, "text/html,application/xhtml+xml");
      expect([page.status, page.headers.get("location")]).toEqual([303, "/alerts/unsubscribe?done=1"]);
      await db
        .update(v)
        .set({ price: a.price! - 3000 })
        .where(eq(v.id, a.id));
      await round(5 * 86_400_000);
      expect(mine(), "nothing after unsubscribing").toHaveLength(2);
    } finally {
      for (const undo of restore.reverse()) await undo();
    }
  });

  test("an address never confirmed gets no alert", async () => {
    const [car] = await db
      .select()
      .from(v)
      .where(and(eq(v.siteId, 1001), eq(v.status, "in_stock")))
      .limit(1);
    const id = `unconfirmed-${run}`;
    const email = newEmail("unconfirmed");
    await db.insert(t.customerUsers).values({ id, realm: "parkside-motor-group", name: "Una", email, emailVerified: false });
    await db.insert(t.watchlistItems).values({
      userId: id,
      siteId: 1001,
      vehicleId: car!.id,
      alerts: true,
      alertPrice: (car!.price ?? 0) + 5000,
      alertStatus: "in_stock",
    });
    try {
      await runAlertRound(db, Date.now(), { mailer }, 60_000);
      expect(mails.filter((m) => m.to === email)).toHaveLength(0);
    } finally {
      await db.delete(t.customerUsers).where(eq(t.customerUsers.id, id));
    }
  });
});

test("https sites get Secure cookies", async () => {
  const secret = "x".repeat(32);
  const a = createSiteAuth({
    db,
    site: { id: 1001, name: "P", realm: "parkside-motor-group" },
    origin: "https://www.parksidemotorgroup.com.au",
    secret,
  });
  const ctx = await a.$context;
  expect(ctx.authCookies.sessionToken.name).toBe("__Secure-garage_session");
  expect(ctx.authCookies.sessionToken.attributes).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax" });
});

test.each([
  ["Sign-up attempt for existing email: sam@example.com", "Sign-up attempt for existing email: [email]"],
  [
    "verify http://x.localhost/api/auth/verify-email?token=abc.def&callbackURL=/",
    "verify http://x.localhost/api/auth/verify-email?token=[token]&callbackURL=/",
  ],
  ["reset?code=123456 for <a.b+c@d.example>", "reset?code=[token] for <[email]>"],
])("the library's log lines lose emails and tokens: %j", (message, expected) => {
  expect(scrubAuthMessage(message)).toBe(expected);
});
