import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import type { SiteRole } from "@/domain/staff/roles";
import { originFor, scrubAuthMessage, sharedAuthSecret } from "@/server/auth/auth";
import { getDb } from "@/server/db";
import type { Db } from "@/server/db/client";
import { staffAuthDatabase } from "@/server/repositories/auth-adapters";
import { listSiteIds } from "@/server/repositories/sites";
import { isOperator, listStaffRoles } from "@/server/repositories/staff";
import { isAdminHost } from "@/server/http/admin-host";
import { log } from "@/server/base/log";
import { LRUCache } from "lru-cache";
import { remember } from "@/server/base/remember";

/**
 * Staff accounts of the dealer back-office: the same library as customer accounts
 * (Better Auth, scrypt hashes, signed sessions), but another instance on other tables with another
 * cookie, served only on the back-office host. Accounts are made by invitation (or the demo seed),
 * never by signing up; what a staff member sees is decided by their roles (staff_roles).
 */
export const STAFF_COOKIE = "staff_session";
export const STAFF_COOKIE_NAMES = [STAFF_COOKIE, `__Secure-${STAFF_COOKIE}`];
export const STAFF_AUTH_PATH = "/api/admin/auth";

/** A signed-in member of the back-office; an operator holds every site as its owner. */
export type Staff = { id: string; name: string; email: string; roles: SiteRole[]; operator: boolean };

export function createStaffAuth(opts: { db: Db; origin: string; secret: string }) {
  const secure = opts.origin.startsWith("https://");
  return betterAuth({
    appName: "Dealer back-office",
    baseURL: opts.origin,
    basePath: STAFF_AUTH_PATH,
    secret: opts.secret,
    trustedOrigins: [opts.origin],
    database: staffAuthDatabase(opts.db),
    emailAndPassword: { enabled: true, minPasswordLength: 10, maxPasswordLength: 128, autoSignIn: true },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    // our own limiter (admin/api/session.ts) counts sign-in attempts per client, shared by every process
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookies: { session_token: { name: STAFF_COOKIE } },
      // Strict: a link from any other site never arrives signed in
      defaultCookieAttributes: { httpOnly: true, sameSite: "strict", secure, path: "/" },
      ipAddress: { ipAddressHeaders: ["x-real-ip"] },
      database: { generateId: () => randomBytes(16).toString("base64url") },
    },
    telemetry: { enabled: false },
    logger: { level: "warn", log: (level, message) => log[level]({ area: "staff-auth" }, scrubAuthMessage(message)) },
  });
}
export type StaffAuth = ReturnType<typeof createStaffAuth>;

/** The back-office's instance for the origin the request came in on (bounded: a client picks the port). */
export async function staffAuth(host: string): Promise<StaffAuth> {
  const origin = originFor(host);
  const instances = remember("staff-auth", () => new LRUCache<string, StaffAuth>({ max: 16 }));
  const hit = instances.get(origin);
  if (hit) return hit;
  const db = await getDb();
  const auth = createStaffAuth({ db, origin, secret: await sharedAuthSecret(db) });
  instances.set(origin, auth);
  return auth;
}

const hasStaffCookie = (headers: Headers) => {
  const cookie = headers.get("cookie") ?? "";
  return STAFF_COOKIE_NAMES.some((n) => new RegExp(`(^|;\\s*)${n.replace(/[-_]/g, "\\$&")}=`).test(cookie));
};

/** The signed-in staff member on the back-office host with their roles, or null. */
export async function currentStaff(headers: Headers): Promise<Staff | null> {
  const host = headers.get("host");
  if (!isAdminHost(host) || !hasStaffCookie(headers)) return null;
  const auth = await staffAuth(host!);
  const s = await auth.api.getSession({ headers });
  if (!s) return null;
  const db = await getDb();
  const operator = await isOperator(db, s.user.id);
  return {
    id: s.user.id,
    name: s.user.name,
    email: s.user.email,
    // an operator holds every site, drafts included, as its owner
    roles: operator ? (await listSiteIds(db)).map((siteId) => ({ siteId, role: "owner" as const })) : await listStaffRoles(db, s.user.id),
    operator,
  };
}

/** An invitation link's token is stored as its SHA-256 only (a leaked table holds no usable link). */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
