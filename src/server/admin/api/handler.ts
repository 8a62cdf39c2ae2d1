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
 * exact-origin check on writes (403: scheme, host and port), the role on the site concerned (403), zod on the body (422
 * with field messages) and the site API's error answers. One module per route folder beside this one.
 */

export const MAX_FORM_BYTES = 256 * 1024;
export const ORIGIN_MESSAGE = "The back-office can only be used from its own pages.";

export type Ctx<P> = { staff: Staff; params: P };

export function adminRoute<P extends Record<string, string>>(
  fn: (req: Request, ctx: Ctx<P>) => Promise<Response>,
  opts: { write?: boolean } = {},
) {
  return async (req: Request, { params }: { params: Promise<P> }): Promise<Response> => {
    try {
      if (!isAdminHost(req.headers.get("host"))) throw new HttpError(404, "Not found.");
      if (opts.write) checkExactOrigin(req, ORIGIN_MESSAGE);
      const staff = await currentStaff(req.headers);
      if (!staff) throw new HttpError(401, "Please sign in again.");
      return await fn(req, { staff, params: await params });
    } catch (e) {
      return errorAnswer(e, req, null);
    }
  };
}

/** The site id in the path, when the staff member may do this there (else 404 for a bad id, 403 for a site not theirs). */
export function siteFor(staff: Staff, raw: string, action: StaffAction): number {
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
