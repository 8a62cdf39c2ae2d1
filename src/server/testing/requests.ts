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
