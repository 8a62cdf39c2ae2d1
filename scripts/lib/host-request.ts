// A request with the Host header a shopper's browser sends, through node:http: Node's fetch replaces
// any Host header it is given with the address's own (so `*.localhost` tenants cannot be reached by it).
import { Agent, request, type IncomingHttpHeaders } from "node:http";

export type HostAnswer = { status: number; headers: IncomingHttpHeaders; body: string; ms: number };

const keepAlive = new Agent({ keepAlive: true, maxSockets: 16 });

export function hostRequest(
  port: number,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      { host: "127.0.0.1", port, path, method: init.method ?? "GET", agent: keepAlive, headers: { host, ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - t0,
          }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${path}: timed out`)));
    req.on("error", reject).end(init.body);
  });
}
