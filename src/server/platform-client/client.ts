import "server-only";
import type { z } from "zod";
import {
  PLATFORM_CACHE_SECONDS,
  PLATFORM_FETCH_RETRIES,
  SearchPageTemplatesSchema,
  SearchSlugsSchema,
  WebsiteSessionSchema,
  type SearchPageTemplatesAnswer,
  type SearchSlugs,
  type WebsiteSession,
} from "@/domain/platform/contract";
import type { AnswerCache, CachedAnswer } from "./answer-cache";
import { mediaTypeOf } from "@/domain/http/content-type";

/**
 * The storefront's client of the dashboard's data API (docs/features/platform-api.md).
 *
 * - Every call is retried up to PLATFORM_FETCH_RETRIES (2) more times with exponential backoff on a
 *   network error, a timeout or a 5xx, never on a 4xx; each failure is logged.
 * - Answers are read as JSON, text or a blob by their content type, and JSON is validated against
 *   the contract's schema before anything uses it.
 * - Answers are cached for PLATFORM_CACHE_SECONDS (one week). Once older than `revalidateMs` an
 *   answer is still served while one background request revalidates it (If-None-Match / 304); an
 *   invalidated answer (the dashboard's webhook) is fetched before it is served; when the dashboard
 *   cannot be reached, the cached answer keeps serving for the rest of its week.
 */
export type Answer = { kind: "json"; value: unknown } | { kind: "text"; value: string } | { kind: "blob"; value: Blob };

/** The dashboard answered 4xx: a definite answer, never retried. */
export class PlatformHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`platform API answered ${status} for ${path}`);
  }
}
/** The dashboard could not be reached (network, timeout, 5xx) after every attempt, and nothing was cached. */
export class PlatformUnavailableError extends Error {}
/** The dashboard's answer did not follow the contract. */
export class PlatformContractError extends Error {}

type Log = { warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

export type PlatformClientOptions = {
  baseUrl: string;
  credentials?: { user: string; password: string };
  cache: AnswerCache;
  revalidateMs: number;
  maxAgeMs?: number;
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: Log;
};

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const siteTag = (siteId: number) => `platform-site:${siteId}`;

/** How an answer is read by its content type: JSON for application/json and any +json type, text for text/*, else a blob. */
function answerKind(contentType: string): Answer["kind"] {
  const type = mediaTypeOf(contentType);
  if (type === "application/json" || type.endsWith("+json")) return "json";
  return type.startsWith("text/") ? "text" : "blob";
}

export function readAnswer(contentType: string, bytes: Uint8Array): Answer {
  const kind = answerKind(contentType);
  if (kind === "json") {
    try {
      return { kind, value: JSON.parse(new TextDecoder().decode(bytes)) };
    } catch {
      throw new PlatformContractError(`the answer says ${mediaTypeOf(contentType)} but is not JSON`);
    }
  }
  if (kind === "text") return { kind, value: new TextDecoder().decode(bytes) };
  return { kind, value: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mediaTypeOf(contentType) || "application/octet-stream" }) };
}

function answerOf(e: CachedAnswer): Answer {
  return readAnswer(e.contentType, e.encoding === "utf8" ? new TextEncoder().encode(e.body) : Buffer.from(e.body, "base64"));
}

/** The request's headers: JSON wanted, Basic auth where the path needs it, and what a cached answer can be revalidated by. */
function requestHeaders(authHeader: string | null, cached: CachedAnswer | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (authHeader) headers.authorization = authHeader;
  if (cached?.etag) headers["if-none-match"] = cached.etag;
  else if (cached?.lastModified) headers["if-modified-since"] = cached.lastModified;
  return headers;
}

/** A 2xx answer as the cache keeps it (text as it is, anything else in base64), read to its end. */
async function storedAnswer(res: Response, path: string, tags: string[], now: () => number): Promise<CachedAnswer> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new PlatformContractError(`the answer for ${path} is over ${MAX_BODY_BYTES} bytes`);
  const contentType = res.headers.get("content-type") ?? "application/octet-stream";
  const text = answerKind(contentType) !== "blob";
  return {
    url: path,
    fetchedAt: now(),
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
    contentType,
    body: text ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString("base64"),
    encoding: text ? "utf8" : "base64",
    tags,
    invalid: false,
  };
}

/** A 404 for a site's path: no site has that id. */
function nullIfUnknown(err: unknown): null {
  if (err instanceof PlatformHttpError && err.status === 404) return null;
  throw err;
}

/** Whether the dashboard answers, and how often it was asked. */
type ClientState = { up: boolean; lastFailureAt: number; lastSuccessAt: number; requests: number };

/** The requests to the dashboard, each with its retries; `state` notes whether it answers. */
function createFetcher(o: PlatformClientOptions, state: ClientState) {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const retries = o.retries ?? PLATFORM_FETCH_RETRIES;
  const backoff = o.backoffMs ?? 200;
  const timeoutMs = o.timeoutMs ?? 5000;
  const base = o.baseUrl.replace(/\/+$/, "");
  const authHeader = o.credentials ? `Basic ${Buffer.from(`${o.credentials.user}:${o.credentials.password}`).toString("base64")}` : null;
  const markUp = () => {
    state.up = true;
    state.lastSuccessAt = now();
  };

  /** One request with its retries; a 304 refreshes the cached entry. */
  return async function fetchAnswer(path: string, auth: boolean, tags: string[], cached: CachedAnswer | undefined): Promise<CachedAnswer> {
    const url = `${base}${path}`;
    for (let attempt = 0; ; attempt++) {
      let failure: string;
      try {
        state.requests++;
        const headers = requestHeaders(auth ? authHeader : null, cached);
        const res = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
        if (res.status === 304 && cached) {
          await res.body?.cancel();
          markUp();
          return { ...cached, fetchedAt: now(), invalid: false, etag: res.headers.get("etag") ?? cached.etag };
        }
        if (res.status < 500) {
          markUp();
          if (!res.ok) {
            await res.body?.cancel();
            throw new PlatformHttpError(res.status, path);
          }
          return await storedAnswer(res, path, tags, now);
        }
        await res.body?.cancel();
        failure = `status ${res.status}`;
      } catch (err) {
        if (err instanceof PlatformHttpError || err instanceof PlatformContractError) throw err;
        failure = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      }
      // logged, then retried up to two more times
      o.log?.warn({ path, attempt: attempt + 1, of: retries + 1, failure }, "platform API request failed");
      if (attempt >= retries) {
        state.up = false;
        state.lastFailureAt = now();
        throw new PlatformUnavailableError(`platform API unreachable for ${path} after ${retries + 1} attempts (${failure})`);
      }
      await sleep(backoff * 2 ** attempt);
    }
  };
}

export function createPlatformClient(o: PlatformClientOptions) {
  const now = o.now ?? Date.now;
  const maxAge = o.maxAgeMs ?? PLATFORM_CACHE_SECONDS * 1000;
  const inflight = new Map<string, Promise<CachedAnswer>>();
  const state: ClientState = { up: true, lastFailureAt: 0, lastSuccessAt: 0, requests: 0 };
  const fetchAnswer = createFetcher(o, state);

  /** Fetches once per path at a time, stores the result. */
  function refresh(path: string, auth: boolean, tags: string[], cached: CachedAnswer | undefined): Promise<CachedAnswer> {
    let p = inflight.get(path);
    if (!p) {
      p = fetchAnswer(path, auth, tags, cached)
        .then((e) => {
          o.cache.set(e);
          return e;
        })
        .finally(() => inflight.delete(path));
      inflight.set(path, p);
    }
    return p;
  }

  /** A path's answer through the cache (see the module comment for when it fetches). */
  async function get(path: string, opts: { auth?: boolean; tags?: string[] } = {}): Promise<Answer> {
    const auth = opts.auth ?? false;
    const tags = opts.tags ?? [];
    const cached = o.cache.get(path);
    const age = cached ? now() - cached.fetchedAt : Infinity;
    const usable = cached && age < maxAge ? cached : undefined;
    if (usable && !usable.invalid) {
      if (age >= o.revalidateMs)
        refresh(path, auth, tags, usable).catch((err: unknown) =>
          o.log?.warn(
            { path, err: err instanceof Error ? err.message : String(err) },
            "platform API revalidation failed: serving the cached answer",
          ),
        );
      return answerOf(usable);
    }
    try {
      return answerOf(await refresh(path, auth, tags, usable));
    } catch (err) {
      if (usable && !(err instanceof PlatformHttpError)) {
        o.log?.error(
          { path, err: err instanceof Error ? err.message : String(err) },
          "platform API unavailable: serving the cached answer",
        );
        return answerOf(usable);
      }
      throw err;
    }
  }

  async function getJson<S extends z.ZodType>(path: string, schema: S, opts: { auth?: boolean; tags?: string[] }): Promise<z.infer<S>> {
    const answer = await get(path, opts);
    if (answer.kind !== "json") throw new PlatformContractError(`${path} answered ${answer.kind}, not JSON`);
    const parsed = schema.safeParse(answer.value);
    if (!parsed.success)
      throw new PlatformContractError(`${path} does not follow the contract: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    return parsed.data;
  }

  return {
    get,
    /** GET /api/v1/websites/{siteId}/website_session_data.json (null: no site configured with this id) */
    websiteSession: (siteId: number): Promise<WebsiteSession> =>
      getJson(`/api/v1/websites/${siteId}/website_session_data.json`, WebsiteSessionSchema, { tags: [siteTag(siteId)] }),
    /** GET /websites/{siteId}/pages/search_slugs.json (Basic auth); null for an unknown site */
    searchSlugs: async (siteId: number): Promise<SearchSlugs | null> =>
      getJson(`/websites/${siteId}/pages/search_slugs.json`, SearchSlugsSchema, { auth: true, tags: [siteTag(siteId)] }).catch(
        nullIfUnknown,
      ),
    /** GET /websites/{siteId}/search_page_templates.json (Basic auth); null for an unknown site */
    searchPageTemplates: async (siteId: number): Promise<SearchPageTemplatesAnswer | null> =>
      getJson(`/websites/${siteId}/search_page_templates.json`, SearchPageTemplatesSchema, { auth: true, tags: [siteTag(siteId)] }).catch(
        nullIfUnknown,
      ),
    /** Marks every cached answer of the site stale (the next read fetches first); returns how many. */
    invalidateSite: (siteId: number) => o.cache.invalidateTag(siteTag(siteId)),
    state,
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
