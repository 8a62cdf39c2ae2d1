"use client";

import { MSG } from "@/domain/leads/messages";

/** A non-success response becomes an error carrying the body's `error` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: { error?: unknown; errors?: unknown } | null = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const errors = body && typeof body.errors === "object" && body.errors ? (body.errors as Record<string, string>) : {};
  if (body && typeof body.error === "string" && body.error) return new ApiError(body.error, res.status, errors);
  return new ApiError(res.statusText ? `${MSG.unexpected} ${res.statusText}` : MSG.unexpected, res.status, errors);
}

/** Answers that say "try again": the front door or the server could not take the request just now. */
const RETRY_STATUSES = new Set([502, 503, 504]);
/** At most 2 more tries; a second, then two, apart. */
export const RETRY_DELAYS_MS = [1000, 2000];

/**
 * A request, tried again (at most twice) after a network failure or a 502/503/504, but only with an
 * Idempotency-Key: the server then answers a retry of a request it already took with that answer,
 * so a retry never stores anything twice. Without a key a request is sent once.
 */
async function send(url: string, init: RequestInit, idempotencyKey?: string): Promise<Response> {
  const headers = new Headers(init.headers);
  if (idempotencyKey) headers.set("idempotency-key", idempotencyKey);
  for (let attempt = 0; ; attempt++) {
    const last = !idempotencyKey || attempt >= RETRY_DELAYS_MS.length;
    try {
      const res = await fetch(url, { ...init, headers });
      if (last || !RETRY_STATUSES.has(res.status)) return res;
    } catch (e) {
      if (last) throw e;
    }
    await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
  }
}

export async function sendJson<T>(url: string, method: "POST" | "PUT", body: unknown, idempotencyKey?: string): Promise<T> {
  const res = await send(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, idempotencyKey);
  if (!res.ok) throw await errorFromResponse(res);
  return res.json() as Promise<T>;
}

export async function sendForm<T>(url: string, form: FormData, idempotencyKey?: string): Promise<T> {
  const res = await send(url, { method: "POST", body: form }, idempotencyKey);
  if (!res.ok) throw await errorFromResponse(res);
  return res.json() as Promise<T>;
}
