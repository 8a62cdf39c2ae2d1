// Before the cluster starts anything: every port it means to listen on must be free. A port another
// process holds would otherwise be found "healthy" (its /api/health answering) and proxied to by
// Caddy, while our own process died with EADDRINUSE.
import { createServer } from "node:net";

export type PortUse = { port: number; what: string };

/** Whether nothing listens on `port` (on the wildcard address or `host`): tried by listening on it a moment. */
function free(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The ports of `uses` that another process holds. Each is tried on loopback and on every address,
 * so a listener on either is found (the apps listen on 127.0.0.1, Caddy on every address).
 */
export async function takenPorts(uses: PortUse[]): Promise<PortUse[]> {
  const taken: PortUse[] = [];
  for (const u of uses) if (!(await free(u.port, "127.0.0.1")) || !(await free(u.port))) taken.push(u);
  return taken;
}

/** The message for ports found taken: which, and what to do. */
export const takenMessage = (taken: PortUse[]) =>
  `Not starting: ${taken.map((t) => `port ${t.port} (${t.what})`).join(", ")} ${taken.length === 1 ? "is" : "are"} in use by another process. ` +
  "Stop it, or choose other ports (--port, --tls-port, --app-port, --pg-port).";
