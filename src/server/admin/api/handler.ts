import "server-only";
import { z } from "zod";
import { parseSiteId } from "@/domain/platform/contract";
import { can, roleOn, STAFF_MSG, type StaffAction } from "@/domain/staff/roles";
import { errorAnswer, fieldErrors, HttpError } from "@/server/http/api";
import { checkExactOrigin, readJson, readText } from "@/server/http/body";
import { encodeFormFlash, formFields, type FormFlash } from "@/domain/http/form-flash";
import type { Actor } from "@/server/repositories/audit";
import { isAdminHost } from "@/server/http/admin-host";
import { currentStaff, type Staff } from "../staff-auth";
import { isMediaType } from "@/domain/http/content-type";

/*
 * The back-office's API, under /api/admin/…, answered on the back-office host only
 * (404 elsewhere). Every handler is wrapped once: the host, the signed-in staff member (401), the
 * exact-origin check on writes (403: scheme, host and port), who may call it (declared at the wrap,
 * checked before the handler runs: see Access), zod on the body (422 with field messages) and the
 * site API's error answers. One module per route folder beside this one.
 */

export const MAX_FORM_BYTES = 256 * 1024;
export const ORIGIN_MESSAGE = "The back-office can only be used from its own pages.";

export type Ctx<P> = { staff: Staff; params: P };
/** A site route's context: the site in its path, which the staff member may act on as declared. */
export type SiteCtx<P> = Ctx<P> & { siteId: number };

/**
 * Who may call a route, declared where it is wrapped, so that no handler can forget to ask (the
 * declaration is required: a route without one does not compile):
 * - `permission`: a role on the site in the path (`:siteId`) that allows this action: 404 for a bad
 *   id, 403 for a site not theirs. The handler is given the site's id.
 * - `operator`: the operators' console; dealer staff get a 404 (it is not shown to exist for them).
 * - `signedIn`: any staff member, for routes with no site in their path (their own settings, signing
 *   out, a lead, an export across their sites), which check the role on what they load and say why here.
 */
export type Access = { permission: StaffAction } | { operator: true } | { signedIn: string };
type Options<A extends Access> = A & { write?: boolean };
type Route<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

const declared = new WeakMap<object, Access>();
/** What a route declared about who may call it; undefined for a handler not made by adminRoute. */
export const accessOf = (route: unknown): Access | undefined => (typeof route === "function" ? declared.get(route) : undefined);

export function adminRoute<P extends { siteId: string }>(
  fn: (req: Request, ctx: SiteCtx<P>) => Promise<Response>,
  opts: Options<{ permission: StaffAction }>,
): Route<P>;
export function adminRoute<P extends Record<string, string>>(
  fn: (req: Request, ctx: Ctx<P>) => Promise<Response>,
  opts: Options<{ operator: true } | { signedIn: string }>,
): Route<P>;
export function adminRoute<P extends Record<string, string>>(
  fn: ((req: Request, ctx: SiteCtx<P>) => Promise<Response>) | ((req: Request, ctx: Ctx<P>) => Promise<Response>),
  opts: Options<Access>,
): Route<P> {
  // a caller past the types (plain JavaScript, a cast) is stopped when the module loads, not on a request
  if (!("permission" in opts || "operator" in opts || "signedIn" in opts))
    throw new Error("adminRoute: declare who may call the route (permission, operator or signedIn)");
  const route: Route<P> = async (req, { params }) => {
    try {
      if (!isAdminHost(req.headers.get("host"))) throw new HttpError(404, "Not found.");
      if (opts.write) checkExactOrigin(req, ORIGIN_MESSAGE);
      const staff = await currentStaff(req.headers);
      if (!staff) throw new HttpError(401, "Please sign in again.");
      const p = await params;
      if ("operator" in opts && !staff.operator) throw new HttpError(404, "Not found.");
      if ("permission" in opts) return await fn(req, { staff, params: p, siteId: siteFor(staff, p.siteId ?? "", opts.permission) });
      // the overloads pair a site route's handler with `permission`, and every other handler with the rest
      return await (fn as (req: Request, ctx: Ctx<P>) => Promise<Response>)(req, { staff, params: p });
    } catch (e) {
      return errorAnswer(e, req, null);
    }
  };
  declared.set(route, opts);
  return route;
}

/** The site id in the path, when the staff member may do this there (else 404 for a bad id, 403 for a site not theirs). */
function siteFor(staff: Staff, raw: string, action: StaffAction): number {
  const siteId = parseSiteId(raw);
  if (siteId === null) throw new HttpError(404, "Not found.");
  if (!can(roleOn(staff.roles, siteId), action)) throw new HttpError(403, STAFF_MSG.forbidden);
  return siteId;
}

export const actor = (s: Staff): Actor => ({ id: s.id, name: s.name, email: s.email });

export async function jsonBody(req: Request): Promise<unknown> {
  if (!isMediaType(req.headers.get("content-type"), "application/json")) throw new HttpError(415, "Send the form as application/json.");
  return readJson(req, MAX_FORM_BYTES);
}

export function parsed<S extends z.ZodType>(schema: S, raw: unknown, message: string, prefix = "form"): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new HttpError(422, message, {}, fieldErrors(r.error, prefix));
  return r.data;
}

/** A write's body: JSON from the pages' script and API clients, or a plain form post (`form`: its fields, for going back to it). */
export type Body = { raw: unknown; form: Record<string, string> | null };
export async function bodyOf(req: Request): Promise<Body> {
  if (isMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded")) {
    const form = formFields(new URLSearchParams(await readText(req, MAX_FORM_BYTES)));
    return { raw: form, form };
  }
  return { raw: await jsonBody(req), form: null };
}

/** A plain form post's answer: on to `location` (303), with a cookie when one is given. */
export const seeOther = (location: string, cookie?: string) =>
  new Response(null, {
    status: 303,
    headers: { location, "cache-control": "no-store", ...(cookie ? { "set-cookie": cookie } : {}) },
  });

/** The one-minute cookie that takes a refused form's values and messages back to its page (never the URL). */
export function flashCookie(req: Request, name: string, flash: FormFlash): string {
  const secure = new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  return `${name}=${encodeFormFlash(flash)}; Path=/; Max-Age=60; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}
