import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { isMediaType } from "@/domain/http/content-type";
import { encodeFormFlash, formFields } from "@/domain/http/form-flash";
import { AcceptInviteSchema, STAFF_MSG, StaffSignInSchema } from "@/domain/staff/roles";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { errorAnswer, HttpError, json } from "@/server/http/api";
import { checkExactOrigin, readText } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter, type LimitResult } from "@/server/http/rate-limit";
import { acceptInvitation, findInvitation, findStaffByEmail, isOperator } from "@/server/repositories/staff";
import { isAdminHost } from "@/server/http/admin-host";
import { invitationTokenHash, staffAuth } from "../staff-auth";
import { adminRoute, jsonBody, MAX_FORM_BYTES, parsed, ORIGIN_MESSAGE } from "./handler";

/* Signing in and out of the back-office, and accepting an invitation: `POST /api/admin/sign-in`, `/sign-out`, `/accept-invite`. */

const WINDOW_MS = 10 * 60_000;
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
const limiter = (prefix: string, limit: number) => sharedLimiter(prefix, { limit, windowMs: WINDOW_MS, databaseUrl: env().DATABASE_URL });
/** Accepting an invitation: every attempt counts against its client. */
const inviteLimiter = () => limiter("staff-auth", env().AUTH_RATE_LIMIT);

/**
 * Failed sign-ins only, per account and per client address: a dozen staff on one showroom's
 * connection all get in, while guessing one account's password, or many accounts' from one
 * address, is stopped. An address may fail three times an account's allowance, for a whole team's typos.
 */
const accountLimiter = () => limiter("staff-sign-in-account", env().AUTH_RATE_LIMIT);
const addressLimiter = () => limiter("staff-sign-in-address", env().AUTH_RATE_LIMIT * 3);
// hashed: the counters' table holds no email address
const accountKey = (email: string) => createHash("sha256").update(email).digest("base64url");

/** 429 with Retry-After when a limit refuses. */
function allowed(r: LimitResult): void {
  if (!r.ok) throw new HttpError(429, TOO_MANY, { "retry-after": String(r.retryAfter) });
}

/**
 * The two posts a signed-out visitor makes (sign-in, accepting an invitation): the back-office host,
 * same origin and the form's schema; each then takes its own rate limit, shared by every process.
 */
async function publicPost<S extends z.ZodType>(
  req: Request,
  schema: S,
  read: () => Promise<unknown> = () => jsonBody(req),
): Promise<{ host: string; body: z.infer<S> }> {
  const host = req.headers.get("host");
  if (!isAdminHost(host)) throw new HttpError(404, "Not found.");
  checkExactOrigin(req, ORIGIN_MESSAGE);
  const body = parsed(schema, await read(), "Please check the highlighted fields.");
  return { host: host!, body };
}

/** Our answer with the library's session cookies. */
function withCookies(from: Response, body: unknown): Response {
  const out = json(200, body);
  for (const c of from.headers.getSetCookie()) out.headers.append("set-cookie", c);
  return out;
}

/** The sign-in page's one-minute cookie: the email typed and the messages of a refused plain form post. */
export const SIGN_IN_FLASH_COOKIE = "sign_in_form";
/** The sign-in flash is not a site's: it carries this in place of a site id. */
export const SIGN_IN_FLASH_SITE = 0;

const seeOther = (location: string, cookies: string[] = []) => {
  const out = new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  for (const c of cookies) out.headers.append("set-cookie", c);
  return out;
};

/** A refused sign-in form: back to the page (303) with the email and the message in the flash cookie, never in the address. */
function backToSignIn(req: Request, form: Record<string, string>, e: HttpError): Response {
  const attempt = crypto.randomUUID().slice(0, 8);
  const secure = new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  const email = typeof form.email === "string" ? form.email.slice(0, 254) : "";
  const flash = encodeFormFlash({
    site: SIGN_IN_FLASH_SITE,
    attempt,
    errors: { ...e.errors, form: e.message },
    values: email ? { email } : {},
  });
  return seeOther(`/sign-in?attempt=${attempt}`, [
    `${SIGN_IN_FLASH_COOKIE}=${flash}; Path=/sign-in; Max-Age=60; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
  ]);
}

/**
 * POST /api/admin/sign-in — {email, password}; the library sets the session cookie. The page posts it
 * as a plain form: the answer is a 303 straight to the staff member's first page (an operator's Sites,
 * else the leads), so the browser keeps the sign-in page on screen until that page arrives, with or
 * without JavaScript. A refused form goes back to the sign-in page; a JSON client gets JSON.
 */
export async function signIn(req: Request): Promise<Response> {
  const posted: { form: Record<string, string> | null } = { form: null };
  try {
    const read = async () => {
      if (!isMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded")) return jsonBody(req);
      return (posted.form = formFields(new URLSearchParams(await readText(req, MAX_FORM_BYTES))));
    };
    const { host, body } = await publicPost(req, StaffSignInSchema, read);
    // checked before the password is (a locked account learns nothing from a guess). The account's
    // attempt counts at once, so a burst of guesses cannot pass its limit, and is given back when
    // right; the address only reads its failures, so others' sign-ins never hold a right password up
    const [address, account] = [clientAddressOf(req), accountKey(body.email)];
    allowed(await addressLimiter().peek(address));
    allowed(await accountLimiter().take(account));
    const auth = await staffAuth(host);
    const res = await auth.api.signInEmail({
      body: { email: body.email, password: body.password },
      headers: req.headers,
      asResponse: true,
    });
    if (res.status === 401 || res.status === 403 || res.status === 400) {
      await addressLimiter().take(address);
      throw new HttpError(401, STAFF_MSG.signIn);
    }
    if (!res.ok) throw new Error(`staff sign-in answered ${res.status}`);
    await accountLimiter().refund(account);
    if (!posted.form) return withCookies(res, { ok: true });
    const db = await getDb();
    const user = await findStaffByEmail(db, body.email);
    const home = user && (await isOperator(db, user.id)) ? "/platform" : "/leads";
    return seeOther(home, res.headers.getSetCookie());
  } catch (e) {
    if (posted.form && e instanceof HttpError && [401, 422, 429].includes(e.status)) return backToSignIn(req, posted.form, e);
    return errorAnswer(e, req, null);
  }
}

/** POST /api/admin/sign-out */
export const signOut = adminRoute(
  async (req) => {
    const auth = await staffAuth(req.headers.get("host")!);
    const res = await auth.api.signOut({ headers: req.headers, asResponse: true });
    const out = json(200, { ok: true, message: STAFF_MSG.signedOut });
    for (const c of res.headers.getSetCookie()) out.headers.append("set-cookie", c);
    return out;
  },
  { signedIn: "their own session", write: true },
);

/** The invitation page's one-minute cookie: the name typed (never the password) and the messages of a refused plain post. */
export const INVITE_ACCEPT_FLASH_COOKIE = "accept_invite_form";

/** A refused accept form: back to the invitation's page (303) with the name and the messages in the flash cookie. */
function backToInvitation(req: Request, form: Record<string, string>, e: HttpError): Response {
  const attempt = crypto.randomUUID().slice(0, 8);
  const secure = new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  const name = typeof form.name === "string" ? form.name.slice(0, 200) : "";
  const flash = encodeFormFlash({
    site: SIGN_IN_FLASH_SITE,
    attempt,
    errors: { ...e.errors, form: e.message },
    values: name ? { name } : {},
  });
  // the token is the emailed link's own, already in that page's address; a malformed one is not sent back
  const token = /^[A-Za-z0-9_-]{20,100}$/.test(form.token ?? "") ? form.token : "";
  return seeOther(`/accept-invite?token=${token}&attempt=${attempt}`, [
    `${INVITE_ACCEPT_FLASH_COOKIE}=${flash}; Path=/accept-invite; Max-Age=60; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
  ]);
}

/** POST /api/admin/accept-invite — {token, name, password}: makes the staff account, grants the role, signs in. */
export async function acceptInvite(req: Request): Promise<Response> {
  const posted: { form: Record<string, string> | null } = { form: null };
  try {
    const read = async () => {
      if (!isMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded")) return jsonBody(req);
      return (posted.form = formFields(new URLSearchParams(await readText(req, MAX_FORM_BYTES))));
    };
    const { host, body } = await publicPost(req, AcceptInviteSchema, read);
    await limitOrThrow(inviteLimiter(), clientAddressOf(req), TOO_MANY);
    const db = await getDb();
    const inv = await findInvitation(db, invitationTokenHash(body.token), new Date(serverNow()));
    if (!inv) throw new HttpError(400, STAFF_MSG.inviteBad);
    const auth = await staffAuth(host);
    const existing = await findStaffByEmail(db, inv.email);
    if (existing) {
      // an existing staff member accepts with their own password (and is signed in)
      const signedIn = await auth.api.signInEmail({
        body: { email: inv.email, password: body.password },
        headers: req.headers,
        asResponse: true,
      });
      if (!signedIn.ok) throw new HttpError(422, "Please check the highlighted fields.", {}, { password: STAFF_MSG.invitePassword });
      if (!(await acceptInvitation(db, inv.id, existing.id))) throw new HttpError(400, STAFF_MSG.inviteBad);
      if (posted.form) return seeOther("/leads", signedIn.headers.getSetCookie());
      return withCookies(signedIn, { ok: true, message: `Welcome to ${inv.siteName}.` });
    }
    if (!body.name) throw new HttpError(422, "Please check the highlighted fields.", {}, { name: "Enter your name" });
    const res = await auth.api.signUpEmail({
      body: { email: inv.email, password: body.password, name: body.name },
      headers: req.headers,
      asResponse: true,
    });
    if (!res.ok) throw new HttpError(400, STAFF_MSG.inviteBad);
    const user = await findStaffByEmail(db, inv.email);
    if (!user || !(await acceptInvitation(db, inv.id, user.id))) throw new HttpError(400, STAFF_MSG.inviteBad);
    if (posted.form) return seeOther("/leads", res.headers.getSetCookie());
    return withCookies(res, { ok: true, message: `Welcome to ${inv.siteName}.` });
  } catch (e) {
    if (posted.form && e instanceof HttpError && [400, 422, 429].includes(e.status)) return backToInvitation(req, posted.form, e);
    return errorAnswer(e, req, null);
  }
}
