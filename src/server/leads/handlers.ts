import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { LeadEnvelopeSchema } from "@/domain/leads/lead";
import { MSG } from "@/domain/leads/messages";
import { resolveTenant, tenantKeyToParam } from "@/domain/site/tenant";
import { env } from "@/server/env";
import { createRateLimiter } from "@/server/http/rate-limit";
import { log, siteLog } from "@/server/log";
import type { LeadFileRecord } from "@/server/repositories/leads";
import { getSiteContext, type SiteContext } from "@/server/site-context";
import { changeLead, createLead, LeadValidationError, RejectedLeadError } from "./lead-service";

export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 5;
export const ALLOWED_FILE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "application/pdf"];

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => Response.json(body, { status, headers });

const g = globalThis as unknown as { __leadLimiter?: ReturnType<typeof createRateLimiter> };
const limiter = () => (g.__leadLimiter ??= createRateLimiter({ limit: env().LEAD_RATE_LIMIT, windowMs: 10 * 60_000 }));

/** The client address our server put in x-real-ip (from the socket, or X-Forwarded-For when TRUST_PROXY). */
const clientOf = (req: Request) => req.headers.get("x-real-ip") ?? "unknown";

async function tenantOf(req: Request): Promise<SiteContext> {
  const ctx = await getSiteContext(tenantKeyToParam(resolveTenant(req.headers.get("host"), env().DEFAULT_SITE)));
  if (!ctx) throw new HttpError(404, "Unknown site.");
  return ctx;
}

function limit(req: Request, ctx: SiteContext) {
  const r = limiter().take(`${ctx.site.id}|${clientOf(req)}`);
  if (!r.ok) throw new HttpError(429, "Too many enquiries from this connection. Please try again in a few minutes.", { "retry-after": String(r.retryAfter) });
}

/** Reads a JSON body of at most `max` bytes: 413 beyond, 400 when it is not JSON. */
async function readJson(req: Request, max = MAX_JSON_BYTES): Promise<unknown> {
  if (Number(req.headers.get("content-length") ?? 0) > max) throw new HttpError(413, `The request is too large (at most ${max / 1024} KB).`);
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const r = await reader?.read();
    if (!r || r.done) break;
    size += r.value.length;
    if (size > max) {
      await reader!.cancel();
      throw new HttpError(413, `The request is too large (at most ${max / 1024} KB).`);
    }
    chunks.push(r.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
}

function envelope(body: unknown): Record<string, unknown> {
  const r = LeadEnvelopeSchema.safeParse(body);
  if (!r.success) throw new LeadValidationError({ lead: 'Send the enquiry as {"lead": {…}}.' });
  return r.data.lead;
}

/** Tenant, errors and status codes, once for every lead route (422 for bad fields, never a 500). */
async function handle(req: Request, fn: (ctx: SiteContext) => Promise<Response>): Promise<Response> {
  let siteId: number | null = null;
  try {
    const ctx = await tenantOf(req);
    siteId = ctx.site.id;
    limit(req, ctx);
    return await fn(ctx);
  } catch (e) {
    if (e instanceof HttpError) return json(e.status, { error: e.message }, e.headers);
    if (e instanceof LeadValidationError) return json(422, { error: e.message, errors: e.errors });
    if (e instanceof RejectedLeadError) return json(400, { error: e.message });
    (siteId === null ? log : siteLog(siteId)).error({ err: e, path: new URL(req.url).pathname }, "lead could not be stored");
    return json(503, { error: MSG.submitFailed });
  }
}

const userAgent = (req: Request) => req.headers.get("user-agent");

async function saveFiles(form: FormData, siteId: number): Promise<(leadId: string) => Promise<LeadFileRecord[]>> {
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string");
  if (files.length > MAX_FILES) throw new LeadValidationError({ files: `Attach at most ${MAX_FILES} files.` });
  for (const f of files) {
    if (!ALLOWED_FILE_TYPES.includes(f.type)) throw new LeadValidationError({ files: `${f.name}: only JPEG, PNG, WebP, HEIC images and PDFs can be attached.` });
    if (f.size > MAX_FILE_BYTES) throw new LeadValidationError({ files: `${f.name} is larger than 10 MB.` });
  }
  return async (leadId) => {
    const dir = path.resolve(env().UPLOAD_DIR, String(siteId), leadId);
    await mkdir(dir, { recursive: true });
    return Promise.all(
      files.map(async (f, i) => {
        const safe = f.name.replace(/[^\w.-]+/g, "_").slice(-100) || "file";
        const file = path.join(dir, `${i + 1}-${safe}`);
        await writeFile(file, Buffer.from(await f.arrayBuffer()));
        return { filename: f.name.slice(0, 200), contentType: f.type, size: f.size, path: file };
      }),
    );
  };
}

/** POST, PUT and with-files, for the /api base or the /mock base (stored apart, never delivered). */
export function leadRoutes(mock: boolean) {
  return {
    // POST /api/leads — {lead:{…}} → 201 {lead:{id,…}}
    create: (req: Request) =>
      handle(req, async (ctx) => {
        const lead = await createLead({ ctx, lead: envelope(await readJson(req)), userAgent: userAgent(req), mock });
        return json(201, { lead });
      }),
    // PUT /api/leads/{lead_id} — {lead:{…}} → 200 {lead}, 404 when it is not this site's lead
    update: (req: Request, id: string) =>
      handle(req, async (ctx) => {
        if (!/^[0-9a-f-]{36}$/i.test(id)) throw new HttpError(404, "Unknown lead.");
        const lead = await changeLead({ ctx, id, lead: envelope(await readJson(req)), userAgent: userAgent(req), mock });
        if (!lead) throw new HttpError(404, "Unknown lead.");
        return json(200, { lead });
      }),
    // POST /api/leads/with-files — multipart: `lead` (the JSON envelope or the lead object) and `files`
    withFiles: (req: Request) =>
      handle(req, async (ctx) => {
        const max = MAX_FILES * MAX_FILE_BYTES + MAX_JSON_BYTES;
        if (Number(req.headers.get("content-length") ?? 0) > max) throw new HttpError(413, "The attachments are too large (at most 5 files of 10 MB).");
        if (!(req.headers.get("content-type") ?? "").includes("multipart/form-data")) throw new HttpError(415, "Send the enquiry as multipart/form-data.");
        let form: FormData;
        try {
          form = await req.formData();
        } catch {
          throw new HttpError(400, "The form data could not be read.");
        }
        const raw = form.get("lead");
        let body: unknown;
        try {
          body = typeof raw === "string" ? JSON.parse(raw) : null;
        } catch {
          throw new HttpError(400, "The lead field is not valid JSON.");
        }
        const lead = body && typeof body === "object" && "lead" in body ? envelope(body) : envelope({ lead: body });
        const files = await saveFiles(form, ctx.site.id);
        let written: string | null = null;
        try {
          const created = await createLead({ ctx, lead, userAgent: userAgent(req), mock, files: async (id) => ((written = id), files(id)) });
          return json(201, { lead: created });
        } catch (e) {
          if (written) await rm(path.resolve(env().UPLOAD_DIR, String(ctx.site.id), written), { recursive: true, force: true });
          throw e;
        }
      }),
  };
}


