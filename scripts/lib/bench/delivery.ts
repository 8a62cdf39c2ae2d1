/*
 * Delivery: 200 leads from 10 concurrent clients to a server sending mail to a real SMTP server on
 * loopback; p50/p95 from the POST to the salesperson's email arriving.
 */
import { ensureBuild } from "../server-process";
import { pct } from "../cluster-drills";
import { leadIdOf, startSmtpSink } from "../smtp-sink";
import { PORT, round, withServer, HOST } from "./measure";

/** Time from POST /api/leads to the salesperson's email at a real SMTP server (the worker's whole path). */
async function delivery() {
  ensureBuild();
  const arrived = new Map<string, number>();
  const smtp = await startSmtpSink((rcptTo, raw) => {
    const id = leadIdOf(raw);
    if (id && rcptTo.includes("mazda@parksidemotorgroup.com.au")) arrived.set(id, performance.now());
  });
  const posted = new Map<string, number>();
  try {
    await withServer(
      15,
      async () => {
        const client = async (w: number) => {
          for (let i = 0; i < DELIVERY_LEADS / 10; i++) {
            const t0 = performance.now();
            const res = await fetch(`http://127.0.0.1:${PORT}/api/leads`, {
              method: "POST",
              headers: { host: HOST, "content-type": "application/json", "x-forwarded-for": `10.78.0.${w}` },
              body: JSON.stringify({
                lead: {
                  form: "contact",
                  first_name: "Bench",
                  last_name: "Shopper",
                  email: `bench+${w}-${i}@example.com`,
                  phone: "0412 345 678",
                  postcode: "3134",
                  dealership_slug: "parkside-mazda",
                  location: 10012,
                  message: `Delivery bench ${w}/${i}`,
                },
              }),
            });
            const id = ((await res.json()) as { lead?: { id?: string } }).lead?.id;
            if (res.status !== 201 || !id) throw new Error(`lead ${w}/${i}: ${res.status}`);
            posted.set(id, t0);
          }
        };
        await Promise.all(Array.from({ length: 10 }, (_, w) => client(w)));
        for (let i = 0; i < 240 && arrived.size < posted.size; i++) await new Promise((r) => setTimeout(r, 250));
      },
      { TRUST_PROXY: "true", SMTP_URL: smtp.url, LEAD_RATE_LIMIT: "100000" },
    );
  } finally {
    await smtp.close();
  }
  const ms = [...posted].flatMap(([id, t0]) => (arrived.has(id) ? [arrived.get(id)! - t0] : []));
  return { posted: posted.size, arrived: ms.length, p50: round(pct(ms, 50)), p95: round(pct(ms, 95)) };
}
const DELIVERY_LEADS = 200;

export async function runDelivery(): Promise<void> {
  const d = await delivery();
  const ok = d.arrived === d.posted;
  console.log(`
Lead delivery: ${d.posted} leads from 10 concurrent clients, mail through a real SMTP server on loopback (PGlite)
  the salesperson's email arrived for ${d.arrived} of ${d.posted} → ${ok ? "PASS" : "FAIL"}
  POST to email received: p50 ${d.p50} ms   p95 ${d.p95} ms
`);
  if (!ok) process.exitCode = 1;
}
