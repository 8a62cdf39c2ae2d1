import "server-only";
import { type IncomingMessage, ServerResponse } from "node:http";
import { isMediaType } from "@/domain/http/content-type";
import { log } from "@/server/base/log";
import { EDGE_MESSAGES } from "@/domain/http/messages";
import { own } from "@/domain/own";
import { ERROR_PAGE_CSP, sendError } from "./security";

/** Response headers that reveal internals (the rewritten /sites/… path, the framework). */
const HIDDEN = /^(x-middleware-|x-powered-by$|x-nextjs-(rewritten-path|rewritten-query|matched-path)$)/i;

export const RETRY_AFTER_SECONDS = 30;

/** What a response's body is read by as it is written (the page cache keeping a copy). */
export type BodyTap = { chunk: (b: Buffer) => void; end: () => void };

type Guard = {
  api: boolean;
  isDatabaseUp: () => Promise<boolean>;
  /** the answer being written is a failure this guard replaces */
  replacing: boolean;
  /** the replacement is written: everything passes from here */
  done: boolean;
};

/** The headers object among writeHead's arguments (status message and headers are both optional). */
const headersArg = (args: unknown[]) =>
  args.find((a) => a && typeof a === "object" && !Array.isArray(a)) as Record<string, unknown> | undefined;
const headerIn = (h: Record<string, unknown> | undefined, name: string) =>
  h && Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1];
const asBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
};

/**
 * The edge's one wrapper of Node's response (the server creates every response as this class):
 * - internal headers never leave, whichever way the framework sets them (setHeader, appendHeader,
 *   writeHead), and the security headers go on every answer unless its route set its own
 *   (`secureHeaders`; the page CSP on HTML answers only);
 * - never Next's bare failures (`guardErrors`): a server error becomes our own page (JSON on API
 *   paths), a 503 with Retry-After when the database is down, else a 500; an API error without a
 *   JSON body (Next's own 404/405) becomes our JSON {error}. No stack trace or SQL reaches the
 *   client; our handlers' own JSON answers (a lead's 503 with the form's text) pass;
 * - the body can be read as it streams (`tapBody`: the page cache keeps its copy).
 */
export class EdgeResponse extends ServerResponse<IncomingMessage> {
  #defaults: Record<string, string> = {};
  #htmlOnly: Record<string, string> = {};
  #guard: Guard | undefined;
  #taps: BodyTap[] = [];

  /** `defaults` go on every answer, `htmlOnly` (the page CSP) on HTML answers, unless the route set its own. */
  secureHeaders(defaults: Record<string, string>, htmlOnly: Record<string, string> = {}): void {
    this.#defaults = defaults;
    this.#htmlOnly = htmlOnly;
  }

  /** Replaces a failed answer with our own (see the class); `isDatabaseUp` tells a 503 from a 500. */
  guardErrors(api: boolean, isDatabaseUp: () => Promise<boolean>): void {
    this.#guard = { api, isDatabaseUp, replacing: false, done: false };
  }

  tapBody(tap: BodyTap): void {
    this.#taps.push(tap);
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    return HIDDEN.test(name) ? this : super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    return HIDDEN.test(name) ? this : super.appendHeader(name, value);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's overloads: (status, message?, headers?)
  override writeHead(status: number, ...rest: any[]): this {
    const g = this.#guard;
    if (g && !g.done && !this.headersSent && this.#replaceable(g, status, this.#contentType(rest))) {
      g.replacing = true;
      this.statusCode = status;
      const allow = headerIn(headersArg(rest), "allow");
      if (allow) this.setHeader("allow", String(allow));
      return this;
    }
    const given = new Set<string>();
    const i = rest.findIndex((a) => a && typeof a === "object");
    if (i >= 0) {
      const h: unknown = rest[i];
      if (Array.isArray(h)) {
        // flat [name, value, name, value…] or [[name, value]…]
        const pairs: unknown[] = [];
        if (Array.isArray(h[0])) pairs.push(...(h as unknown[][]).filter((p) => !HIDDEN.test(String(p[0]))));
        else for (let k = 0; k < h.length; k += 2) if (!HIDDEN.test(String(h[k]))) pairs.push(h[k], h[k + 1]);
        rest[i] = pairs;
        for (const p of pairs) given.add(String(Array.isArray(p) ? p[0] : p).toLowerCase());
      } else {
        rest[i] = Object.fromEntries(Object.entries(h as Record<string, unknown>).filter(([k]) => !HIDDEN.test(k)));
        for (const k of Object.keys(rest[i] as object)) given.add(k.toLowerCase());
      }
    }
    for (const name of this.getHeaderNames()) if (HIDDEN.test(name)) this.removeHeader(name);
    const add = (headers: Record<string, string>) => {
      for (const [name, value] of Object.entries(headers)) if (!given.has(name) && !this.hasHeader(name)) super.setHeader(name, value);
    };
    add(this.#defaults);
    const h = i >= 0 && !Array.isArray(rest[i]) ? (rest[i] as Record<string, unknown>) : undefined;
    if (isMediaType(String(headerIn(h, "content-type") ?? this.getHeader("content-type") ?? ""), "text/html")) add(this.#htmlOnly);
    return super.writeHead(status, ...rest);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's overloads: (chunk, encoding?, callback?)
  override write(chunk: any, ...rest: any[]): boolean {
    if (this.#failing()) {
      (rest.find((a) => typeof a === "function") as (() => void) | undefined)?.();
      return true;
    }
    this.#tap(chunk, rest[0]);
    return super.write(chunk, ...(rest as [BufferEncoding]));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's overloads: (chunk?, encoding?, callback?)
  override end(chunk?: any, ...rest: any[]): this {
    if (this.#failing()) {
      this.#replace();
      return this;
    }
    this.#tap(chunk, rest[0]);
    super.end(chunk, ...(rest as [BufferEncoding]));
    // the client's answer has ended first; what reads the body (a copy's hashing) runs after
    for (const t of this.#taps) t.end();
    return this;
  }

  #tap(chunk: unknown, encoding: unknown): void {
    if (!this.#taps.length) return;
    const b = asBuffer(chunk, encoding);
    if (b) for (const t of this.#taps) t.chunk(b);
  }

  #contentType(args: unknown[]): string {
    return String(headerIn(headersArg(args), "content-type") ?? this.getHeader("content-type") ?? "");
  }

  #replaceable(g: Guard, status: number, type: string): boolean {
    return g.api ? status >= 400 && !/json/i.test(type) : status >= 500;
  }

  #failing(): boolean {
    const g = this.#guard;
    if (!g || g.done) return false;
    if (!g.replacing && !this.headersSent && this.#replaceable(g, this.statusCode, this.#contentType([]))) g.replacing = true;
    return g.replacing;
  }

  /** Whether the database answers; a check that itself fails counts as down (the 503 that asks to retry). */
  async #databaseUp(g: Guard): Promise<boolean> {
    try {
      return await g.isDatabaseUp();
    } catch (err) {
      log.warn({ err }, "the database check failed: the error answered as the database down");
      return false;
    }
  }

  /** Writes our own answer in place of the failed one (whose body was dropped). */
  #replace(): void {
    const g = this.#guard!;
    const status = this.statusCode;
    void (async () => {
      const up = status < 500 || (await this.#databaseUp(g));
      const allow = this.getHeader("allow");
      g.done = true;
      // what wrapped this response after us (Next's compression) has ended its own part of the failed
      // answer: ours is written around it, by this class's own methods
      for (const method of ["writeHead", "write", "end"]) if (Object.hasOwn(this, method)) delete (this as Record<string, unknown>)[method];
      // nothing of the failed answer stays; the security headers are added again as the head is written
      for (const name of this.getHeaderNames()) this.removeHeader(name);
      this.setHeader("content-security-policy", ERROR_PAGE_CSP);
      if (status < 500)
        sendError(this, status, own(EDGE_MESSAGES.byStatus, String(status)) ?? EDGE_MESSAGES.unhandled, {
          json: true,
          headers: allow ? { allow: String(allow) } : {},
        });
      else if (up) sendError(this, 500, EDGE_MESSAGES.failed, { json: g.api });
      else
        sendError(this, 503, g.api ? EDGE_MESSAGES.apiDown : EDGE_MESSAGES.siteDown, {
          json: g.api,
          headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
        });
    })();
  }
}
