import "server-only";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { magicLink } from "better-auth/plugins";
import { SESSION_COOKIE, SESSION_COOKIE_NAMES } from "@/domain/accounts/session";
import { hostName } from "@/domain/site/tenant";
import type { Db } from "@/server/db/client";
import { env } from "@/server/base/env";
import { log } from "@/server/base/log";
import { sendMail, type Mailer } from "@/server/mail/mailer";
import { customerAuthDatabase } from "@/server/repositories/auth-adapters";
import { metaOrPut } from "@/server/repositories/meta";
import { accountMail } from "./mail";
import { scopedAdapter } from "./scoped-adapter";
import { LRUCache } from "lru-cache";
import { forget, remember } from "@/server/base/remember";

/**
 * Customer accounts with Better Auth (docs/design.md: no hand-rolled crypto or sessions): scrypt password
 * hashes, signed session cookies, email verification, sign-in links and password resets, all by the
 * library, on our database through its Drizzle adapter (PGlite and PostgreSQL alike).
 *
 * One instance per site and origin, because each site is its own tenant: its cookies are host-only
 * (no Domain attribute, so signing in on one site signs nobody in on another), its links in mail go
 * to the host the shopper used (a host our tenant resolution accepted for this site, never any
 * other), and its queries are scoped to its realm and site (scoped-adapter.ts).
 */

export { SESSION_COOKIE_NAMES };
export const AUTH_BASE_PATH = "/api/auth";

export type AuthSite = { id: number; name: string; realm: string };

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)$/;

/** http on loopback and *.localhost (development and tests), https everywhere else. */
export function originFor(host: string): string {
  return `${LOCAL_HOST.test(hostName(host)) ? "http" : "https"}://${host.toLowerCase()}`;
}

const SECRET_KEY = "auth_secret";

/** AUTH_SECRET, or the one this database made for itself on first use (shared by every process on it). */
async function authSecret(db: Db): Promise<string> {
  const fromEnv = env().AUTH_SECRET;
  if (fromEnv) return fromEnv;
  return metaOrPut(db, SECRET_KEY, randomBytes(32).toString("base64url"));
}

/** Never an email, a token or a password in the log: the library's messages are reduced to their kind. */
export function scrubAuthMessage(message: string): string {
  return message
    .replace(/[^\s@<>"']+@[^\s@<>"']+/g, "[email]")
    .replace(/([?&](token|code)=)[^&\s]+/gi, "$1[token]")
    .slice(0, 200);
}

export function createSiteAuth(opts: { db: Db; site: AuthSite; origin: string; secret: string; mailer?: Mailer }) {
  const { db, site, origin } = opts;
  const secure = origin.startsWith("https://");
  const send = async (to: string, kind: Parameters<typeof accountMail>[0], url: string, name?: string) => {
    // from the site by name, at the platform's address
    await sendMail({ to, from: { name: site.name }, ...accountMail(kind, { siteName: site.name, url, name }) }, opts.mailer);
  };
  return betterAuth({
    appName: site.name,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret: opts.secret,
    trustedOrigins: [origin],
    database: scopedAdapter(customerAuthDatabase(db), {
      user: { field: "realm", value: site.realm },
      verification: { field: "realm", value: site.realm },
      session: { field: "siteId", value: site.id },
    }),
    user: { additionalFields: { realm: { type: "string", required: true, input: false, returned: false, defaultValue: site.realm } } },
    session: {
      additionalFields: { siteId: { type: "number", required: true, input: false, returned: false, defaultValue: site.id } },
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    verification: {
      additionalFields: { realm: { type: "string", required: true, input: false, defaultValue: site.realm } },
      storeIdentifier: "hashed",
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // the reset email leaves after the answer (a known email must not answer slower than
      // an unknown one); a failed send is logged (the shopper can ask again)
      sendResetPassword: async ({ user, url }) => {
        void send(user.email, "reset", url, user.name).catch((err: Error) =>
          log.warn({ err: err.message, siteId: site.id }, "password reset email not sent"),
        );
      },
      // a second sign-up with a known email answers like the first (no enumeration) and tells the owner
      onExistingUserSignUp: async ({ user }) => send(user.email, "exists", `${origin}/sign-in`, user.name),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => send(user.email, "verify", url, user.name),
    },
    plugins: [
      magicLink({
        expiresIn: 15 * 60,
        disableSignUp: true,
        // the answer is the same either way; only an account's owner gets a link (no mail to strangers)
        sendMagicLink: async ({ email, url }, ctx) => {
          if (await ctx?.context.internalAdapter.findUserByEmail(email)) await send(email, "link", url);
        },
      }),
    ],
    // our own limiter (handlers.ts) counts attempts per client and site, in PostgreSQL when there is one
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookies: { session_token: { name: SESSION_COOKIE } },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: ["x-real-ip"] },
      database: { generateId: () => randomBytes(16).toString("base64url") },
    },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message) => log[level]({ area: "auth", siteId: site.id }, scrubAuthMessage(message)),
    },
  });
}

export type SiteAuth = ReturnType<typeof createSiteAuth>;

const MAX_INSTANCES = 64;

/** The process's signing secret (AUTH_SECRET or the database's own), read once. */
export function sharedAuthSecret(db: Db): Promise<string> {
  return remember("auth-secret", () =>
    authSecret(db).catch((e) => {
      forget("auth-secret"); // the next caller reads it again
      throw e;
    }),
  );
}

/**
 * The site's instance for this origin. Instances are few (sites with accounts × the hosts they
 * answer on) and kept; the map is bounded because a client chooses the Host header's port.
 */
export async function siteAuth(db: Db, site: AuthSite, host: string): Promise<SiteAuth> {
  const origin = originFor(host);
  const key = `${site.id}|${site.realm}|${origin}`;
  const instances = remember("site-auth", () => new LRUCache<string, SiteAuth>({ max: MAX_INSTANCES }));
  const hit = instances.get(key);
  if (hit) return hit;
  const secret = await sharedAuthSecret(db);
  const auth = createSiteAuth({ db, site, origin, secret });
  instances.set(key, auth);
  return auth;
}
