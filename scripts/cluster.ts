// npm run start:cluster [-- --apps 2 --port 8080 --tls-port 8443]: PostgreSQL (under .data/cluster/pg),
// N app processes and Caddy in front (HTTP, and HTTPS with on-demand certificates from its internal
// CA), all stopped by Ctrl-C. Needs Debian's postgresql and caddy.
import { parseArgs } from "node:util";
import { clusterPorts, startCluster, type ClusterOptions } from "./lib/cluster";
import { takenMessage, takenPorts } from "./lib/ports";
import { ensureBuild } from "./lib/server-process";

const { values } = parseArgs({
  options: {
    apps: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
    "tls-port": { type: "string", default: "8443" },
    "app-port": { type: "string", default: "3701" },
    "pg-port": { type: "string", default: "55480" },
    dir: { type: "string", default: ".data/cluster" },
  },
});
const num = (v: string, name: string, max: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
  return n;
};

const options: ClusterOptions = {
  dir: values.dir,
  apps: num(values.apps, "apps", 16),
  port: num(values.port, "port", 65535),
  tlsPort: num(values["tls-port"], "tls-port", 65535),
  appPort: num(values["app-port"], "app-port", 65535),
  pgPort: num(values["pg-port"], "pg-port", 65535),
  restart: true,
};
// a taken port is refused at once, before a build that takes minutes (startCluster checks again)
const taken = await takenPorts(clusterPorts(options));
if (taken.length) {
  console.error(takenMessage(taken));
  process.exit(1);
}
ensureBuild();
const cluster = await startCluster(options).catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
console.log(`The platform on ${cluster.url} — the back-office on http://admin.localhost:${values.port}. Ctrl-C stops everything.`);
console.log(
  `HTTPS on port ${cluster.tls.port} for every site's domain (certificates on demand from Caddy's internal CA, root: ${cluster.tls.rootCert}), e.g.\n` +
    `  curl --resolve www.parksidemotorgroup.com.au:${cluster.tls.port}:127.0.0.1 --cacert ${cluster.tls.rootCert} https://www.parksidemotorgroup.com.au:${cluster.tls.port}/`,
);
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log("stopping Caddy, the apps and PostgreSQL…");
    void cluster.stop().then(() => process.exit(0));
  });
