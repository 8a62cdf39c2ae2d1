import "server-only";
/**
 * A browser's POST to one of a site's API routes, for route tests: JSON by default, the tenant by
 * Host, and a client address of its own each time (so that rate limits count only what a test means).
 */
let client = 0;
export function postTo(
  route: (r: Request) => Promise<Response>,
  path: string,
  body: unknown,
  host: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  client += 1;
  return route(
    new Request(`http://${host}${path}`, {
      method: "POST",
      headers: { host, "content-type": "application/json", "x-real-ip": `10.77.${(client >> 8) & 255}.${client & 255}`, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

/** The platform administrator's Basic credentials in the unit tests' environment (vitest.config.ts). */
export const TEST_PLATFORM_ADMIN = `Basic ${Buffer.from("test-admin:test-admin-password").toString("base64")}`;

type ParamsRoute<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/** A platform API call to a route handler with its path parameters: JSON, the administrator's credentials unless `auth` says otherwise (null: none). */
export function callPlatform<P extends Record<string, string>>(
  route: ParamsRoute<P>,
  params: P,
  method: string,
  body?: unknown,
  auth: string | null = TEST_PLATFORM_ADMIN,
): Promise<Response> {
  return route(
    new Request("http://dashboard.localhost/api/v1/", {
      method,
      headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
}
