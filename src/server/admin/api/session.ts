import "server-only";
import { z } from "zod";
import { AcceptInviteSchema, STAFF_MSG, StaffSignInSchema } from "@/domain/staff/roles";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { errorAnswer, HttpError, json } from "@/server/http/api";
import { checkOrigin } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { acceptInvitation, findInvitation, findStaffByEmail } from "@/server/repositories/staff";
import { isAdminHost } from "@/server/http/admin-host";
import { invitationTokenHash, staffAuth } from "../staff-auth";
import { adminRoute, jsonBody, parsed, ORIGIN_MESSAGE } from "./handler";

/* Signing in and out of the back-office, and accepting an invitation: `POST /api/admin/sign-in`, `/sign-out`, `/accept-invite`. */

const signInLimiter = () =>
  sharedLimiter("staff-auth", { limit: env().AUTH_RATE_LIMIT, windowMs: 10 * 60_000, databaseUrl: env().DATABASE_URL });

/**
 * The two posts a signed-out visitor makes (sign-in, accepting an invitation): the back-office host,
 * same origin, the form's schema, and a rate limit per client shared by every process.
 */
async function publicPost<S extends z.ZodType>(req: Request, schema: S): Promise<{ host: string; body: z.infer<S> }> {
  const host = req.headers.get("host");
  if (!isAdminHost(host)) throw new HttpError(404, "Not found.");
  checkOrigin(req, ORIGIN_MESSAGE);
  const body = parsed(schema, await jsonBody(req), "Please check the highlighted fields.");
  await limitOrThrow(signInLimiter(), clientAddressOf(req), "Too many attempts. Please wait a few minutes and try again.");
  return { host: host!, body };
}

/** Our answer with the library's session cookies. */
function withCookies(from: Response, body: unknown): Response {
  const out = json(200, body);
  for (const c of from.headers.getSetCookie()) out.headers.append("set-cookie", c);
  return out;
}

/** POST /api/admin/sign-in — {email, password}; the library sets the session cookie. */
export async function signIn(req: Request): Promise<Response> {
  try {
    const { host, body } = await publicPost(req, StaffSignInSchema);
    const auth = await staffAuth(host);
    const res = await auth.api.signInEmail({
      body: { email: body.email, password: body.password },
      headers: req.headers,
      asResponse: true,
    });
    if (res.status === 401 || res.status === 403 || res.status === 400) throw new HttpError(401, STAFF_MSG.signIn);
    if (!res.ok) throw new Error(`staff sign-in answered ${res.status}`);
    return withCookies(res, { ok: true });
  } catch (e) {
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
  { write: true },
);

/** POST /api/admin/accept-invite — {token, name, password}: makes the staff account, grants the role, signs in. */
export async function acceptInvite(req: Request): Promise<Response> {
  try {
    const { host, body } = await publicPost(req, AcceptInviteSchema);
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
    return withCookies(res, { ok: true, message: `Welcome to ${inv.siteName}.` });
  } catch (e) {
    return errorAnswer(e, req, null);
  }
}
