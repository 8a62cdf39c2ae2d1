import "server-only";
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { LeadEnvelopeSchema, leadFromFormFields } from "@/domain/leads/lead";
import { MSG } from "@/domain/leads/messages";
import { idempotencyKeyOf } from "@/domain/leads/idempotency";
import { env } from "@/server/base/env";
import { errorAnswer, HttpError, json } from "@/server/http/api";
import { tenantOf } from "@/server/site/api";
import { checkOrigin, readJson, readText, readTextUpTo } from "@/server/http/body";
import { currentCustomer } from "@/server/auth/handlers";
import { clientAddressOf, limitOrThrow, sharedLimiter, type RateLimiter } from "@/server/http/rate-limit";
import type { LeadFileRecord } from "@/server/repositories/leads";
import { leadFileKey, privateFiles, PrivateStoreUnavailable } from "@/server/files/private-files";
import { log, siteLog } from "@/server/base/log";
import type { SiteContext } from "@/server/site/context";
import { changeLead, createLead, IdempotentReplay, LeadValidationError, RejectedLeadError, type Idempotency } from "./lead-service";
import { incomingDir, receiveMultipart, UploadError, type ReceivedFile } from "@/server/http/multipart";
import { isUuid } from "@/domain/ids";
import { mediaTypeOf } from "@/domain/http/content-type";
import { encodeFormFlash } from "@/domain/http/form-flash";
import { LEAD_FORM_FLASH_COOKIE, leadFromPostedForm, type PostedLead } from "@/domain/leads/posted-form";
import { formSuccessUrl } from "@/domain/leads/success";
import { FORMS } from "@/domain/leads/forms";
import { BookingRefused } from "@/server/bookings/booking-service";

export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 5;
export const MAX_UPLOAD_BYTES = MAX_FILES * MAX_FILE_BYTES + MAX_JSON_BYTES + 64 * 1024; // files, the lead, multipart framing
const RATE_WINDOW_MS = 10 * 60_000;

/** Lead submissions per client and site: in memory on the embedded database, in PostgreSQL (shared by every process) otherwise. */
const limiter = (): RateLimiter =>
  sharedLimiter("lead", { limit: env().LEAD_RATE_LIMIT, windowMs: RATE_WINDOW_MS, databaseUrl: env().DATABASE_URL });

function requireType(req: Request, types: BodyType[]): BodyType {
  const given = mediaTypeOf(req.headers.get("content-type"));
  const type = types.find((t) => t === given);
  if (!type) throw new HttpError(415, `Send the enquiry as ${types.join(" or ")}.`);
  return type;
}

function envelope(body: unknown): Record<string, unknown> {
  const r = LeadEnvelopeSchema.safeParse(body);
  if (!r.success) throw new LeadValidationError({ lead: 'Send the enquiry as {"lead": {…}}.' });
  return r.data.lead;
}

type BodyType = "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded";
/** `form`: a no-JavaScript form, whose refusals go back to its page rather than to a page of JSON. */
type Checks = { mock: boolean; types: BodyType[]; form?: boolean };

/**
 * Tenant, origin, content type, rate limit, errors and status codes, once for every lead route:
 * 422 for bad fields (which give their rate-limit point back), 503 only when the database is down,
 * never a stack trace. Personal data never reaches the log.
 */
async function handle(req: Request, checks: Checks, fn: (ctx: SiteContext, type: BodyType) => Promise<Response>): Promise<Response> {
  let siteId: number | null = null;
  let limitKey: string | null = null;
  try {
    const ctx = await tenantOf(req);
    siteId = ctx.site.id;
    if (checks.mock && !ctx.features.mock_leads) throw new HttpError(404, "Not found.");
    checkOrigin(req, "Enquiries can only be sent from this website.");
    const type = requireType(req, checks.types);
    limitKey = await limitOrThrow(
      limiter(),
      `${ctx.site.id}|${clientAddressOf(req)}`,
      "Too many enquiries from this connection. Please try again in a few minutes.",
    );
    return await fn(ctx, type);
  } catch (e) {
    // a form posted without JavaScript and refused: back to its page (its rate-limit point given back)
    if (e instanceof FormRefused) {
      if (limitKey) await limiter().refund(limitKey);
      return e.answer;
    }
    // a retry of a stored submission: the first lead's answer, as it was given
    if (e instanceof IdempotentReplay) return json(201, e.body, { "idempotent-replayed": "true" });
    if ((e instanceof LeadValidationError || e instanceof BookingRefused) && limitKey) await limiter().refund(limitKey);
    const answer = asHttpError(e, checks.form);
    if (checks.form && siteId !== null && answer instanceof HttpError) {
      const back = await backToFormAfter(req, siteId, answer, e instanceof UploadError ? e.fields : null);
      if (back) return back;
    }
    return errorAnswer(answer, req, siteId, { message: MSG.submitFailed, logAs: "lead could not be stored" });
  }
}

/**
 * The bucket did not take a lead's attachments (refused, 5xx, unreachable, too slow): nothing is
 * stored, and the shopper is asked to send again shortly: the enhanced form keeps what was typed and
 * the files picked, and resends with the same Idempotency-Key; a plain post goes back to its page with
 * the values (files cannot be kept there, so they are picked again).
 */
const FILES_NOT_STORED = "We could not store your attachments just now. Please send your enquiry again in a minute.";

/**
 * The lead pipeline's own errors as the answers they are; anything else stays as thrown. A refused
 * attachment's message is the API's under the part it came in, and a plain form's under its files
 * (its page shows its own fields' messages; the message names the part).
 */
function asHttpError(e: unknown, form = false): unknown {
  if (e instanceof PrivateStoreUnavailable) {
    log.warn({ err: e.message }, "lead attachments not stored: the private file store did not answer");
    return new HttpError(503, FILES_NOT_STORED, { "retry-after": "30" });
  }
  if (e instanceof LeadValidationError) return new HttpError(422, e.message, {}, e.errors);
  if (e instanceof BookingRefused)
    return new HttpError(e.status, e.message, {}, e.errors, e.status === 409 ? { next_starts: e.next } : undefined);
  if (e instanceof UploadError)
    return e.status === 422
      ? new HttpError(422, "Please check the highlighted fields.", {}, { [form ? "files" : (e.part ?? "files")]: e.message })
      : new HttpError(e.status, e.message);
  if (e instanceof RejectedLeadError) return new HttpError(400, e.message);
  return e;
}

/** A refused plain form post's answer: the 303 back to its page with the flash cookie. */
class FormRefused extends Error {
  constructor(readonly answer: Response) {
    super("form refused");
  }
}

const seeOther = (location: string, cookie: string) =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "set-cookie": cookie } });

/**
 * The flash cookie for the form's page: the typed values and messages for one minute (read back by
 * the page: src/app/sites/[site]/_routes/form.ts), or cleared once the lead is stored. HttpOnly, and
 * only on that page's path.
 */
function flashCookie(req: Request, page: string, value: string | null): string {
  const secure = new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  const path = page.split("?")[0];
  return `${LEAD_FORM_FLASH_COOKIE}=${value ?? ""}; Path=${path}; Max-Age=${value ? 60 : 0}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Back to a posted form's page (303) with what was typed and each message. */
function backToForm(req: Request, siteId: number, posted: PostedLead & { returnTo: string }, errors: Record<string, string>): Response {
  const flash = encodeFormFlash({ site: siteId, attempt: posted.kind ?? "", errors, values: posted.values });
  return seeOther(posted.returnTo, flashCookie(req, posted.returnTo, flash));
}

/** A posted form's lead refused field by field: back to its page with what was typed and each message. */
function refuse(req: Request, siteId: number, posted: PostedLead & { returnTo: string }, errors: Record<string, string>): never {
  throw new FormRefused(backToForm(req, siteId, posted, errors));
}

/** The refusals a shopper can do something about by sending the form again (later, smaller, from the site itself). */
const BACK_TO_FORM = new Set([403, 409, 413, 422, 429, 503]);

/**
 * A no-JavaScript form refused before or while it was read (another website, the rate limit, too
 * large, an attachment refused): back to its page with the message and what was typed, never a page
 * of JSON. `fields` are those read before the refusal; an unread body is read for its fields alone
 * (no file is kept). Null when the post names no page of this site to go back to.
 */
async function backToFormAfter(
  req: Request,
  siteId: number,
  e: HttpError,
  fields: Array<[string, string]> | null,
): Promise<Response | null> {
  if (!BACK_TO_FORM.has(e.status)) return null;
  const posted = leadFromPostedForm(fields ?? (req.bodyUsed ? [] : await fieldsOnly(req)));
  if (!posted.kind || !posted.returnTo) return null;
  // a post from another website never fills in this site's form: its message alone
  const values = e.status === 403 ? {} : posted.values;
  return backToForm(req, siteId, { ...posted, returnTo: posted.returnTo, values }, e.errors ?? { form: e.message });
}

/**
 * A posted form's fields without its files (none is stored): a form-encoded body's first 64 KB (a
 * field cut there is left out), a multipart body's fields up to its first file part.
 */
async function fieldsOnly(req: Request): Promise<Array<[string, string]>> {
  const type = mediaTypeOf(req.headers.get("content-type"));
  if (type === "application/x-www-form-urlencoded") {
    const { text, cut } = await readTextUpTo(req, MAX_JSON_BYTES);
    const fields = [...new URLSearchParams(text)];
    return cut ? fields.slice(0, -1) : fields;
  }
  if (type !== "multipart/form-data") return [];
  const temp = incomingDir(env().UPLOAD_DIR);
  const limits = { files: 0, fileBytes: 0, totalBytes: MAX_JSON_BYTES, fieldBytes: MAX_JSON_BYTES };
  return receiveMultipart(req.body, req.headers.get("content-type") ?? "", temp, limits)
    .then(
      (r) => r.fields,
      (e: unknown) => (e instanceof UploadError ? e.fields : []),
    )
    .finally(() => rm(temp, { recursive: true, force: true }));
}

const userAgent = (req: Request) => req.headers.get("user-agent");

/**
 * The request's Idempotency-Key with a digest of what it sends (the lead, and its files' names and
 * sizes): the same key with another body is refused rather than answered with someone's lead.
 */
function idempotencyOf(req: Request, sent: unknown): Idempotency | undefined {
  const given = idempotencyKeyOf(req.headers.get("idempotency-key"));
  if (given === null) return undefined;
  if ("error" in given) throw new LeadValidationError({ idempotency_key: given.error });
  return { key: given.key, hash: digestOf(sent) };
}

const digestOf = (sent: unknown) => createHash("sha256").update(JSON.stringify(sent)).digest("base64url");

/**
 * A no-JavaScript form's submission token, honoured like an Idempotency-Key. The token is written
 * into the page, and the page cache serves one copy to many shoppers, so the key is the token with a
 * digest of what was sent: the same form sent again makes one lead, another shopper's enquiry from
 * the same copy is a lead of its own.
 */
function formIdempotency(token: string, sent: unknown): Idempotency {
  const hash = digestOf(sent);
  return { key: `form:${token}:${hash}`, hash };
}

/**
 * Moves the received files into the private file store (the bucket when S3 is set, else UPLOAD_DIR)
 * once the lead's id is known. Each file stored is recorded in `placed` as soon as it is, so the
 * caller can take them all offline again if the lead is not stored after all.
 */
function placeFiles(received: ReceivedFile[], siteId: number, placed: LeadFileRecord[]) {
  return async (leadId: string): Promise<LeadFileRecord[]> => {
    const store = privateFiles();
    const results = await Promise.allSettled(
      received.map(async (f) => {
        const ref = await store.putFile(leadFileKey(siteId, leadId, path.basename(f.tempPath)), f.tempPath, f.contentType);
        const record = { filename: f.filename, contentType: f.contentType, size: f.size, path: ref };
        placed.push(record);
        return record;
      }),
    );
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    return results.map((r) => (r as PromiseFulfilledResult<LeadFileRecord>).value);
  };
}

/**
 * Takes a refused submission's stored files offline again. It never throws: it runs while another
 * answer is under way (a replayed 201, a refused form's 303, a 503), which a failed delete must not
 * replace. What is left behind is named by no row and never served; the log says how many, never
 * the files' names (a shopper's).
 */
async function unplace(siteId: number, placed: LeadFileRecord[]): Promise<void> {
  if (!placed.length) return;
  await privateFiles()
    .remove(placed.map((f) => f.path))
    .catch((e: unknown) => {
      const reason = e instanceof PrivateStoreUnavailable ? e.message : ((e as NodeJS.ErrnoException).code ?? "unknown error");
      siteLog(siteId).warn({ files: placed.length, reason }, "a refused lead's attachments could not be removed");
    });
}

const withFields = (e: UploadError, fields: Array<[string, string]>) => Object.assign(e, { fields });

/** The posted form's fields and files (multipart) or fields (form-encoded), the files in `temp`. */
async function receivePosted(req: Request, type: BodyType, temp: string) {
  if (type === "application/x-www-form-urlencoded") {
    const { text, cut } = await readTextUpTo(req, MAX_JSON_BYTES);
    const fields = [...new URLSearchParams(text)];
    if (cut) throw withFields(new UploadError(413, `The request is too large (at most ${MAX_JSON_BYTES / 1024} KB).`), fields.slice(0, -1));
    return { fields, files: [] as ReceivedFile[] };
  }
  if (Number(req.headers.get("content-length") ?? 0) > MAX_UPLOAD_BYTES)
    throw withFields(new UploadError(413, "The attachments are too large (at most 5 files of 10 MB)."), await fieldsOnly(req));
  const received = await receiveMultipart(req.body, req.headers.get("content-type") ?? "", temp, {
    fileBytes: MAX_FILE_BYTES,
    files: MAX_FILES,
    totalBytes: MAX_UPLOAD_BYTES,
    fieldBytes: MAX_JSON_BYTES,
  });
  return received;
}

// POST /api/leads — {lead:{…}} → 201 {lead:{id,…}}
const createRoute = (mock: boolean) => (req: Request) =>
  handle(req, { mock, types: ["application/json"] }, async (ctx) => {
    const body = envelope(await readJson(req, MAX_JSON_BYTES));
    // with lead_id the existing lead is updated
    if (body.lead_id !== undefined) {
      if (!isUuid(body.lead_id)) throw new HttpError(404, "Unknown lead.");
      const updated = await changeLead({
        ctx,
        id: body.lead_id,
        lead: body,
        userAgent: userAgent(req),
        host: req.headers.get("host"),
        mock,
      });
      if (!updated) throw new HttpError(404, "Unknown lead.");
      return json(200, { lead: updated });
    }
    const idempotency = idempotencyOf(req, body);
    const lead = await createLead({
      ctx,
      lead: body,
      userAgent: userAgent(req),
      host: req.headers.get("host"),
      mock,
      // a signed-in customer's enquiry is listed in their garage
      customerId: (await currentCustomer(req.headers, ctx))?.id ?? null,
      ...(idempotency ? { idempotency } : {}),
    });
    return json(201, { lead });
  });

// PUT /api/leads/{lead_id} — {lead:{…}} → 200 {lead}, 404 when it is not this site's lead
const updateRoute = (mock: boolean) => (req: Request, id: string) =>
  handle(req, { mock, types: ["application/json"] }, async (ctx) => {
    if (!isUuid(id)) throw new HttpError(404, "Unknown lead.");
    const lead = await changeLead({
      ctx,
      id,
      lead: envelope(await readJson(req, MAX_JSON_BYTES)),
      userAgent: userAgent(req),
      host: req.headers.get("host"),
      mock,
    });
    if (!lead) throw new HttpError(404, "Unknown lead.");
    return json(200, { lead });
  });

// POST /api/leads/form — an enquiry form posted by the browser without JavaScript (form-encoded, or
// multipart with its files): the same checks and schema as POST /api/leads; 303 to the success
// page, or back to the form with its values and messages in a one-minute cookie (never the URL)
const formRoute = (mock: boolean) => (req: Request) =>
  handle(req, { mock, types: ["application/x-www-form-urlencoded", "multipart/form-data"], form: true }, async (ctx, type) => {
    const temp = incomingDir(env().UPLOAD_DIR);
    const placed: LeadFileRecord[] = [];
    try {
      const { fields, files } = await receivePosted(req, type, temp);
      const posted = leadFromPostedForm(fields);
      const { returnTo } = posted;
      if (!posted.kind || !returnTo || posted.submission === "invalid")
        throw new HttpError(400, "Send the enquiry from one of this website's forms.");
      const sent = { lead: posted.lead, files: files.map((f) => [f.filename, f.size]) };
      await createLead({
        ctx,
        lead: { ...posted.lead, page_id: returnTo.split("?")[0], ...(files.length ? { has_files: true } : {}) },
        userAgent: userAgent(req),
        host: req.headers.get("host"),
        mock,
        customerId: (await currentCustomer(req.headers, ctx))?.id ?? null,
        ...(files.length ? { files: placeFiles(files, ctx.site.id, placed) } : {}),
        ...(posted.submission ? { idempotency: formIdempotency(posted.submission, sent) } : {}),
      }).catch(async (e: unknown) => {
        // the same form sent again (a double tap, a reload): its lead is stored already, so on to the success page
        if (e instanceof IdempotentReplay) return void (await unplace(ctx.site.id, placed));
        if (e instanceof LeadValidationError || e instanceof BookingRefused) refuse(req, ctx.site.id, { ...posted, returnTo }, e.errors);
        if (e instanceof UploadError && e.status === 422) refuse(req, ctx.site.id, { ...posted, returnTo }, { files: e.message });
        // the bucket is down: back to the page with what was typed (a JSON 503 would lose it)
        if (e instanceof PrivateStoreUnavailable) {
          siteLog(ctx.site.id).warn({ err: e.message }, "lead attachments not stored: the private file store did not answer");
          refuse(req, ctx.site.id, { ...posted, returnTo }, { files: FILES_NOT_STORED });
        }
        throw e;
      });
      const chosen = typeof posted.lead.category === "string" ? posted.lead.category : undefined;
      return seeOther(formSuccessUrl(FORMS[posted.kind].category, chosen, posted.carType), flashCookie(req, returnTo, null));
    } catch (e) {
      await unplace(ctx.site.id, placed);
      throw e;
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });

// POST /api/leads/with-files — multipart: `lead` (the JSON envelope or the lead object, or
// `lead[field]` fields) and `files`; or form-encoded `lead[field]=…` (docs/features/forms-and-leads.md), without files
const withFilesRoute = (mock: boolean) => (req: Request) =>
  handle(req, { mock, types: ["multipart/form-data", "application/x-www-form-urlencoded"] }, async (ctx, type) => {
    if (type === "application/x-www-form-urlencoded") {
      const text = await readText(req, MAX_JSON_BYTES);
      const lead = leadFromFormFields(new URLSearchParams(text));
      const idempotency = idempotencyOf(req, lead);
      const created = await createLead({
        ctx,
        lead: envelope({ lead }),
        userAgent: userAgent(req),
        host: req.headers.get("host"),
        mock,
        customerId: (await currentCustomer(req.headers, ctx))?.id ?? null,
        ...(idempotency ? { idempotency } : {}),
      });
      return json(201, { lead: created });
    }
    if (Number(req.headers.get("content-length") ?? 0) > MAX_UPLOAD_BYTES)
      throw new HttpError(413, "The attachments are too large (at most 5 files of 10 MB).");
    const temp = incomingDir(env().UPLOAD_DIR);
    const placed: LeadFileRecord[] = [];
    try {
      const { fields, files } = await receiveMultipart(req.body, req.headers.get("content-type") ?? "", temp, {
        fileBytes: MAX_FILE_BYTES,
        files: MAX_FILES,
        totalBytes: MAX_UPLOAD_BYTES,
        fieldBytes: MAX_JSON_BYTES,
      });
      let body: unknown;
      const leadJson = fields.find(([k]) => k === "lead")?.[1];
      if (leadJson !== undefined) {
        try {
          body = JSON.parse(leadJson);
        } catch {
          throw new HttpError(400, "The lead field is not valid JSON.");
        }
      } else body = leadFromFormFields(fields);
      const lead = body && typeof body === "object" && "lead" in body ? envelope(body) : envelope({ lead: body });
      const place = placeFiles(files, ctx.site.id, placed);
      // lead_id: files sent with a lead this visit already sent are added to it
      if (lead.lead_id !== undefined) {
        if (!isUuid(lead.lead_id)) throw new HttpError(404, "Unknown lead.");
        const leadId = lead.lead_id;
        const updated = await changeLead({
          ctx,
          id: leadId,
          lead,
          userAgent: userAgent(req),
          host: req.headers.get("host"),
          mock,
          // only these files are removed if the update fails: the lead's earlier files stay
          files: place,
        });
        if (!updated) throw new HttpError(404, "Unknown lead.");
        return json(200, { lead: updated });
      }
      const idempotency = idempotencyOf(req, { lead, files: files.map((f) => [f.filename, f.size]) });
      const created = await createLead({
        ctx,
        lead,
        userAgent: userAgent(req),
        host: req.headers.get("host"),
        mock,
        customerId: (await currentCustomer(req.headers, ctx))?.id ?? null,
        files: place,
        ...(idempotency ? { idempotency } : {}),
      });
      return json(201, { lead: created });
    } catch (e) {
      await unplace(ctx.site.id, placed);
      throw e;
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });

/** The four lead routes, for the /api base or, with `mock`, the /mock base. */
const routesFor = (mock: boolean) => ({
  create: createRoute(mock),
  update: updateRoute(mock),
  form: formRoute(mock),
  withFiles: withFilesRoute(mock),
});

/** POST, PUT, form and with-files under /api: leads stored and delivered to the dealer. */
export const liveLeadRoutes = () => routesFor(false);

/** The same routes under /mock: leads stored apart and never delivered (a site trying its forms). */
export const mockLeadRoutes = () => routesFor(true);
