import "server-only";
import { ACCOUNT_MSG, AUTH_POST_SCHEMAS, safeRedirect } from "@/domain/accounts/forms";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { fieldErrors, HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { checkOrigin, readJson } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter, type RateLimiter } from "@/server/http/rate-limit";
import type { SiteContext } from "@/server/site/context";
import { AUTH_BASE_PATH, SESSION_COOKIE_NAMES, siteAuth, type SiteAuth } from "./auth";
import { isMediaType } from "@/domain/http/content-type";

export type Customer = { id: string; name: string; email: string };

const MAX_AUTH_BODY = 8 * 1024;
const RATE_WINDOW_MS = 10 * 60_000;
const ORIGIN_MESSAGE = "Accounts can only be used from this website.";

/** Sign-in, sign-up, link and reset attempts per client and site (in PostgreSQL when there is one, so every process counts). */
const limiter = (): RateLimiter =>
  sharedLimiter("auth", { limit: env().AUTH_RATE_LIMIT, windowMs: RATE_WINDOW_MS, databaseUrl: env().DATABASE_URL });

/** The site's accounts instance, or a 404 where accounts are off (the garage switch off: src/domain/site/accounts.ts). */
export async function authOf(req: Request | { headers: Headers }, ctx: SiteContext): Promise<SiteAuth | null> {
  if (!ctx.accounts.enabled) return null;
  return siteAuth(
    await getDb(),
    { id: ctx.site.id, name: ctx.site.name, realm: ctx.accounts.realm },
    req.headers.get("host") ?? "localhost",
  );
}

const hasSessionCookie = (headers: Headers) => {
  const cookie = headers.get("cookie") ?? "";
  return SESSION_COOKIE_NAMES.some((n) => cookie.includes(`${n}=`));
};

/** The signed-in customer of this site, or null (no cookie, a tampered or expired one, or another site's). */
export async function currentCustomer(headers: Headers, ctx: SiteContext): Promise<Customer | null> {
  if (!ctx.accounts.enabled || !hasSessionCookie(headers)) return null;
  const auth = await authOf({ headers }, ctx);
  const s = await auth!.api.getSession({ headers });
  if (!s) return null;
  return { id: s.user.id, name: s.user.name, email: s.user.email };
}

/** The library's GET endpoints a browser follows from a link in mail; nothing else is reachable. */
const LINK_PATHS = [/^\/verify-email$/, /^\/magic-link\/verify$/, /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/];

/** What a shopper reads for the library's refusals (its own codes are for developers). */
function answer(path: string, status: number, body: { code?: string; message?: string } | null): Response | null {
  const code = body?.code ?? "";
  if (status === 401 && path === "/sign-in/email") return json(401, { error: ACCOUNT_MSG.signIn });
  if (status === 403 && code === "EMAIL_NOT_VERIFIED") return json(403, { error: ACCOUNT_MSG.notVerified });
  if (path === "/reset-password" && status >= 400 && status < 500) return json(400, { error: ACCOUNT_MSG.resetBad });
  if (status === 422 && path === "/sign-up/email") return json(200, { ok: true, message: ACCOUNT_MSG.signedUp });
  if (status >= 400 && status < 500) return json(status, { error: "Please check the details and try again." });
  return null;
}

/** A password reset request is answered no sooner than this, known email or not. */
export const RESET_ANSWER_MS = 250;

const SUCCESS: Record<string, string> = {
  "/sign-up/email": ACCOUNT_MSG.signedUp,
  "/sign-in/magic-link": ACCOUNT_MSG.linkSent,
  "/request-password-reset": ACCOUNT_MSG.resetSent,
  "/reset-password": ACCOUNT_MSG.resetDone,
};

/** The redirect targets in a body are this site's paths only (an absolute URL would be an open redirect). */
function sameSiteTargets(path: string, body: Record<string, unknown>, origin: string): Record<string, unknown> {
  const out = { ...body };
  // a used or expired sign-in link lands on the sign-in page, which says so
  if (path === "/sign-in/magic-link") out.errorCallbackURL = `${origin}/sign-in?error=link`;
  if ("callbackURL" in out) out.callbackURL = `${origin}${safeRedirect(String(out.callbackURL))}`;
  if ("redirectTo" in out) out.redirectTo = `${origin}${safeRedirect(String(out.redirectTo), "/reset-password")}`;
  return out;
}

/**
 * /api/auth/* — the library's endpoints, behind our own checks: accounts on for this site (else 404),
 * same-origin browser requests, JSON of at most 8 KB, the form's zod schema (422 with field
 * messages), a rate limit per client and site (429), and answers that never say whether an email
 * has an account. Mail links (verify, sign-in link, reset) are the only GET paths.
 */
export const authRoute = siteApi(async (req, ctx) => {
  const auth = await authOf(req, ctx);
  if (!auth) throw new HttpError(404, "Accounts are not offered on this site.");
  const url = new URL(req.url);
  const path = url.pathname.slice(AUTH_BASE_PATH.length);
  const origin = (await auth.$context).baseURL.replace(/\/api\/auth$/, "");

  if (req.method === "GET") {
    if (!LINK_PATHS.some((p) => p.test(path))) throw new HttpError(404, "Not found.");
    // the link's landing page is a path of this site, whatever the link says
    const target = new URL(`${origin}${AUTH_BASE_PATH}${path}`);
    url.searchParams.forEach((v, k) => target.searchParams.set(k, v));
    for (const k of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"])
      if (target.searchParams.has(k)) target.searchParams.set(k, `${origin}${safeRedirect(target.searchParams.get(k))}`);
    if (path.startsWith("/reset-password/")) target.searchParams.set("callbackURL", `${origin}/reset-password`);
    return auth.handler(new Request(target, { method: "GET", headers: req.headers }));
  }

  if (req.method !== "POST") throw new HttpError(405, "Method not allowed.", { allow: "GET, POST" });
  const schema = Object.hasOwn(AUTH_POST_SCHEMAS, path) ? AUTH_POST_SCHEMAS[path] : undefined;
  if (!schema) throw new HttpError(404, "Not found.");
  checkOrigin(req, ORIGIN_MESSAGE);
  if (!isMediaType(req.headers.get("content-type"), "application/json")) throw new HttpError(415, "Send the form as application/json.");
  const raw = await readJson(req, MAX_AUTH_BODY);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new HttpError(422, "Please check the highlighted fields.", {}, fieldErrors(parsed.error, "form"));

  if (path !== "/sign-out") {
    await limitOrThrow(limiter(), `${ctx.site.id}|${clientAddressOf(req)}`, ACCOUNT_MSG.tooMany);
  }

  const headers = new Headers(req.headers);
  headers.delete("content-length");
  // the library checks the Origin of cookie-carrying POSTs against this site's origin too
  if (!headers.has("origin")) headers.set("origin", origin);
  const started = performance.now();
  const res = await auth.handler(
    new Request(new URL(`${AUTH_BASE_PATH}${path}`, origin), {
      method: "POST",
      headers,
      body: JSON.stringify(sameSiteTargets(path, parsed.data as Record<string, unknown>, origin)),
    }),
  );
  // a reset request answers after the same time whether the email is known or not (its
  // email leaves after the answer; the lookups' difference is hidden under this floor)
  if (path === "/request-password-reset")
    await new Promise((r) => setTimeout(r, Math.max(0, RESET_ANSWER_MS - (performance.now() - started))));
  if (res.status >= 400) {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    const mapped = answer(path, res.status, body);
    if (mapped) return mapped;
    throw new Error(`auth ${path} answered ${res.status}`);
  }
  // our own body (never the library's user object), with the library's cookies
  const out = json(200, { ok: true, ...(SUCCESS[path] ? { message: SUCCESS[path] } : {}) });
  for (const c of res.headers.getSetCookie()) out.headers.append("set-cookie", c);
  return out;
});
