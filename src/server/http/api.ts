import "server-only";
import { isConnectionError, isDatabaseUp } from "@/server/db";
import { log, siteLog } from "@/server/base/log";

/** An answer with a status and a message the caller may see (4xx, or 503 with Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: Record<string, string>,
    /** more of the answer's body (a refused booking's next free starts) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export { fieldErrors } from "@/domain/http/field-errors";

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

/**
 * What an API route answers for a thrown error: an HttpError's own status and message, 503 while
 * the database is down, else a logged 500. `failure` words the 500/503 and its log line for a
 * route that has its own (a form's 'An error occurred when submitting this form').
 */
export async function errorAnswer(
  e: unknown,
  req: Request,
  siteId: number | null,
  failure: { message?: string; logAs?: string } = {},
): Promise<Response> {
  if (e instanceof HttpError) return json(e.status, { error: e.message, ...(e.errors ? { errors: e.errors } : {}), ...e.extra }, e.headers);
  // a connection cut mid-request (a database restart) is an outage even if the database is back now
  const up = !isConnectionError(e) && (await isDatabaseUp());
  (siteId === null ? log : siteLog(siteId)).error(
    { err: e, path: new URL(req.url).pathname, databaseUp: up },
    failure.logAs ?? "api request failed",
  );
  return up
    ? json(500, { error: failure.message ?? "Something went wrong." })
    : json(503, { error: failure.message ?? "Please try again shortly." }, { "retry-after": "30" });
}
