// The front door (docs/decisions/0017-caddy-front-door.md): Caddy in front of the app
// processes. On-demand TLS for every site's domain (asking the platform's /api/tls/allowed first),
// HTTP → HTTPS except for the local *.localhost names, HTTP/1.1, HTTP/2 and HTTP/3, compression, and
// load balancing with passive health checks. Offline the certificates come from Caddy's internal CA;
// in production from Let's Encrypt (deploy/Caddyfile).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EDGE_MESSAGES } from "@/domain/http/messages";

export function caddyBin(): string | null {
  return ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((p) => existsSync(p)) ?? null;
}

export type FrontDoorOptions = {
  /** Caddy's folder: its Caddyfile, certificates and CA (under .data/) */
  dir: string;
  /** the plain-HTTP port: *.localhost served as they are, every other name redirected to HTTPS */
  httpPort: number;
  /** the HTTPS port (TCP for HTTP/1.1 and HTTP/2, UDP for HTTP/3) */
  httpsPort: number;
  appPorts: number[];
  /** "internal": Caddy's own CA (offline, tests); "acme": Let's Encrypt (production) */
  issuer?: "internal" | "acme";
};

/** The Caddyfile for these ports and app processes. */
export function caddyConfig(o: FrontDoorOptions): string {
  const storage = path.resolve(o.dir, "data");
  const upstreams = o.appPorts.map((p) => `127.0.0.1:${p}`).join(" ");
  const https = o.httpsPort === 443 ? "https://{host}{uri}" : `https://{host}:${o.httpsPort}{uri}`;
  return `# written by scripts/lib/front-door.ts: Caddy in front of ${o.appPorts.length} app process(es)
{
	admin off
	http_port ${o.httpPort}
	https_port ${o.httpsPort}
	storage file_system {
		root ${storage}
	}
	skip_install_trust
	# a certificate is issued for a name only when the platform says it is a site's (GET /api/tls/allowed?domain=NAME: 200)
	on_demand_tls {
		ask http://127.0.0.1:${o.httpPort}/api/tls/allowed
	}
	servers {
		protocols h1 h2 h3
	}
	log {
		output file ${path.resolve(o.dir, "caddy.log")}
		level ERROR
	}
}

(app) {
	encode zstd gzip
	reverse_proxy ${upstreams} {
		# the process with the fewest requests in flight takes the next
		lb_policy least_conn
		# a process that refuses a connection is left out for 5 s and the request goes to the next;
		# only a request that never reached a process is sent again (never a lead twice)
		lb_try_duration 2s
		lb_try_interval 100ms
		fail_duration 5s
		max_fails 1
	}
	# when no process answers, an API client gets JSON it can read
	handle_errors {
		@api path /api/* /mock/*
		header @api Content-Type "application/json; charset=utf-8"
		header @api Retry-After 5
		respond @api \`${JSON.stringify({ error: EDGE_MESSAGES.apiDown })}\` 503
		respond "${EDGE_MESSAGES.apiDown}" 503
	}
}

https:// {
	tls ${o.issuer === "acme" ? "{$ACME_EMAIL}" : "internal"} {
		on_demand
	}
	import app
}

http:// {
	# local names (a developer's *.localhost, the health check on 127.0.0.1) are served over HTTP; every other name moves to HTTPS
	@remote not host localhost *.localhost 127.0.0.1
	redir @remote ${https} 308
	import app
}
`;
}

/** Caddy's internal root certificate (a client trusts it to check the sites' certificates). */
export const caddyRootCert = (dir: string) => path.resolve(dir, "data", "pki", "authorities", "local", "root.crt");

/** Writes the Caddyfile and starts Caddy; resolves once it answers on the HTTP port. */
export async function startFrontDoor(o: FrontDoorOptions): Promise<ChildProcess> {
  const caddy = caddyBin();
  if (!caddy) throw new Error("the front door needs Caddy: apt-get install caddy");
  mkdirSync(path.resolve(o.dir, "data"), { recursive: true });
  const file = path.resolve(o.dir, "Caddyfile");
  writeFileSync(file, caddyConfig(o));
  // Caddy's own lines (its start-up notes, then errors only) go to its folder, not the terminal
  const out = openSync(path.resolve(o.dir, "caddy.log"), "a");
  const child = spawn(caddy, ["run", "--config", file, "--adapter", "caddyfile"], {
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      HOME: path.resolve(o.dir),
      XDG_DATA_HOME: path.resolve(o.dir, "data"),
      XDG_CONFIG_HOME: path.resolve(o.dir, "config"),
    },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${o.httpPort}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error(`caddy did not answer on port ${o.httpPort}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
