import "server-only";
import { leadCsvHeader, leadCsvLines } from "@/domain/staff/lead-csv";
import {
  can,
  canMove,
  LeadAssignSchema,
  leadFilterOf,
  LeadUpdateSchema,
  roleOn,
  sitesFor,
  STAFF_MSG,
  type StaffAction,
} from "@/domain/staff/roles";
import type { Staff } from "@/server/admin/staff-auth";
import type { Db } from "@/server/db/client";
import { originFor } from "@/server/auth/auth";
import { assignAndTell } from "@/server/leads/assignment";
import { listSiteStaff } from "@/server/repositories/staff";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { getLeadFile, leadSiteAndStatus, listExportLeads, takeLead, updateLeadStatus } from "@/server/repositories/inbox";
import { isMediaType } from "@/domain/http/content-type";
import { getSubmissionsOf } from "@/server/repositories/leads";
import { adminRoute, actor, bodyOf, flashCookie, jsonBody, parsed, seeOther } from "./handler";
import { isCanonicalUuid } from "@/domain/ids";
import { LeadCallSchema } from "@/domain/leads/follow-up";
import { logLeadCall } from "@/server/repositories/lead-calls";
import { privateFiles, PrivateStoreUnavailable } from "@/server/files/private-files";
import { siteLog } from "@/server/base/log";

/* The lead inbox's writes and downloads: `/api/admin/leads/{id}`, its files, and `leads.csv`. */

const leadIdOf = (raw: string) => {
  if (!isCanonicalUuid(raw)) throw new HttpError(404, "Unknown lead.");
  return raw;
};

/** The lead page's "Update" form refused without JavaScript: its status and note and the messages, for a minute. */
export const UPDATE_FLASH_COOKIE = "lead_update_form";
const UPDATE_FIELDS = ["status", "note"];

/** A lead of a site the staff member reads (else 404, not shown to exist), which their role there may `action` (else 403). */
async function leadToWork(db: Db, staff: Staff, id: string, action: StaffAction) {
  const lead = await leadSiteAndStatus(db, sitesFor(staff.roles, "leads.read"), id);
  if (!lead) throw new HttpError(404, "Unknown lead.");
  if (!can(roleOn(staff.roles, lead.siteId), action)) throw new HttpError(403, STAFF_MSG.forbidden);
  return lead;
}

/**
 * POST /api/admin/leads/{id} — {status, note}: new → contacted → won | lost, with a note (409 when
 * someone changed it meanwhile). The lead page's form also posts it plainly (it works without
 * JavaScript, and a note never falls back into an address): back to the lead (303), with what was
 * typed and the messages in a one-minute cookie when it was refused.
 */
export const updateLead = adminRoute<{ id: string }>(
  async (req, { staff, params }) => {
    const id = leadIdOf(params.id);
    const body = await bodyOf(req);
    // JSON is checked before the lead is looked up, as before; a form's messages go back to its page
    const fromJson = body.form ? null : parsed(LeadUpdateSchema, body.raw, "Please check the highlighted fields.");
    const db = await getDb();
    const lead = await leadToWork(db, staff, id, "leads.update");
    const page = `/leads/${id}`;
    try {
      // a plain post is read for the form's own fields only: a button's name is not a refusal
      const input =
        fromJson ??
        parsed(
          LeadUpdateSchema,
          Object.fromEntries(Object.entries(body.form!).filter(([k]) => UPDATE_FIELDS.includes(k))),
          "Please check the highlighted fields.",
        );
      if (!canMove(lead.status, input.status))
        throw new HttpError(
          422,
          "Please check the highlighted fields.",
          {},
          { status: `A ${lead.status} lead cannot become ${input.status}` },
        );
      if (lead.status === input.status && !input.note)
        throw new HttpError(422, "Please check the highlighted fields.", {}, { note: "Write a note or choose another status" });
      const ok = await updateLeadStatus(db, lead.siteId, id, { from: lead.status, to: input.status, note: input.note }, actor(staff));
      if (!ok) throw new HttpError(409, "Someone else changed this lead just now. Reload the page to see their change.");
      if (body.form) return seeOther(`${page}?update=saved#update`);
      return json(200, { ok: true, status: input.status });
    } catch (e) {
      if (!body.form || !(e instanceof HttpError) || ![409, 422].includes(e.status)) throw e;
      const attempt = crypto.randomUUID().slice(0, 8);
      const values = Object.fromEntries(Object.entries(body.form).filter(([k]) => UPDATE_FIELDS.includes(k)));
      const errors = Object.fromEntries(
        Object.entries({ ...e.errors, form: e.message }).filter(([k]) => UPDATE_FIELDS.includes(k) || k === "form"),
      );
      return seeOther(
        `${page}?update=${attempt}#update`,
        flashCookie(req, UPDATE_FLASH_COOKIE, { site: lead.siteId, attempt, errors, values }),
      );
    }
  },
  { signedIn: "a role on the lead's site that allows the change (leadToWork)", write: true },
);

/**
 * POST /api/admin/leads/{id}/assign — {staff_id}: a manager of the lead's site gives it
 * to someone of that site's team; they get an email, and the history and audit log say so. 404 for
 * a lead not theirs, 403 for sales, 422 for someone not on the site's team.
 */
export const assignLeadRoute = adminRoute<{ id: string }>(
  async (req, { staff, params }) => {
    const id = leadIdOf(params.id);
    const body = parsed(LeadAssignSchema, await jsonBody(req), "Please check the highlighted fields.");
    const db = await getDb();
    const lead = await leadToWork(db, staff, id, "leads.assign");
    const to = (await listSiteStaff(db, lead.siteId)).find((m) => m.id === body.staff_id);
    if (!to) throw new HttpError(422, "Please check the highlighted fields.", {}, { staff_id: "Choose someone from this site's team" });
    await assignAndTell(db, { siteId: lead.siteId, id }, to, actor(staff), originFor(req.headers.get("host")!));
    return json(200, {
      ok: true,
      assigned_to: { id: to.id, name: to.name },
      message: `Assigned to ${to.name}. They have an email with the link.`,
    });
  },
  { signedIn: "a role on the lead's site that allows the change (leadToWork)", write: true },
);

/**
 * POST /api/admin/leads/{id}/take — anyone who works the lead's site takes it while nobody has it
 * (no body). The lead page's button posts it plainly: back to the lead (303) saying how it went. JSON
 * callers get 200, or 409 naming who took it first; taking one's own again is still 200 (a double tap).
 */
export const takeLeadRoute = adminRoute<{ id: string }>(
  async (req, { staff, params }) => {
    const id = leadIdOf(params.id);
    const db = await getDb();
    const lead = await leadToWork(db, staff, id, "leads.update");
    const holder = await takeLead(db, lead.siteId, id, { id: staff.id, name: staff.name, email: staff.email });
    if (!holder) throw new HttpError(404, "Unknown lead.");
    const mine = holder.id === staff.id;
    if (isMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded"))
      return seeOther(`/leads/${id}?take=${mine ? "taken" : "refused"}#assignee`);
    if (!mine) throw new HttpError(409, `${holder.name ?? "Someone else"} took this lead first.`);
    return json(200, { ok: true, assigned_to: { id: staff.id, name: staff.name }, message: "It's yours." });
  },
  { signedIn: "a role on the lead's site that allows the change (leadToWork)", write: true },
);

export const CALL_FLASH_COOKIE = "lead_call_form";
const CALL_FIELDS = ["outcome", "note", "follow_up_on"];

/**
 * POST /api/admin/leads/{id}/calls — {outcome, note, follow_up_on}: a call the salesperson logged
 * (201; 422 with a message per field; 404 for a lead not theirs). The lead page's form also posts it
 * plainly (it works without JavaScript): the browser goes back to the lead (303), with what was
 * typed and the messages in a one-minute cookie when it was refused.
 */
export const logCallRoute = adminRoute<{ id: string }>(
  async (req, { staff, params }) => {
    const id = leadIdOf(params.id);
    const db = await getDb();
    const lead = await leadToWork(db, staff, id, "leads.update");
    const body = await bodyOf(req);
    const page = `/leads/${id}`;
    let call;
    try {
      // a plain post is read for the form's own fields only: anything else a browser adds is not refused unseen
      const raw = body.form ? Object.fromEntries(Object.entries(body.form).filter(([k]) => CALL_FIELDS.includes(k))) : body.raw;
      call = parsed(LeadCallSchema, raw, "Please check the highlighted fields.");
    } catch (e) {
      if (!body.form || !(e instanceof HttpError)) throw e;
      const attempt = crypto.randomUUID().slice(0, 8);
      const values = Object.fromEntries(Object.entries(body.form).filter(([k]) => CALL_FIELDS.includes(k)));
      const errors = Object.fromEntries(
        Object.entries(e.errors ?? { form: e.message }).filter(([k]) => CALL_FIELDS.includes(k) || k === "form"),
      );
      return seeOther(
        `${page}?call=${attempt}#log-call`,
        flashCookie(req, CALL_FLASH_COOKIE, { site: lead.siteId, attempt, errors, values }),
      );
    }
    const saved = await logLeadCall(db, lead.siteId, id, call, actor(staff));
    if (!saved) throw new HttpError(404, "Unknown lead.");
    if (body.form) return seeOther(`${page}?call=saved#calls`);
    return json(201, { ok: true, id: saved.id, message: "Call logged." });
  },
  { signedIn: "a role on the lead's site that allows the change (leadToWork)", write: true },
);

/**
 * GET /api/admin/leads.csv?… — the inbox's filters; streamed 500 leads at a time, never held whole.
 * Every lead is a manager's or owner's to export (403 for a salesperson); `view=mine` is anyone's own.
 */
export const exportLeads = adminRoute(
  async (req, { staff }) => {
    const filter = leadFilterOf(new URL(req.url).searchParams);
    const siteIds = sitesFor(staff.roles, filter.view === "mine" ? "leads.read" : "leads.export");
    if (!siteIds.length) throw new HttpError(403, STAFF_MSG.exportAll);
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
        const page = await listExportLeads(db, siteIds, { ...filter, before }, 500, staff.id);
        if (page.leads.length) {
          // every message of each lead, in order: one query for the page's submissions
          const history = await getSubmissionsOf(
            db,
            page.leads.map((l) => ({ siteId: l.siteId, leadId: l.id })),
          );
          const rows = page.leads.map((l) => ({
            ...l,
            timeZone: l.locationTimezone ?? l.siteTimezone,
            history: history.get(l.id) ?? [],
          }));
          controller.enqueue(enc.encode(leadCsvLines(rows)));
        }
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
  },
  { signedIn: "the sites where they read or export leads, 403 for none" },
);

/** GET /api/admin/leads/{id}/files/{fileId} — an attachment, to staff of the lead's site only, always as a download. */
export const downloadLeadFile = adminRoute<{ id: string; fileId: string }>(
  async (_req, { staff, params }) => {
    const id = leadIdOf(params.id);
    if (!isCanonicalUuid(params.fileId)) throw new HttpError(404, "Unknown file.");
    const f = await getLeadFile(await getDb(), sitesFor(staff.roles, "leads.read"), id, params.fileId);
    if (!f) throw new HttpError(404, "Unknown file.");
    // from the disk or the bucket, whichever the row names (a row pointing anywhere else is never served);
    // its site and lead let an older row's absolute path be found after UPLOAD_DIR moved (a restore elsewhere)
    const file = await privateFiles()
      .open(f.path, { siteId: f.siteId, leadId: f.leadId })
      .catch((e: unknown) => {
        // the bucket refused, failed or was too slow: a passing outage, to be tried again (the message names no file)
        if (!(e instanceof PrivateStoreUnavailable)) throw e;
        siteLog(f.siteId).warn({ err: e.message }, "lead file download: the private file store did not answer");
        throw new HttpError(503, "The file store is not answering just now. Please try again in a minute.", { "retry-after": "30" });
      });
    if (!file) throw new HttpError(404, "The file is no longer stored.");
    const ascii = f.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    return new Response(file.body, {
      headers: {
        "content-type": f.contentType,
        // unknown when the bucket answered without a length: then the body is sent chunked
        ...(file.size !== null ? { "content-length": String(file.size) } : {}),
        "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.filename)}`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  },
  { signedIn: "the sites where they read leads (getLeadFile is given them)" },
);
