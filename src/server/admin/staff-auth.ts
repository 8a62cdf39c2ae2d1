import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { isStaffRole, type SiteRole } from "@/domain/staff/roles";
import { originFor, scrubAuthMessage, sharedAuthSecret } from "@/server/auth/auth";
import { getDb } from "@/server/db";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { isAdminHost } from "@/server/http/admin-host";
import { log } from "@/server/log";

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
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: { user: t.staffUsers, session: t.staffSessions, account: t.staffAccounts, verification: t.staffVerifications },
    }),
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

const g = globalThis as unknown as { __staffAuth?: Map<string, StaffAuth> };

/** The back-office's instance for the origin the request came in on (bounded: a client picks the port). */
export async function staffAuth(host: string): Promise<StaffAuth> {
  const origin = originFor(host);
  const map = (g.__staffAuth ??= new Map());
  const hit = map.get(origin);
  if (hit) return hit;
  const db = await getDb();
  const auth = createStaffAuth({ db, origin, secret: await sharedAuthSecret(db) });
  if (map.size >= 16) map.delete(map.keys().next().value!);
  map.set(origin, auth);
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
    roles: operator ? await everySite(db) : await staffRoles(db, s.user.id),
    operator,
  };
}

/** Is this staff member a platform operator? (`staff_users.platform_role`, set by `npm run operator:create` only.) */
export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: t.staffUsers.platformRole }).from(t.staffUsers).where(eq(t.staffUsers.id, userId));
  return row?.role === PLATFORM_ROLE;
}
export const PLATFORM_ROLE = "platform";

/** An operator's roles: owner of every site, drafts included. */
async function everySite(db: Db): Promise<SiteRole[]> {
  const rows = await db.select({ id: t.sites.id }).from(t.sites).orderBy(t.sites.id);
  return rows.map((r) => ({ siteId: r.id, role: "owner" as const }));
}

export async function staffRoles(db: Db, userId: string): Promise<SiteRole[]> {
  const rows = await db
    .select({ siteId: t.staffRoles.siteId, role: t.staffRoles.role })
    .from(t.staffRoles)
    .where(eq(t.staffRoles.userId, userId));
  return rows.flatMap((r) => (isStaffRole(r.role) ? [{ siteId: r.siteId, role: r.role }] : [])).sort((a, b) => a.siteId - b.siteId);
}

/** An invitation link's token is stored as its SHA-256 only (a leaked table holds no usable link). */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
