"use client";

import { MSG } from "@/domain/leads/messages";

/** SPEC §8: a non-success response becomes an error carrying the body's `error` and the HTTP status. */
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

export async function sendJson<T>(url: string, method: "POST" | "PUT", body: unknown): Promise<T> {
  const res = await fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw await errorFromResponse(res);
  return res.json() as Promise<T>;
}

export async function sendForm<T>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: "POST", body: form });
  if (!res.ok) throw await errorFromResponse(res);
  return res.json() as Promise<T>;
}
