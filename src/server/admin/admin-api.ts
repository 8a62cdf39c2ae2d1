import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { z } from "zod";
import { OpeningHoursUpdateSchema, parseSiteId, SpecialHoursUpdateSchema } from "@/domain/platform/contract";
import { hoursEntry } from "@/domain/site/hours";
import type { Weekday } from "@/domain/site/types";
import { leadCsvHeader, leadCsvLines } from "@/domain/staff/lead-csv";
import {
  AcceptInviteSchema,
  can,
  canMove,
  INVITATION_TTL_MS,
  InviteSchema,
  leadFilterOf,
  LeadUpdateSchema,
  mayGrant,
  roleOn,
  sitesFor,
  STAFF_MSG,
  StaffSignInSchema,
  type StaffAction,
} from "@/domain/staff/roles";
import { ContentEditSchema, contentFields, KIND_LABELS } from "@/domain/content/edit";
import { DeliverySettingsSchema, deliveryConfigFrom, redactedDelivery, SwitchesSchema } from "@/domain/staff/settings";
import { MAX_IMPORT_BYTES, VehicleEditSchema } from "@/domain/stock/import";
import { catalogueChanged } from "@/server/cache";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { errorAnswer, fieldErrors, HttpError, json } from "@/server/http/api";
import { checkOrigin, readJson, readText } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { sendMail } from "@/server/mail/mailer";
import { resolveAllowed } from "@/server/http/outbound";
import { NOT_PUBLIC_MESSAGE } from "@/domain/http/addresses";
import { editLocationHours, editSpecialHours, siteDataChanged } from "@/server/platform/site-edits";
import * as bo from "@/server/repositories/back-office";
import { getLeadDeliveryConfig, getSiteById } from "@/server/repositories/sites";
import { isAdminHost } from "./host";
import { originFor } from "@/server/auth/auth";
import { currentStaff, invitationTokenHash, staffAuth, type Staff } from "./staff-auth";
import { applyChecked, checkStockImport } from "./stock-imports";

/*
 * The back-office's API (issue 16), under /api/admin/…, answered on the back-office host only
 * (404 elsewhere). Every handler is wrapped once: the host, the signed-in staff member (401), the
 * same-origin check on writes (403), the role on the site concerned (403), zod on the body (422
 * with field messages) and the site API's error answers.
 */

const MAX_FORM_BYTES = 256 * 1024;
const ORIGIN_MESSAGE = "The back-office can only be used from its own pages.";

type Ctx<P> = { staff: Staff; params: P };

function adminRoute<P extends Record<string, string>>(
  fn: (req: Request, ctx: Ctx<P>) => Promise<Response>,
  opts: { write?: boolean } = {},
) {
  return async (req: Request, { params }: { params: Promise<P> }): Promise<Response> => {
    try {
      if (!isAdminHost(req.headers.get("host"))) throw new HttpError(404, "Not found.");
      if (opts.write) checkOrigin(req, ORIGIN_MESSAGE);
      const staff = await currentStaff(req.headers);
      if (!staff) throw new HttpError(401, "Please sign in again.");
      return await fn(req, { staff, params: await params });
    } catch (e) {
      return errorAnswer(e, req, null);
    }
  };
}

/** The site id in the path, when the staff member may do this there (else 404 for a bad id, 403 for a site not theirs). */
function siteFor(staff: Staff, raw: string, action: StaffAction): number {
  const siteId = parseSiteId(raw);
  if (siteId === null) throw new HttpError(404, "Not found.");
  if (!can(roleOn(staff.roles, siteId), action)) throw new HttpError(403, STAFF_MSG.forbidden);
  return siteId;
}

const actor = (s: Staff): bo.Actor => ({ id: s.id, name: s.name, email: s.email });

async function jsonBody(req: Request): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers.get("content-type") ?? "")) throw new HttpError(415, "Send the form as application/json.");
  return readJson(req, MAX_FORM_BYTES);
}

function parsed<S extends z.ZodType>(schema: S, raw: unknown, message: string, prefix = "form"): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new HttpError(422, message, {}, fieldErrors(r.error, prefix));
  return r.data;
}

// — sign-in —

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

// — leads —

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const leadIdOf = (raw: string) => {
  if (!UUID.test(raw)) throw new HttpError(404, "Unknown lead.");
  return raw;
};

/** POST /api/admin/leads/{id} — {status, note}: new → contacted → won | lost, with a note (409 when someone changed it meanwhile). */
export const updateLead = adminRoute<{ id: string }>(
  async (req, { staff, params }) => {
    const id = leadIdOf(params.id);
    const body = parsed(LeadUpdateSchema, await jsonBody(req), "Please check the highlighted fields.");
    const db = await getDb();
    const lead = await bo.leadSiteAndStatus(db, sitesFor(staff.roles, "leads.read"), id);
    if (!lead) throw new HttpError(404, "Unknown lead.");
    if (!can(roleOn(staff.roles, lead.siteId), "leads.update")) throw new HttpError(403, STAFF_MSG.forbidden);
    if (!canMove(lead.status, body.status))
      throw new HttpError(
        422,
        "Please check the highlighted fields.",
        {},
        { status: `A ${lead.status} lead cannot become ${body.status}` },
      );
    if (lead.status === body.status && !body.note)
      throw new HttpError(422, "Please check the highlighted fields.", {}, { note: "Write a note or choose another status" });
    const ok = await bo.updateLeadStatus(db, lead.siteId, id, { from: lead.status, to: body.status, note: body.note }, actor(staff));
    if (!ok) throw new HttpError(409, "Someone else changed this lead just now. Reload the page to see their change.");
    return json(200, { ok: true, status: body.status });
  },
  { write: true },
);

/** GET /api/admin/leads.csv?… — the inbox's filters; streamed 500 leads at a time, never held whole. */
export const exportLeads = adminRoute(async (req, { staff }) => {
  const filter = leadFilterOf(new URL(req.url).searchParams);
  const siteIds = sitesFor(staff.roles, "leads.read");
  const db = await getDb();
  let before = filter.before;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const enc = new TextEncoder();
      if (first) {
        first = false;
        controller.enqueue(enc.encode(leadCsvHeader()));
      }
      const page = await bo.listExportLeads(db, siteIds, { ...filter, before });
      if (page.leads.length) controller.enqueue(enc.encode(leadCsvLines(page.leads)));
      if (!page.next) controller.close();
      else before = page.next;
    },
  });
  const day = new Date(serverNow()).toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="leads-${day}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

/** GET /api/admin/leads/{id}/files/{fileId} — an attachment, to staff of the lead's site only, always as a download. */
export const downloadLeadFile = adminRoute<{ id: string; fileId: string }>(async (_req, { staff, params }) => {
  const id = leadIdOf(params.id);
  if (!UUID.test(params.fileId)) throw new HttpError(404, "Unknown file.");
  const f = await bo.getLeadFile(await getDb(), sitesFor(staff.roles, "leads.read"), id, params.fileId);
  if (!f) throw new HttpError(404, "Unknown file.");
  // the stored path must lie under UPLOAD_DIR (a row is never trusted to point elsewhere)
  const root = path.resolve(env().UPLOAD_DIR);
  const file = path.resolve(f.path);
  if (!file.startsWith(root + path.sep)) throw new HttpError(404, "Unknown file.");
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new HttpError(404, "The file is no longer stored.");
  const ascii = f.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "content-type": f.contentType,
      "content-length": String(size),
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.filename)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
});

// — site settings —

/** PUT /api/admin/sites/{siteId}/locations/{locationId}/hours — the week, as the platform API's PUT takes it. */
export const putLocationHours = adminRoute<{ siteId: string; locationId: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "settings.edit");
    const locationId = parseSiteId(params.locationId);
    if (locationId === null) throw new HttpError(404, "Unknown location.");
    const body = parsed(OpeningHoursUpdateSchema, await jsonBody(req), "Please correct the opening hours.", "opening_hours");
    const done = await editLocationHours(
      siteId,
      locationId,
      body.opening_hours.map((h) => hoursEntry(h.weekday as Weekday, h.status, h.open, h.close)),
      actor(staff),
    );
    if (!done) throw new HttpError(404, "Unknown location.");
    return json(200, { ok: true, message: "Opening hours saved. The website shows them now." });
  },
  { write: true },
);

/** PUT /api/admin/sites/{siteId}/special-hours — the whole list of holiday hours, replaced. */
export const putSpecialHours = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "settings.edit");
    const body = parsed(SpecialHoursUpdateSchema, await jsonBody(req), "Please correct the holiday hours.", "special_hours");
    const { foreign } = await editSpecialHours(siteId, body.special_hours, actor(staff));
    if (foreign.length)
      throw new HttpError(
        422,
        "Please correct the holiday hours.",
        {},
        Object.fromEntries(
          body.special_hours.flatMap((e, i) =>
            e.location_id !== null && foreign.includes(e.location_id)
              ? [[`special_hours.${i}.location_id`, "Not a location of this site"]]
              : [],
          ),
        ),
      );
    return json(200, { ok: true, message: "Holiday hours saved. The website shows them now." });
  },
  { write: true },
);

// — stock —

/** PUT /api/admin/sites/{siteId}/vehicles/{id} — price, odometer, status, shown, description. */
export const putVehicle = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "stock.edit");
    const id = parseSiteId(params.id);
    if (id === null) throw new HttpError(404, "Unknown vehicle.");
    const body = parsed(VehicleEditSchema, await jsonBody(req), "Please check the highlighted fields.");
    const v = await bo.updateVehicle(await getDb(), siteId, id, body, actor(staff), new Date(serverNow()));
    if (!v) throw new HttpError(404, "Unknown vehicle.");
    catalogueChanged([siteId]);
    return json(200, { ok: true, message: "Saved. The website shows the change now." });
  },
  { write: true },
);

/** POST /api/admin/sites/{siteId}/stock/imports?full=1 — the CSV as the body (text/csv); answers the check's report. */
export const postStockImport = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "stock.edit");
    if (!/^text\/(csv|plain)\b/i.test(req.headers.get("content-type") ?? "")) throw new HttpError(415, "Send the file as text/csv.");
    const csv = await readText(req, MAX_IMPORT_BYTES);
    const full = new URL(req.url).searchParams.get("full") === "1";
    const result = await checkStockImport({ siteId, csv, full, source: "csv", staffId: staff.id });
    if (result.status === "rejected")
      return json(422, {
        error: `The file has ${result.report.errorCount} problem${result.report.errorCount === 1 ? "" : "s"}. Nothing was imported.`,
        ...result,
      });
    return json(200, result);
  },
  { write: true },
);

const ApplySchema = z.object({ confirm: z.boolean().default(false) });

/** POST /api/admin/sites/{siteId}/stock/imports/{id}/apply — {confirm}: a held import needs confirm: true. */
export const applyStockImport = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "stock.edit");
    const id = parseSiteId(params.id);
    if (id === null) throw new HttpError(404, "Unknown import.");
    const body = parsed(ApplySchema, await jsonBody(req), "Please check the highlighted fields.");
    const db = await getDb();
    const imp = await bo.getImport(db, siteId, id);
    if (!imp) throw new HttpError(404, "Unknown import.");
    if (imp.status === "rejected")
      throw new HttpError(409, "This import has errors and cannot be applied. Fix the file and upload it again.");
    if (imp.status === "applied") throw new HttpError(409, "This import was applied already.");
    if (imp.status === "superseded")
      throw new HttpError(409, "A newer import was applied since this one was checked. Upload the file again.");
    if (imp.status === "held" && !body.confirm)
      throw new HttpError(409, "This import would mark many cars as sold. Confirm it to go ahead.", {}, { confirm: "Tick to confirm" });
    const { plan, message } = await applyChecked(imp, actor(staff), body.confirm);
    return json(200, { ok: true, plan, message });
  },
  { write: true },
);

// — staff —

/** POST /api/admin/sites/{siteId}/invitations — {email, role}; owners only. An existing staff member gets the role at once. */
export const postInvitation = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "staff.manage");
    const body = parsed(InviteSchema, await jsonBody(req), "Please check the highlighted fields.");
    if (!mayGrant(roleOn(staff.roles, siteId), body.role)) throw new HttpError(403, STAFF_MSG.forbidden);
    const db = await getDb();
    const site = await getSiteById(db, siteId);
    if (!site) throw new HttpError(404, "Unknown site.");
    const origin = originFor(req.headers.get("host")!);
    // issue 31: everyone is invited the same way and answered the same words (whether the email
    // has a staff account is never said), and nobody gets a role before accepting it
    const existing = await bo.findStaffByEmail(db, body.email);
    const token = randomBytes(24).toString("base64url");
    await bo.createInvitation(
      db,
      {
        siteId,
        email: body.email,
        role: body.role,
        tokenHash: invitationTokenHash(token),
        expiresAt: new Date(serverNow() + INVITATION_TTL_MS),
      },
      actor(staff),
    );
    const link = `${origin}/accept-invite?token=${token}`;
    await sendMail({
      to: body.email,
      subject: `${staff.name} invited you to ${site.name}'s back-office`,
      text: existing
        ? `${staff.name} invited you to work on ${site.name} as ${body.role}.\n\nTo accept, open this link and enter your staff password (it works for 7 days, once):\n${link}\n\nIf you did not expect this, ignore this message: nothing changes until you accept.\n`
        : `${staff.name} invited you to work on ${site.name} as ${body.role}.\n\nChoose your password here (the link works for 7 days, once):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
    });
    return json(200, { ok: true, message: STAFF_MSG.inviteSent });
  },
  { write: true },
);

/** DELETE /api/admin/sites/{siteId}/staff/{userId} — owners only; an owner cannot remove themselves. */
export const deleteStaffRole = adminRoute<{ siteId: string; userId: string }>(
  async (_req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "staff.manage");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(params.userId)) throw new HttpError(404, "Unknown staff member.");
    if (params.userId === staff.id) throw new HttpError(409, "You cannot remove yourself. Ask another owner.");
    if (!(await bo.removeRole(await getDb(), siteId, params.userId, actor(staff)))) throw new HttpError(404, "Unknown staff member.");
    return json(200, { ok: true });
  },
  { write: true },
);

/** POST /api/admin/accept-invite — {token, name, password}: makes the staff account, grants the role, signs in. */
export async function acceptInvite(req: Request): Promise<Response> {
  try {
    const { host, body } = await publicPost(req, AcceptInviteSchema);
    const db = await getDb();
    const inv = await bo.findInvitation(db, invitationTokenHash(body.token), new Date(serverNow()));
    if (!inv) throw new HttpError(400, STAFF_MSG.inviteBad);
    const auth = await staffAuth(host);
    const existing = await bo.findStaffByEmail(db, inv.email);
    if (existing) {
      // issue 31: an existing staff member accepts with their own password (and is signed in)
      const signedIn = await auth.api.signInEmail({
        body: { email: inv.email, password: body.password },
        headers: req.headers,
        asResponse: true,
      });
      if (!signedIn.ok) throw new HttpError(422, "Please check the highlighted fields.", {}, { password: STAFF_MSG.invitePassword });
      if (!(await bo.acceptInvitation(db, inv.id, existing.id))) throw new HttpError(400, STAFF_MSG.inviteBad);
      return withCookies(signedIn, { ok: true, message: `Welcome to ${inv.siteName}.` });
    }
    if (!body.name) throw new HttpError(422, "Please check the highlighted fields.", {}, { name: "Enter your name" });
    const res = await auth.api.signUpEmail({
      body: { email: inv.email, password: body.password, name: body.name },
      headers: req.headers,
      asResponse: true,
    });
    if (!res.ok) throw new HttpError(400, STAFF_MSG.inviteBad);
    const user = await bo.findStaffByEmail(db, inv.email);
    if (!user || !(await bo.acceptInvitation(db, inv.id, user.id))) throw new HttpError(400, STAFF_MSG.inviteBad);
    return withCookies(res, { ok: true, message: `Welcome to ${inv.siteName}.` });
  } catch (e) {
    return errorAnswer(e, req, null);
  }
}

// — switches, delivery channels, content —

/** PUT /api/admin/sites/{siteId}/switches — every dealer switch, on or off. */
export const putSwitches = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "settings.edit");
    const body = parsed(SwitchesSchema, await jsonBody(req), "Please check the highlighted fields.");
    if (!(await bo.updateSwitches(await getDb(), siteId, body, actor(staff)))) throw new HttpError(404, "Unknown site.");
    await siteDataChanged(siteId, ["navigation"]);
    return json(200, { ok: true, message: "Switches saved. The website shows them now." });
  },
  { write: true },
);

/** PUT /api/admin/sites/{siteId}/lead-delivery — where leads go (a webhook sent without a secret keeps its own). */
export const putLeadDelivery = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "settings.edit");
    const body = parsed(DeliverySettingsSchema, await jsonBody(req), "Please check the highlighted fields.");
    const db = await getDb();
    const { config, errors } = deliveryConfigFrom(body, await getLeadDeliveryConfig(db, siteId));
    // issue 31: a name that resolves inside our network is refused now (and again at every delivery)
    await Promise.all(
      body.webhooks.map(async (w, i) => {
        const host = new URL(w.url).hostname.replace(/^\[|\]$/g, "");
        const refused = await resolveAllowed(host).then(
          () => false,
          (e: { code?: string }) => e.code === "ADDRESS_REFUSED",
        );
        if (refused) errors[`webhooks.${i}.url`] = NOT_PUBLIC_MESSAGE;
      }),
    );
    if (Object.keys(errors).length) throw new HttpError(422, "Please check the highlighted fields.", {}, errors);
    if (!(await bo.updateLeadDelivery(db, siteId, config, redactedDelivery, actor(staff)))) throw new HttpError(404, "Unknown site.");
    return json(200, { ok: true, message: "Lead delivery saved. The next lead goes to these addresses." });
  },
  { write: true },
);

async function saveContentEntry(req: Request, staff: Staff, rawSite: string, id: number | null): Promise<Response> {
  const siteId = siteFor(staff, rawSite, "settings.edit");
  const body = parsed(ContentEditSchema, await jsonBody(req), "Please check the highlighted fields.");
  const db = await getDb();
  const site = await getSiteById(db, siteId);
  if (!site) throw new HttpError(404, "Unknown site.");
  const saved = await bo.saveContent(db, siteId, id, contentFields(body, site.timezone), actor(staff));
  if (saved === null) throw new HttpError(404, "Unknown content.");
  if (saved === "taken")
    throw new HttpError(
      422,
      "Please check the highlighted fields.",
      {},
      { slug: `Another ${KIND_LABELS[body.kind].toLowerCase()} has this address` },
    );
  await siteDataChanged(siteId, ["navigation"]);
  return json(200, { ok: true, id: saved, message: "Saved. The website shows it now." });
}

/** POST /api/admin/sites/{siteId}/content — a new page, post or offer. */
export const postContent = adminRoute<{ siteId: string }>(
  async (req, { staff, params }) => saveContentEntry(req, staff, params.siteId, null),
  {
    write: true,
  },
);

const contentIdOf = (raw: string) => {
  const id = parseSiteId(raw);
  if (id === null) throw new HttpError(404, "Unknown content.");
  return id;
};

/** PUT /api/admin/sites/{siteId}/content/{id}; DELETE removes it. */
export const putContent = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params }) => saveContentEntry(req, staff, params.siteId, contentIdOf(params.id)),
  { write: true },
);
export const deleteContentEntry = adminRoute<{ siteId: string; id: string }>(
  async (_req, { staff, params }) => {
    const siteId = siteFor(staff, params.siteId, "settings.edit");
    if (!(await bo.deleteContent(await getDb(), siteId, contentIdOf(params.id), actor(staff))))
      throw new HttpError(404, "Unknown content.");
    await siteDataChanged(siteId, ["navigation"]);
    return json(200, { ok: true, message: "Deleted." });
  },
  { write: true },
);
