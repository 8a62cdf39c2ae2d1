import "server-only";
import { expect } from "vitest";
import { signIn } from "@/server/admin/api/session";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";

/**
 * Requests to the back-office API's route handlers, for route tests: the back-office host, a staff
 * member's session cookie, and a JSON, CSV or multipart (FormData) body.
 */
export const ADMIN = "admin.localhost";
export type Route<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;
export type Init = {
  method?: string;
  cookie?: string;
  body?: unknown;
  csv?: string;
  form?: FormData;
  host?: string;
  headers?: Record<string, string>;
};

export function adminRequest(pathname: string, o: Init = {}): Request {
  const headers: Record<string, string> = { host: o.host ?? ADMIN, ...(o.headers ?? {}) };
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers["content-type"] = "application/json";
  if (o.csv !== undefined) headers["content-type"] = "text/csv";
  return new Request(`http://${o.host ?? ADMIN}${pathname}`, {
    method: o.method ?? "GET",
    headers,
    body: o.body !== undefined ? JSON.stringify(o.body) : (o.csv ?? o.form),
  });
}

export const callAdmin = <P extends Record<string, string>>(route: Route<P>, pathname: string, params: P, o: Init = {}) =>
  route(adminRequest(pathname, o), { params: Promise.resolve(params) });

/** A demo staff member's session cookie. */
export async function staffCookie(email: string): Promise<string> {
  const res = await signIn(adminRequest("/api/admin/sign-in", { method: "POST", body: { email, password: DEMO_STAFF_PASSWORD } }));
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
