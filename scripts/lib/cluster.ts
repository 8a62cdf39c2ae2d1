// The platform beyond one process, from parts Debian ships: a PostgreSQL server
// (initialised under .data/), N app processes (dist/server.mjs) on their own ports, and Caddy in
// front (replacing nginx: docs/decisions/0017-caddy-front-door.md): HTTP on one port,
// HTTPS with on-demand certificates on another. Used by `npm run start:cluster`, the cluster drill
// and the bench.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, openSync, readdirSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { caddyBin, caddyRootCert, startFrontDoor } from "./front-door";
import { takenMessage, takenPorts, type PortUse } from "./ports";
import { waitForHealth } from "./server-process";
import { MALLOC_ENV } from "./malloc-env.mjs";

export type ClusterOptions = {
  /** the folder for the database, Caddy's files, uploads and the outbox */
  dir: string;
  apps: number;
  /** the front door's HTTP port (*.localhost served; other names redirected to HTTPS) */
  port: number;
  /** the front door's HTTPS port (8443 unless given) */
  tlsPort?: number;
  /** the first app's port; the others follow */
  appPort: number;
  pgPort: number;
  /** the database the apps use ("dealer" unless given; made when missing) */
  database?: string;
  env?: Record<string, string>;
  /** restart an app process that dies (as a supervisor would); off in drills that count the dead */
  restart?: boolean;
  quiet?: boolean;
};

export type Cluster = {
  url: string;
  /** the HTTPS port, and the root certificate of Caddy's internal CA that signs its certificates */
  tls: { port: number; rootCert: string };
  databaseUrl: string;
  apps: Array<{ port: number; process: ChildProcess }>;
  /** kill -9 one app process (a crash); restarted after 1 s when `restart` is on */
  crash: (i: number) => void;
  /** start app i again (after a crash with restart off) */
  revive: (i: number) => Promise<void>;
  /** stop PostgreSQL (fast) and start it again; the apps are left running */
  restartDatabase: () => Promise<void>;
  stop: () => Promise<void>;
};

const isRoot = () => userInfo().uid === 0;

export function pgBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(root, v, "bin", "postgres"))) return path.join(root, v, "bin");
  return null;
}

/** PostgreSQL refuses to run as root: as root, its files belong to (and it runs as) the postgres user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: "utf8", ...postgresUser() });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const stopChild = (c: ChildProcess, sig: NodeJS.Signals) =>
  c.exitCode !== null || c.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => {
        c.once("exit", () => r());
        c.kill(sig);
      });

export type LocalPostgres = {
  url: (database: string) => string;
  /** runs one statement with psql as the postgres user; its output */
  psql: (sql: string, database?: string) => string;
  process: () => ChildProcess;
  /** fast shutdown (sessions are cut, as in a crash or failover), then up again */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Debian's PostgreSQL, initialised once under `dir`/pg and run in the foreground as our child (its log in `dir`/postgres.log). */
export async function startPostgres(o: { dir: string; port: number; quiet?: boolean }): Promise<LocalPostgres> {
  const bin = pgBin();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const dir = path.resolve(o.dir);
  const pgData = path.join(dir, "pg");
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(pgData, "PG_VERSION"))) {
    mkdirSync(pgData, { recursive: true });
    const owner = postgresUser();
    if (owner) chownSync(pgData, owner.uid, owner.gid);
    run(path.join(bin, "initdb"), ["-D", pgData, "-A", "trust", "-U", "postgres", "--no-sync"]);
    if (!o.quiet) console.log(`PostgreSQL initialised in ${pgData}`);
  }
  const log = openSync(path.join(dir, "postgres.log"), "a");
  const start = () =>
    spawn(
      path.join(bin, "postgres"),
      ["-D", pgData, "-p", String(o.port), "-k", "/tmp", "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
      { stdio: ["ignore", "ignore", log], ...postgresUser() },
    );
  let child = start();
  const psql = (sql: string, db = "postgres") =>
    spawnSync(path.join(bin, "psql"), ["-h", "127.0.0.1", "-p", String(o.port), "-U", "postgres", "-d", db, "-Atqc", sql], {
      encoding: "utf8",
      ...postgresUser(),
    });
  const up = () => waitFor(() => psql("select 1").status === 0, "PostgreSQL");
  try {
    await up();
  } catch (e) {
    child.kill("SIGINT");
    throw e;
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${o.port}/${database}`,
    psql: (sql, db) => {
      const r = psql(sql, db);
      if (r.status !== 0) throw new Error(`psql: ${r.stderr}`);
      return r.stdout;
    },
    process: () => child,
    restart: async () => {
      await stopChild(child, "SIGINT");
      child = start();
      await up();
    },
    stop: () => stopChild(child, "SIGINT"),
  };
}

/** Starts every part, or stops what it started and throws. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const started: Array<{ child: ChildProcess; sig: NodeJS.Signals }> = [];
  try {
    return await startParts(o, started);
  } catch (e) {
    for (const { child, sig } of started.reverse()) if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    throw e;
  }
}

/** The ports the cluster listens on, each with what it is for. */
export const clusterPorts = (o: ClusterOptions): PortUse[] => [
  { port: o.port, what: "the front door's HTTP" },
  { port: o.tlsPort ?? 8443, what: "the front door's HTTPS" },
  ...Array.from({ length: o.apps }, (_, i) => ({ port: o.appPort + i, what: `app ${i + 1}` })),
  { port: o.pgPort, what: "PostgreSQL" },
];

async function startParts(o: ClusterOptions, started: Array<{ child: ChildProcess; sig: NodeJS.Signals }>): Promise<Cluster> {
  // a port another process holds is refused before anything starts (else Caddy proxies to that process)
  const taken = await takenPorts(clusterPorts(o));
  if (taken.length) throw new Error(takenMessage(taken));
  if (!pgBin() || !caddyBin()) throw new Error("the cluster needs PostgreSQL and Caddy: apt-get install postgresql caddy");
  const dir = path.resolve(o.dir);
  for (const d of [dir, path.join(dir, "uploads"), path.join(dir, "outbox")]) mkdirSync(d, { recursive: true });
  const say = (s: string) => !o.quiet && console.log(s);

  const db = await startPostgres({ dir, port: o.pgPort, quiet: o.quiet });
  started.push({ child: db.process(), sig: "SIGINT" });
  const database = o.database ?? "dealer";
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`not a database name: ${database}`);
  const databaseUrl = db.url(database);
  if (db.psql(`select 1 from pg_database where datname = '${database}'`).trim() !== "1") db.psql(`create database ${database}`);
  say(`PostgreSQL on 127.0.0.1:${o.pgPort} (database ${database})`);

  // the apps: one database, one upload folder, one outbox; Caddy is the one proxy in front
  const appEnv: NodeJS.ProcessEnv = {
    ...MALLOC_ENV, // as npm start runs it
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: "true",
    TRUST_PROXY: "1",
    // the app processes are reached through Caddy only, and trust forwarded headers from it only
    HOST: "127.0.0.1",
    TRUSTED_PROXY_ADDRESSES: "127.0.0.1",
    UPLOAD_DIR: path.join(dir, "uploads"),
    OUTBOX_DIR: path.join(dir, "outbox"),
    ...o.env,
  };
  const apps: Cluster["apps"] = [];
  let stopping = false;
  const startApp = (i: number) => {
    const port = o.appPort + i;
    const child = spawn(process.execPath, ["dist/server.mjs"], {
      env: { ...appEnv, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code, signal) => {
      if (stopping || apps[i]?.process !== child) return;
      say(`app ${i + 1} (port ${port}) exited (${signal ?? code})${o.restart ? ": restarting in 1 s" : ""}`);
      if (o.restart) setTimeout(() => !stopping && void revive(i), 1000);
    });
    apps[i] = { port, process: child };
    started.push({ child, sig: "SIGTERM" });
  };
  const healthy = async (i: number) => {
    await waitForHealth(o.appPort + i);
    const c = apps[i]!.process;
    if (c.exitCode !== null || c.signalCode !== null) throw new Error(`app ${i + 1} (port ${o.appPort + i}) did not start`);
  };
  const revive = async (i: number) => {
    startApp(i);
    await healthy(i);
  };
  // the first app migrates and seeds (under the advisory lock); the others find it done
  startApp(0);
  await healthy(0);
  for (let i = 1; i < o.apps; i++) startApp(i);
  await Promise.all(apps.slice(1).map((_, i) => healthy(i + 1)));
  say(`${o.apps} app processes on ports ${apps.map((a) => a.port).join(", ")}`);

  const front = { dir: path.join(dir, "caddy"), httpPort: o.port, httpsPort: o.tlsPort ?? 8443, appPorts: apps.map((a) => a.port) };
  const proxy = await startFrontDoor(front);
  started.push({ child: proxy, sig: "SIGTERM" });
  say(
    `Caddy on http://127.0.0.1:${o.port} (sites by Host: http://parkside-motor-group.localhost:${o.port}) and https on ${front.httpsPort}`,
  );

  return {
    url: `http://127.0.0.1:${o.port}`,
    tls: { port: front.httpsPort, rootCert: caddyRootCert(front.dir) },
    databaseUrl,
    apps,
    crash: (i) => apps[i]!.process.kill("SIGKILL"),
    revive,
    restartDatabase: db.restart,
    stop: async () => {
      stopping = true;
      await stopChild(proxy, "SIGTERM");
      await Promise.all(apps.map((a) => stopChild(a.process, "SIGTERM")));
      await db.stop();
    },
  };
}
